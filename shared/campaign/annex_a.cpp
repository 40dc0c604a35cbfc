#include "shared/campaign/annex_a.h"

#include <cmath>
#include <stdexcept>

namespace muster::campaign::expeditions {

using nlohmann::json;

namespace {

struct MissionName {
    Mission mission;
    const char* key;
    const char* title;  // the column's heading in the table of force levels
};

// over-the-hills.txt, ANNEX A, the table of force levels, "Type of Mission". The book prints "Capture /
// Recapture and Island": "an" is meant.
const std::vector<MissionName>& mission_names() {
    static const std::vector<MissionName> table = {
        {Mission::raid_european, "raid_european", "Raid on a European enemy"},
        {Mission::defend_raid, "defend_raid", "Defending Against Raid by European Enemy"},
        {Mission::capture_island, "capture_island", "Capture / Recapture an Island"},
        {Mission::caribbean_rebellion, "caribbean_rebellion", "Put down rebellion of slaves / civilians in Caribbean"},
        {Mission::raid_island, "raid_island", "Raid on enemy Caribbean island"},
        {Mission::raid_pirates, "raid_pirates", "Raid on Caribbean pirates base"},
        {Mission::riots, "riots", "Put down riots in England, Scotland or Ireland"},
        {Mission::jacobites, "jacobites", "Fighting in Scotland against Jacobite Rebels"},
    };
    return table;
}

const MissionName& name_of(Mission mission) {
    for (const auto& name : mission_names())
        if (name.mission == mission) return name;
    throw std::invalid_argument("expeditions: unknown mission");
}

// over-the-hills.txt, ANNEX A, "First Roll 1d100 for location and type of the action". The book prints the
// second and third rows as "16-25" and "25-30": 25 reads the rebellion and the raid row starts at 26. The
// book's "*" is roll_enemy (and not kept in the words); the enemies of rows without a European enemy are
// ours, since the book names none (docs/rules-notes.md, "Expeditions").
const std::vector<LocationRow>& locations() {
    static const std::string defend = "Defend against a seaborne raid by a European enemy";
    static const std::string riots = "Put down riots / insurrection";
    static const std::string coast = "raid on coastal region";
    static const std::vector<LocationRow> table = {
        {1, 15, "West Indies", "Capture or re-capture an island from a European enemy",
         Mission::capture_island, std::nullopt, true, ""},  // "from a European enemy": rolled as the "*" rows
        {16, 25, "West Indies", "put down a rebellion of local slaves / civilians", Mission::caribbean_rebellion,
         std::nullopt, false, "Slaves / civilians"},
        {26, 30, "West Indies", "raid on an enemy island or pirate base", Mission::raid_island,
         Mission::raid_pirates, false, ""},  // the generator picks the enemy with the mission
        {31, 35, "England", riots, Mission::riots, std::nullopt, false, "Rioters"},
        {36, 40, "England", defend, Mission::defend_raid, std::nullopt, true, ""},
        {41, 45, "Ireland", riots, Mission::riots, std::nullopt, false, "Rioters"},
        {46, 50, "Ireland", defend, Mission::defend_raid, std::nullopt, true, ""},
        {51, 60, "Scotland", "Fight against Jacobite rebels", Mission::jacobites, std::nullopt, false,
         "Jacobite rebels"},
        {61, 65, "Scotland", defend, Mission::defend_raid, std::nullopt, true, ""},
        {66, 75, "Mainland France", coast, Mission::raid_european, std::nullopt, false, "French"},
        {76, 85, "Flanders", coast, Mission::raid_european, std::nullopt, false, "French"},  // a reading
        {86, 90, "Spain", coast, Mission::raid_european, std::nullopt, false, "Spanish"},
        {91, 100, "Netherlands", coast, Mission::raid_european, std::nullopt, false, "Dutch"},  // "91-00"
    };
    return table;
}

// over-the-hills.txt, ANNEX A, the table of force levels, one entry a column, with the columns put back
// together from the extracted text. Typos fixed: "form" -> "from", "isalnd" -> "island". Money is in pounds.
const std::vector<ForceLevel>& force_levels() {
    static const std::string caribbean_voyage = "1 Month sea voyage each way";
    static const std::string loot_and_retire = "Loot a small town or port, and retire to ships successfully.";
    static const std::string pacify = "Clear the streets and pacify the area";
    static const std::vector<ForceLevel> table = {
        {.mission = Mission::raid_european, .enemy_quality = "Militia only", .numbers_low = 0.5,
         .numbers_high = 1.5, .numbers_of = "attacker",
         .numbers_text = "From 0.5 to 1.5 times the strength of the attacker",
         .objectives = "Loot a small town, and retire to ships successfully.",
         .pip_text = "If outnumbered by enemy +10 PIP, otherwise + 5 PIP per player. If town taken +5 PIP",
         .gains_text = "Successful looting of town 1d6 x 100",
         .travel_text = "No delay for raid on France, Netherlands or Flanders. Total 1 Month sea voyage to and "
                        "from Spanish raid.",
         .months_out = 0, .months_back = 0,  // the Spanish raid's month is the region's (travel_months)
         .loot_dice = 1, .loot_multiplier = 100},
        {.mission = Mission::defend_raid, .enemy_quality = "Regulars", .numbers_low = 1.0, .numbers_high = 1.5,
         .numbers_of = "defender", .numbers_text = "From 1 to 1.5 times defender",
         .objectives = "Prevent local town from being burnt / looted",
         .pip_text = "If outnumbered by enemy and you win +10 PIP, otherwise + 5 PIP per player. If town taken "
                     "-10 PIP each",
         .gains_text = "No monetary gain", .travel_text = "None"},
        {.mission = Mission::capture_island, .enemy_quality = "Mixture of regulars and militia",
         .numbers_low = 0.5, .numbers_high = 1.5, .numbers_of = "attacker",
         .numbers_text = "From 0.5 to 1.5 times the strength of the attacker",
         .objectives = "Drive enemy from the island or capture them",
         .pip_text = "Win a battle +5 PIP. Successfully capture island +15 PIP. Commander of force gets +20 PIP "
                     "for capturing island.",
         .gains_text = "Bonus of 250 per regiment.", .travel_text = caribbean_voyage, .months_out = 1,
         .months_back = 1, .bonus_per_regiment = 250},
        {.mission = Mission::caribbean_rebellion, .enemy_quality = "Slaves / Civilians of minimal combat value",
         .numbers_low = 2.0, .numbers_high = 4.0, .numbers_of = "expedition",
         .numbers_text = "From 2 to 4 times the strength of the expedition", .objectives = pacify,
         .pip_text = "+5 PIP if successful", .gains_text = "No monetary gain", .travel_text = caribbean_voyage,
         .months_out = 1, .months_back = 1},
        {.mission = Mission::raid_island, .enemy_quality = "Militia only", .numbers_low = 0.5,
         .numbers_high = 1.0, .numbers_of = "attacker",
         .numbers_text = "From 0.5 to 1.0 times the strength of the attacker", .objectives = loot_and_retire,
         .pip_text = "+ 5 PIP per player. If town taken +5 PIP",
         .gains_text = "Successful looting of port / town 1d6 x 50", .travel_text = caribbean_voyage,
         .months_out = 1, .months_back = 1, .loot_dice = 1, .loot_multiplier = 50},
        {.mission = Mission::raid_pirates, .enemy_quality = "Badly trained pirates only", .numbers_low = 0.5,
         .numbers_high = 1.0, .numbers_of = "attacker",
         .numbers_text = "From 0.5 to 1.0 times the strength of the attacker", .objectives = loot_and_retire,
         .pip_text = "+ 5 PIP per player. If pirate port taken +5 PIP",
         .gains_text = "Successful looting of port 1d6 x 200", .travel_text = caribbean_voyage, .months_out = 1,
         .months_back = 1, .loot_dice = 1, .loot_multiplier = 200},
        {.mission = Mission::riots, .enemy_quality = "Civilians of minimal combat value", .numbers_low = 2.0,
         .numbers_high = 4.0, .numbers_of = "expedition",
         .numbers_text = "From 2 to 4 times the strength of the expedition", .objectives = pacify,
         .pip_text = "+10 PIP if successful. -10 PIP if the riots get worse", .gains_text = "No monetary gain",
         .travel_text = "None"},
        {.mission = Mission::jacobites, .enemy_quality = "Mixture of highlanders, regulars and militia",
         .numbers_low = 0.5, .numbers_high = 1.5, .numbers_of = "expedition",
         .numbers_text = "From 0.5 to 1.5 times the strength of the expedition",
         .objectives = "Defeat the rebels in battle",
         .pip_text = "If outnumbered +15 PIP for a win, otherwise +5 PIP. -10 PIP if you lose.",
         .gains_text = "1d6 x 10 battlefield loot", .travel_text = "None", .loot_dice = 1,
         .loot_multiplier = 10},
    };
    return table;
}

// The settings are checked where the umpire sets them (house rules); a bad one here is a program error.
void check_rules(const GeneratorRules& rules) {
    const auto& raid = rules.caribbean_raid;
    if (raid != "roll" && raid != "island" && raid != "pirates")
        throw std::invalid_argument("expeditions: caribbean_raid is roll, island or pirates, not " + raid);
    if (rules.enemy_numbers != "roll" && rules.enemy_numbers != "middle")
        throw std::invalid_argument("expeditions: enemy_numbers is roll or middle, not " + rules.enemy_numbers);
}

double one_decimal(double value) { return std::round(value * 10.0) / 10.0; }

json roll_record(const char* what, const char* dice, int value) {
    return {{"what", what}, {"dice", dice}, {"value", value}};
}

// Row 26-30 offers two missions: the house rule caribbean_raid picks one, or a d6 does (1-3 island, 4-6
// pirates: even odds, a reading).
Mission pick_mission(const LocationRow& row, Dice& dice, const GeneratorRules& rules, json& rolls) {
    if (!row.or_mission) return row.mission;
    if (rules.caribbean_raid == "island") return row.mission;
    if (rules.caribbean_raid == "pirates") return *row.or_mission;
    const int d6 = dice.d6();
    rolls.push_back(roll_record("island_or_pirates", "d6", d6));
    return d6 <= 3 ? row.mission : *row.or_mission;
}

// The book's "*" rows roll the enemy table; so does an enemy island (it belongs to a European enemy).
// A pirate base's enemy is the pirates; every other row names its own.
std::string pick_enemy(const LocationRow& row, Mission mission, Dice& dice, json& rolls) {
    if (row.roll_enemy || mission == Mission::raid_island) {
        const int d6 = dice.d6();
        rolls.push_back(roll_record("enemy", "d6", d6));
        return enemy_for(d6);
    }
    if (mission == Mission::raid_pirates) return "Pirates";
    return row.enemy;
}

// The book gives the enemy numbers as a range (a "rough and ready guide"): the house rule enemy_numbers
// rolls a d6 across it, or takes its middle.
double pick_numbers(const ForceLevel& level, Dice& dice, const GeneratorRules& rules, json& rolls) {
    if (rules.enemy_numbers == "middle") return one_decimal((level.numbers_low + level.numbers_high) / 2.0);
    const int d6 = dice.d6();
    rolls.push_back(roll_record("enemy_numbers", "d6", d6));
    return enemy_numbers_for(level, d6);
}

}  // namespace

std::string mission_key(Mission mission) { return name_of(mission).key; }

std::optional<Mission> mission_from_key(const std::string& key) {
    for (const auto& name : mission_names())
        if (key == name.key) return name.mission;
    return std::nullopt;
}

std::string mission_title(Mission mission) { return name_of(mission).title; }

const std::vector<LocationRow>& location_table() { return locations(); }

const LocationRow& location_for(int score) {
    for (const auto& row : locations())
        if (score >= row.low && score <= row.high) return row;
    throw std::out_of_range("expeditions: a d100 score is 1..100, not " + std::to_string(score));
}

// over-the-hills.txt, ANNEX A: "Roll for Enemy 1d6 1, 2 or 3 = Dutch 4 or 5 = French 6 = Spanish".
std::string enemy_for(int d6) {
    if (d6 < 1 || d6 > 6) throw std::out_of_range("expeditions: a d6 is 1..6, not " + std::to_string(d6));
    if (d6 <= 3) return "Dutch";
    if (d6 <= 5) return "French";
    return "Spanish";
}

const ForceLevel& force_level(Mission mission) {
    for (const auto& level : force_levels())
        if (level.mission == mission) return level;
    throw std::invalid_argument("expeditions: unknown mission");
}

// over-the-hills.txt, ANNEX A, "Travel times or other limits": "Total 1 Month sea voyage to and from Spanish
// raid" is one month for the whole voyage, reckoned as a month out and none back; France, Flanders and the
// Netherlands have "No delay".
Travel travel_months(Mission mission, const std::string& region) {
    if (mission == Mission::raid_european && region == "Spain") return {1, 0};
    const ForceLevel& level = force_level(mission);
    return {level.months_out, level.months_back};
}

double enemy_numbers_for(const ForceLevel& level, int d6) {
    if (d6 < 1 || d6 > 6) throw std::out_of_range("expeditions: a d6 is 1..6, not " + std::to_string(d6));
    return one_decimal(level.numbers_low + (level.numbers_high - level.numbers_low) * (d6 - 1) / 5.0);
}

// over-the-hills.txt, ANNEX A: "First Roll 1d100 for location and type of the action ... Having identified
// the location and type of expedition, use the table below to help you come up with more detail".
json generate(Dice& dice, const GeneratorRules& rules) {
    check_rules(rules);
    json rolls = json::array();
    const int score = dice.d100();
    rolls.push_back(roll_record("location", "d100", score));
    const LocationRow& row = location_for(score);
    const Mission mission = pick_mission(row, dice, rules, rolls);
    const std::string enemy = pick_enemy(row, mission, dice, rolls);
    const ForceLevel& level = force_level(mission);
    const double numbers = pick_numbers(level, dice, rules, rolls);
    const Travel travel = travel_months(mission, row.region);
    json fields = {
        {"region", row.region},
        {"action", row.action},
        {"mission", mission_key(mission)},
        {"mission_title", mission_title(mission)},
        {"enemy", enemy},
        {"enemy_quality", level.enemy_quality},
        {"enemy_numbers", numbers},
        {"enemy_numbers_text", level.numbers_text},
        {"objectives", level.objectives},
        {"pip_gains", level.pip_text},
        {"other_gains", level.gains_text},
        {"travel", level.travel_text},
        {"months_out", travel.out},
        {"months_back", travel.back},
    };
    return {{"fields", std::move(fields)}, {"rolls", std::move(rolls)}};
}

}  // namespace muster::campaign::expeditions
