#include "shared/rulesets/oth/hints.h"

#include <algorithm>
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/battle_turn.h"
#include "shared/rulesets/oth/cannon.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/musketry.h"

namespace muster::oth {

using nlohmann::json;
using battle::Battle;
using battle::Leader;
using battle::Unit;

namespace {

json range(const char* kind, double cm, const battle::Table& table) {
    return {{"kind", kind}, {"cm", cm}, {"range", table.from_cm(cm)}};
}

// The ranges the fire step uses for this unit (over-the-hills.txt, "Musketry", "Cannon Fire").
json ranges_of(const Unit& u, const BattleSettings& s, const battle::Table& table) {
    json out = json::array();
    if (type_of(u) == TroopType::gunners) {
        out.push_back(range("grape", grape_range_cm, table));
        out.push_back(range("ball", ball_range_cm, table));
        return out;
    }
    const double musketry = musketry_range_cm(musketry_of(u));
    out.push_back(range("musketry", musketry, table));
    // HOLD YOUR FIRE: "wait until the enemy is close" (the fire step's hold_fire_close_cm).
    if (order_of(u) == "hold_your_fire") out.push_back(range("hold_your_fire", std::min(musketry, s.hold_fire_close_cm), table));
    return out;
}

// Whether the viewer may know the unit's values: umpires all; a player his side's and his own (battle_view.cpp).
bool knows_values(const Unit& u, const Viewer& viewer, const std::string& viewer_side) {
    if (viewer.is_umpire()) return true;
    if (viewer.role != Role::player) return false;
    return (u.owner != 0 && u.owner == viewer.user) || (!viewer_side.empty() && u.side == viewer_side);
}

// How far the leader stands from the nearest unit of his side, in cm (null when his side has none on the table):
// what a player or the umpire needs to see why a leader is with no unit.
json nearest_unit_cm(const Battle& b, const Leader& l) {
    json best = nullptr;
    for (const auto& [id, u] : b.units) {
        if (u.removed || u.side != l.side) continue;
        const double cm = b.table.to_cm(battle::distance_to_unit(u, l.position));
        if (best.is_null() || cm < best.get<double>()) best = std::round(cm * 10) / 10;
    }
    return best;
}

bool with_any_unit(const Battle& b, const Leader& l, double with) {
    for (const auto& [id, u] : b.units)
        if (!u.removed && u.side == l.side && battle::with_unit(l, u, with)) return true;
    return false;
}

// The leader's reach and targets this turn, as decide_card and decide_talk check them.
void add_leader_hints(json& j, const Battle& b, const BattleSettings& s, const Leader& me) {
    j["move_reach"] = b.table.from_cm(leader_movement_cm);
    // "Leaders can only give orders to troops they are actually with."
    const double with = b.table.from_cm(s.with_unit_cm);
    for (const auto& [id, u] : b.units)
        if (!u.removed && u.side == me.side && battle::with_unit(me, u, with)) j["with_units"].push_back(id);
    if (j["with_units"].empty()) j["nearest_unit_cm"] = nearest_unit_cm(b, me);
    // "1. Talk to other leaders": figures next to each other; a concealed enemy is not there for him.
    const double talk = b.table.from_cm(s.talk_cm);
    for (const auto& [id, l] : b.leaders) {
        if (l.id == me.id || l.user == 0 || (l.concealed && l.side != me.side)) continue;
        if (battle::leaders_adjacent(me, l, talk)) j["talk_to"].push_back(id);
    }
}

// The umpire's warning: leaders of players who are with none of their side's units, so can give no unit an order.
json leaders_alone(const Battle& b, const BattleSettings& s) {
    json out = json::array();
    const double with = b.table.from_cm(s.with_unit_cm);
    for (const auto& [id, l] : b.leaders) {
        if (l.user == 0 || leader_down(l) || with_any_unit(b, l, with)) continue;
        out.push_back({{"leader", id}, {"nearest_unit_cm", nearest_unit_cm(b, l)}});
    }
    return out;
}

}  // namespace

json battle_hints(const Battle& b, const BattleSettings& s, const Viewer& viewer, const std::string& viewer_side) {
    json j = {{"move_reach", nullptr}, {"with_units", json::array()}, {"talk_to", json::array()}, {"ranges", json::object()},
              // Drawn round a leader: "with" his units, and "next to" another leader to talk (the battle's settings).
              {"leader_reach", json::array({range("with", s.with_unit_cm, b.table), range("talk", s.talk_cm, b.table)})}};
    const Leader* me = viewer.role == Role::player ? b.leader_of(viewer.user) : nullptr;
    if (me && !leader_down(*me)) add_leader_hints(j, b, s, *me);
    if (viewer.is_umpire()) j["leaders_alone"] = leaders_alone(b, s);
    for (const auto& [id, u] : b.units)
        if (!u.removed && knows_values(u, viewer, viewer_side)) j["ranges"][std::to_string(id)] = ranges_of(u, s, b.table);
    return j;
}

}  // namespace muster::oth
