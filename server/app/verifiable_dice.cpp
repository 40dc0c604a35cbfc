#include "server/app/verifiable_dice.h"

#include <stdexcept>
#include <utility>

#include "server/app/tokens.h"

namespace muster {

namespace {

std::uint32_t big_endian_word(const std::string& block, std::size_t offset) {
    std::uint32_t word = 0;
    for (std::size_t i = 0; i < 4; ++i) word = word << 8 | static_cast<unsigned char>(block[offset + i]);
    return word;
}

int face(const std::string& seed, const std::string& stream, std::int64_t counter, int sides) {
    if (counter < 0) throw std::invalid_argument("verifiable dice: negative roll counter");
    const std::string prefix = stream + ":" + std::to_string(counter) + ":";
    // A block is all rejected with probability below (sides / 2^32)^8, so j rarely passes 0.
    for (std::int64_t j = 0;; ++j) {
        const std::string block = hmac_sha256(seed, prefix + std::to_string(j));
        std::size_t offset = 0;
        const int value = unbiased_face(
            [&](std::uint32_t& word) {
                if (offset + 4 > block.size()) return false;
                word = big_endian_word(block, offset);
                offset += 4;
                return true;
            },
            sides);
        if (value != 0) return value;
    }
}

}  // namespace

VerifiableDice::VerifiableDice(std::string seed, std::string stream, std::int64_t next_counter)
    : seed_(std::move(seed)), stream_(std::move(stream)), counter_(next_counter) {
    if (counter_ < 0) throw std::invalid_argument("VerifiableDice: negative roll counter");
}

int VerifiableDice::roll(int sides) {
    const int value = face(seed_, stream_, counter_, sides);
    log_.push_back({{"stream", stream_}, {"counter", counter_}, {"sides", sides}, {"value", value}});
    ++counter_;
    return value;
}

int recompute_roll(const std::string& seed, const std::string& stream, std::int64_t counter, int sides) {
    return face(seed, stream, counter, sides);
}

}  // namespace muster
