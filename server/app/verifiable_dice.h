#pragma once
// The server's dice: verifiable. Roll k of a stream is derived from
//   block(k, j) = HMAC-SHA256(seed, stream + ":" + k + ":" + j)   for j = 0, 1, ...
// read as eight big-endian 32-bit words, fed in order to unbiased_face() (rejection sampling, no modulo
// bias). SHA-256 of the seed is shown from the campaign's creation; the seed is revealed when the umpire
// closes the campaign, and then every logged roll can be recomputed (recompute_roll below) from its
// record's stream and counter. Each stream counts its own rolls (Dice::stream), so a public stream's
// counters do not show how many rolls a secret one made.
// Some streams roll with a seed of their own in place of the campaign's (key_streams): a battle's, so that
// its seed can be revealed when it ends (docs/dice.md, "Battles' own seeds"). The recipe is the same, keyed
// by that seed.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "shared/core/dice.h"

namespace muster {

class VerifiableDice : public Dice {
public:
    // seed: raw bytes; this Dice rolls in `stream`; counters: how many rolls each stream has already made
    // (from the log; a stream not named starts at 0).
    VerifiableDice(std::string seed, std::string stream, std::map<std::string, std::int64_t> counters = {});
    // One stream only, resuming at next_counter.
    VerifiableDice(std::string seed, std::string stream, std::int64_t next_counter);

    // Which streams roll with a seed of their own: given a stream's name, its raw seed, or nothing for this
    // Dice's seed. Asked once per stream, when it is first taken; set before any stream is taken.
    using StreamKeys = std::function<std::optional<std::string>(const std::string& stream)>;
    void key_streams(StreamKeys keys);

    int roll(int sides) override;  // logs {"stream","counter","sides","value"}
    Dice& stream(const std::string& name) override;
    nlohmann::json take_all_logs() override;
    std::int64_t next_counter() const { return counter_; }
    const std::string& stream_name() const { return stream_; }

private:
    VerifiableDice(VerifiableDice* root, std::string seed, std::string stream, std::int64_t next_counter);

    std::string seed_;
    std::string stream_;
    std::int64_t counter_;
    VerifiableDice* root_ = nullptr;  // a stream's owner; null for the owner itself
    std::map<std::string, std::int64_t> counters_;  // the owner's: where each other stream starts
    std::map<std::string, std::unique_ptr<VerifiableDice>> streams_;  // the owner's: streams taken so far
    StreamKeys keys_;  // the owner's: streams keyed by a seed of their own
};

// The face roll number `counter` of `stream` gives for this seed: what a verifier computes.
// For a battle's streams, `seed` is the battle's own seed (battle_seed) when its creation event says so.
int recompute_roll(const std::string& seed, const std::string& stream, std::int64_t counter, int sides);

// A battle's own seed, raw bytes: HMAC-SHA256(campaign seed, "battle-seed:" + battle id). Derived, so nothing
// new is stored, and revealing it reveals neither the campaign's seed nor another battle's.
std::string battle_seed(const std::string& campaign_seed, std::int64_t battle);
// The stream a battle rolls in (shared/battle/lifecycle.cpp, battle_dice), and the battle of such a stream.
std::string battle_stream(std::int64_t battle);
std::optional<std::int64_t> battle_of_stream(const std::string& stream);

}  // namespace muster
