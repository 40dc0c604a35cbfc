// Phase 5, movement and the announcement of charges (loose-files-american-scramble.txt: "In the close terrain
// typical of this war, movement rates were unpredictable and so all movement is randomised in the game"). Every
// side's moves are rolled together; each die of 1 or 2 (1 to 3 in woods) is a DP but for skirmishers.
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

bool has_order(BattleEntry& e, std::int64_t unit) {
    if (!settings_from(e.settings).orders_needed || turn_has(e, "ordered", unit)) return true;
    json& written = e.data["written"];
    if (!written.is_array()) return false;
    for (auto it = written.begin(); it != written.end(); ++it)
        if (it->value("unit", std::int64_t{0}) == unit && it->value("from_turn", 0) <= e.battle.turn) {
            written.erase(it);  // a written order is acted on once
            return true;
        }
    return false;
}

// "Change Formation: Takes one turn. Take 1 DP (2 DPs if under fire)."
void change_formation(BattleEntry& e, Unit& u, const std::string& to) {
    battle::formation_from_string(to, u.formation, u.formation_name);
    const int n = turn_has(e, "under_fire", u.id) ? 2 : 1;
    add_dps(e, u.id, n, false);
    log_line(e, u.name + " forms " + to + ": " + std::to_string(n) + " DP.");
}

// "limbering/unlimbering takes two turns".
void limber(BattleEntry& e, Unit& u) {
    u.markers["limbering"] = 2;
    log_line(e, u.name + (limbered(u) ? " begins to unlimber." : " begins to limber up."));
}

struct Roll {
    json faces = json::array();
    int inches = 0;
    int dps = 0;
};

// The dice of a move: average dice (on a road the player takes 5: "On roads the player chooses the result of any
// Average Die"), then d6; each low face a DP but for skirmishers; -1" a die in woods or uphill.
Roll roll_move(const BattleEntry& e, const Unit& u, int av, int d6, Dice& dice) {
    Roll r;
    const bool woods = in_woods(e.battle, u);
    const bool slowed = woods || on_ground(e.battle, u.position, "hill");
    const bool road = on_ground(e.battle, u.position, "road");
    for (int i = 0; i < av + d6; ++i) {
        const bool average = i < av;
        const int face = average ? (road ? 5 : roll_average(dice)) : dice.roll(6);
        r.faces.push_back({{"die", average ? "average" : "d6"}, {"face", face}});
        r.inches += std::max(0, face - (slowed ? woods_penalty_per_die : 0));
        if (!is_skirmishers(u) && !(average && road) && movement_dp(face, woods)) ++r.dps;
    }
    return r;
}

// Obstacles on the way (loose-files-american-scramble.txt: "Minor obstacles take one turn and 1 DP (2 if under
// fire); fences/walls take half a move and 1 DP if cavalry or under fire"): how far the unit gets of `want`, and
// the DPs and words of what it crossed. A minor obstacle (a hedge, ditch or stream) ends the move just over it.
struct Crossing {
    double go = 0;
    int dps = 0;
    std::string words;
};
Crossing obstacles(const BattleEntry& e, const Unit& u, double want) {
    Crossing c{want, 0, ""};
    const bool under_fire = turn_has(e, "under_fire", u.id);
    const Point dir = battle::direction(u.facing);
    auto at = [&](double d) { return Point{u.position.x + dir.x * d, u.position.y + dir.y * d}; };
    for (const auto& f : e.battle.terrain) {
        const bool fence = f.kind == "fence" || f.kind == "wall";
        const bool minor = f.kind == "hedge" || f.kind == "ditch" || f.kind == "stream" || f.kind == "minor_obstacle";
        if ((!fence && !minor) || !battle::segment_crosses(f.shape, u.position, at(c.go))) continue;
        if (fence) {
            c.go /= 2;  // "take half a move"
            if (is_cavalry(u) || under_fire) ++c.dps;
            c.words += " It crosses " + (f.name.empty() ? f.kind : f.name) + " (half its move" + (is_cavalry(u) || under_fire ? ", 1 DP)." : ").");
            continue;
        }
        double d = 0;  // the first point of the way over it, to a quarter inch
        while (d < c.go && !battle::segment_crosses(f.shape, u.position, at(d + 0.25))) d += 0.25;
        c.go = std::min(c.go, d + 0.25 + u.base_depth);
        c.dps += under_fire ? 2 : 1;
        c.words += " It crosses " + (f.name.empty() ? f.kind : f.name) + ", which takes its turn (" + (under_fire ? "2 DP)." : "1 DP).");
    }
    return c;
}

