// The umpire's overrides of a raid (battle.override, docs/protocol.md, "Border Reivers"): he may act for a
// heidman, declare and end feuds ("an umpire ... may declare feud on another name"), set or reveal a terrain
// roll, decide a heidman's fate, set a name's marker, and reveal or conceal a name.
#include <algorithm>
#include <functional>
#include <map>

#include "shared/core/fields.h"
#include "shared/rulesets/reivers/actions.h"
#include "shared/rulesets/reivers/ruleset.h"

namespace muster::reivers {

using nlohmann::json;
using battle::OverrideResult;

namespace {

using Handler = std::function<OverrideResult(BattleEntry&, const json&, Dice&)>;

std::variant<Error, Unit*> unit_in(BattleEntry& e, const json& body, const char* key = "unit") {
    std::int64_t id = 0;
    if (auto err = read_id(body, key, id)) return *err;
    auto it = e.battle.units.find(id);
    if (it == e.battle.units.end()) return not_found("No such name.");
    return &it->second;
}

OverrideResult act_for(BattleEntry& e, const json& body, Dice& dice) {
    std::int64_t id = 0;
    if (auto err = read_id(body, "leader", id)) return *err;
    const Leader* l = e.battle.leader(id);
    if (!l) return not_found("No such heidman.");
    const Leader copy = *l;
    // The action's own lines go where the heidman's would; the umpire's reason to the umpires.
    return act(e, copy, body, dice, true);
}

// {"leader", "rolled": 0-6}: the umpire rules a heidman's throw for the bound; what he has spent stays spent.
OverrideResult craft(BattleEntry& e, const json& body, Dice&) {
    std::int64_t id = 0;
    if (auto err = read_id(body, "leader", id)) return *err;
    const Leader* l = e.battle.leader(id);
    if (!l) return not_found("No such heidman.");
    if (!body.contains("rolled") || !int_in(body["rolled"], 0, 6)) return bad_request("rolled: a heidman's craft is 0 to 6.");
    const json was = craft_entry(e, id);
    const int spent = was.is_null() ? 0 : was["rolled"].get<int>() - was["left"].get<int>();
    const int rolled = body["rolled"].get<int>();
    if (!e.data.contains("craft") || !e.data["craft"].is_object()) e.data["craft"] = json::object();
    e.data["craft"][std::to_string(id)] = {{"craft", to_string(leader_craft(*l))}, {"rolled", rolled},
                                           {"left", std::max(0, rolled - spent)},
                                           {"road_used", was.is_null() ? false : was.value("road_used", false)}};
    return std::string();  // his craft is his side's secret: the reason goes to the umpires only
}

OverrideResult feud(BattleEntry& e, const json& body, Dice&) {
    auto by = unit_in(e, body, "by");
    if (auto* err = std::get_if<Error>(&by)) return *err;
    if (!body.contains("against") || !body["against"].is_array() || body["against"].empty())
        return bad_request("\"against\": the names the feud is declared on (their allies may be among them).");
    json against = json::array();
    for (const auto& t : body["against"]) {
        const Unit* u = t.is_number_integer() ? e.battle.unit(t.get<std::int64_t>()) : nullptr;
        if (!u) return not_found("No such name among \"against\".");
        against.push_back(u->id);
    }
    if (!e.data.contains("feuds") || !e.data["feuds"].is_array()) e.data["feuds"] = json::array();
    e.data["feuds"].push_back({{"by", std::get<Unit*>(by)->id}, {"against", against}});
    return std::get<Unit*>(by)->name + " declares feud";
}

OverrideResult unfeud(BattleEntry& e, const json& body, Dice&) {
    auto by = unit_in(e, body, "by");
    if (auto* err = std::get_if<Error>(&by)) return *err;
    json kept = json::array();
    for (const auto& f : e.data.value("feuds", json::array()))
        if (f.value("by", std::int64_t{0}) != std::get<Unit*>(by)->id) kept.push_back(f);
    e.data["feuds"] = kept;
    return std::get<Unit*>(by)->name + "'s feuds are ended";
}

// {"feature", "roll": 1-6 (optional), "reveal_to": side | "*" (optional)}
OverrideResult terrain(BattleEntry& e, const json& body, Dice& dice) {
    std::int64_t id = 0;
    if (auto err = read_id(body, "feature", id)) return *err;
    const TerrainFeature* f = nullptr;
    for (const auto& t : e.battle.terrain)
        if (t.id == id) f = &t;
    if (!f || !has_table(*f)) return not_found("No terrain area with a table has that id.");
    if (!e.data.contains("terrain") || !e.data["terrain"].is_object()) e.data["terrain"] = json::object();
    json& entry = e.data["terrain"][std::to_string(id)];
    if (body.contains("roll")) {
        if (!int_in(body["roll"], 1, 6))
            return bad_request("A terrain roll is 1 to 6.");
        entry["roll"] = body["roll"];
        if (!entry.contains("known_to")) entry["known_to"] = json::array();
    }
    if (body.contains("reveal_to")) {
        if (!body["reveal_to"].is_string()) return bad_request("\"reveal_to\" is a side or \"*\".");
        const std::string to = body["reveal_to"].get<std::string>();
        if (to != "*" && !e.battle.side(to)) return not_found("\"reveal_to\": no such side in this raid.");
        for (const auto& sd : e.battle.sides)
            if (to == "*" || to == sd.id) enter(e, *f, sd.id, dice);
    }
    return std::string();  // a roll is a secret: the reason goes to the umpires only
}

OverrideResult fate(BattleEntry& e, const json& body, Dice&) {
    std::int64_t id = 0;
    if (auto err = read_id(body, "leader", id)) return *err;
    auto it = e.battle.leaders.find(id);
    if (it == e.battle.leaders.end()) return not_found("No such heidman.");
    if (body.contains("fate")) {
        if (!body["fate"].is_string() || (body["fate"] != "" && body["fate"] != "dead" && body["fate"] != "captured"))
            return bad_request("A heidman's fate is \"\", \"dead\" or \"captured\".");
        it->second.values["fate"] = body["fate"];
    }
    if (body.contains("wounded")) {
        if (!body["wounded"].is_boolean()) return bad_request("\"wounded\" is true or false.");
        it->second.values["wounded"] = body["wounded"];
    }
    return "The umpire rules on " + it->second.name;
}

OverrideResult marker(BattleEntry& e, const json& body, Dice&) {
    auto u = unit_in(e, body);
    if (auto* err = std::get_if<Error>(&u)) return *err;
    static const std::vector<std::string> names = {"fleeing", "fyrebrand_up", "concealment", "under_fire", "destroyed"};
    std::string m;
    if (auto err = read_string(body, "marker", 1, 20, m)) return *err;
    if (std::find(names.begin(), names.end(), m) == names.end())
        return bad_request("A marker is fleeing, fyrebrand_up, concealment, under_fire or destroyed.");
    if (!body.contains("value") || !int_in(body["value"], 0, 99))
        return bad_request("A marker's value is 0 to 99.");
    Unit& unit = *std::get<Unit*>(u);
    if (m == "destroyed") unit.removed = body["value"].get<int>() > 0;  // a name destroyed is off the table
    if (body["value"].get<int>() == 0) unit.markers.erase(m);
    else unit.markers[m] = m == "fleeing" ? e.battle.turn : body["value"].get<int>();
    return "The umpire sets " + unit.name + "'s " + m;
}

OverrideResult reveal(BattleEntry& e, const json& body, Dice&) {
    auto u = unit_in(e, body);
    if (auto* err = std::get_if<Error>(&u)) return *err;
    Unit& unit = *std::get<Unit*>(u);
    show(unit);
    return "The umpire reveals " + unit.name;
}

OverrideResult conceal(BattleEntry& e, const json& body, Dice&) {
    auto u = unit_in(e, body);
    if (auto* err = std::get_if<Error>(&u)) return *err;
    if (!body.contains("points") || !int_in(body["points"], 1, 99))
        return bad_request("Say how many concealment points: \"points\", 1 to 99.");
    Unit& unit = *std::get<Unit*>(u);
    unit.concealed = true;
    unit.markers["concealment"] = body["points"].get<int>();
    return "The umpire conceals " + unit.name;
}

}  // namespace

OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body, Dice& dice) {
    static const std::map<std::string, Handler> table = {
        {"act", act_for}, {"craft", craft},   {"feud", feud},     {"unfeud", unfeud}, {"terrain", terrain},
        {"fate", fate},   {"marker", marker}, {"reveal", reveal}, {"conceal", conceal},
    };
    auto it = table.find(what);
    if (it == table.end()) return bad_request("what: there is no override \"" + what + "\" in Border Reivers.");
    return it->second(e, body, dice);
}

}  // namespace muster::reivers
