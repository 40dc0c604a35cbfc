// Phase 5, movement and the announcement of charges (loose-files-american-scramble.txt: "In the close terrain
// typical of this war, movement rates were unpredictable and so all movement is randomised in the game"). Every
// side's moves are rolled together; each die of 1 or 2 (1 to 3 in woods) is a DP but for skirmishers.
#include <cmath>
#include <optional>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/plan.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"
#include "shared/rulesets/lfas/words.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

// Whether the unit moves on an order this turn (setting orders_needed): given this turn within 6", or written a
// turn before and acted on once. `why`: the reason it has none, in words.
bool has_order(BattleEntry& e, std::int64_t unit, std::string& why) {
    if (!settings_from(e.settings).orders_needed || turn_has(e, "ordered", unit)) return true;
    json& written = e.data["written"];
    int later = 0;
    if (written.is_array())
        for (auto it = written.begin(); it != written.end(); ++it) {
            if (it->value("unit", std::int64_t{0}) != unit) continue;
            if (it->value("from_turn", 0) <= e.battle.turn) {
                written.erase(it);  // a written order is acted on once
                return true;
            }
            later = it->value("from_turn", 0);
        }
    why = unreached_reason(e, unit);
    if (why.empty() && later > 0)
        why = "its written order is acted on from turn " + std::to_string(later) +
              " (\"a unit takes one full turn to react to a written order\")";
    if (why.empty()) why = "no order reaches it this turn";
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
    std::string slowed;  // "woods" or "uphill": "Woods/Uphill: -1\" from all dice rolled"
};

