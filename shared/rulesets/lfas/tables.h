#pragma once
// The tables and bands loose-files-american-scramble.txt prints (its summary and the book's own sentences it
// quotes: where the two differ, the quote rules), as pure functions. Numbers the extract leaves out are settings
// (settings.h). Every die comes from the Dice passed in.
#include <string>
#include <vector>

#include "shared/core/dice.h"

namespace muster::lfas {

// "'Average Dice'? (six-sided, but numbered 2/3/3/4/4/5 ...)": the face of an average die for a d6 roll of 1-6.
int average_face(int d6);
int roll_average(Dice& dice);  // one d6 read as an average die

// --- movement ("1st-3rd Class move one or two Average Dice x inches ...") ---
// What a unit may roll this turn: how many average dice (min..max), how many d6 (min..max), and whether it may
// add 2" (Hessian infantry: "one AV.D or one AV.D +2""). `type`: infantry | skirmishers | cavalry | artillery;
// `klass` 1-5; `hessian`.
struct MoveDice {
    int av_min = 1, av_max = 1;
    int d6_min = 0, d6_max = 0;
    bool plus_two = false;
};
MoveDice move_dice(const std::string& type, int klass, bool hessian);
// "A unit at rest can move off at no more than two dice x inches; a unit at top speed (four dice) can only slow to
// two dice next turn" / "Cavalry: May only change speed by one or two dice in a turn": whether `dice` this turn
// may follow `last` dice last turn (0: at rest).
bool speed_change_ok(int last, int dice);
// "cavalry closing to contact must roll at least three dice".
inline constexpr int close_to_contact_dice = 3;
// "All troops except skirmishers take 1 DP for each movement die showing 1 or 2; in woods, for each 1, 2 or 3."
// `face`: the face shown (an average die shows 2-5).
bool movement_dp(int face, bool in_woods);
// "Woods and uphill: -1" from every die rolled."
inline constexpr int woods_penalty_per_die = 1;

// --- infantry fire ("Roll one D6 for each company or group of three skirmishers firing, minus the number of DPs") ---
// The dice: companies minus DPs, halved against artillery or skirmishers, halved again against a target in a
// fieldwork or building, each half rounded up ("Halves round up"); never below 0.
int fire_dice(int companies, int dps, bool target_artillery_or_skirmishers, bool target_in_works);
inline constexpr double musket_range = 8;   // "musket range 0-8""
inline constexpr double rifle_range = 10;   // "rifle 0-10""
// "Each 6 inflicts 1 DP; skirmishers re-roll 5s and inflict 1 DP on a subsequent 4-6."
struct FireRoll {
    std::vector<int> faces;    // the dice thrown
    std::vector<int> rerolls;  // skirmishers' re-rolls of 5s
    int dps = 0;
};
FireRoll roll_fire(int dice_count, bool skirmishers, Dice& dice);

// --- artillery ("Light, field and heavy guns; long range 10-36" (-6" light, +6" heavy), short under 10"") ---
inline constexpr double short_range = 10;
double long_range(const std::string& gun);  // light 30, field 36, heavy 42
// The modifiers as printed: +1 heavy, +1 target in column or limbered, +1 same target and range as last turn, -1 new
// target, -1 per DP, -2 target in fieldwork or skirmish order (also "stone buildings").
struct GunShot {
    bool heavy = false;
    bool target_column_or_limbered = false;
    bool same_target_and_range = false;
    bool new_target = false;
    int dps = 0;
    bool target_in_works_or_skirmish = false;
};
int gun_modifier(const GunShot& s);
// "Long range: 4+ inflicts 1 DP; short range: 2-3 1 DP, 4-5 2 DPs, 6+ 1 DP and 1 casualty."
struct GunEffect {
    int dps = 0;
    int casualties = 0;
};
GunEffect gun_effect(int total, bool short_range_shot);

// --- command points ("Commander-in-chief CPs = Average Dice + 1; Brigadiers = Average Dice") ---
int command_points(bool commander_in_chief, Dice& dice);
// The costs: "move one die x inches 1 CP; give an order ... within 6" 1 CP; write an order ... 2 CPs; rally one
// D. Point 2 CPs; inspire troops in combat (+1) 3 CPs".
inline constexpr int cp_move_per_die = 1;
inline constexpr int cp_order = 1;
inline constexpr int cp_write = 2;
inline constexpr int cp_rally = 2;
inline constexpr int cp_inspire = 3;
inline constexpr double command_range = 6;  // "Orders given directly by a commander require the unit to be within 6""

// --- combat ("Combat occurs when a unit advances within 4" of an opponent") ---
inline constexpr double combat_range = 4;
inline constexpr int per_grade = 3;           // "+3 per training grade above the opponent"
inline constexpr int fort_bonus = 3;          // "+3/+2 defending fort or fieldwork"
inline constexpr int fieldwork_bonus = 2;
inline constexpr int terrain_bonus = 1;       // "+1 terrain"
inline constexpr int skirmish_penalty = 3;    // "-3 skirmish order"
inline constexpr int flank_penalty = 3;       // "Attacked in flank or rear -3"
inline constexpr int per_dp_penalty = 2;      // "-2 per DP"
inline constexpr int per_casualty_penalty = 2;  // "-2 per casualty"
inline constexpr int bayonet_bonus = 2;       // "British regulars may declare a bayonet attack for +2"
// "Outnumbered -1, 3:2 -2, 2:1 -3, 3:1 or more -5": the penalty of the side with `mine` strength against `theirs`
// (0 when not outnumbered). Strength counts infantry figures, "one cavalry figure as three infantry and one gun as six".
int outnumbered_penalty(double mine, double theirs);
// The result bands, by a side's own margin: "+4 or more: Easy victory", "+2/3 a successful action", "+1 to -1 a
// standoff that continues next turn", "-2 to -4 driven back", "-5 to -8 defeated", "-9 or worse routed".
enum class Outcome { easy_victory, successful_action, standoff, driven_back, defeated, routed };
Outcome outcome(int margin);
std::string to_string(Outcome o);  // "easy victory", "successful action", "standoff", "driven back", "defeated", "routed"

// --- disorder and morale ---
inline constexpr int max_dps = 5;  // "A unit can hold at most five; further DPs from fire or morale become casualties"
// "Troops ignore retreats of lower-grade units but take 1 DP if one routs past within 6". An equal/higher grade unit
// retreating past within 6" gives 2 DPs; an equal-grade unit routing past gives 2 DPs and 1 casualty; a
// higher-grade unit routing past gives 3 DPs and 1 casualty." Grades: class 1 is the highest.
struct PassedBy {
    int dps = 0;
    int casualties = 0;
};
PassedBy passed_by(int my_class, int their_class, bool routing);
inline constexpr double passing_range = 6;
// "1st Class remove up to 2 DPs per turn if stationary and not in combat; 2nd Class 1 DP if stationary and not in
// combat; 3rd Class 1 DP if also not under fire; 4th Class only via a commander's CPs; 5th Class only via the
// commander-in-chief's CPs."
int redress(int klass, bool stationary, bool in_combat, bool under_fire);

// --- generals ("1 = Hit. Roll again: 4/5/6 = Light wound. Lose 2 CPs. 2/3 = Serious wound. Retire from field.
// Loses all CPs. 1 = Killed.") ---
enum class GeneralHit { none, light, serious, killed };
// The first d6 (1: hit) and, when hit, the second.
GeneralHit general_hit(int first, int second);
std::string to_string(GeneralHit h);  // "", "light wound", "serious wound", "killed"

}  // namespace muster::lfas
