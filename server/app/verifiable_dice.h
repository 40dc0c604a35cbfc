#pragma once
// The server's dice: verifiable. Roll k of a stream is derived from
//   block(k, j) = HMAC-SHA256(seed, stream + ":" + k + ":" + j)   for j = 0, 1, ...
// read as eight big-endian 32-bit words, fed in order to unbiased_face() (rejection sampling, no modulo
// bias). SHA-256 of the seed is shown from the campaign's creation; the seed is revealed when the umpire
// closes the campaign, and then every logged roll can be recomputed (recompute_roll below).
#include <cstdint>
#include <string>

#include "shared/core/dice.h"

namespace muster {

class VerifiableDice : public Dice {
public:
    // seed: raw bytes; next_counter: how many rolls this stream has already made (from the log).
    VerifiableDice(std::string seed, std::string stream, std::int64_t next_counter);
    int roll(int sides) override;  // logs {"stream","counter","sides","value"}
    std::int64_t next_counter() const { return counter_; }

private:
    std::string seed_;
    std::string stream_;
    std::int64_t counter_;
};

// The face roll number `counter` of `stream` gives for this seed: what a verifier computes.
int recompute_roll(const std::string& seed, const std::string& stream, std::int64_t counter, int sides);

}  // namespace muster
