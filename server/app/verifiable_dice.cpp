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

VerifiableDice::VerifiableDice(std::string seed, std::string stream, std::map<std::string, std::int64_t> counters)
    : seed_(std::move(seed)), stream_(std::move(stream)), counters_(std::move(counters)) {
    auto it = counters_.find(stream_);
    counter_ = it == counters_.end() ? 0 : it->second;
    if (counter_ < 0) throw std::invalid_argument("VerifiableDice: negative roll counter");
}

VerifiableDice::VerifiableDice(std::string seed, std::string stream, std::int64_t next_counter)
    : seed_(std::move(seed)), stream_(std::move(stream)), counter_(next_counter) {
    if (counter_ < 0) throw std::invalid_argument("VerifiableDice: negative roll counter");
}

VerifiableDice::VerifiableDice(VerifiableDice* root, std::string seed, std::string stream, std::int64_t next_counter)
    : seed_(std::move(seed)), stream_(std::move(stream)), counter_(next_counter), root_(root) {
    if (counter_ < 0) throw std::invalid_argument("VerifiableDice: negative roll counter");
}

void VerifiableDice::key_streams(StreamKeys keys) {
    // A stream already taken, or this Dice's own stream, would have rolled with the other seed.
    if (root_ || !streams_.empty() || !log_.empty())
        throw std::logic_error("VerifiableDice: key_streams after rolling");
    if (keys && keys(stream_)) throw std::logic_error("VerifiableDice: the owner's own stream cannot be keyed");
    keys_ = std::move(keys);
}

int VerifiableDice::roll(int sides) {
    const int value = face(seed_, stream_, counter_, sides);
    log_.push_back({{"stream", stream_}, {"counter", counter_}, {"sides", sides}, {"value", value}});
    ++counter_;
    return value;
}

Dice& VerifiableDice::stream(const std::string& name) {
    if (root_) return root_->stream(name);
    if (name == stream_) return *this;
    auto& slot = streams_[name];
    if (!slot) {
        auto it = counters_.find(name);
        std::optional<std::string> own = keys_ ? keys_(name) : std::nullopt;
        slot.reset(new VerifiableDice(this, own ? std::move(*own) : seed_, name, it == counters_.end() ? 0 : it->second));
    }
    return *slot;
}

nlohmann::json VerifiableDice::take_all_logs() {
    nlohmann::json all = take_log();
    if (root_) return all;
    for (auto& [name, s] : streams_)
        for (auto& record : s->take_log()) all.push_back(std::move(record));
    return all;
}

int recompute_roll(const std::string& seed, const std::string& stream, std::int64_t counter, int sides) {
    return face(seed, stream, counter, sides);
}

std::string battle_seed(const std::string& campaign_seed, std::int64_t battle) {
    return hmac_sha256(campaign_seed, "battle-seed:" + std::to_string(battle));
}

std::string battle_stream(std::int64_t battle) { return "battle:" + std::to_string(battle); }

std::optional<std::int64_t> battle_of_stream(const std::string& stream) {
    static const std::string prefix = "battle:";
    if (stream.rfind(prefix, 0) != 0 || stream.size() == prefix.size() || stream.size() > prefix.size() + 15) return std::nullopt;
    std::int64_t id = 0;
    for (std::size_t i = prefix.size(); i < stream.size(); ++i) {
        if (stream[i] < '0' || stream[i] > '9') return std::nullopt;
        id = id * 10 + (stream[i] - '0');
    }
    return id;
}

}  // namespace muster
