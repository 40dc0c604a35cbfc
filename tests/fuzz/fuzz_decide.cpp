// libFuzzer target: the rules' command dispatcher with every command of every rule set (docs/reliability.md,
// "Fuzzing"). The input is a JSON array of steps {"as": 0-4, "type", "body"} run against a campaign that is already
// under way (members, colonels, the year started, an Over the Hill battle being fought); the fuzzer also chooses
// the dice (the input's bytes after a NUL, else a counter). Each step is decided as that viewer; the events of an
// accepted one are applied; at the end every viewer's view is built. decide() must never throw (errors are values),
// apply() must take whatever decide() made, and nothing may trip AddressSanitizer or UndefinedBehaviorSanitizer.
//   scripts/fuzz.sh decide 600      (builds with clang-14 in build-fuzz/, runs 600 s on tests/fuzz/corpus/decide)
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"
#include "shared/core/dice.h"

using namespace muster;
using nlohmann::json;

namespace {

// Dice the fuzzer chooses: its bytes in turn, then a plain counter.
class BytesDice : public Dice {
public:
    explicit BytesDice(std::string bytes) : bytes_(std::move(bytes)) {}
    int roll(int sides) override {
        if (sides < 2) throw std::logic_error("a die with fewer than two sides");
        const unsigned v = next_ < bytes_.size() ? static_cast<unsigned char>(bytes_[next_++]) : counter_++;
        const int face = static_cast<int>(v % static_cast<unsigned>(sides)) + 1;
        log_.push_back({{"sides", sides}, {"value", face}});
        return face;
    }
    Dice& stream(const std::string&) override { return *this; }

private:
    std::string bytes_;
    std::size_t next_ = 0;
    unsigned counter_ = 0;
};

const Viewer umpire{1, "umpire", Role::umpire};
const std::vector<std::pair<std::int64_t, std::string>> people = {{1, "umpire"}, {2, "alice"}, {3, "bob"}, {4, "olga"}, {5, "stranger"}};

campaign::Supplied supplied_at(std::int64_t seq) {
    campaign::Supplied s;
    s.invite_code = "CODE" + std::to_string(seq);
    s.seed_hex = std::string(64, 'a');
    s.now = 1764400000000 + seq * 60000;
    s.nonce = static_cast<std::uint64_t>(seq) * 7919u + 1;
    s.battle_seed_sha256 = [](std::int64_t b) { return std::string(63, 'b') + std::to_string(b % 10); };
    s.battle_seed_hex = [](std::int64_t b) { return std::string(63, 'c') + std::to_string(b % 10); };
    s.next_weekly = [](const std::string&, int, int, std::int64_t after) { return std::optional<std::int64_t>(after + 7 * 86400000LL); };
    return s;
}

Viewer viewer_of(const campaign::CampaignState& s, std::int64_t user, const std::string& name) {
    return Viewer{user, name, s.role_of(user)};
}

// Decides and applies one command; false when refused.
bool step(campaign::CampaignState& s, const Viewer& v, const std::string& type, json body, Dice& dice) {
    auto d = campaign::decide(s, Command{type, std::move(body)}, v, dice, supplied_at(s.seq));
    auto* events = std::get_if<std::vector<Event>>(&d);
    if (!events) return false;
    const auto base = s.seq;
    for (std::size_t i = 0; i < events->size(); ++i) {
        (*events)[i].seq = base + 1 + static_cast<std::int64_t>(i);
        (*events)[i].at = supplied_at(base).now;
        campaign::apply(s, (*events)[i]);
    }
    return true;
}

void must(campaign::CampaignState& s, const Viewer& v, const std::string& type, json body, Dice& dice) {
    if (!step(s, v, type, std::move(body), dice)) throw std::logic_error("fuzz set-up refused: " + type);
}

// The campaign every input starts from, made once.
const campaign::CampaignState& start() {
    static const campaign::CampaignState state = [] {
        campaign::CampaignState s;
        auto created = campaign::created_event(1, "Fuzzed", umpire, std::string(64, 'f'));
        created.seq = 1;
        campaign::apply(s, created);
        BytesDice dice("");
        for (const auto& [user, name] : {std::pair<std::int64_t, std::string>{2, "alice"}, {3, "bob"}, {4, "olga"}}) {
            const std::string role = user == 4 ? "observer" : "player";
            must(s, umpire, "campaign.invite", {{"campaign", 1}, {"role", role}}, dice);
            must(s, Viewer{user, name, Role::none}, "campaign.join", {{"campaign", 1}, {"code", "CODE" + std::to_string(s.seq - 1)}}, dice);
        }
        must(s, viewer_of(s, 2, "alice"), "colonel.create", {{"campaign", 1}, {"name", "Kemp"}}, dice);
        must(s, viewer_of(s, 3, "bob"), "colonel.create", {{"campaign", 1}, {"name", "Hay"}}, dice);
        must(s, umpire, "year.start", {{"campaign", 1}, {"year", "174-"}, {"month", 4}}, dice);
        must(s, umpire, "battle.create", {{"campaign", 1}, {"name", "The Ford"}, {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
            {"sides", json::array({{{"id", "british"}, {"name", "British"}}, {{"id", "french"}, {"name", "French"}}})},
            {"leaders", json::array({{{"user", 2}, {"side", "british"}, {"name", "Kemp"}, {"position", {40, 36}}},
                                     {{"user", 3}, {"side", "french"}, {"name", "Dartois"}, {"position", {120, 86}}}})},
            {"units", json::array({{{"side", "british"}, {"owner", 2}, {"name", "33rd"}, {"troop_type", "formed_infantry"}, {"position", {40, 40}}, {"facing", 0}},
                                   {{"side", "french"}, {"owner", 3}, {"name", "Picardie"}, {"troop_type", "formed_infantry"}, {"position", {120, 84}}, {"facing", 180}}})}},
            dice);
        must(s, umpire, "battle.start", {{"campaign", 1}, {"battle", 1}}, dice);
        return s;
    }();
    return state;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const auto nul = input.find('\0');
    const json steps = json::parse(input.substr(0, nul), nullptr, false);
    if (!steps.is_array() || steps.size() > 64) return 0;
    campaign::CampaignState s = start();
    BytesDice dice(nul == std::string::npos ? std::string() : input.substr(nul + 1));
    for (const auto& st : steps) {
        if (!st.is_object() || !st.contains("type") || !st["type"].is_string()) continue;
        const std::size_t who = st.contains("as") && st["as"].is_number_unsigned() ? st["as"].get<std::size_t>() % people.size() : 0;
        const auto& [user, name] = people[who];
        json body = st.contains("body") ? st["body"] : json::object();
        if (body.is_object() && !body.contains("campaign")) body["campaign"] = 1;
        step(s, viewer_of(s, user, name), st["type"].get<std::string>(), body, dice);
    }
    for (const auto& [user, name] : people) (void)campaign::view(s, viewer_of(s, user, name)).dump();
    return 0;
}
