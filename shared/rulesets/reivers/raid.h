#pragma once
// What the parts of a Border Reivers raid share (actions.cpp, combat.cpp, view.cpp): a name's type, state and
// fyrebrand; heidmen and the order they act in; whose bound it is; the secret terrain rolls; each heidman's
// craft for the bound. The book's own bookkeeping lives in the entry's `data` and is shown only through
// view.cpp:
//   data.terrain  {"<feature id>": {"roll": 1-6, "known_to": [side], "learned": {side: turn}}}  the terrain rolls
//   data.craft    {"<leader id>": {"die", "rolled", "left", "road_used"}}  this bound's craft
//   data.searches [{"side", "leader", "turn", "at", "points", "found": [unit id]}]
//   data.feuds    [{"by": unit id, "against": [unit id]}]
// A name's own state is in its markers: "fleeing", "fyrebrand_up" (for the rest of the game), "concealment"
// (points), and for the bound: "fought", "lost", "recoiled", "under_fire", "fleeing_before".
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/rulesets/reivers/settings.h"
#include "shared/rulesets/reivers/tables.h"

namespace muster::reivers {

using battle::BattleEntry;
using battle::Leader;
using battle::Point;
using battle::TerrainFeature;
using battle::Unit;

// --- names ---
NameType type_of(const Unit& u);
bool is_mounted(const Unit& u);        // herds and wagons count as mounted for terrain
bool is_fleeing(const Unit& u);
int fyrebrand_of(const Unit& u);       // its rating and every +1 it has carried since it fled
std::int64_t heidman_of(const Unit& u);  // the heidman who commands it (0: none)
// The names in the fight: on the table, not herds or wagons.
bool on_table(const Unit& u);
// The name leaves its ambush (found, sprung, moved or revealed): seen by all, its concealment points gone.
void show(Unit& u);

// --- heidmen: a Leader's values {"fyrebrand", "craft", "military", "wounded", "fate"} ---
int leader_fyrebrand(const Leader& l);
Craft leader_craft(const Leader& l);
bool heidman_down(const Leader& l);  // dead or captured: "fate" is "dead" or "captured"

// --- the bound: "The move is done alternately by the players. Each side starts with the heidman with the
// lowest fyrebrand rating" ---
std::string active_side(const BattleEntry& e, const ReiversSettings& s);
std::string side_of_bound(const BattleEntry& e, const ReiversSettings& s, std::int64_t bound);  // turn N's side
// The side's heidmen who act this bound, lowest fyrebrand first (then by id).
std::vector<const Leader*> bound_order(const BattleEntry& e, const std::string& side);
// Why `l` may not act now (not his side's bound, a lower heidman still to act, down), or nothing.
std::optional<std::string> why_not_now(const BattleEntry& e, const ReiversSettings& s, const Leader& l);

// --- terrain ---
// The features whose inside holds p (walls and streams drawn as lines are crossed, not stood in).
std::vector<const TerrainFeature*> features_at(const battle::Battle& b, Point p);
bool has_table(const TerrainFeature& f);  // a kind with a d6 table (tables.h)
std::optional<int> terrain_roll(const BattleEntry& e, std::int64_t feature);
bool side_knows(const BattleEntry& e, std::int64_t feature, const std::string& side);
// A side's name enters `f`: the roll is made if it has not been (from the battle's dice) and the side
// learns it. Returns true when this side learned something new.
bool enter(BattleEntry& e, const TerrainFeature& f, const std::string& side, Dice& dice);
TerrainEffect true_effect(const BattleEntry& e, const ReiversSettings& s, const TerrainFeature& f);
// What `side` knows of f: its effect when known, no effect ("unknown ground is open ground") otherwise.
TerrainEffect known_effect(const BattleEntry& e, const ReiversSettings& s, const TerrainFeature& f,
                           const std::string& side);
// The cover a name has where it stands: the best of the features it is in ("high" > "medium" > "low").
std::string cover_at(const BattleEntry& e, const ReiversSettings& s, Point p);
// The cover of a name: where it stands and, on foot, the best cover of impassable ground within contact_paces of
// it ("Terrain marked as impassable may be manned at the edge, by foot").
std::string cover_of(const BattleEntry& e, const ReiversSettings& s, const Unit& u);
// From a name's footprint to a feature's outline (0 touching or inside), in paces.
double paces_to_feature(const Unit& u, const TerrainFeature& f);
// Poor ground for a mounted name: a feature where mounted names go slower than full speed.
bool poor_ground_for_mounted(const BattleEntry& e, const ReiversSettings& s, Point p);

// --- craft for the bound ---
nlohmann::json craft_entry(const BattleEntry& e, std::int64_t leader);  // null until rolled this bound
// Rolls the heidman's craft when he has not this bound; returns the entry.
nlohmann::json& ensure_craft(BattleEntry& e, const Leader& l, Dice& dice);
// "This is thrown for at the start of each bound": every heidman of the side whose bound opens throws, lowest
// fyrebrand first (craft_thrown "bound_start"; with "first_action" each throws at his first action).
void throw_bound_craft(BattleEntry& e, const ReiversSettings& s, const std::string& side, Dice& dice);

// --- distances, in paces ---
double paces_between(const Unit& a, const Unit& b);  // footprint to footprint
bool in_contact(const ReiversSettings& s, const Unit& a, const Unit& b);
// Enemy names in contact with u, nearest first.
std::vector<Unit*> enemies_in_contact(BattleEntry& e, const ReiversSettings& s, const Unit& u);
bool feuding(const BattleEntry& e, const Unit& u, const Unit& enemy);  // u has declared feud on enemy

// A line in the battle's log, to all or to one side (an empty side: all; "umpire": umpires only).
void log_line(BattleEntry& e, const std::string& text, nlohmann::json details, const std::string& side = "");

}  // namespace muster::reivers
