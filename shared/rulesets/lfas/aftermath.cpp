// Phase 7, re-dressing ranks, and phases 1 and 2 of the next turn: compulsory retreats and routs from this turn's
// combat and their morale effects on the units they pass (loose-files-american-scramble.txt, "Driven back retreats
// one move at maximum speed; defeated retreats behind the next friendly line or terrain obstacle; routed runs beyond
// enemy artillery range or to the next obstacle"; "Troops ignore retreats of lower-grade units but ...").
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"
#include "shared/rulesets/lfas/words.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

// Why a unit that stood still re-dresses no DP (phase 7, "re-dress ranks (remove D. Points by training) for units that
// did not move"): "1st Class remove up to 2 DPs per turn if stationary and not in combat; 2nd Class 1 DP if stationary
// and not in combat; 3rd Class 1 DP if also not under fire; 4th Class only via a commander's CPs; 5th Class only via
// the commander-in-chief's CPs".
std::string no_redress_reason(const BattleEntry& e, const Unit& u) {
    const int k = class_of(u);
    if (k == 4) return "a 4th Class unit re-dresses only by a commander's rally (2 CPs)";
    if (k >= 5) return "a 5th Class unit re-dresses only by the commander-in-chief's rally (2 CPs)";
    if (turn_has(e, "in_combat", u.id)) return "it was in combat this turn";
    return "a 3rd Class unit re-dresses only when not under fire, and it was fired on this turn";
}

}  // namespace

void redress_step(BattleEntry& e, Dice&) {
    for (auto& [id, u] : e.battle.units) {
        if (u.removed) continue;
        if (u.marker("limbering") > 0) {
            u.markers["limbering"] -= 1;
            if (u.marker("limbering") == 0) {
                u.values["limbered"] = !limbered(u);
                log_line(e, u.name + (limbered(u) ? " is limbered." : " is unlimbered and ready."));
            }
        }
        const bool stationary = !turn_has(e, "moved", id);
        const int n = std::min(dps(u), redress(class_of(u), stationary, turn_has(e, "in_combat", id), turn_has(e, "under_fire", id)));
        if (n > 0) {
            u.markers["dp"] = dps(u) - n;
            log_line(e, u.name + " re-dresses its ranks: " + std::to_string(n) + " DP less.");
        } else if (stationary && dps(u) > 0) {
            log_line(e, u.name + " keeps its " + std::to_string(dps(u)) + " DP: " + no_redress_reason(e, u) + ".", {{"unit", id}});
        }
    }
}

namespace {

// How far a beaten unit goes: a driven-back unit one move at its class's top speed, rolled; a defeated one behind
// the nearest friendly unit at its back (else defeated_inches); a routed one rout_inches.
double retreat_distance(BattleEntry& e, const Unit& u, const std::string& kind, Point away, Dice& dice, json& faces) {
    const LfasSettings s = settings_from(e.settings);
    if (kind == "driven_back") {
        const MoveDice d = move_dice(u.troop_type, class_of(u), u.values.value("hessian", false) == true);
        int inches = 0;
        for (int i = 0; i < d.av_max + d.d6_max; ++i) {
            const bool average = i < d.av_max;
            const int f = average ? roll_average(dice) : dice.roll(6);
            faces.push_back({{"die", average ? "average" : "d6"}, {"face", f}});
            inches += f;
        }
        return inches;
    }
    if (kind == "routed") return s.rout_inches;
    const double back = battle::bearing(away, u.position);
    double best = s.defeated_inches;
    for (const auto& [id, f] : e.battle.units) {
        if (f.side != u.side || f.removed || id == u.id) continue;
        const double d = battle::distance(u.position, f.position);
        double rel = std::fabs(battle::normalize_degrees(battle::bearing(u.position, f.position) - back));
        rel = std::min(rel, 360 - rel);
        if (rel <= 45 && d + f.base_depth + 1 < best + 24) best = std::max(best, d + f.base_depth + 1);
    }
    return best;
}

// "Driven back retreats one move at maximum speed; defeated retreats behind the next friendly line or terrain
// obstacle; routed runs beyond enemy artillery range or to the next obstacle."
std::string retreat_words(const std::string& kind) {
    if (kind == "driven_back") return "driven back (\"one move at maximum speed\")";
    if (kind == "defeated") return "defeated (\"behind the next friendly line or terrain obstacle\")";
    if (kind == "routed") return "routed (\"beyond enemy artillery range or to the next obstacle\")";
    return kind;
}

void retreat(BattleEntry& e, const json& r, Dice& dice, json& passing) {
    const auto id = r["unit"].get<std::int64_t>();
    Unit& u = e.battle.units.at(id);
    if (u.removed) return;
    const Unit* enemy = e.battle.unit(r.value("away_from", std::int64_t{0}));
    const Point away = enemy ? battle::footprint(*enemy).centre() : u.position;
    const std::string kind = r["kind"];
    json faces = json::array();
    const double dist = retreat_distance(e, u, kind, away, dice, faces);
    const Point from = u.position;
    u.facing = enemy ? battle::bearing(away, u.position) : battle::normalize_degrees(u.facing + 180);
    u = battle::moved(u, dist);
    const json details = {{"unit", id}, {"kind", kind}, {"inches", dist}, {"faces", faces}};
    if (!e.battle.table.contains(u.position.x, u.position.y)) {
        u.removed = true;
        log_line(e, u.name + ", " + retreat_words(kind) + ", runs off the table and is gone.", details);
    } else {
        log_line(e, u.name + ", " + retreat_words(kind) + ", falls back " + inches_words(std::round(dist)) + ".", details);
    }
    // "Retreating or Routing units move round supports that are better formed (i.e., have less DPs), but run
    // through and collide with units equally or worse formed."
    for (auto& [oid, o] : e.battle.units) {
        if (oid == id || o.removed || o.side != u.side) continue;
        const double near = battle::distance_to_segment(o.position, from, u.position);
        if (near <= o.base_width / 2 && dps(o) >= dps(e.battle.units.at(id))) {
            add_dps(e, oid, 1, false);
            add_dps(e, id, 1, false);
            log_line(e, e.battle.units.at(id).name + " runs through " + o.name + ": 1 DP each.");
        }
        if (near <= passing_range) passing.push_back({{"unit", oid}, {"by", id}, {"routing", kind == "routed"}});
    }
}

}  // namespace

