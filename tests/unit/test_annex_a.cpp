// Creating expeditions (shared/campaign/annex_a.h): over-the-hills.txt, ANNEX A "Creating Expeditions", its
// d100 location table, d6 enemy table and table of force levels (the columns put back together from the
// extracted text), and the generator that rolls a briefing from them with the Dice passed in.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/annex_a.h"
#include "shared/core/dice.h"

using namespace muster::campaign::expeditions;
using muster::ScriptedDice;
using nlohmann::json;

namespace {

const std::vector<Mission> all_missions = {
    Mission::raid_european, Mission::defend_raid, Mission::capture_island, Mission::caribbean_rebellion,
    Mission::raid_island,   Mission::raid_pirates, Mission::riots,         Mission::jacobites,
};

json roll(const char* what, const char* dice, int value) { return {{"what", what}, {"dice", dice}, {"value", value}}; }

// The rolls a briefing lists, as (what, dice, value) records in order.
json rolls_of(const std::vector<json>& records) { return json(records); }

}  // namespace

TEST_CASE("the d100 location table reads each row at both its edges", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "01 15 West Indies ... Capture or re-capture an island from a European
    // enemy 16-25 West Indies put down a rebellion ... 25-30 West Indies raid on an enemy island or pirate base
    // 31-35 England Put down riots / insurrection 36-40 England Defend against a seaborne raid by a European
    // enemy* ... 91-00 Netherlands raid on coastal region". 25 reads the rebellion row (a reading).
    struct Expect {
        int low, high;
        const char* region;
        const char* action;
        Mission mission;
        bool has_or;
        bool roll_enemy;
        const char* enemy;
    };
    const char* defend = "Defend against a seaborne raid by a European enemy";
    const char* riots = "Put down riots / insurrection";
    const char* coast = "raid on coastal region";
    const std::vector<Expect> book = {
        {1, 15, "West Indies", "Capture or re-capture an island from a European enemy",
         Mission::capture_island, false, true, ""},
        {16, 25, "West Indies", "put down a rebellion of local slaves / civilians", Mission::caribbean_rebellion,
         false, false, "Slaves / civilians"},
        {26, 30, "West Indies", "raid on an enemy island or pirate base", Mission::raid_island, true, false, ""},
        {31, 35, "England", riots, Mission::riots, false, false, "Rioters"},
        {36, 40, "England", defend, Mission::defend_raid, false, true, ""},
        {41, 45, "Ireland", riots, Mission::riots, false, false, "Rioters"},
        {46, 50, "Ireland", defend, Mission::defend_raid, false, true, ""},
        {51, 60, "Scotland", "Fight against Jacobite rebels", Mission::jacobites, false, false, "Jacobite rebels"},
        {61, 65, "Scotland", defend, Mission::defend_raid, false, true, ""},
        {66, 75, "Mainland France", coast, Mission::raid_european, false, false, "French"},
        {76, 85, "Flanders", coast, Mission::raid_european, false, false, "French"},
        {86, 90, "Spain", coast, Mission::raid_european, false, false, "Spanish"},
        {91, 100, "Netherlands", coast, Mission::raid_european, false, false, "Dutch"},
    };
    REQUIRE(location_table().size() == book.size());
    for (const auto& expect : book) {
        for (int score : {expect.low, expect.high}) {
            INFO("d100 score " << score);
            const LocationRow& row = location_for(score);
            CHECK(row.low == expect.low);
            CHECK(row.high == expect.high);
            CHECK(row.region == expect.region);
            CHECK(row.action == expect.action);
            CHECK(row.mission == expect.mission);
            CHECK(row.or_mission.has_value() == expect.has_or);
            CHECK(row.roll_enemy == expect.roll_enemy);
            CHECK(row.enemy == expect.enemy);
        }
    }
    CHECK(location_for(28).or_mission == Mission::raid_pirates);
}

TEST_CASE("the d100 location table covers 1..100 once each, in order", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "First Roll 1d100 for location and type of the action", "01" to "00".
    std::vector<int> covered(101, 0);
    int next = 1;
    for (const auto& row : location_table()) {
        CHECK(row.low == next);
        CHECK(row.low <= row.high);
        for (int score = row.low; score <= row.high; ++score) ++covered[static_cast<std::size_t>(score)];
        next = row.high + 1;
    }
    CHECK(next == 101);
    for (int score = 1; score <= 100; ++score) {
        INFO("d100 score " << score);
        CHECK(covered[static_cast<std::size_t>(score)] == 1);
        CHECK_NOTHROW(location_for(score));
    }
    CHECK_THROWS_AS(location_for(0), std::out_of_range);
    CHECK_THROWS_AS(location_for(101), std::out_of_range);
}

