// Scenarios (docs/protocol.md, "Scenarios"): a set-up an umpire starts a battle from, a book's own
// (RuleSet::scenarios) or one the campaign's umpires saved from a battle (battle.save_scenario).
#include "shared/battle/lifecycle_internal.h"
#include "shared/battle/registry.h"
#include "shared/core/fields.h"

namespace muster::battle {

using nlohmann::json;

json scenario_list(const BattlesState& state) {
    // The books' own scenarios take no input, so they are made once (Chosen Men's generates an army): every
    // umpire's whole view lists them.
    static const json books = [] {
        json all = json::array();
        for (const RuleSet* r : rulesets())
            for (auto sc : r->scenarios()) {
                sc["ruleset"] = r->id();
                all.push_back(std::move(sc));
            }
        return all;
    }();
    json out = books;
    for (const auto& sc : state.scenarios) out.push_back(sc);
    return out;
}

namespace detail {

namespace {

// The battle's set-up as a battle.create body: pieces where they stand, seats left empty. A piece in ambush
// leaves its id behind, so the new battle's random one says nothing of this battle.
json setup_of(const BattleEntry& e) {
    const Battle& b = e.battle;
    json units = json::array(), leaders = json::array();
    for (const auto& [id, u] : b.units) {
        if (u.removed) continue;
        json j = u;
        for (const char* k : {"order", "pending_order", "removed", "owner"}) j.erase(k);
        if (u.concealed) j.erase("id");
        units.push_back(std::move(j));
    }
    for (const auto& [id, l] : b.leaders) {
        json j = l;
        j["user"] = 0;
        leaders.push_back(std::move(j));
    }
    return {{"ruleset", b.ruleset}, {"table", b.table}, {"sides", b.sides}, {"terrain", b.terrain},
            {"units", units}, {"leaders", leaders}, {"settings", e.settings}};
}

}  // namespace

Decision decide_save_scenario(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice&) {
    if (auto e = umpire_check(x, v, "save a scenario")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    std::string name;
    if (auto e = read_string(c.body, "name", 1, name_max, name)) return *e;
    std::string description;
    if (auto e = read_optional_string(c.body, "description", 1000, description)) return *e;
    json sc = {{"id", "saved-" + std::to_string(s.scenarios.size() + 1)}, {"name", name},
               {"description", description}, {"ruleset", be->battle.ruleset}, {"battle", setup_of(*be)}};
    return std::vector<Event>{make_event("battle.scenario_saved", v, {{"scenario", sc}})};
}

std::optional<Error> expand_scenario(const BattlesState& s, json& body) {
    if (!body.contains("scenario")) return std::nullopt;
    if (!body["scenario"].is_string()) return bad_request("\"scenario\" is a scenario's id.");
    const std::string id = body["scenario"].get<std::string>();
    json found;
    for (const auto& sc : scenario_list(s))
        if (sc.value("id", "") == id) found = sc;
    if (found.is_null()) return not_found("There is no scenario \"" + id + "\".");
    json merged = found.at("battle");
    merged["ruleset"] = found.at("ruleset");
    if (!merged.contains("name")) merged["name"] = found.at("name");
    for (const auto& [k, val] : body.items())
        if (k != "scenario" && k != "seats") merged[k] = val;
    if (body.contains("seats")) {
        if (!body["seats"].is_object()) return bad_request("\"seats\" is {leader name: user id}.");
        for (const auto& [leader, user] : body["seats"].items()) {
            if (!user.is_number_integer()) return bad_request("\"seats\" is {leader name: user id}.");
            bool seated = false;
            for (auto& l : merged["leaders"])
                if (l.value("name", "") == leader) l["user"] = user, seated = true;
            if (!seated) return not_found("The scenario has no leader \"" + leader + "\".");
        }
    }
    body = std::move(merged);
    return std::nullopt;
}

}  // namespace detail

}  // namespace muster::battle
