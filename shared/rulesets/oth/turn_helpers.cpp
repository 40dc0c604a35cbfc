// What the steps of an Over the Hill turn share (turn_helpers.h): unit order, the enemy in front, the
// circumstances of a reaction test, friends seeing a unit go, moving over the ground and sight.
#include "shared/rulesets/oth/turn_helpers.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/order_words.h"

namespace muster::oth::detail {

using nlohmann::json;
using battle::Battle;
using battle::Point;
using battle::Unit;

std::vector<std::int64_t> live_units(const Battle& b) {
    std::vector<std::int64_t> ids;
    for (const auto& [id, u] : b.units)
        if (!u.removed) ids.push_back(id);
    return ids;
}

// over-the-hills.txt, "REACTION TEST RESULTS TABLES": "When in combat, always roll for the Jacobite forces
// before Government forces." Fire, the tests after it and melee take units in this order.
bool jacobite(const Unit& u) { return u.side == "jacobite" || u.side == "jacobites"; }

std::vector<std::int64_t> in_combat_order(const Battle& b, std::vector<std::int64_t> ids) {
    std::stable_partition(ids.begin(), ids.end(), [&](std::int64_t id) { return jacobite(b.units.at(id)); });
    return ids;
}

// The nearest live enemy unit in front of `u` within `range_cm` (any range when negative).
Unit* nearest_enemy_in_front(Turn& t, const Unit& u, double range_cm) {
    Unit* best = nullptr;
    double best_d = 0;
    double range = range_cm < 0 ? 1e12 : t.units(range_cm);
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.concealed || o.side == u.side || !battle::unit_in_front_within(u, o, range)) continue;
        double d = battle::distance_between(u, o);
        if (!best || d < best_d) best = &o, best_d = d;
    }
    return best;
}

Unit* nearest_enemy_seen(Turn& t, const Unit& u, bool in_front) {
    Unit* best = nullptr;
    double best_d = 0;
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.concealed || o.side == u.side || !sees(t, u, o)) continue;
        if (in_front && !battle::unit_in_front_within(u, o, 1e12)) continue;
        double d = battle::distance_between(u, o);
        if (!best || d < best_d) best = &o, best_d = d;
    }
    return best;
}

bool leader_with(Turn& t, const Unit& u) {
    for (const auto& [id, l] : t.b().leaders)
        if (l.side == u.side && !leader_down(l) && battle::with_unit(l, u, t.units(t.settings.with_unit_cm)))
            return true;
    return false;
}

ReactionCircumstances circumstances(Turn& t, const Unit& u, const Unit* enemy) {
    ReactionCircumstances c;
    const double near = t.units(t.settings.outnumbered_cm);
    int friends = 0, enemies = 0;
    for (const auto& [id, o] : t.b().units) {
        if (o.removed || battle::distance_between(u, o) > near) continue;
        if (o.side == u.side) ++friends;
        else if (o.concealed) continue;  // an ambush not yet seen weighs on no one
        else {
            ++enemies;
            if (battle::arc_of(u, battle::footprint(o).centre()) != battle::Arc::front) c.outflanked = true;
        }
    }
    c.outnumbered = enemies > friends;
    if (enemy) {
        c.enemy_drill_more_than_2_better = drill_more_than_2_better(drill(*enemy), drill(u));
        auto o = order_of(*enemy);
        c.enemy_falling_back = o == "retreat" || o == "run_away" || t.fact_has("fell_back", enemy->id);
    }
    c.leader_with_unit = leader_with(t, u);
    if (type_of(u) == TroopType::gunners)
        for (const auto& [id, o] : t.b().units)
            if (!o.removed && o.id != u.id && o.side == u.side && is_foot(type_of(o)) &&
                battle::distance_between(u, o) <= t.units(t.settings.adjacent_cm))
                c.supported = true;
    return c;
}

