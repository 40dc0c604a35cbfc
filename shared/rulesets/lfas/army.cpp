#include "shared/rulesets/lfas/army.h"

#include <algorithm>

#include "shared/battle/geometry.h"

namespace muster::lfas {

using nlohmann::json;

int class_of(const Unit& u) { return std::clamp(u.values.value("class", 3), 1, 5); }
int dps(const Unit& u) { return u.marker("dp"); }
int casualties(const Unit& u) { return u.marker("casualties"); }
bool in_skirmish_order(const Unit& u) { return u.formation == battle::Formation::other && u.formation_name == "skirmish"; }
bool is_skirmishers(const Unit& u) { return u.troop_type == "skirmishers" || in_skirmish_order(u); }
bool is_cavalry(const Unit& u) { return u.troop_type == "cavalry"; }
bool is_artillery(const Unit& u) { return u.troop_type == "artillery"; }
bool limbered(const Unit& u) { return u.values.value("limbered", false) == true; }

double strength(const Unit& u) {
    if (is_cavalry(u)) return u.bases * 2 * 3.0;  // a troop is two figures, each worth three
    if (is_artillery(u)) return u.bases * 6.0;
    return u.bases * 3.0;  // companies and groups of three
}

bool on_ground(const Battle& b, Point p, const std::string& kind) { return battle::terrain_at(b.terrain, p, kind) != nullptr; }

bool in_works(const Battle& b, const Unit& u) {
    for (const char* k : {"fieldwork", "fort", "building", "town"})
        if (on_ground(b, u.position, k)) return true;
    return false;
}
bool in_woods(const Battle& b, const Unit& u) { return on_ground(b, u.position, "wood"); }
bool in_cover(const Battle& b, const Unit& u) {
    for (const char* k : {"wood", "building", "town", "hill", "wall", "fence", "fieldwork", "fort"})
        if (on_ground(b, u.position, k)) return true;
    return false;
}

bool is_c_in_c(const Leader& l) { return l.values.value("role", "brigadier") == "c_in_c"; }

bool commands(const Leader& l, const Unit& u) {
    if (l.side != u.side) return false;
    if (is_c_in_c(l)) return true;
    return u.values.contains("brigade") && u.values["brigade"].is_number_integer() && u.values["brigade"].get<std::int64_t>() == l.id;
}

std::string acting_side(const BattleEntry& e) {
    const LfasSettings s = settings_from(e.settings);
    if (s.sequence != "igougo" || e.battle.sides.empty()) return "";
    std::size_t first = 0;
    for (std::size_t i = 0; i < e.battle.sides.size(); ++i)
        if (e.battle.sides[i].id == s.first_side) first = i;
    const std::size_t k = (first + static_cast<std::size_t>(std::max(0, e.battle.turn - 1))) % e.battle.sides.size();
    return e.battle.sides[k].id;
}

bool leader_out(const Leader& l) {
    const std::string w = l.values.value("wound", "");
    return w == "serious" || w == "killed";
}

json& turn_list(BattleEntry& e, const char* key) {
    json& t = e.data["turn"];
    if (!t.is_object()) t = json::object();
    json& l = t[key];
    if (!l.is_array()) l = json::array();
    return l;
}

bool turn_has(const BattleEntry& e, const char* key, std::int64_t unit) {
    if (!e.data.contains("turn") || !e.data["turn"].contains(key)) return false;
    for (const auto& x : e.data["turn"][key])
        if (x == unit) return true;
    return false;
}

void turn_add(BattleEntry& e, const char* key, std::int64_t unit) {
    if (!turn_has(e, key, unit)) turn_list(e, key).push_back(unit);
}

void log_line(BattleEntry& e, const std::string& text, json details) { e.battle.add_line(text, std::move(details)); }

void add_casualties(BattleEntry& e, std::int64_t unit, int n) {
    if (n <= 0) return;
    Unit& u = e.battle.units.at(unit);
    u.markers["casualties"] = casualties(u) + n;
    // "Remove one company (three figures) of infantry or one troop (two figures) of cavalry. A gun that receives a
    // casualty is knocked out."
    u.bases = std::max(0, u.bases - n);
    if (u.bases == 0 && !u.removed) {
        u.removed = true;
        log_line(e, u.name + " is destroyed.");
    }
}

void add_dps(BattleEntry& e, std::int64_t unit, int n, bool overflow_to_casualties) {
    if (n <= 0) return;
    Unit& u = e.battle.units.at(unit);
    const int now = dps(u);
    const int kept = std::min(5 - now, n);
    u.markers["dp"] = now + std::max(0, kept);
    if (overflow_to_casualties && n > kept) add_casualties(e, unit, n - std::max(0, kept));
}

}  // namespace muster::lfas