void retreats_step(BattleEntry& e, Dice& dice) {
    json passing = json::array();
    const json retreats = e.data.value("retreats", json::array());
    for (const auto& r : retreats) retreat(e, r, dice, passing);
    // "4th/5th class pursue until outdistanced or the enemy is destroyed."
    const json pursuits = e.data.value("pursuits", json::array());
    for (const auto& p : pursuits) {
        Unit* u = &e.battle.units.at(p["unit"].get<std::int64_t>());
        const Unit* after = e.battle.unit(p["after"].get<std::int64_t>());
        if (u->removed || !after || after->removed) continue;
        u->facing = battle::bearing(u->position, after->position);
        const double go = battle::distance(u->position, after->position) - after->base_depth;
        *u = battle::moved(*u, std::max(0.0, go));
        log_line(e, u->name + " pursues " + after->name + ".");
        e.data["standoffs"].push_back({{"attackers", {u->id}}, {"defender", after->id}});
    }
    e.data["passing"] = passing;
    e.data["retreats"] = json::array();
    e.data["pursuits"] = json::array();
}

void morale_step(BattleEntry& e, Dice& dice) {
    // Phases 1 and 2 open the next turn: a general's risk taken here is that turn's one ("max once per turn").
    e.data["turn"] = json::object();
    const json passing = e.data.value("passing", json::array());
    for (const auto& p : passing) {
        Unit* u = &e.battle.units.at(p["unit"].get<std::int64_t>());
        const Unit* by = e.battle.unit(p["by"].get<std::int64_t>());
        if (u->removed || !by) continue;
        const PassedBy hit = passed_by(class_of(*u), class_of(*by), p.value("routing", false));
        if (hit.dps == 0 && hit.casualties == 0) continue;
        const std::string name = u->name;
        const auto id = u->id;
        const int had = casualties(*u);
        add_dps(e, id, hit.dps, true);  // "further DPs from fire or morale become casualties"
        add_casualties(e, id, hit.casualties);
        log_line(e, name + " sees " + by->name + (p.value("routing", false) ? " rout" : " retreat") + " past: " +
                        std::to_string(hit.dps) + " DP" + (hit.casualties ? ", " + std::to_string(hit.casualties) + " casualty" : "") + ".",
                 {{"test", "morale"}, {"unit", id}, {"by", by->id}, {"dps", hit.dps}, {"casualties", hit.casualties}});
        // "If the unit takes a DP from fire or any casualty, roll d6".
        if (casualties(e.battle.units.at(id)) > had) risk_to_generals(e, id, dice);
    }
    e.data["passing"] = json::array();
    roll_command_points(e, dice);
}

}  // namespace muster::lfas