// The dice of a move: average dice (on a road the player takes 5: "On roads the player chooses the result of any
// Average Die"), then d6; each low face a DP but for skirmishers; -1" a die in woods or uphill.
Roll roll_move(const BattleEntry& e, const Unit& u, int av, int d6, Dice& dice) {
    Roll r;
    const bool woods = in_woods(e.battle, u);
    const bool slowed = woods || on_ground(e.battle, u.position, "hill");
    const bool road = on_ground(e.battle, u.position, "road");
    r.slowed = woods ? "woods" : slowed ? "uphill" : "";
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

bool in_standoff(const BattleEntry& e, std::int64_t unit) {
    for (const auto& st : e.data.value("standoffs", json::array())) {
        if (st.value("defender", std::int64_t{0}) == unit) return true;
        for (const auto& a : st.value("attackers", json::array()))
            if (a == unit) return true;
    }
    return false;
}

// One unit's move as rolled, from where it stood as the movement began: "ALL MOVEMENT IS SIMULTANEOUS".
struct Planned {
    json m;
    Unit unit;  // where it stood, turned to face its way
    const Unit* target = nullptr;  // a charge's, where it stood
    Roll r;
    int inches = 0;
    bool wheel = false;
    Crossing over;
    double go = 0;  // how far it gets
    std::int64_t met = 0;  // the unit that stopped it short
};

// How far the move gets from where it is on its way (p.go) to `want`, short of `others`, and which of them it
// meets there.
void stop_short(Planned& p, double want, const std::vector<const Unit*>& others) {
    const Unit here = battle::moved(p.unit, p.go);
    const double go = p.go + battle::clear_distance(here, want - p.go, others);
    if (go + battle::epsilon < want) {
        const Unit at = battle::moved(p.unit, go);
        for (const Unit* o : others)
            if (battle::in_contact(at, *o) && !battle::overlap(here, *o)) p.met = o->id;
    }
    p.go = go;
}

// The dice, the heading and the obstacles of a move from `ground` (the units as the movement began).
std::optional<Planned> plan_move(BattleEntry& e, const std::map<std::int64_t, Unit>& ground, const json& m, Dice& dice) {
    const LfasSettings s = settings_from(e.settings);
    Planned p;
    p.m = m;
    p.unit = ground.at(m["unit"].get<std::int64_t>());
    if (m.contains("charge")) {
        auto t = ground.find(m["charge"].get<std::int64_t>());
        const Unit* now = e.battle.unit(m["charge"].get<std::int64_t>());
        if (t == ground.end() || t->second.removed || !now || now->removed) {
            log_line(e, p.unit.name + " does not charge: " + (now ? now->name : std::string("its target")) + " has left the field.",
                     {{"unit", p.unit.id}});
            return std::nullopt;
        }
        p.target = &t->second;
    }
    const Point to = p.target ? p.target->position : m["to"].get<Point>();
    const int av = m.value("av", 0), d6 = m.value("d6", 0);
    p.r = roll_move(e, p.unit, av, d6, dice);
    p.inches = p.r.inches + (m.value("plus_two", false) ? 2 : 0);
    // "wheeling is treated as an uphill move measured by the outer figure plus 1 DP"
    const double heading = battle::bearing(p.unit.position, to);
    double turn = std::fabs(battle::normalize_degrees(heading - p.unit.facing));
    turn = std::min(turn, 360 - turn);
    p.wheel = turn > s.wheel_degrees + battle::epsilon && !is_skirmishers(p.unit);  // open order turns freely
    if (p.wheel) p.inches = std::max(0, p.inches - (av + d6) * woods_penalty_per_die), ++p.r.dps;
    p.unit.facing = heading;
    p.over = obstacles(e, p.unit, std::min<double>(p.inches, battle::distance(p.unit.position, to)));
    p.r.dps += p.over.dps;
    return p;
}

// How far each move gets, all moving together: a step at a time, each the same share of its own move, every unit
// stopping where it meets one standing, or one moving where that one stands after the step before; two that step
// into each other both stop where they were (setting movers_meeting "both_stop": neither side's orders come first).
void settle(const BattleEntry& e, std::vector<Planned>& moves) {
    std::set<std::int64_t> moving;
    for (const auto& p : moves) moving.insert(p.unit.id);
    std::vector<const Unit*> still;
    for (const auto& [id, o] : e.battle.units)
        if (!o.removed && !moving.count(id)) still.push_back(&o);
    std::vector<bool> stopped(moves.size(), false);
    const int steps = 40;
    for (int k = 1; k <= steps; ++k) {
        std::vector<Unit> now;
        for (const auto& p : moves) now.push_back(battle::moved(p.unit, p.go));
        std::vector<double> was;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            was.push_back(moves[i].go);
            if (stopped[i]) continue;
            std::vector<const Unit*> others = still;
            for (std::size_t j = 0; j < now.size(); ++j)
                if (j != i) others.push_back(&now[j]);
            const double want = moves[i].over.go * k / steps;
            stop_short(moves[i], want, others);
            stopped[i] = moves[i].go + battle::epsilon < want;
        }
        for (std::size_t i = 0; i < moves.size(); ++i)
            for (std::size_t j = i + 1; j < moves.size(); ++j)
                if (battle::overlap(battle::moved(moves[i].unit, moves[i].go), battle::moved(moves[j].unit, moves[j].go))) {
                    moves[i].go = was[i], moves[j].go = was[j];
                    moves[i].met = moves[j].unit.id, moves[j].met = moves[i].unit.id;
                    stopped[i] = stopped[j] = true;
                }
    }
}

// Why a move ends short of the point its order gave (a charge ends at its target, judged in combat): a unit in the
// way, or dice that fell short ("all movement is randomised in the game"); an obstacle says so itself.
std::string short_words(const BattleEntry& e, const Planned& p) {
    if (p.target || !p.m.contains("to") || p.m.value("rider", false)) return "";  // a rider has no mark of its own
    const double wanted = battle::distance(p.unit.position, p.m["to"].get<Point>());
    if (p.go + 0.5 > wanted) return "";
    const std::string mark = " It ends " + inches_words(wanted - p.go) + " short of its mark";
    const Unit* o = p.met ? e.battle.unit(p.met) : nullptr;
    if (o && o->side != p.unit.side) return mark + ": " + o->name + " stands in its way.";
    if (o) return mark + ".";  // the collision with the friend says why
    if (p.over.go + battle::epsilon < std::min<double>(p.inches, wanted)) return mark + ".";
    return mark + ": the dice gave " + std::to_string(p.inches) + "\".";
}

