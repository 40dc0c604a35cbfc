#include "shared/battle/lifecycle.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "shared/battle/lifecycle_internal.h"
#include "shared/battle/registry.h"
#include "shared/core/fields.h"

namespace muster::battle {

using nlohmann::json;

namespace detail {

std::optional<Error> umpire_check(const Context& c, const Viewer& v, const char* what) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    if (c.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

std::optional<Error> find_battle(const BattlesState& s, const json& body, const BattleEntry*& out) {
    std::int64_t id = 0;
    if (auto e = read_id(body, "battle", id)) return e;
    auto it = s.battles.find(id);
    if (it == s.battles.end()) return not_found("There is no battle " + std::to_string(id) + ".");
    out = &it->second;
    return std::nullopt;
}

Error wrong_phase(const std::string& message) { return Error{"wrong_phase", message}; }

std::optional<Error> check_stale_turn(const BattleEntry& e, const json& body) {
    auto turn = body.find("turn");
    if (turn == body.end() || !turn->is_number_integer() || turn->get<std::int64_t>() == e.battle.turn) return std::nullopt;
    return check_moment(e, body, false);
}

std::optional<Error> check_moment(const BattleEntry& e, const json& body, bool step) {
    auto turn = body.find("turn");
    if (turn == body.end() || !turn->is_number_integer())
        return bad_request("Say which turn you saw: \"turn\" (the battle is at turn " + std::to_string(e.battle.turn) + ").");
    if (turn->get<std::int64_t>() != e.battle.turn)
        return Error{"stale", "You saw turn " + std::to_string(turn->get<std::int64_t>()) + "; the battle is at turn " +
                                  std::to_string(e.battle.turn) + ". Nothing was changed."};
    if (!step || e.status != "resolving") return std::nullopt;
    const auto steps = ruleset_of(e).steps_of(e);
    const std::string& next = steps.at(static_cast<std::size_t>(e.next_step));
    auto named = body.find("step");
    if (named == body.end() || !named->is_string())
        return bad_request("Say which step you saw next: \"step\" (it is \"" + next + "\").");
    if (named->get<std::string>() != next)
        return Error{"stale", "You saw the step \"" + named->get<std::string>() + "\" next; the next step is \"" + next +
                                  "\". Nothing was changed."};
    return std::nullopt;
}

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

template <class Pieces>
std::int64_t next_id(const Pieces& pieces, bool concealed, std::uint64_t nonce) {
    if (!concealed) {
        std::int64_t last = 0;
        for (const auto& [id, p] : pieces)
            if (id < hidden_id_base) last = std::max(last, id);
        return last + 1;
    }
    // 2^40 to 2^53: JavaScript reads it exactly, and it says nothing of how many pieces came before.
    for (std::uint64_t k = 0;; ++k) {
        auto id = hidden_id_base + static_cast<std::int64_t>(splitmix64(nonce + k) % ((std::uint64_t{1} << 52) - (std::uint64_t{1} << 40)));
        if (!pieces.count(id)) return id;
    }
}

}  // namespace

std::int64_t next_unit_id(const Battle& b, bool concealed, std::uint64_t nonce) { return next_id(b.units, concealed, nonce); }
std::int64_t next_leader_id(const Battle& b, bool concealed, std::uint64_t nonce) {
    return next_id(b.leaders, concealed, nonce ^ 0x5A5A5A5A5A5A5A5Aull);
}

Error no_hidden_troops(const RuleSet& rules, const std::string& what) {
    return bad_request(rules.name() + " has no hidden troops: " + what + ".");
}

std::optional<Error> refuse_concealment(const RuleSet& rules, const Battle& before, const Battle& after) {
    if (rules.conceals()) return std::nullopt;
    auto made = [](const auto& was, const auto& now) {
        for (const auto& [id, p] : now)
            if (auto it = was.find(id); p.concealed && (it == was.end() || !it->second.concealed)) return true;
        return false;
    };
    if (made(before.units, after.units) || made(before.leaders, after.leaders)) return no_hidden_troops(rules);
    return std::nullopt;
}

Dice& battle_dice(Dice& dice, std::int64_t battle) { return dice.stream("battle:" + std::to_string(battle)); }

json snapshot(const BattleEntry& e, std::size_t log_before) {
    json units = json::array(), leaders = json::array();
    for (const auto& [id, u] : e.battle.units) units.push_back(u);
    for (const auto& [id, l] : e.battle.leaders) leaders.push_back(l);
    json log = json::array();
    for (std::size_t i = log_before; i < e.battle.log.size(); ++i) log.push_back(e.battle.log[i]);
    return {{"battle", e.battle.id}, {"units", units},  {"leaders", leaders},         {"terrain", e.battle.terrain},
            {"data", e.data},        {"log", log},      {"regiment_of", e.regiment_of}};
}

void apply_snapshot(BattleEntry& e, const json& b) {
    if (b.contains("units")) {
        e.battle.units.clear();
        for (const auto& u : b.at("units")) {
            Unit unit = u.get<Unit>();
            e.battle.units[unit.id] = std::move(unit);
        }
    }
    if (b.contains("leaders")) {
        e.battle.leaders.clear();
        for (const auto& l : b.at("leaders")) {
            Leader leader = l.get<Leader>();
            e.battle.leaders[leader.id] = std::move(leader);
        }
    }
    if (b.contains("terrain")) e.battle.terrain = b.at("terrain").get<std::vector<TerrainFeature>>();
    if (b.contains("data")) e.data = b.at("data");
    else ruleset_of(e).read_legacy(e.data, b);
    if (b.contains("regiment_of")) e.regiment_of = b.at("regiment_of").get<std::map<std::int64_t, std::int64_t>>();
    if (b.contains("log"))
        for (const auto& l : b.at("log")) e.battle.log.push_back(l.get<LogEntry>());
}

BattleEntry copy_for_step(const BattleEntry& e) {
    BattleEntry copy;
    copy.battle.id = e.battle.id;
    copy.battle.campaign = e.battle.campaign;
    copy.battle.name = e.battle.name;
    copy.battle.ruleset = e.battle.ruleset;
    copy.battle.table = e.battle.table;
    copy.battle.terrain = e.battle.terrain;
    copy.battle.sides = e.battle.sides;
    copy.battle.units = e.battle.units;
    copy.battle.leaders = e.battle.leaders;
    copy.battle.turn = e.battle.turn;
    copy.battle.phase = e.battle.phase;
    copy.battle.boxes = e.battle.boxes;
    copy.battle.ruleset_state = e.battle.ruleset_state;
    copy.settings = e.settings;
    copy.table = e.table;
    copy.status = e.status;
    copy.next_step = e.next_step;
    copy.deadline = e.deadline;
    copy.regiment_of = e.regiment_of;
    copy.channels = e.channels;
    copy.data = e.data;
    copy.outcome = e.outcome;
    return copy;
}

}  // namespace detail

namespace {

using Decider = std::function<Decision(const BattlesState&, const Context&, const Command&, const Viewer&, Dice&)>;

const std::unordered_map<std::string, Decider>& deciders() {
    using namespace detail;
    static const std::unordered_map<std::string, Decider> table = {
        {"battle.create", decide_create},     {"battle.place", decide_place},       {"battle.remove", decide_place},
        {"battle.settings", decide_settings}, {"battle.start", decide_start},       {"battle.submit", decide_submit},
        {"battle.withdraw", decide_submit},   {"card.play", decide_submit},         {"card.withdraw", decide_submit},
        {"battle.close_turn", decide_close_turn}, {"battle.step", decide_step},     {"battle.override", decide_override},
        {"battle.act", decide_act},           {"talk.say", decide_talk},            {"battle.end", decide_end},
        {"battle.save_scenario", decide_save_scenario}, {"battle.generate", decide_generate},
    };
    return table;
}

}  // namespace

bool handles(const std::string& command_type) { return deciders().count(command_type) > 0; }

bool handles_event(const std::string& t) {
    return t.rfind("battle.", 0) == 0 || t.rfind("card.", 0) == 0 || t == "talk.said";
}

Decision decide(const BattlesState& state, const Context& context, const Command& command, const Viewer& viewer,
                Dice& dice) {
    auto it = deciders().find(command.type);
    if (it == deciders().end()) return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
    return it->second(state, context, command, viewer, dice);
}

const RuleSet& ruleset_of(const BattleEntry& e) {
    const RuleSet* r = find_ruleset(e.battle.ruleset);
    return r ? *r : *rulesets().front();
}

std::optional<std::int64_t> next_alarm(const BattlesState& state) {
    std::optional<std::int64_t> best;
    for (const auto& [id, e] : state.battles)
        if (e.status == "cards" && e.deadline && (!best || *e.deadline < *best)) best = e.deadline;
    return best;
}

std::optional<Command> alarm_command(const BattlesState& state, std::int64_t campaign, std::int64_t now) {
    const auto when = next_alarm(state);
    for (const auto& [id, e] : state.battles)
        if (e.status == "cards" && e.deadline && (*e.deadline <= now || (when && *e.deadline == *when)))
            return Command{"battle.close_turn", {{"campaign", campaign}, {"battle", id}, {"turn", e.battle.turn}}};
    return std::nullopt;
}

}  // namespace muster::battle
