#pragma once
// The server's dice: verifiable. Roll k of a stream is derived from
//   block(k, j) = HMAC-SHA256(seed, stream + ":" + k + ":" + j)   for j = 0, 1, ...
// read as eight big-endian 32-bit words, fed in order to unbiased_face() (rejection sampling, no modulo
// bias). SHA-256 of the seed is shown from the campaign's creation; the seed is revealed when the umpire
// closes the campaign, and then every logged roll can be recomputed (recompute_roll below) from its
// record's stream and counter. Each stream counts its own rolls (Dice::stream), so a public stream's
// counters do not show how many rolls a secret one made.
#include <cstdint>
#include <map>
#include <memory>
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

    int roll(int sides) override;  // logs {"stream","counter","sides","value"}
    Dice& stream(const std::string& name) override;
    nlohmann::json take_all_logs() override;
    std::int64_t next_counter() const { return counter_; }
    const std::string& stream_name() const { return stream_; }

private:
    VerifiableDice(VerifiableDice* root, std::string stream, std::int64_t next_counter);

    std::string seed_;
    std::string stream_;
    std::int64_t counter_;
    VerifiableDice* root_ = nullptr;  // a stream's owner; null for the owner itself
    std::map<std::string, std::int64_t> counters_;  // the owner's: where each other stream starts
    std::map<std::string, std::unique_ptr<VerifiableDice>> streams_;  // the owner's: streams taken so far
};

// The face roll number `counter` of `stream` gives for this seed: what a verifier computes.
int recompute_roll(const std::string& seed, const std::string& stream, std::int64_t counter, int sides);

}  // namespace muster