// The move made: the unit where it ends, its DPs, a collision with a friend that stopped it, a charge announced.
void make_move(BattleEntry& e, const Planned& p, const std::map<std::int64_t, Unit>& ground,
               std::set<std::pair<std::int64_t, std::int64_t>>& collided) {
    const auto id = p.unit.id;
    const Unit end = battle::moved(p.unit, p.go);
    Unit& u = e.battle.units.at(id);
    u.position = end.position;
    u.facing = end.facing;
    const int av = p.m.value("av", 0), d6 = p.m.value("d6", 0);
    u.markers["speed"] = av + d6;
    turn_add(e, "moved", id);
    add_dps(e, id, p.r.dps, false);
    std::string words = u.name + (p.target ? " charges " + p.target->name : " moves") + " " +
                        std::to_string(static_cast<int>(std::round(p.go))) + "\" (" + std::to_string(av) + " average, " +
                        std::to_string(d6) + " d6" +
                        (p.r.slowed.empty() ? "" : ", -1\" a die " + std::string(p.r.slowed == "woods" ? "in woods" : "uphill")) +
                        (p.wheel ? ", wheeling: -1\" a die and 1 DP" : "") + "): " + std::to_string(p.r.dps) + " DP." +
                        p.over.words + short_words(e, p);
    // "Each unit involved in a collision or interpenetration takes 1 DP": a friend in the way stops it (two that
    // stop each other collide once).
    const Unit* o = p.met ? e.battle.unit(p.met) : nullptr;
    if (o && o->side == u.side && (!p.target || o->id != p.target->id)) {
        if (collided.insert({std::min(id, o->id), std::max(id, o->id)}).second) {
            add_dps(e, id, 1, false);
            add_dps(e, o->id, 1, false);
            words += " It collides with " + o->name + ": 1 DP each.";
        } else {
            words += " It collides with " + o->name + ".";
        }
    }
    log_line(e, words, {{"test", "movement"}, {"unit", id}, {"faces", p.r.faces}, {"inches", p.inches}, {"dps", p.r.dps},
                        {"wheel", p.wheel}, {"from", {p.unit.position.x, p.unit.position.y}}});
    if (p.target) {
        const bool started_in_musket = battle::distance_between(ground.at(id), *p.target) <= musket_range;
        e.data["turn"]["charges"].push_back({{"unit", id}, {"target", p.target->id}, {"bayonet", p.m.value("bayonet", false)},
                                             {"started_in_musket_range", started_in_musket}});
    }
}

// The point `reach` straight ahead of the unit, or the table's edge on the way.
Point ahead_to_edge(const Battle& b, const Unit& u, double reach) {
    const Point d = battle::direction(u.facing);
    const auto limit = [&](double at, double step, double size) {
        if (step > battle::epsilon) reach = std::min(reach, (size - at) / step);
        if (step < -battle::epsilon) reach = std::min(reach, -at / step);
    };
    limit(u.position.x, d.x, b.table.width);
    limit(u.position.y, d.y, b.table.depth);
    reach = std::max(0.0, reach);
    return {u.position.x + d.x * reach, u.position.y + d.y * reach};
}