json circumstances_json(const ReactionCircumstances& c) {
    return {{"outnumbered", c.outnumbered},
            {"outflanked", c.outflanked},
            {"enemy_drill_more_than_2_better", c.enemy_drill_more_than_2_better},
            {"leader_with_unit", c.leader_with_unit},
            {"supported", c.supported},
            {"enemy_falling_back", c.enemy_falling_back},
            {"umpire_modifier", c.umpire_modifier}};
}

// Each adjacent friendly unit takes a TP (over-the-hills.txt, "How is it Handled?": "Each adjacent friendly
// unit running away or charging forward").
void adjacent_friends_take_tp(Turn& t, const Unit& u, const std::string& why) {
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.id == u.id || o.side != u.side) continue;
        if (battle::distance_between(u, o) > t.units(t.settings.adjacent_cm)) continue;
        add_tp(o, 1);
        // The line names both: it stays with their side while either is concealed (an umpire's result on an ambush).
        t.say_about(o.concealed || u.concealed, o.side, unit_label(o) + " see " + unit_label(u) + " " + why + ".",
                    {{"unit", o.id}, {"tp", 1}, {"tension_points", tp(o)}});
    }
}

// The book gives no terrain effects; these readings are docs/rules-notes.md, "Ground, sight and ambushes".
// Terrain is sampled every quarter of a cm as a unit moves: finer than any ruler at the table.
constexpr double move_step_cm = 0.25;

double move_straight(Turn& t, Unit& u, double want_cm, double budget_cm, bool blocked) {
    const double sign = want_cm < 0 ? -1 : 1;
    return sign * move_straight_why(t, u, want_cm, budget_cm, blocked).cm;
}

namespace {

// The first terrain known to every side that slows movement (terrain_movement below 1) along the unit's way
// from its place to `go` (table units, signed): its name or kind; "ground" if only secret terrain does.
std::string slowing_ground(Turn& t, const Unit& u, double go, const battle::TerrainPace& pace) {
    const double step = t.units(move_step_cm);
    for (double d = 0; d <= std::abs(go) + step; d += step) {
        const Point p = battle::moved(u, (go < 0 ? -1 : 1) * std::min(d, std::abs(go) + step)).position;
        for (const auto& f : t.b().terrain) {
            if (battle::pace_at({f}, pace, p) >= 1) continue;
            const bool known = std::find(f.known_to.begin(), f.known_to.end(), "*") != f.known_to.end();
            return known ? (f.name.empty() ? "the " + f.kind : f.name) : "the ground";
        }
    }
    return "the ground";
}

}  // namespace

Moved move_straight_why(Turn& t, Unit& u, double want_cm, double budget_cm, bool blocked) {
    Moved m;
    m.wanted_cm = std::abs(want_cm);
    if (want_cm == 0) return m;
    const double sign = want_cm < 0 ? -1 : 1;
    battle::TerrainPace pace;
    pace.factor = t.settings.terrain_movement;
    double reach = battle::distance_over_terrain(u, sign * t.units(std::abs(budget_cm)), t.b().terrain, pace,
                                                 t.units(move_step_cm));
    const double wanted = t.units(std::abs(want_cm));
    double go = sign * std::min(std::abs(reach), wanted);
    if (std::abs(reach) + battle::epsilon < wanted) m.ground = slowing_ground(t, u, go, pace);
    if (blocked) {
        std::vector<const Unit*> others;
        for (const auto& [id, o] : t.b().units)
            if (!o.removed && o.id != u.id) others.push_back(&o);
        const double clear = battle::clear_distance(u, go, others);
        // The unit it stops against: the one that alone would stop it as short.
        if (std::abs(clear) + battle::epsilon < std::abs(go))
            for (const Unit* o : others)
                if (std::abs(battle::clear_distance(u, go, {o})) <= std::abs(clear) + battle::epsilon) {
                    m.in_the_way = o;
                    m.ground.clear();
                    break;
                }
        go = clear;
    }
    u = battle::moved(u, go);
    m.cm = t.cm(std::abs(go));
    return m;
}

