#pragma once
// over-the-hills.txt, ANNEX A "Creating Expeditions": the d100 location table, the d6 enemy table and the
// table of force levels, as data; and the generator that rolls an expedition's briefing from them.
// The book calls the tables "a set of guidelines": the umpire edits whatever the generator gives.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/dice.h"

namespace muster::campaign::expeditions {

// The eight columns of the table of force levels.
enum class Mission {
    raid_european,       // "Raid on a European enemy"
    defend_raid,         // "Defending Against Raid by European Enemy"
    capture_island,      // "Capture / Recapture an Island"
    caribbean_rebellion, // "Put down rebellion of slaves / civilians in Caribbean"
    raid_island,         // "Raid on enemy Caribbean island"
    raid_pirates,        // "Raid on Caribbean pirates base"
    riots,               // "Put down riots in England, Scotland or Ireland"
    jacobites,           // "Fighting in Scotland against Jacobite Rebels"
};
inline constexpr int mission_count = 8;

// "raid_european", "defend_raid", ...: the names the protocol and the settings use.
std::string mission_key(Mission mission);
std::optional<Mission> mission_from_key(const std::string& key);
// The book's heading of the column, e.g. "Raid on a European enemy".
std::string mission_title(Mission mission);

// One row of the d100 location table ("First Roll 1d100 for location and type of the action").
struct LocationRow {
    int low = 1, high = 100;  // the scores it covers; "00" is 100
    std::string region;       // "West Indies", "England", "Ireland", "Scotland", "Mainland France", ...
    std::string action;       // the book's words, e.g. "Put down riots / insurrection"
    // The column of the force-level table it reads. The row 26-30 ("raid on an enemy island or pirate
    // base") names two: `mission` is raid_island and `or_mission` raid_pirates.
    Mission mission = Mission::raid_european;
    std::optional<Mission> or_mission;
    bool roll_enemy = false;  // the book's "*": roll 1d6 on the enemy table
    std::string enemy;        // the enemy the row itself names ("French" for a raid on France), or ""
};
const std::vector<LocationRow>& location_table();  // in order, covering 1..100 once each
// The row a d100 score (1..100) reads; throws std::out_of_range outside 1..100.
const LocationRow& location_for(int score);

// "Roll for Enemy 1d6 1, 2 or 3 = Dutch 4 or 5 = French 6 = Spanish"; throws outside 1..6.
std::string enemy_for(int d6);

// One column of the table of force levels.
struct ForceLevel {
    Mission mission = Mission::raid_european;
    std::string enemy_quality;  // "Militia only", "Regulars", ...
    double numbers_low = 0, numbers_high = 0;  // enemy numbers, a multiple of ...
    std::string numbers_of;     // ... "attacker" | "defender" | "expedition": the book's word
    std::string numbers_text;   // the book's words, e.g. "From 0.5 to 1.5 times the strength of the attacker"
    std::string objectives;     // "Likely objectives"
    std::string pip_text;       // "PIP Gain", the book's words
    std::string gains_text;     // "Other gains", the book's words
    std::string travel_text;    // "Travel times or other limits", the book's words
    int months_out = 0;         // sea voyage months each way, read from travel_text (see travel_months)
    int months_back = 0;
    // "Other gains" as numbers: loot of loot_dice x loot_multiplier pounds (1d6 x 100: 1 and 100), or none
    // (0); a bonus in pounds to each regiment that went.
    int loot_dice = 0;
    int loot_multiplier = 0;
    int bonus_per_regiment = 0;
};
const ForceLevel& force_level(Mission mission);

// Months of sea voyage {out, back} for a mission to a region. "No delay for raid on France, Netherlands or
// Flanders. Total 1 Month sea voyage to and from Spanish raid": a raid on Spain sails one month out and
// comes home within it (docs/rules-notes.md); the Caribbean missions sail a month each way.
struct Travel {
    int out = 0, back = 0;
};
Travel travel_months(Mission mission, const std::string& region);

// How the generator reads what the book leaves open (house rules, docs/rules-notes.md).
struct GeneratorRules {
    std::string caribbean_raid = "roll";  // row 26-30: "roll" (1d6: 1-3 island, 4-6 pirates) | "island" | "pirates"
    std::string enemy_numbers = "roll";   // "roll" (1d6 across the range) | "middle"
};

// The enemy numbers a d6 gives across a range: low + (high - low) x (d6 - 1) / 5, to one decimal.
double enemy_numbers_for(const ForceLevel& level, int d6);

// Rolls a briefing: d100 for the location, d6 for the island-or-pirates choice where the row offers two
// (and the rule says roll), d6 for the enemy where the row has the book's "*" (and for the European enemy of
// an island to capture or raid), d6 for the enemy numbers (rule "roll"). Returns
//   {"fields": {"region", "action", "mission", "mission_title", "enemy", "enemy_quality", "enemy_numbers",
//               "enemy_numbers_text", "objectives", "pip_gains", "other_gains", "travel", "months_out",
//               "months_back"},
//    "rolls": [{"what", "dice", "value"}, ...]}   in the order rolled.
nlohmann::json generate(Dice& dice, const GeneratorRules& rules);

}  // namespace muster::campaign::expeditions
