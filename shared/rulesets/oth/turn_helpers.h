#pragma once
// What the steps of an Over the Hill turn share (battle_turn.h is the public face): the order units are taken
// in, the enemy a unit faces, moving over the ground, sight, ambushes, the reaction tests' circumstances, and
// the six steps themselves (one file each: turn_orders.cpp, turn_movement.cpp, turn_fire.cpp,
// turn_reaction.cpp, turn_melee.cpp, turn_tension.cpp). Internal to shared/rulesets/oth/.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/rulesets/oth/battle_turn.h"
#include "shared/rulesets/oth/reaction_test.h"

namespace muster::oth::detail {

// The ids of the units still on the table, in id order.
std::vector<std::int64_t> live_units(const battle::Battle& b);

// over-the-hills.txt, "REACTION TEST RESULTS TABLES": "When in combat, always roll for the Jacobite forces
// before Government forces." The ids given, Jacobite units first (each side keeps the order given).
bool jacobite(const battle::Unit& u);
std::vector<std::int64_t> in_combat_order(const battle::Battle& b, std::vector<std::int64_t> ids);

// The nearest live, seen enemy unit in front of `u` within `range_cm` (any range when negative).
battle::Unit* nearest_enemy_in_front(Turn& t, const battle::Unit& u, double range_cm);

// The nearest live enemy unit `u` sees (sees(); a concealed one is not seen), in front of it if `in_front`.
battle::Unit* nearest_enemy_seen(Turn& t, const battle::Unit& u, bool in_front);

// A friendly leader, up (not wounded or killed), with the unit ("Leader with the unit +1").
bool leader_with(Turn& t, const battle::Unit& u);

// The reaction test's "Die Modifiers" read from the table; `enemy` is the enemy facing the unit (the shooter,
// the charger), if any.
ReactionCircumstances circumstances(Turn& t, const battle::Unit& u, const battle::Unit* enemy);
nlohmann::json circumstances_json(const ReactionCircumstances& c);

// Each friendly unit adjacent to `u` (as it stood) takes a TP for seeing it `why` ("run away", "charge
// forward"): over-the-hills.txt, "How is it Handled?".
void adjacent_friends_take_tp(Turn& t, const battle::Unit& u, const std::string& why);

// Moves u straight along its facing: at most `want_cm` (negative: backward) and no farther than `budget_cm`
// of movement takes it over the terrain (terrain_movement); with `blocked`, it stops against any other unit
// in its way, friend or foe. Returns the cm it went (signed).
double move_straight(Turn& t, battle::Unit& u, double want_cm, double budget_cm, bool blocked = true);

// A straight move and, when it fell short of what was wanted, what held it up, so the log can say why.
struct Moved {
    double cm = 0;         // as gone, unsigned
    double wanted_cm = 0;  // unsigned
    const battle::Unit* in_the_way = nullptr;  // the unit it stopped against
    std::string ground;    // the terrain that slowed or stopped it ("wood"; "ground" when not known to all)
    bool short_of_want() const { return cm + 0.05 < wanted_cm; }
};
Moved move_straight_why(Turn& t, battle::Unit& u, double want_cm, double budget_cm, bool blocked = true);
// ": 12th Foot are in the way", ": the wood slows them", "" when nothing held the move up. A concealed unit in
// the way is not named ("something in the way"), so the line betrays no ambush.
std::string held_up_words(const Moved& m);

// Whether the line a-b is clear of terrain that blocks sight (blocks_sight; none listed: nothing blocks).
bool sight_clear(Turn& t, battle::Point a, battle::Point b);
// Whether unit `a` sees unit `b`: near enough (sight_cm) and a clear line between their middles.
bool sees(Turn& t, const battle::Unit& a, const battle::Unit& b);

// The unit turns its back (once) and runs its run-away rate; off the table it is removed.
void run_away_now(Turn& t, battle::Unit& u);
// The unit runs away, by a reaction test's RA or by order; the first time, what running away does to the battle
// (the losses' tally, the friends beside it, the enemy who see it go); later turns it runs on.
void break_and_run(Turn& t, battle::Unit& u);

// A line that names a unit and a leader of its side: it stays with their side while either is concealed, so
// that a hidden leader is not named to the enemy by his unit's doings (or a hidden unit by its leader's).
void say_of_with_leader(Turn& t, const battle::Unit& u, const battle::Leader& l, const std::string& text,
                        nlohmann::json details = nullptr);

// A unit still digesting a new order says so, in the step where that order will act (the fire step for FIRE,
// HOLD YOUR FIRE and CEASE FIRE, `fire_step`; the movement step for the others): "It takes one turn for a unit
// to digest a new order". Kept to the side while the unit or the leader who gave it is concealed.
void say_digesting(Turn& t, const battle::Unit& u, bool fire_step);

// Concealed units and leaders are seen once an enemy unit or leader comes within spot_cm of them.
void spot_ambushes(Turn& t);

// The six steps (steps() names them; run_step calls them).
void step_orders(Turn& t);
void step_movement(Turn& t);
void step_fire(Turn& t);
void step_reaction(Turn& t);
void step_melee(Turn& t);
void step_tension(Turn& t);

}  // namespace muster::oth::detail
