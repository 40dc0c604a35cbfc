// The umpire's overrides of a Chosen Men battle (docs/protocol.md, "Chosen Men, Well Disposed"): he may set any
// marker, a general's fate or rank, a side's tempo points, a brigade spent or moving, part a hand-to-hand, and act
// for any side.
#include "shared/rulesets/cmwd/ruleset.h"
#include "shared/core/fields.h"

#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/orders.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

std::variant<Error, std::int64_t> id_of(const json& body, const char* key) {
    auto it = body.find(key);
    if (it == body.end() || !it->is_number_integer()) return bad_request(std::string("Name the \"") + key + "\".");
    return it->get<std::int64_t>();
}

battle::OverrideResult marker(BattleEntry& e, const json& body) {
    auto id = id_of(body, "unit");
    if (auto* err = std::get_if<Error>(&id)) return *err;
    auto it = e.battle.units.find(std::get<std::int64_t>(id));
    if (it == e.battle.units.end()) return not_found("No such base.");
    const std::string m = text_field(body, "marker");
    if (m != "shaken" && m != "broken" && m != "fired") return bad_request("A marker is shaken, broken or fired.");
    auto v = body.find("value");
    if (v == body.end() || !int_in(*v, 0, (m == "shaken" ? 6 : 1)))
        return bad_request(m == "shaken" ? "value: shaken levels are 0 to 6." : "value: the marker is 0 or 1.");
    it->second.markers[m] = v->get<int>();
    return "The umpire sets " + it->second.name + "'s " + m + " to " + std::to_string(v->get<int>());
}

battle::OverrideResult general(BattleEntry& e, const std::string& what, const json& body) {
    auto id = id_of(body, "leader");
    if (auto* err = std::get_if<Error>(&id)) return *err;
    auto it = e.battle.leaders.find(std::get<std::int64_t>(id));
    if (it == e.battle.leaders.end()) return not_found("No such general.");
    Leader& g = it->second;
    if (what == "rank") {
        const std::string r = body.value("rank", "");
        if (r != "vigorous" && r != "active" && r != "lethargic") return bad_request("A rank is vigorous, active or lethargic.");
        g.values["rank"] = r;
        return "The umpire makes " + g.name + " " + r;
    }
    const std::string f = body.value("fate", "");
    static const std::vector<std::string> fates = {"", "aide", "horse", "bruise", "slight", "severe", "killed", "captured"};
    if (std::find(fates.begin(), fates.end(), f) == fates.end())
        return bad_request("A fate is \"\", aide, horse, bruise, slight, severe, killed or captured.");
    befall(e, g, f);
    return "The umpire: " + g.name + (f.empty() ? " is restored" : " is " + f);
}

battle::OverrideResult tempo(BattleEntry& e, const json& body) {
    const std::string side = text_field(body, "side");
    if (!e.battle.side(side)) return not_found("No such side.");
    auto p = body.find("points");
    if (p == body.end() || !int_in(*p, 0, 99))
        return bad_request("Tempo points are 0 to 99.");
    json& t = e.data["tempo"][side];
    t["points"] = p->get<int>();
    t["left"] = p->get<int>();
    if (!t.contains("dice")) t["dice"] = json::array();
    // A side's points are its own: the line (and the umpire's reason, to umpires) tells the other side nothing.
    side_line(e, side, "The umpire sets your side's tempo points to " +
                           std::to_string(p->get<int>()) + ".");
    return std::string();
}

battle::OverrideResult brigade_flag(BattleEntry& e, const std::string& what, const json& body) {
    const std::string brigade = text_field(body, "brigade");
    if (brigade.empty() || side_of_brigade(e.battle, brigade).empty()) return not_found("No such brigade.");
    auto v = body.find(what);
    if (v == body.end() || !v->is_boolean()) return bad_request("Say \"" + what + "\": true or false.");
    brigade_state(e, brigade)[what == "spent" ? "spent" : "moved_last"] = v->get<bool>();
    return "The umpire: " + brigade_name(e.battle, brigade) + (v->get<bool>() ? " is " : " is not ") +
           (what == "spent" ? "spent" : "on the move");
}

battle::OverrideResult part(BattleEntry& e, const json& body) {
    auto id = id_of(body, "unit");
    if (auto* err = std::get_if<Error>(&id)) return *err;
    const auto unit = std::get<std::int64_t>(id);
    json& melees = data_list(e, "melees");
    for (auto it = melees.begin(); it != melees.end(); ++it)
        if (it->value("a", std::int64_t{0}) == unit || it->value("b", std::int64_t{0}) == unit) {
            melees.erase(it);
            return std::string("The umpire parts a hand-to-hand combat");
        }
    return not_found("That base is in no hand-to-hand combat.");
}

}  // namespace

battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body) {
    if (what == "marker") return marker(e, body);
    if (what == "fate" || what == "rank") return general(e, what, body);
    if (what == "tempo") return tempo(e, body);
    if (what == "spent" || what == "moving") return brigade_flag(e, what, body);
    if (what == "part") return part(e, body);
    if (what == "act") {
        if (!e.battle.side(text_field(body, "side"))) return not_found("Name the \"side\" to act for.");
        auto r = act(e, nullptr, body, true);
        if (auto* err = std::get_if<Error>(&r)) return *err;
        return std::string("The umpire acts for the ") + e.battle.side(text_field(body, "side"))->name;
    }
    return bad_request("what: an override is marker, fate, rank, tempo, spent, moving, part, act or move.");
}

}  // namespace muster::cmwd