TEST_CASE("the enemy d6: 1-3 Dutch, 4-5 French, 6 Spanish", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "* Roll for Enemy 1d6 1, 2 or 3 = Dutch 4 or 5 = French 6 = Spanish".
    CHECK(enemy_for(1) == "Dutch");
    CHECK(enemy_for(2) == "Dutch");
    CHECK(enemy_for(3) == "Dutch");
    CHECK(enemy_for(4) == "French");
    CHECK(enemy_for(5) == "French");
    CHECK(enemy_for(6) == "Spanish");
    CHECK_THROWS_AS(enemy_for(0), std::out_of_range);
    CHECK_THROWS_AS(enemy_for(7), std::out_of_range);
}

TEST_CASE("the missions' keys and titles are the columns' headings, and the keys read back", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A, the table of force levels, "Type of Mission" ("Capture / Recapture and
    // Island" is the book's typo for "an").
    CHECK(mission_title(Mission::raid_european) == "Raid on a European enemy");
    CHECK(mission_title(Mission::defend_raid) == "Defending Against Raid by European Enemy");
    CHECK(mission_title(Mission::capture_island) == "Capture / Recapture an Island");
    CHECK(mission_title(Mission::caribbean_rebellion) == "Put down rebellion of slaves / civilians in Caribbean");
    CHECK(mission_title(Mission::raid_island) == "Raid on enemy Caribbean island");
    CHECK(mission_title(Mission::raid_pirates) == "Raid on Caribbean pirates base");
    CHECK(mission_title(Mission::riots) == "Put down riots in England, Scotland or Ireland");
    CHECK(mission_title(Mission::jacobites) == "Fighting in Scotland against Jacobite Rebels");
    REQUIRE(static_cast<int>(all_missions.size()) == mission_count);
    CHECK(mission_key(Mission::raid_european) == "raid_european");
    CHECK(mission_key(Mission::caribbean_rebellion) == "caribbean_rebellion");
    CHECK(mission_key(Mission::jacobites) == "jacobites");
    for (Mission mission : all_missions) {
        CHECK(mission_from_key(mission_key(mission)) == mission);
        CHECK(force_level(mission).mission == mission);
    }
    CHECK_FALSE(mission_from_key("raid").has_value());
    CHECK_FALSE(mission_from_key("").has_value());
}

TEST_CASE("the table of force levels, column by column as the book prints it", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A, "Examples of typical Force Levels and situation types": Enemy Quality,
    // Enemy numbers, Likely objectives, PIP Gain, Other gains, Travel times or other limits. Typos fixed:
    // "form" -> "from", "isalnd" -> "island".
    struct Expect {
        Mission mission;
        const char* quality;
        double low, high;
        const char* of;
        const char* numbers_text;
        const char* objectives;
        const char* pip;
        const char* gains;
        const char* travel;
        int months_out, months_back, loot_dice, loot_multiplier, bonus;
    };
    const char* voyage = "1 Month sea voyage each way";
    const char* loot = "Loot a small town or port, and retire to ships successfully.";
    const char* pacify = "Clear the streets and pacify the area";
    const std::vector<Expect> book = {
        {Mission::raid_european, "Militia only", 0.5, 1.5, "attacker",
         "From 0.5 to 1.5 times the strength of the attacker", "Loot a small town, and retire to ships successfully.",
         "If outnumbered by enemy +10 PIP, otherwise + 5 PIP per player. If town taken +5 PIP",
         "Successful looting of town 1d6 x 100",
         "No delay for raid on France, Netherlands or Flanders. Total 1 Month sea voyage to and from Spanish raid.",
         0, 0, 1, 100, 0},
        {Mission::defend_raid, "Regulars", 1.0, 1.5, "defender", "From 1 to 1.5 times defender",
         "Prevent local town from being burnt / looted",
         "If outnumbered by enemy and you win +10 PIP, otherwise + 5 PIP per player. If town taken -10 PIP each",
         "No monetary gain", "None", 0, 0, 0, 0, 0},
        {Mission::capture_island, "Mixture of regulars and militia", 0.5, 1.5, "attacker",
         "From 0.5 to 1.5 times the strength of the attacker", "Drive enemy from the island or capture them",
         "Win a battle +5 PIP. Successfully capture island +15 PIP. Commander of force gets +20 PIP for capturing "
         "island.",
         "Bonus of 250 per regiment.", voyage, 1, 1, 0, 0, 250},
        {Mission::caribbean_rebellion, "Slaves / Civilians of minimal combat value", 2.0, 4.0, "expedition",
         "From 2 to 4 times the strength of the expedition", pacify, "+5 PIP if successful", "No monetary gain",
         voyage, 1, 1, 0, 0, 0},
        {Mission::raid_island, "Militia only", 0.5, 1.0, "attacker", "From 0.5 to 1.0 times the strength of the attacker",
         loot, "+ 5 PIP per player. If town taken +5 PIP", "Successful looting of port / town 1d6 x 50", voyage, 1, 1,
         1, 50, 0},
        {Mission::raid_pirates, "Badly trained pirates only", 0.5, 1.0, "attacker",
         "From 0.5 to 1.0 times the strength of the attacker", loot, "+ 5 PIP per player. If pirate port taken +5 PIP",
         "Successful looting of port 1d6 x 200", voyage, 1, 1, 1, 200, 0},
        {Mission::riots, "Civilians of minimal combat value", 2.0, 4.0, "expedition",
         "From 2 to 4 times the strength of the expedition", pacify,
         "+10 PIP if successful. -10 PIP if the riots get worse", "No monetary gain", "None", 0, 0, 0, 0, 0},
        {Mission::jacobites, "Mixture of highlanders, regulars and militia", 0.5, 1.5, "expedition",
         "From 0.5 to 1.5 times the strength of the expedition", "Defeat the rebels in battle",
         "If outnumbered +15 PIP for a win, otherwise +5 PIP. -10 PIP if you lose.", "1d6 x 10 battlefield loot",
         "None", 0, 0, 1, 10, 0},
    };
    REQUIRE(book.size() == all_missions.size());
    for (const auto& expect : book) {
        INFO("column " << mission_key(expect.mission));
        const ForceLevel& level = force_level(expect.mission);
        CHECK(level.mission == expect.mission);
        CHECK(level.enemy_quality == expect.quality);
        CHECK(level.numbers_low == Approx(expect.low));
        CHECK(level.numbers_high == Approx(expect.high));
        CHECK(level.numbers_of == expect.of);
        CHECK(level.numbers_text == expect.numbers_text);
        CHECK(level.objectives == expect.objectives);
        CHECK(level.pip_text == expect.pip);
        CHECK(level.gains_text == expect.gains);
        CHECK(level.travel_text == expect.travel);
        CHECK(level.months_out == expect.months_out);
        CHECK(level.months_back == expect.months_back);
        CHECK(level.loot_dice == expect.loot_dice);
        CHECK(level.loot_multiplier == expect.loot_multiplier);
        CHECK(level.bonus_per_regiment == expect.bonus);
    }
}

TEST_CASE("travel months: a month each way to the Caribbean, one in all for Spain, none nearer home", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A, "Travel times or other limits": "No delay for raid on France, Netherlands
    // or Flanders. Total 1 Month sea voyage to and from Spanish raid." "1 Month sea voyage each way". "None".
    auto months = [](Mission mission, const char* region) {
        const Travel travel = travel_months(mission, region);
        return std::vector<int>{travel.out, travel.back};
    };
    CHECK(months(Mission::raid_european, "Spain") == std::vector<int>{1, 0});
    CHECK(months(Mission::raid_european, "Mainland France") == std::vector<int>{0, 0});
    CHECK(months(Mission::raid_european, "Flanders") == std::vector<int>{0, 0});
    CHECK(months(Mission::raid_european, "Netherlands") == std::vector<int>{0, 0});
    for (Mission mission : {Mission::capture_island, Mission::caribbean_rebellion, Mission::raid_island,
                            Mission::raid_pirates})
        CHECK(months(mission, "West Indies") == std::vector<int>{1, 1});
    CHECK(months(Mission::defend_raid, "England") == std::vector<int>{0, 0});
    CHECK(months(Mission::defend_raid, "Ireland") == std::vector<int>{0, 0});
    CHECK(months(Mission::riots, "Ireland") == std::vector<int>{0, 0});
    CHECK(months(Mission::jacobites, "Scotland") == std::vector<int>{0, 0});
}

TEST_CASE("enemy numbers: a d6 across the book's range, to one decimal", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A, "Enemy numbers": "From 0.5 to 1.5 times the strength of the attacker",
    // "From 1 to 1.5 times defender", "From 2 to 4 times the strength of the expedition", "From 0.5 to 1.0".
    const ForceLevel& raid = force_level(Mission::raid_european);
    CHECK(enemy_numbers_for(raid, 1) == Approx(0.5));
    CHECK(enemy_numbers_for(raid, 3) == Approx(0.9));
    CHECK(enemy_numbers_for(raid, 6) == Approx(1.5));
    const ForceLevel& defend = force_level(Mission::defend_raid);
    CHECK(enemy_numbers_for(defend, 1) == Approx(1.0));
    CHECK(enemy_numbers_for(defend, 3) == Approx(1.2));
    CHECK(enemy_numbers_for(defend, 6) == Approx(1.5));
    const ForceLevel& riots = force_level(Mission::riots);
    CHECK(enemy_numbers_for(riots, 1) == Approx(2.0));
    CHECK(enemy_numbers_for(riots, 4) == Approx(3.2));
    CHECK(enemy_numbers_for(riots, 6) == Approx(4.0));
    const ForceLevel& pirates = force_level(Mission::raid_pirates);
    CHECK(enemy_numbers_for(pirates, 1) == Approx(0.5));
    CHECK(enemy_numbers_for(pirates, 4) == Approx(0.8));
    CHECK(enemy_numbers_for(pirates, 6) == Approx(1.0));
    CHECK_THROWS_AS(enemy_numbers_for(raid, 0), std::out_of_range);
    CHECK_THROWS_AS(enemy_numbers_for(raid, 7), std::out_of_range);
}

TEST_CASE("generate: a West Indies capture rolls its European enemy", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "01 15 West Indies (you can pick an island) Capture or re-capture an island
    // from a European enemy"; the enemy from "Roll for Enemy 1d6 ... 6 = Spanish"; then the column "Capture /
    // Recapture an Island".
    ScriptedDice dice({7, 6, 6});
    const json briefing = generate(dice, GeneratorRules{});
    CHECK(dice.remaining() == 0);
    const json& f = briefing["fields"];
    CHECK(f["region"] == "West Indies");
    CHECK(f["action"] == "Capture or re-capture an island from a European enemy");
    CHECK(f["mission"] == "capture_island");
    CHECK(f["mission_title"] == "Capture / Recapture an Island");
    CHECK(f["enemy"] == "Spanish");
    CHECK(f["enemy_quality"] == "Mixture of regulars and militia");
    CHECK(f["enemy_numbers"].get<double>() == Approx(1.5));
    CHECK(f["enemy_numbers_text"] == "From 0.5 to 1.5 times the strength of the attacker");
    CHECK(f["objectives"] == "Drive enemy from the island or capture them");
    CHECK(f["pip_gains"] == force_level(Mission::capture_island).pip_text);
    CHECK(f["other_gains"] == "Bonus of 250 per regiment.");
    CHECK(f["travel"] == "1 Month sea voyage each way");
    CHECK(f["months_out"] == 1);
    CHECK(f["months_back"] == 1);
    CHECK(f.size() == 14);
    CHECK(briefing["rolls"] ==
          rolls_of({roll("location", "d100", 7), roll("enemy", "d6", 6), roll("enemy_numbers", "d6", 6)}));
}

TEST_CASE("generate: 26-30 rolls a d6 for island (1-3, enemy rolled) or pirate base (4-6)", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "25-30 West Indies raid on an enemy island or pirate base"; the columns
    // "Raid on enemy Caribbean island" and "Raid on Caribbean pirates base".
    SECTION("a d6 of 3: an enemy island, its European owner rolled") {
        ScriptedDice dice({26, 3, 2, 1});
        const json briefing = generate(dice, GeneratorRules{});
        CHECK(dice.remaining() == 0);
        const json& f = briefing["fields"];
        CHECK(f["mission"] == "raid_island");
        CHECK(f["enemy"] == "Dutch");
        CHECK(f["enemy_quality"] == "Militia only");
        CHECK(f["enemy_numbers"].get<double>() == Approx(0.5));
        CHECK(f["other_gains"] == "Successful looting of port / town 1d6 x 50");
        CHECK(f["months_out"] == 1);
        CHECK(f["months_back"] == 1);
        CHECK(briefing["rolls"] == rolls_of({roll("location", "d100", 26), roll("island_or_pirates", "d6", 3),
                                             roll("enemy", "d6", 2), roll("enemy_numbers", "d6", 1)}));
    }
    SECTION("a d6 of 4: a pirate base, no enemy roll") {
        ScriptedDice dice({30, 4, 6});
        const json briefing = generate(dice, GeneratorRules{});
        CHECK(dice.remaining() == 0);
        const json& f = briefing["fields"];
        CHECK(f["region"] == "West Indies");
        CHECK(f["action"] == "raid on an enemy island or pirate base");
        CHECK(f["mission"] == "raid_pirates");
        CHECK(f["mission_title"] == "Raid on Caribbean pirates base");
        CHECK(f["enemy"] == "Pirates");
        CHECK(f["enemy_quality"] == "Badly trained pirates only");
        CHECK(f["enemy_numbers"].get<double>() == Approx(1.0));
        CHECK(briefing["rolls"] == rolls_of({roll("location", "d100", 30), roll("island_or_pirates", "d6", 4),
                                             roll("enemy_numbers", "d6", 6)}));
    }
}

TEST_CASE("generate: the caribbean_raid settings island and pirates pick without a d6", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "raid on an enemy island or pirate base" names no die for the choice: the
    // umpire may fix it (house rule caribbean_raid).
    SECTION("island: the d100, the enemy and the numbers, nothing else") {
        GeneratorRules rules;
        rules.caribbean_raid = "island";
        ScriptedDice dice({27, 5, 3, 6});  // the 6 is left over
        const json briefing = generate(dice, rules);
        CHECK(dice.remaining() == 1);
        CHECK(briefing["fields"]["mission"] == "raid_island");
        CHECK(briefing["fields"]["enemy"] == "French");
        CHECK(briefing["fields"]["enemy_numbers"].get<double>() == Approx(0.7));
        CHECK(briefing["rolls"] ==
              rolls_of({roll("location", "d100", 27), roll("enemy", "d6", 5), roll("enemy_numbers", "d6", 3)}));
    }
    SECTION("pirates: the d100 and the numbers") {
        GeneratorRules rules;
        rules.caribbean_raid = "pirates";
        ScriptedDice dice({28, 2, 6});  // the 6 is left over
        const json briefing = generate(dice, rules);
        CHECK(dice.remaining() == 1);
        CHECK(briefing["fields"]["mission"] == "raid_pirates");
        CHECK(briefing["fields"]["enemy"] == "Pirates");
        CHECK(briefing["fields"]["enemy_numbers"].get<double>() == Approx(0.6));
        CHECK(briefing["rolls"] == rolls_of({roll("location", "d100", 28), roll("enemy_numbers", "d6", 2)}));
    }
    SECTION("a row with one mission ignores the setting") {
        GeneratorRules rules;
        rules.caribbean_raid = "pirates";
        ScriptedDice dice({20, 1});
        const json briefing = generate(dice, rules);
        CHECK(dice.remaining() == 0);
        CHECK(briefing["fields"]["mission"] == "caribbean_rebellion");
        CHECK(briefing["fields"]["enemy"] == "Slaves / civilians");
    }
}

TEST_CASE("generate: an English defence against a seaborne raid rolls the enemy", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "36-40 England Defend against a seaborne raid by a European enemy*", "*
    // Roll for Enemy 1d6 ... 4 or 5 = French"; column "Defending Against Raid by European Enemy", "None".
    ScriptedDice dice({38, 4, 3});
    const json briefing = generate(dice, GeneratorRules{});
    CHECK(dice.remaining() == 0);
    const json& f = briefing["fields"];
    CHECK(f["region"] == "England");
    CHECK(f["action"] == "Defend against a seaborne raid by a European enemy");
    CHECK(f["mission"] == "defend_raid");
    CHECK(f["mission_title"] == "Defending Against Raid by European Enemy");
    CHECK(f["enemy"] == "French");
    CHECK(f["enemy_quality"] == "Regulars");
    CHECK(f["enemy_numbers"].get<double>() == Approx(1.2));
    CHECK(f["enemy_numbers_text"] == "From 1 to 1.5 times defender");
    CHECK(f["objectives"] == "Prevent local town from being burnt / looted");
    CHECK(f["other_gains"] == "No monetary gain");
    CHECK(f["travel"] == "None");
    CHECK(f["months_out"] == 0);
    CHECK(f["months_back"] == 0);
    CHECK(briefing["rolls"] ==
          rolls_of({roll("location", "d100", 38), roll("enemy", "d6", 4), roll("enemy_numbers", "d6", 3)}));
}

TEST_CASE("generate: a raid on Spain sails a month in all against the Spanish, no enemy roll", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "86-90 Spain raid on coastal region"; column "Raid on a European enemy":
    // "Total 1 Month sea voyage to and from Spanish raid."
    ScriptedDice dice({88, 2});
    const json briefing = generate(dice, GeneratorRules{});
    CHECK(dice.remaining() == 0);
    const json& f = briefing["fields"];
    CHECK(f["region"] == "Spain");
    CHECK(f["action"] == "raid on coastal region");
    CHECK(f["mission"] == "raid_european");
    CHECK(f["enemy"] == "Spanish");
    CHECK(f["enemy_quality"] == "Militia only");
    CHECK(f["enemy_numbers"].get<double>() == Approx(0.7));
    CHECK(f["other_gains"] == "Successful looting of town 1d6 x 100");
    CHECK(f["months_out"] == 1);
    CHECK(f["months_back"] == 0);
    CHECK(briefing["rolls"] == rolls_of({roll("location", "d100", 88), roll("enemy_numbers", "d6", 2)}));
}

TEST_CASE("generate: enemy numbers middle takes the range's middle, to one decimal, without a die", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A, "Enemy numbers": "From 0.5 to 1.5 times the strength of the expedition"
    // (Jacobites), "From 1 to 1.5 times defender", "From 2 to 4 times the strength of the expedition".
    GeneratorRules rules;
    rules.enemy_numbers = "middle";
    auto numbers = [&](int score, std::vector<int> more) {
        more.insert(more.begin(), score);
        ScriptedDice dice(more);
        const json briefing = generate(dice, rules);
        CHECK(dice.remaining() == 0);
        CHECK(briefing["rolls"].back()["what"] != "enemy_numbers");
        return briefing["fields"]["enemy_numbers"].get<double>();
    };
    CHECK(numbers(55, {}) == Approx(1.0));      // Scotland, Jacobites: 0.5 to 1.5
    CHECK(numbers(46, {1}) == Approx(1.3));     // Ireland, defend (enemy d6 1): 1.25, halves up
    CHECK(numbers(33, {}) == Approx(3.0));      // England, riots: 2 to 4
    CHECK(numbers(29, {2, 1}) == Approx(0.8));  // West Indies, island (d6 2, enemy d6 1): 0.75, halves up
}

TEST_CASE("generate: the Jacobite and Irish rows carry their own enemy and the book's words", "[expedition][annex_a]") {
    // over-the-hills.txt, ANNEX A: "51-60 Scotland Fight against Jacobite rebels", "41-45 Ireland Put down
    // riots / insurrection"; columns "Fighting in Scotland against Jacobite Rebels" and "Put down riots".
    ScriptedDice jacobite_dice({60, 5});
    const json jacobites = generate(jacobite_dice, GeneratorRules{})["fields"];
    CHECK(jacobites["region"] == "Scotland");
    CHECK(jacobites["mission"] == "jacobites");
    CHECK(jacobites["enemy"] == "Jacobite rebels");
    CHECK(jacobites["enemy_quality"] == "Mixture of highlanders, regulars and militia");
    CHECK(jacobites["enemy_numbers"].get<double>() == Approx(1.3));
    CHECK(jacobites["other_gains"] == "1d6 x 10 battlefield loot");
    CHECK(jacobites["months_out"] == 0);
    ScriptedDice riot_dice({41, 1});
    const json riots = generate(riot_dice, GeneratorRules{})["fields"];
    CHECK(riots["region"] == "Ireland");
    CHECK(riots["mission"] == "riots");
    CHECK(riots["enemy"] == "Rioters");
    CHECK(riots["pip_gains"] == "+10 PIP if successful. -10 PIP if the riots get worse");
}

TEST_CASE("generate: a setting it does not know is a program error", "[expedition][annex_a]") {
    // The settings are checked where the umpire sets them; the generator refuses rather than guess.
    GeneratorRules bad_raid;
    bad_raid.caribbean_raid = "both";
    ScriptedDice dice({1, 1, 1});
    CHECK_THROWS_AS(generate(dice, bad_raid), std::invalid_argument);
    GeneratorRules bad_numbers;
    bad_numbers.enemy_numbers = "max";
    CHECK_THROWS_AS(generate(dice, bad_numbers), std::invalid_argument);
    CHECK(dice.remaining() == 3);
}