void move_unit(BattleEntry& e, const json& m, Dice& dice) {
    const LfasSettings s = settings_from(e.settings);
    const auto id = m["unit"].get<std::int64_t>();
    Unit u = e.battle.units.at(id);
    const Unit* target = m.contains("charge") ? e.battle.unit(m["charge"].get<std::int64_t>()) : nullptr;
    if (m.contains("charge") && (!target || target->removed)) return log_line(e, u.name + " has no one left to charge.");
    const Point to = target ? target->position : m["to"].get<Point>();
    const int av = m.value("av", 0), d6 = m.value("d6", 0);
    Roll r = roll_move(e, u, av, d6, dice);
    int inches = r.inches + (m.value("plus_two", false) ? 2 : 0);
    // "wheeling is treated as an uphill move measured by the outer figure plus 1 DP"
    const double heading = battle::bearing(u.position, to);
    double turn = std::fabs(battle::normalize_degrees(heading - u.facing));
    turn = std::min(turn, 360 - turn);
    const bool wheel = turn > s.wheel_degrees + battle::epsilon && !is_skirmishers(u);  // open order turns freely
    if (wheel) inches = std::max(0, inches - (av + d6) * woods_penalty_per_die), ++r.dps;
    u.facing = heading;
    const Crossing over = obstacles(e, u, std::min<double>(inches, battle::distance(u.position, to)));
    const double want = over.go;
    r.dps += over.dps;
    std::vector<const Unit*> others;
    for (const auto& [oid, o] : e.battle.units)
        if (oid != id && !o.removed) others.push_back(&o);
    const double go = battle::clear_distance(u, want, others);
    u = battle::moved(u, go);
    const bool started_in_musket = target && battle::distance_between(e.battle.units.at(id), *target) <= musket_range;
    e.battle.units.at(id) = u;
    e.battle.units.at(id).markers["speed"] = av + d6;
    turn_add(e, "moved", id);
    add_dps(e, id, r.dps, false);
    std::string words = u.name + (target ? " charges " + target->name : " moves") + " " + std::to_string(static_cast<int>(std::round(go))) +
                        "\" (" + std::to_string(av) + " average, " + std::to_string(d6) + " d6" + (wheel ? ", wheeling" : "") + "): " +
                        std::to_string(r.dps) + " DP." + over.words;
    // "Each unit involved in a collision or interpenetration takes 1 DP": a friend in the way stops it.
    if (go + battle::epsilon < want)
        for (const Unit* o : others)
            if (o->side == u.side && battle::in_contact(u, *o) && (!target || o->id != target->id)) {
                add_dps(e, id, 1, false);
                add_dps(e, o->id, 1, false);
                words += " It collides with " + o->name + ": 1 DP each.";
                break;
            }
    log_line(e, words, {{"test", "movement"}, {"unit", id}, {"faces", r.faces}, {"inches", inches}, {"dps", r.dps}, {"wheel", wheel}});
    if (target) e.data["turn"]["charges"].push_back({{"unit", id}, {"target", target->id}, {"bayonet", m.value("bayonet", false)},
                                                     {"started_in_musket_range", started_in_musket}});
}

}  // namespace

void movement_step(BattleEntry& e, Dice& dice) {
    e.data["turn"]["charges"] = json::array();
    for (const auto& p : plans(e))
        for (const auto& m : p["item"].value("move", json::array())) {
            const auto id = m["unit"].get<std::int64_t>();
            auto it = e.battle.units.find(id);
            if (it == e.battle.units.end() || it->second.removed) continue;
            if (!has_order(e, id)) {
                log_line(e, it->second.name + " has no order within reach and stands.");
                continue;
            }
            if (it->second.marker("limbering") > 0) {
                log_line(e, it->second.name + " is still limbering.");
                continue;
            }
            if (m.contains("formation")) {
                change_formation(e, it->second, m["formation"].get<std::string>());
                turn_add(e, "moved", id);
            } else if (m.value("limber", false)) {
                limber(e, it->second);
                turn_add(e, "moved", id);
            } else {
                move_unit(e, m, dice);
            }
        }
    // A unit that did not move has come to rest.
    for (auto& [id, u] : e.battle.units)
        if (!turn_has(e, "moved", id)) u.markers["speed"] = 0;
}

}  // namespace muster::lfas
