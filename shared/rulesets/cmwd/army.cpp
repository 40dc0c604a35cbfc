#include "shared/rulesets/cmwd/army.h"

#include <algorithm>
#include <set>

namespace muster::cmwd {

using nlohmann::json;

std::string to_string(Stage s) {
    switch (s) {
        case Stage::bid: return "bid";
        case Stage::first: return "first";
        case Stage::second: return "second";
    }
    return "";
}

int game_turn_of(int turn) { return turn < 1 ? 0 : (turn - 1) / 3 + 1; }

Stage stage_of(int turn) {
    const int k = turn < 1 ? 0 : (turn - 1) % 3;
    return k == 0 ? Stage::bid : k == 1 ? Stage::first : Stage::second;
}

std::string first_side(const Battle& b, const CmwdSettings& s) {
    if (!s.first_tempo.empty() && b.side(s.first_tempo)) return s.first_tempo;
    return b.sides.empty() ? "" : b.sides.front().id;
}

std::string other_side(const Battle& b, const std::string& side) {
    for (const auto& s : b.sides)
        if (s.id != side) return s.id;
    return "";
}

std::string acting_side(const BattleEntry& e) {
    const Stage st = stage_of(e.battle.turn);
    if (st == Stage::bid) return "";
    const std::string tempo = e.data.value("tempo_side", "");
    return st == Stage::first ? tempo : other_side(e.battle, tempo);
}

const Leader* commander_of(const Battle& b, const std::string& side) {
    const Leader* first = nullptr;
    for (const auto& [id, l] : b.leaders) {
        if (l.side != side || l.user == 0) continue;
        if (l.values.value("commander", false) == true) return &l;
        if (!first) first = &l;
    }
    return first;
}

bool is_commander(const Battle& b, const Leader& l) {
    const Leader* c = commander_of(b, l.side);
    return c && c->id == l.id;
}

bool is_cavalry(const Unit& u) { return u.troop_type == "horse" || u.troop_type == "dragoons"; }
bool can_fire(const Unit& u) {
    return u.troop_type == "infantry" || u.troop_type == "dismounted_dragoons" || u.troop_type == "artillery";
}
std::string brigade_of(const Unit& u) { return u.values.value("brigade", ""); }
std::string quality_of(const Unit& u) { return u.values.value("quality", "trained"); }
std::string school_of(const Unit& u) { return u.values.value("school", "dutch"); }
bool is_broken(const Unit& u) { return u.marker("broken") > 0; }
bool standing(const Unit& u) { return !u.removed && !is_broken(u); }
int shaken(const Unit& u) { return u.marker("shaken"); }
double default_bw(const Battle& b) { return b.table.from_cm(6.0); }
double bw(const BattleEntry& e) { return bw(settings_from(e.settings), e.battle); }
double bw(const CmwdSettings& s, const Battle& b) { return s.bw > 0 ? s.bw : default_bw(b); }
double bd(const BattleEntry& e) { return bw(e) / 2; }
double bd(const CmwdSettings& s, const Battle& b) { return bw(s, b) / 2; }

std::vector<std::string> brigades_of(const Battle& b, const std::string& side) {
    std::set<std::string> ids;
    for (const auto& [id, u] : b.units)
        if (u.side == side && !brigade_of(u).empty()) ids.insert(brigade_of(u));
    return {ids.begin(), ids.end()};
}

std::vector<const Unit*> bases_of(const Battle& b, const std::string& brigade) {
    std::vector<const Unit*> out;
    for (const auto& [id, u] : b.units)
        if (brigade_of(u) == brigade) out.push_back(&u);
    return out;
}

std::string side_of_brigade(const Battle& b, const std::string& brigade) {
    for (const auto& [id, u] : b.units)
        if (brigade_of(u) == brigade) return u.side;
    return "";
}

const Leader* general_of(const Battle& b, const std::string& brigade) {
    for (const auto& [id, l] : b.leaders)
        if (l.values.value("brigade", "") == brigade) return &l;
    return nullptr;
}

std::string brigade_name(const Battle& b, const std::string& brigade) {
    const Leader* g = general_of(b, brigade);
    if (g && g->values.contains("brigade_name") && g->values["brigade_name"].is_string())
        return g->values["brigade_name"].get<std::string>();
    return g ? g->name + "'s brigade" : brigade;
}

json& brigade_state(BattleEntry& e, const std::string& brigade) {
    json& all = e.data["brigades"];
    if (!all.is_object()) all = json::object();
    json& one = all[brigade];
    if (!one.is_object()) one = json::object();
    return one;
}

json brigade_state(const BattleEntry& e, const std::string& brigade) {
    if (!e.data.contains("brigades") || !e.data["brigades"].contains(brigade)) return json::object();
    return e.data["brigades"][brigade];
}

bool spent(const BattleEntry& e, const std::string& brigade) { return brigade_state(e, brigade).value("spent", false); }

int order_cost(const BattleEntry& e, const std::string& brigade) { return order_cost(e, settings_from(e.settings), brigade); }
int order_cost(const BattleEntry& e, const CmwdSettings& s, const std::string& brigade) {
    return brigade_state(e, brigade).value("moved_last", false) ? s.tp_continue : s.tp_start;
}

std::string held_by_general(const BattleEntry& e, const std::string& brigade) {
    const Leader* g = general_of(e.battle, brigade);
    if (!g) return "";
    const std::string fate = g->values.value("fate", "");
    if (settings_from(e.settings).general_no_movement == "orders" && (fate == "horse" || fate == "bruise" || fate == "slight"))
        return "";  // "No movement": his figure stands, his orders go out
    if (g->values.value("out_until", 0) >= game_turn_of(e.battle.turn))
        return g->name + " may not move his brigade this game turn (" + g->values.value("fate", "") + ").";
    return "";
}

bool commands(const Battle& b, const Leader& me, const std::string& brigade) {
    if (side_of_brigade(b, brigade) != me.side) return false;
    if (is_commander(b, me)) return true;
    return me.values.value("brigade", "") == brigade;
}

json& data_list(BattleEntry& e, const char* key) {
    json& l = e.data[key];
    if (!l.is_array()) l = json::array();
    return l;
}

bool in_list(const json& list, std::int64_t id) {
    if (!list.is_array()) return false;
    return std::any_of(list.begin(), list.end(), [&](const json& x) { return x.is_number_integer() && x.get<std::int64_t>() == id; });
}

void log_line(BattleEntry& e, const std::string& text, json details) { e.battle.add_line(text, std::move(details)); }

void side_line(BattleEntry& e, const std::string& side, const std::string& text) { e.battle.add_line(text, json::object(), side); }

}  // namespace muster::cmwd