// "a unit at top speed (four dice) can only slow to two dice next turn": one bound by the speed rule that has not
// moved this turn, whatever its orders (none, no order within reach), rides on straight ahead at the least it may.
std::vector<json> riders(BattleEntry& e, const std::set<std::int64_t>& moving) {
    std::vector<json> out;
    for (const auto& [id, u] : e.battle.units) {
        if (u.removed || moving.count(id) || turn_has(e, "moved", id) || least_dice(e, u) == 0 || in_standoff(e, id)) continue;
        const int least = least_dice(e, u);
        const MoveDice allowed = move_dice(u.troop_type, class_of(u), u.values.value("hessian", false) == true);
        const int av = std::clamp(least - allowed.d6_min, allowed.av_min, allowed.av_max);
        const int d6 = std::clamp(least - av, allowed.d6_min, allowed.d6_max);
        const double most = 5.0 * av + 6.0 * d6;  // the dice at their best: an average die shows 5 at most
        const Point to = ahead_to_edge(e.battle, u, 6.0 * (av + d6));
        const double room = battle::distance(u.position, to);
        const std::string said = u.name + " moved with " + std::to_string(u.marker("speed")) + " dice last turn and cannot stop";
        if (room < battle::epsilon) {
            log_line(e, said + ", but stands at the table's edge.", {{"unit", id}});
            continue;
        }
        log_line(e, said + ": it rides on with " + std::to_string(av + d6) + " straight ahead" +
                        (room + battle::epsilon < most ? ", the table's edge " + inches_words(room) + " ahead." : "."),
                 {{"unit", id}});
        out.push_back({{"unit", id}, {"av", av}, {"d6", d6}, {"to", {to.x, to.y}}, {"rider", true}});
    }
    return out;
}

// The moves ordered this turn that are made: a unit with an order, not limbering; a formation change or limbering
// is made at once (it stays where it stands).
std::vector<json> ordered_moves(BattleEntry& e) {
    std::vector<json> out;
    for (const auto& p : plans(e))
        for (const auto& m : p["item"].value("move", json::array())) {
            const auto id = m["unit"].get<std::int64_t>();
            auto it = e.battle.units.find(id);
            if (it == e.battle.units.end() || it->second.removed) continue;
            std::string why;
            if (!has_order(e, id, why)) {
                log_line(e, it->second.name + " stands: " + why + ".", {{"unit", id}});
                continue;
            }
            if (const int n = it->second.marker("limbering"); n > 0) {
                log_line(e, it->second.name + " cannot move: it is still " + (limbered(it->second) ? "unlimbering" : "limbering up") +
                                " (\"limbering/unlimbering takes two turns\"), done at the end of " +
                                (n == 1 ? std::string("this turn") : "turn " + std::to_string(e.battle.turn + n - 1)) + ".",
                         {{"unit", id}});
                continue;
            }
            if (m.contains("formation")) {
                change_formation(e, it->second, m["formation"].get<std::string>());
                turn_add(e, "moved", id);
            } else if (m.value("limber", false)) {
                limber(e, it->second);
                turn_add(e, "moved", id);
            } else {
                out.push_back(m);
            }
        }
    return out;
}

}  // namespace

// "ALL MOVEMENT IS SIMULTANEOUS": every move is rolled and measured from where the units stood as the movement
// began (a charger heads for where its target stood) and made together; with the setting movers_meeting
// "in_order" each is made in turn, in the order the orders came, from where the others stand by then.
void movement_step(BattleEntry& e, Dice& dice) {
    e.data["turn"]["charges"] = json::array();
    std::vector<json> wanted = ordered_moves(e);
    std::set<std::int64_t> moving;
    for (const auto& m : wanted) moving.insert(m["unit"].get<std::int64_t>());
    for (auto& m : riders(e, moving)) wanted.push_back(std::move(m));
    const std::map<std::int64_t, Unit> ground = e.battle.units;
    std::set<std::pair<std::int64_t, std::int64_t>> collided;
    if (settings_from(e.settings).movers_meeting == "in_order") {
        for (const auto& m : wanted) {
            const std::map<std::int64_t, Unit> now = e.battle.units;
            auto p = plan_move(e, now, m, dice);
            if (!p) continue;
            std::vector<Planned> one = {*p};
            settle(e, one);
            make_move(e, one[0], now, collided);
        }
    } else {
        std::vector<Planned> moves;
        for (const auto& m : wanted)
            if (auto p = plan_move(e, ground, m, dice)) moves.push_back(*p);
        settle(e, moves);
        for (const auto& p : moves) make_move(e, p, ground, collided);
    }
    // A unit that did not move has come to rest.
    for (auto& [id, u] : e.battle.units)
        if (!turn_has(e, "moved", id)) u.markers["speed"] = 0;
}

}  // namespace muster::lfas