std::string held_up_words(const Moved& m) {
    if (!m.short_of_want()) return "";
    if (m.in_the_way)
        return m.in_the_way->concealed ? ": something is in the way" : ": " + unit_label(*m.in_the_way) + " are in the way";
    if (!m.ground.empty()) return ": " + m.ground + " holds them up";
    return "";
}

// Whether the line a-b is clear of terrain that blocks sight (blocks_sight; none listed: nothing blocks).
bool sight_clear(Turn& t, Point a, Point b) {
    const auto& kinds = t.settings.blocks_sight;
    return kinds.empty() || battle::sight_blocked_by(t.b().terrain, a, b, kinds) == nullptr;
}

// Whether unit `a` sees unit `b`: near enough (sight_cm) and a clear line between their middles.
bool sees(Turn& t, const Unit& a, const Unit& b) {
    return t.cm(battle::distance_between(a, b)) <= t.settings.sight_cm + battle::epsilon &&
           sight_clear(t, battle::footprint(a).centre(), battle::footprint(b).centre());
}

void run_away_now(Turn& t, Unit& u) {
    int rate = movement_cm(type_of(u), MoveAction::run_away, drill(u), t.settings.oth);
    if (!(u.order && u.order->name == "run_away" && u.order->details.value("turned", false)))
        u = battle::turned(u, 180);
    // Men running away stream past their friends: terrain holds them up, other units do not.
    move_straight(t, u, rate, rate, false);
    impose(u, "run_away", {{"turned", true}});
    const auto& table = t.b().table;
    if (!table.contains(u.position.x, u.position.y)) u.removed = true;
}

// over-the-hills.txt: "Overall Losses", "+15 for each time the regiment ran away", once however many turns it
// runs; "How is it Handled?", "Each adjacent friendly unit running away" (those beside it where it stood) and
// "Sight of enemy units running away" (the enemy units that see it go, from where it stood or where it got to;
// a concealed unit is not seen). The same for a run by order (RUN AWAY) as for one by a reaction test.
void break_and_run(Turn& t, Unit& u) {
    const bool running = order_of(u) == "run_away" && u.order->details.value("turned", false);
    const Unit stood = u;
    run_away_now(t, u);
    if (running) return;
    t.tallies[u.id].times_ran_away += 1;
    t.fact_add("ran", u.id);
    for (const auto& [id, o] : t.b().units)
        if (!o.removed && o.side != u.side && !u.concealed && (sees(t, o, stood) || sees(t, o, u)))
            t.fact_add("saw_running", o.id);
    adjacent_friends_take_tp(t, stood, "run away");
}

void say_of_with_leader(Turn& t, const Unit& u, const battle::Leader& l, const std::string& text, json details) {
    t.say_about(u.concealed || l.concealed, l.concealed ? l.side : u.side, text, std::move(details));
}

void say_digesting(Turn& t, const Unit& u, bool fire_step) {
    if (!u.pending_order || is_fire_order(u.pending_order->name) != fire_step) return;
    // The digest counts down in the tension step, the turn's last: acted on from this turn + what is left.
    const int from = t.b().turn + std::max(1, u.pending_order->digest);
    const std::string meanwhile =
        u.order && u.order->name != u.pending_order->name ? order_card_name(u.order->name) : std::string();
    const std::string text = digesting_line(unit_label(u), u.pending_order->name, from, meanwhile);
    json details = {{"unit", u.id}, {"order", u.pending_order->name}, {"from_turn", from}};
    const battle::Leader* l = t.b().leader(u.pending_order->details.value("leader", std::int64_t{0}));
    if (l) say_of_with_leader(t, u, *l, text, std::move(details));
    else t.say_of(u, text, std::move(details));
}

}  // namespace muster::oth::detail
