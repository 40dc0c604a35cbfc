#pragma once
// Reaction tests (over-the-hills.txt, "Morale/Reaction" and "REACTION TEST RESULTS TABLES"): one d6,
// modified, read on the table of the unit's troop type against its tension points.
#include <array>
#include <optional>
#include <string_view>

#include "shared/core/dice.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

// The results the five tables hold (their keys, over-the-hills.txt, "REACTION TEST RESULTS TABLES"):
// OK Continue as ordered; NA No advance closer to the enemy; FB Fall back for a turn (take 1 TP);
// RA Run away (horse: Ride away) (take 1 TP); Ch Charge nearest enemy; CF Cease firing (and hide under guns).
enum class ReactionResult { ok, na, fb, ra, ch, cf };

// The book's abbreviation: "OK", "NA", "FB", "RA", "Ch", "CF".
std::string_view reaction_result_code(ReactionResult result);
std::optional<ReactionResult> reaction_result_from_code(std::string_view code);
// The key's words for the troop type ("Ride Away" for horse, "Run Away" for the others).
std::string_view reaction_result_meaning(ReactionResult result, TroopType type);
// TPs the result itself gives: FB and RA "take 1 TP"; the others none.
int reaction_result_tp(ReactionResult result);
// Whether a unit that had to pass a test to go on (an attacker closing, a unit ordered to advance) goes on:
// OK (continue as ordered) and Ch (charge) do; NA, FB, RA and CF do not.
bool reaction_passed(ReactionResult result);

inline constexpr int reaction_min_row = 0;
inline constexpr int reaction_max_row = 8;
inline constexpr int reaction_columns = 9;  // None, 1 .. 8 tension points

using ReactionTable = std::array<std::array<ReactionResult, reaction_columns>, reaction_max_row + 1>;
// The table for a troop type, as data: [modified roll 0..8][tension points 0..8].
const ReactionTable& reaction_table(TroopType type);

// "Die Modifiers" (over-the-hills.txt, "REACTION TEST RESULTS TABLES").
struct ReactionCircumstances {
    bool outnumbered = false;                     // -1
    bool outflanked = false;                      // -1
    bool enemy_drill_more_than_2_better = false;  // -1 "Enemy facing unit's Drill more than 2 better"
    bool leader_with_unit = false;                // +1
    bool supported = false;                       // +1 "Gunners with infantry support/cover" (gunners only)
    bool enemy_falling_back = false;              // +1 "Enemy falling back or running away"
    int umpire_modifier = 0;                      // "If the umpire thinks its a good idea": his own adjustment
};

// "Enemy facing unit's Drill more than 2 better": enemy Drill - own Drill > 2.
inline bool drill_more_than_2_better(int enemy_drill, int own_drill) { return enemy_drill - own_drill > 2; }

// The sum of the modifiers that apply to a unit of this type (the gunners' support counts for gunners only).
int reaction_modifier(TroopType type, const ReactionCircumstances& circumstances);
// The die plus the modifiers; not clamped.
int modified_reaction_roll(TroopType type, const ReactionCircumstances& circumstances, int die);

// Reads the table: "a modified roll below 0 reads row 0, above 8 reads row 8"; tension points are read
// clamped to 0..8 (a unit never holds more than 8).
ReactionResult reaction_result(TroopType type, int tension_points, int modified_roll);

struct ReactionOutcome {
    int die = 0;           // the d6 as rolled
    int modifier = 0;      // the sum of the modifiers
    int modified = 0;      // die + modifier, unclamped
    int row = 0;           // the row read, 0..8
    int column = 0;        // the tension points read, 0..8
    ReactionResult result = ReactionResult::ok;
    int tp_gained = 0;     // reaction_result_tp(result)
};

// "Roll one d6 when the situation occurs, and use the results in the table" (one d6 from `dice`).
ReactionOutcome reaction_test(TroopType type, int tension_points, const ReactionCircumstances& circumstances,
                              Dice& dice);

}  // namespace muster::oth
