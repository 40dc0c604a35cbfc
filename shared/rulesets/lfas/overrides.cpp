// The umpire's overrides of a Loose Files battle (docs/protocol.md, "Loose Files and American Scramble"): DPs and
// casualties, a commander's points or wound, a unit's formation or limbers, and an end to a standoff.
#include "shared/rulesets/lfas/ruleset.h"
#include "shared/core/fields.h"

#include "shared/rulesets/lfas/army.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

Unit* unit_in(BattleEntry& e, const json& body) {
    auto it = body.find("unit");
    if (it == body.end() || !it->is_number_integer()) return nullptr;
    auto u = e.battle.units.find(it->get<std::int64_t>());
    return u == e.battle.units.end() ? nullptr : &u->second;
}

// "the Continentals' DPs", "Butler's Rangers' DPs", "the Militia's".
std::string possessive(const std::string& name) { return !name.empty() && name.back() == 's' ? name + "'" : name + "'s"; }

int value_in(const json& body, int lo, int hi, bool& ok) {
    auto v = body.find("value");
    ok = v != body.end() && int_in(*v, lo, hi);
    return ok ? v->get<int>() : 0;
}

// "Loss of one 'casualty': Remove one company ... A gun that receives a casualty is knocked out": each casualty the
// umpire adds takes a base as the book's do (none left: destroyed); each he takes away gives one back.
void set_casualties(BattleEntry& e, Unit& u, int v) {
    const int had = casualties(u);
    if (v > had) return add_casualties(e, u.id, v - had);
    if (u.bases == 0 && v < had) u.removed = false;  // destroyed by the casualties taken back
    u.bases += had - v;
    u.markers["casualties"] = v;
}

}  // namespace

battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body) {
    bool ok = false;
    if (what == "dp" || what == "casualties" || what == "formation" || what == "limber" || what == "part") {
        Unit* u = unit_in(e, body);
        if (!u) return not_found("No such unit.");
        if (what == "dp") {
            const int v = value_in(body, 0, 5, ok);
            if (!ok) return bad_request("value: a unit holds 0 to 5 DPs.");
            u->markers["dp"] = v;
            return "The umpire sets " + possessive(u->name) + " DPs to " + std::to_string(v);
        }
        if (what == "casualties") {
            const int v = value_in(body, 0, 40, ok);
            if (!ok) return bad_request("value: casualties are 0 to 40.");
            set_casualties(e, *u, v);
            return "The umpire sets " + possessive(u->name) + " casualties to " + std::to_string(v);
        }
        if (what == "formation") {
            const std::string f = text_field(body, "formation");
            if (f != "line" && f != "column" && f != "skirmish") return bad_request("A formation is line, column or skirmish.");
            battle::formation_from_string(f, u->formation, u->formation_name);
            return "The umpire forms " + u->name + " in " + f;
        }
        if (what == "limber") {
            if (!is_artillery(*u)) return bad_request("Only guns limber.");
            u->values["limbered"] = !limbered(*u);
            u->markers["limbering"] = 0;
            return "The umpire " + std::string(limbered(*u) ? "limbers " : "unlimbers ") + u->name;
        }
        json& st = e.data["standoffs"];
        if (!st.is_array()) st = json::array();
        for (auto it = st.begin(); it != st.end(); ++it) {
            bool in = it->value("defender", std::int64_t{0}) == u->id;
            for (const auto& a : it->value("attackers", json::array())) in = in || a == u->id;
            if (in) {
                st.erase(it);
                return "The umpire parts a standoff of " + u->name;
            }
        }
        return not_found("That unit is in no standoff.");
    }
    if (what == "cp" || what == "wound") {
        auto id = body.find("leader");
        if (id == body.end() || !id->is_number_integer()) return bad_request("Name the \"leader\".");
        auto it = e.battle.leaders.find(id->get<std::int64_t>());
        if (it == e.battle.leaders.end()) return not_found("No such commander.");
        Leader& l = it->second;
        if (what == "cp") {
            const int v = value_in(body, 0, 20, ok);
            if (!ok) return bad_request("value: command points are 0 to 20.");
            e.data["cp"][std::to_string(l.id)] = {{"points", v}, {"left", v}};
            // A side's points are its own: the line, and the umpire's reason with it, go to his side only.
            const std::string reason = body.value("reason", "");
            e.battle.add_line("The umpire gives " + l.name + " " + std::to_string(v) + " command points" +
                                  (reason.empty() ? "." : ": " + reason + "."),
                              {{"leader", l.id}, {"reason", reason}}, l.side);
            return std::string();
        }
        const std::string w = body.value("wound", "");
        if (w != "" && w != "light" && w != "serious" && w != "killed") return bad_request("A wound is \"\", light, serious or killed.");
        l.values["wound"] = w;
        return "The umpire: " + l.name + (w.empty() ? " is restored" : " is " + (w == "killed" ? std::string("killed") : w + "ly wounded"));
    }
    return bad_request("what: an override is dp, casualties, cp, wound, formation, limber, part or move.");
}

}  // namespace muster::lfas
