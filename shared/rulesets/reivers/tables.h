#pragma once
// The tables of Border Reivers (border-reivers.txt), as the book prints them: name types and their movement
// and combat factors, craft dice and costs, the fyrebrand test and its modifiers, the tactical factors and
// combat results, the incident table, the terrain d6 tables and the ambush arithmetic. Pure: no state, and
// every die comes from the Dice passed in. Where the book is silent or ambiguous the caller passes the
// umpire's setting (shared/rulesets/reivers/settings.h; docs/rules-notes.md, "Border Reivers").
#include <optional>
#include <string>
#include <vector>

#include "shared/core/dice.h"

namespace muster::reivers {

// --- names: border-reivers.txt, "Name Type" (movement and combat tables) ---
enum class NameType { rider, lowne, demi_lance, musketeer, blade, bow, pike, herd, wagon };
// "rider", "lowne", "demi_lance", "musketeer", "blade", "bow", "pike", "herd", "wagon".
std::optional<NameType> name_type_from(const std::string& text);
std::string to_string(NameType t);
// Herds and wagons ("Wagons, guns etc") are driven, not fought with: they have no combat factors.
bool fights(NameType t);

// "Foot 100, Mounted 200, Herds 50, Wagons, guns etc 50" (paces). A herd or wagon moves 50 whether or not
// `mounted` is set.
int base_move_paces(NameType t, bool mounted);

// The combat factors table: "Foot | Mounted | Ranged | Range". range_paces is 100 for bows and musketeers
// ("Only bows and musketeers may fire at range"), 0 for the rest. All zero for herds and wagons.
struct CombatFactors {
    int foot = 0;
    int mounted = 0;
    int ranged = 0;
    int range_paces = 0;
};
CombatFactors combat_factors(NameType t);
// The close-combat factor of a name: the Foot or Mounted column, chosen by the name's own state
// (`by_own_state`, the default reading) or by its enemy's (the setting factor_column = "enemy").
int close_factor(NameType t, bool mounted, bool enemy_mounted, bool by_own_state);

// --- craft: "Poor 1d4, Average 1d6, Good 1dAv+1" ---
enum class Craft { poor, average, good };
std::optional<Craft> craft_from(const std::string& text);  // "poor" | "average" | "good"
std::string to_string(Craft c);
int roll_craft(Craft c, Dice& dice);  // poor: d4; average: d6; good: the average die (2,3,3,4,4,5) + 1

// The craft cost table: "Move name or group of names +1; Move name or group on road (applies once per bound
// only) -1; Conceal dismounted name +1; Conceal mounted name +3; Detect ambush (per attempt) +1; Using craft
// at over range +1; Dismount or remount name +2".
struct CraftCosts {
    static constexpr int move = 1;
    static constexpr int road = -1;
    static constexpr int conceal_dismounted = 1;  // per concealment point
    static constexpr int conceal_mounted = 3;     // per concealment point
    static constexpr int detect = 1;              // per detection point
    static constexpr int over_range = 1;
    static constexpr int dismount = 2;
};

// --- the fyrebrand test: "a roll on a d10 ... If the resulting die score is greater than the modified
// fyrebrand rating, then the name may proceed" ---
struct FyrebrandModifiers {
    bool under_fire = false;             // +1
    bool fleeing_or_lost_combat = false;  // +1 "Fleeing or having lost combat"
    bool lost_melee = false;              // +3
    bool military_under_orders = false;   // -2
    int cover = 0;                        // "+/-2 In cover": -2, 0 or +2 (the caller decides the sign)
    int edge = 0;                         // "+/-1 Psychological edge": -1, 0 or +1
    bool mounted_against_foot = false;    // -2
    bool foot_against_mounted = false;    // +3
    bool facing_feuders = false;          // -2
    bool surprised = false;               // +3
};
// One line per modifier that applies, in the table's order: {"why", "value"}.
struct Modifier {
    std::string why;
    int value = 0;
};
std::vector<Modifier> fyrebrand_modifiers(const FyrebrandModifiers& m);
int modified_fyrebrand(int rating, const FyrebrandModifiers& m);  // rating + every modifier
struct FyrebrandTest {
    int rating = 0;
    int modified = 0;
    int roll = 0;  // the d10
    bool passed = false;
    std::vector<Modifier> modifiers;
};
FyrebrandTest test_fyrebrand(int rating, const FyrebrandModifiers& m, Dice& dice);  // rolls one d10

// --- combat: tactical factors and results ---
struct TacticalSituation {
    bool overlapped_or_flanked = false;  // "Overlap or flank or rear contact -1"
    bool heidman_with = false;           // "Heidman's name in combat +1"
    bool mounted_in_poor_ground = false;  // "Mounted in poor ground -2"
    std::string foot_cover;              // a name on foot in "high" (+3), "medium" (+2), "low" (+1) cover, or ""
};
std::vector<Modifier> tactical_factors(const TacticalSituation& t);
int tactical_total(const TacticalSituation& t);

enum class CombatResult { continuing, recoil, flee, destroyed };
std::string to_string(CombatResult r);
// "Equal: continuing combat; 1/2-equal: loser recoils, unless flanked in which case flee; less than 1/2:
// loser flees unless flanked, in which case destroyed". `loser` <= `winner`; a loser's score of exactly half
// the winner's recoils. `recoil_flanked_destroyed`: the setting that reads "Loser recoils: ... unless flanked
// in which case destroyed" from the text below the table instead of the table's "flee".
CombatResult combat_result(int loser, int winner, bool loser_flanked, bool recoil_flanked_destroyed);

// --- incidents: "each heidman must roll 2d6. If a 2 is rolled, an incident has taken place. If his name is
// fleeing, subtract 4 from the roll, if his name has recoiled this bound, subtract 2" ---
int incident_roll(int two_d6, bool fleeing, bool recoiled);  // the 2d6 less 4 or 2
bool is_incident(int modified_roll);                          // 2 or less
struct Incident {
    int roll = 0;              // the d6
    std::string heidman;       // "death" | "wounded" | "captured" | "none"
    std::string names;         // "flee" | "recoil" | "fyrebrand_up" | "test" | "test_flee_or_attack"
};
Incident incident_row(int d6);

// --- terrain: "upon entering a new terrain area, roll 1d6 and consult the following table" ---
enum class TerrainKind { woods, built_up, marsh, cultivated, broken, stream, wall };
// The feature kinds a battle may use: "wood"/"woods", "town"/"built_up", "marsh"/"beach", "field"/"cultivated",
// "broken", "stream"/"river", "wall"/"hedge". Others (road, hill) have no table: nothing.
std::optional<TerrainKind> terrain_kind_from(const std::string& kind);
std::string to_string(TerrainKind k);

struct TerrainEffect {
    bool impassable = false;
    bool foot_may = true;       // whether a name on foot may enter
    bool mounted_may = true;    // whether a mounted name (or a herd or wagon) may enter
    double foot_speed = 1;      // the fraction of its move a name on foot makes inside
    double mounted_speed = 1;   // the same for mounted names, herds and wagons
    std::string cover;          // "high" | "medium" | "low" | ""
    bool extra_craft = false;   // "*": "the terrain requires an extra craft point to move names in it"
    std::string text;           // the row as the book words it: "Foot only, ½ speed – medium cover *"
};
// The row of `kind`'s table for a d6 of `roll` (1-6). A row that names only foot ("Foot ¼ speed") or only
// mounted ("Mounted ¼ speed") lets only that kind pass unless `unnamed_unaffected` (the setting
// unnamed_type = "unaffected"), which leaves the other kind at full speed.
TerrainEffect terrain_effect(TerrainKind kind, int roll, bool unnamed_unaffected);

// --- ambushes: "Each craft point paid to conceal a dismounted ambush, or each 3 paid for concealing a mounted
// ambush counts as 1 concealment point. This is doubled if in medium concealment terrain ... and trebled if in
// high concealment terrain" ---
enum class ConcealmentClass { none, medium, high };
// The book's examples: "medium concealment terrain (e.g. marsh or fields for foot)", "high concealment terrain
// (e.g. woods for foot, in built up areas or behind hills for mounted or foot)". `kind` is a feature kind
// ("wood", "town", "hill", ...).
ConcealmentClass concealment_class_of_kind(const std::string& kind, bool mounted);
// The class a rolled cover gives (setting concealment_from = "cover"): high -> high, medium -> medium.
ConcealmentClass concealment_class_of_cover(const std::string& cover);
int concealment_multiplier(ConcealmentClass c);  // 1, 2, 3
// Concealment points bought with `craft` points: all of them on foot, one per three (rounded down) mounted,
// times the terrain's multiplier.
int concealment_points(int craft, bool mounted, ConcealmentClass c);
// "If the detection points are greater than the concealment, the ambush is spotted, otherwise it is not."
bool spotted(int detection, int concealment);

}  // namespace muster::reivers
