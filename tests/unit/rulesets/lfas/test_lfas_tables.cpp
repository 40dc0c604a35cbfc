// Loose Files and American Scramble tables (shared/rulesets/lfas/tables.h): every row, band edge and modifier
// against ../shared/rules/loose-files-american-scramble.txt, with scripted dice and exact outcomes: the average
// die, movement, infantry fire, artillery, command points, combat, disorder and generals.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "shared/core/dice.h"
#include "shared/rulesets/lfas/tables.h"

using namespace muster;
using namespace muster::lfas;

namespace {

bool same(const MoveDice& a, const MoveDice& b) {
    return a.av_min == b.av_min && a.av_max == b.av_max && a.d6_min == b.d6_min && a.d6_max == b.d6_max &&
           a.plus_two == b.plus_two;
}

// av min..max, d6 min..max, +2"
MoveDice allowance(int av_max, int d6_max, bool plus_two = false) { return MoveDice{1, av_max, 0, d6_max, plus_two}; }

}  // namespace

// --- the average die ---

// loose-files-american-scramble.txt, "'Average Dice'? (six-sided, but numbered 2/3/3/4/4/5 so they give the same
// 3.5 average score as a D6 but with a more even spread)."
TEST_CASE("lfas tables: the average die reads 2, 3, 3, 4, 4, 5 with mean 3.5", "[lfas]") {
    const std::vector<int> faces = {2, 3, 3, 4, 4, 5};
    int sum = 0;
    for (int d6 = 1; d6 <= 6; ++d6) {
        INFO("d6 " << d6);
        CHECK(average_face(d6) == faces[d6 - 1]);
        sum += average_face(d6);
    }
    CHECK(sum == 21);  // 21 / 6 = 3.5, the mean of a d6
    CHECK(sum / 6.0 == 3.5);

    ScriptedDice dice({1, 2, 3, 4, 5, 6});
    for (int want : faces) CHECK(roll_average(dice) == want);
    CHECK(dice.remaining() == 0);  // one d6 per average die
}

// --- movement ---

// loose-files-american-scramble.txt, "1st-3rd Class move one or two Average Dice x inches (player's choice)".
TEST_CASE("lfas tables: 1st-3rd Class infantry and artillery move one or two average dice", "[lfas]") {
    for (const std::string type : {"infantry", "artillery", "unknown"}) {
        for (int klass = 1; klass <= 3; ++klass) {
            INFO(type << " class " << klass);
            CHECK(same(move_dice(type, klass, false), allowance(2, 0)));
        }
    }
}

// loose-files-american-scramble.txt, "4th/5th Class one AV.D or one AV.D plus one d6."
TEST_CASE("lfas tables: 4th/5th Class infantry and artillery move one average die, or one plus a d6", "[lfas]") {
    for (const std::string type : {"infantry", "artillery", "unknown"}) {
        for (int klass = 4; klass <= 5; ++klass) {
            INFO(type << " class " << klass);
            CHECK(same(move_dice(type, klass, false), allowance(1, 1)));
        }
    }
}

// loose-files-american-scramble.txt, "Hessian infantry move one AV.D or one AV.D +2"".
TEST_CASE("lfas tables: Hessian infantry of any class move one average die, or one +2\"", "[lfas]") {
    for (int klass = 1; klass <= 5; ++klass) {
        INFO("class " << klass);
        CHECK(same(move_dice("infantry", klass, true), allowance(1, 0, true)));
        CHECK(same(move_dice("unknown", klass, true), allowance(1, 0, true)));
        // Hessian skirmishers (Jagers) are Hessian infantry in skirmish order: "Skirmishers may add a d6".
        CHECK(same(move_dice("skirmishers", klass, true), allowance(1, 1, true)));
    }
}

// loose-files-american-scramble.txt, "Skirmishers may add a d6".
TEST_CASE("lfas tables: skirmishers add a d6 to their class's allowance", "[lfas]") {
    for (int klass = 1; klass <= 3; ++klass) CHECK(same(move_dice("skirmishers", klass, false), allowance(2, 1)));
    for (int klass = 4; klass <= 5; ++klass) CHECK(same(move_dice("skirmishers", klass, false), allowance(1, 2)));
}

// loose-files-american-scramble.txt, "Skirmishers may add a d6, cavalry one or two d6".
TEST_CASE("lfas tables: cavalry add one or two d6 to their class's allowance, up to four dice", "[lfas]") {
    for (int klass = 1; klass <= 3; ++klass) {
        INFO("class " << klass);
        CHECK(same(move_dice("cavalry", klass, false), allowance(2, 2)));
        CHECK(same(move_dice("cavalry", klass, true), allowance(2, 2)));  // "Hessian infantry" only
    }
    for (int klass = 4; klass <= 5; ++klass) {
        INFO("class " << klass);
        CHECK(same(move_dice("cavalry", klass, false), allowance(1, 3)));
    }
    // "a unit at top speed (four dice)": the most any cavalry may roll.
    for (int klass = 1; klass <= 5; ++klass) {
        const MoveDice m = move_dice("cavalry", klass, false);
        CHECK(m.av_max + m.d6_max == 4);
    }
    CHECK(close_to_contact_dice == 3);  // "cavalry closing to contact must roll at least three dice"
}

// loose-files-american-scramble.txt, "Cavalry: May only change speed by one or two dice in a turn (i.e., if a unit
// is at rest, it may only move off at up to two dice x inches".
TEST_CASE("lfas tables: speed changes by at most two dice a turn", "[lfas]") {
    SECTION("at rest: move off at up to two dice") {
        CHECK(speed_change_ok(0, 0));
        CHECK(speed_change_ok(0, 1));
        CHECK(speed_change_ok(0, 2));
        CHECK_FALSE(speed_change_ok(0, 3));
        CHECK_FALSE(speed_change_ok(0, 4));
    }
    SECTION("at two dice: anything from rest to top speed") {
        for (int dice = 0; dice <= 4; ++dice) CHECK(speed_change_ok(2, dice));
    }
    SECTION("at top speed (four dice): only slow to two dice") {
        CHECK_FALSE(speed_change_ok(4, 0));
        CHECK_FALSE(speed_change_ok(4, 1));
        CHECK(speed_change_ok(4, 2));
        CHECK(speed_change_ok(4, 3));
        CHECK(speed_change_ok(4, 4));
    }
}

// loose-files-american-scramble.txt, "All troops except skirmishers take l DP for each 1 or 2 rolled. In woods,
// take 1 DP for each 1, 2, or 3 rolled."
TEST_CASE("lfas tables: a movement die of 1-2 (1-3 in woods) gives a DP", "[lfas]") {
    const std::vector<bool> open = {true, true, false, false, false, false};
    const std::vector<bool> woods = {true, true, true, false, false, false};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        CHECK(movement_dp(face, false) == open[face - 1]);
        CHECK(movement_dp(face, true) == woods[face - 1]);
    }
    CHECK(woods_penalty_per_die == 1);  // "Woods/Uphill: -1" from all dice rolled."
}

// --- infantry fire ---

// loose-files-american-scramble.txt, "Roll one D6 for each company or group of three skirmishers firing, minus the
// number of DPs on the firing unit." / "Halve the total if firing at artillery or skirmishers, halve again if
// target in fieldwork or building. Halves round up."
TEST_CASE("lfas tables: fire dice are companies minus DPs, halved and halved again, rounding up", "[lfas]") {
    CHECK(fire_dice(6, 0, false, false) == 6);
    CHECK(fire_dice(6, 2, false, false) == 4);  // "minus the number of DPs"
    CHECK(fire_dice(3, 3, false, false) == 0);
    CHECK(fire_dice(2, 5, false, false) == 0);  // never below 0
    CHECK(fire_dice(2, 5, true, true) == 0);
    CHECK(fire_dice(5, 0, true, false) == 3);   // 5 -> 3
    CHECK(fire_dice(4, 0, true, false) == 2);   // 4 -> 2
    CHECK(fire_dice(1, 0, true, false) == 1);   // 1 -> 1
    CHECK(fire_dice(7, 0, false, true) == 4);   // in a building only: 7 -> 4
    CHECK(fire_dice(5, 1, true, true) == 1);    // skirmishers in a building: 4 -> 2 -> 1
    CHECK(fire_dice(6, 0, true, true) == 2);    // 6 -> 3 -> 2
    CHECK(fire_dice(9, 0, true, true) == 3);    // 9 -> 5 -> 3
    CHECK(musket_range == 8);  // "musket range 0-8""
    CHECK(rifle_range == 10);  // "rifle 0-10""
}

// loose-files-american-scramble.txt, "Each 6 inflicts 1 DP; skirmishers re-roll 5s and inflict 1 DP on a subsequent
// 4-6."
TEST_CASE("lfas tables: each 6 fired is a DP; a skirmisher's 5 is re-rolled and a 4-6 is a DP", "[lfas]") {
    SECTION("formed troops: only 6s, no re-rolls") {
        ScriptedDice dice({6, 5, 1, 6, 4});
        const FireRoll r = roll_fire(5, false, dice);
        CHECK(r.faces == std::vector<int>{6, 5, 1, 6, 4});
        CHECK(r.rerolls.empty());
        CHECK(r.dps == 2);
        CHECK(dice.remaining() == 0);
    }
    SECTION("skirmishers: a 5 re-rolled to 4 is a DP, to 3 is not") {
        ScriptedDice dice({5, 4, 2, 5, 3, 6});
        const FireRoll r = roll_fire(4, true, dice);
        CHECK(r.faces == std::vector<int>{5, 2, 5, 6});
        CHECK(r.rerolls == std::vector<int>{4, 3});
        CHECK(r.dps == 2);  // the re-rolled 4 and the 6
        CHECK(dice.remaining() == 0);
    }
    SECTION("skirmishers: every re-roll face, a re-rolled 5 not re-rolled again") {
        ScriptedDice dice({5, 1, 5, 2, 5, 3, 5, 4, 5, 5, 5, 6});
        const FireRoll r = roll_fire(6, true, dice);
        CHECK(r.faces == std::vector<int>{5, 5, 5, 5, 5, 5});
        CHECK(r.rerolls == std::vector<int>{1, 2, 3, 4, 5, 6});
        CHECK(r.dps == 3);
        CHECK(dice.remaining() == 0);
    }
    SECTION("no dice: nothing rolled") {
        ScriptedDice dice({});
        const FireRoll r = roll_fire(0, true, dice);
        CHECK(r.faces.empty());
        CHECK(r.dps == 0);
    }
    SECTION("a short script fails loudly") {
        ScriptedDice dice({5});
        CHECK_THROWS_AS(roll_fire(1, true, dice), std::logic_error);
    }
}

// --- artillery ---

// loose-files-american-scramble.txt, "Light, field and heavy guns; long range 10-36" (-6" light, +6" heavy), short
// under 10"."
TEST_CASE("lfas tables: long range is 36\" for field guns, -6\" light, +6\" heavy", "[lfas]") {
    CHECK(long_range("light") == 30);
    CHECK(long_range("field") == 36);
    CHECK(long_range("heavy") == 42);
    CHECK(long_range("unknown") == 36);
    CHECK(short_range == 10);
}

// loose-files-american-scramble.txt, "Modifiers include +1 heavy, +1 target in column or limbered, +1 same target
// and range as last turn, -1 new target, -1 per DP, -2 target in fieldwork or skirmish order."
TEST_CASE("lfas tables: every gun modifier as printed", "[lfas]") {
    CHECK(gun_modifier(GunShot{}) == 0);
    GunShot s;
    s.heavy = true;
    CHECK(gun_modifier(s) == 1);
    s = {};
    s.target_column_or_limbered = true;
    CHECK(gun_modifier(s) == 1);
    s = {};
    s.same_target_and_range = true;  // "+ 1: Firing at same target, at same range, as in previous turn."
    CHECK(gun_modifier(s) == 1);
    s = {};
    s.new_target = true;  // "-1: Firing at new target."
    CHECK(gun_modifier(s) == -1);
    s = {};
    s.dps = 1;
    CHECK(gun_modifier(s) == -1);
    s.dps = 3;
    CHECK(gun_modifier(s) == -3);
    s = {};
    s.target_in_works_or_skirmish = true;
    CHECK(gun_modifier(s) == -2);
    // All together: +1 +1 +1 -1 -2 -2.
    CHECK(gun_modifier(GunShot{true, true, true, true, 2, true}) == -2);
    CHECK(gun_modifier(GunShot{true, true, true, false, 0, false}) == 3);
}

// loose-files-american-scramble.txt, "At long range inflict 1 DP for final total of 4 or over." / "short range: 2-3
// 1 DP, 4-5 2 DPs, 6+ 1 DP and 1 casualty."
TEST_CASE("lfas tables: the gun effect bands at long and short range", "[lfas]") {
    struct Row {
        int total;
        int long_dps, long_cas, short_dps, short_cas;
    };
    const std::vector<Row> rows = {
        {-3, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {1, 0, 0, 0, 0}, {2, 0, 0, 1, 0}, {3, 0, 0, 1, 0},
        {4, 1, 0, 2, 0},  {5, 1, 0, 2, 0}, {6, 1, 0, 1, 1}, {7, 1, 0, 1, 1}, {9, 1, 0, 1, 1},
    };
    for (const auto& row : rows) {
        INFO("total " << row.total);
        const GunEffect at_long = gun_effect(row.total, false);
        const GunEffect at_short = gun_effect(row.total, true);
        CHECK(at_long.dps == row.long_dps);
        CHECK(at_long.casualties == row.long_cas);
        CHECK(at_short.dps == row.short_dps);
        CHECK(at_short.casualties == row.short_cas);
    }
}

// --- command points ---

// loose-files-american-scramble.txt, "the number of Command Points = Average Dice roll + l. Subordinate commanders
// (Brigadiers) always have an Average Dice x CPs."
TEST_CASE("lfas tables: CPs are an average die, +1 for the commander-in-chief", "[lfas]") {
    const std::vector<int> average = {2, 3, 3, 4, 4, 5};
    for (int d6 = 1; d6 <= 6; ++d6) {
        INFO("d6 " << d6);
        ScriptedDice dice({d6, d6});
        CHECK(command_points(true, dice) == average[d6 - 1] + 1);
        CHECK(command_points(false, dice) == average[d6 - 1]);
        CHECK(dice.remaining() == 0);
    }
}

// loose-files-american-scramble.txt, "Costs: move one die x inches 1 CP; give an order to a unit ... within 6" 1 CP;
// write an order in multiplayer games 2 CPs; rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs".
TEST_CASE("lfas tables: the CP costs as printed", "[lfas]") {
    CHECK(cp_move_per_die == 1);
    CHECK(cp_order == 1);
    CHECK(cp_write == 2);
    CHECK(cp_rally == 2);
    CHECK(cp_inspire == 3);
    CHECK(command_range == 6);
}

// --- combat ---

// loose-files-american-scramble.txt, "Modifiers include +3 per training grade above the opponent, +3/+2 defending
// fort or fieldwork, +1 terrain, -3 skirmish order, -3 flank/rear, -2 per DP, -2 per casualty".
TEST_CASE("lfas tables: the combat modifiers as printed", "[lfas]") {
    CHECK(combat_range == 4);
    CHECK(per_grade == 3);
    CHECK(fort_bonus == 3);
    CHECK(fieldwork_bonus == 2);
    CHECK(terrain_bonus == 1);
    CHECK(skirmish_penalty == 3);
    CHECK(flank_penalty == 3);
    CHECK(per_dp_penalty == 2);
    CHECK(per_casualty_penalty == 2);
    CHECK(bayonet_bonus == 2);  // "British regulars may declare a bayonet attack for +2"
}

// loose-files-american-scramble.txt, "Outnumbered -1, 3:2 -2, 2:1 -3, 3:1 or more -5, counting one cavalry figure
// as three infantry and one gun as six."
TEST_CASE("lfas tables: the outnumbering bands at every edge", "[lfas]") {
    struct Row {
        double theirs;
        int penalty;
    };
    const std::vector<Row> rows = {
        {5, 0},    {10, 0},   {10.5, -1}, {14, -1}, {14.9, -1}, {15, -2}, {19.9, -2},
        {20, -3},  {29.9, -3}, {30, -5},  {40, -5}, {100, -5},
    };
    for (const auto& row : rows) {
        INFO(row.theirs << " : 10");
        CHECK(outnumbered_penalty(10, row.theirs) == row.penalty);
    }
    // The ratios themselves: 1:1, 1.4, 1.5, 1.99, 2, 2.99, 3, 4.
    CHECK(outnumbered_penalty(1, 1) == 0);
    CHECK(outnumbered_penalty(1, 1.4) == -1);
    CHECK(outnumbered_penalty(2, 3) == -2);  // 3:2 exactly
    CHECK(outnumbered_penalty(1, 1.5) == -2);
    CHECK(outnumbered_penalty(1, 1.99) == -2);
    CHECK(outnumbered_penalty(1, 2) == -3);
    CHECK(outnumbered_penalty(1, 2.99) == -3);
    CHECK(outnumbered_penalty(1, 3) == -5);
    CHECK(outnumbered_penalty(1, 4) == -5);
    // The larger side is not outnumbered.
    CHECK(outnumbered_penalty(4, 1) == 0);
    // Nobody on this side: as outnumbered as can be; nobody on either: nothing.
    CHECK(outnumbered_penalty(0, 3) == -5);
    CHECK(outnumbered_penalty(0, 0) == 0);
}

TEST_CASE("lfas tables: cavalry and guns count as infantry figures when outnumbering (a worked case)", "[lfas]") {
    // "counting one cavalry figure as three infantry and one gun as six"
    constexpr double per_cavalry_figure = 3, per_gun = 6;
    const double cavalry = 6 * per_cavalry_figure;  // 6 cavalry figures = 18 infantry
    CHECK(cavalry == 18);
    CHECK(outnumbered_penalty(12, cavalry) == -2);  // 18:12 is 3:2
    CHECK(outnumbered_penalty(9, cavalry) == -3);   // 18:9 is 2:1
    CHECK(outnumbered_penalty(cavalry, 12) == 0);
    // 12 infantry and a gun (18) against 6 cavalry figures (18): even.
    CHECK(outnumbered_penalty(12 + 1 * per_gun, cavalry) == 0);
    // 6 infantry figures against 2 guns (12) and 4 cavalry figures (12): 24:6 is 4:1.
    CHECK(outnumbered_penalty(6, 2 * per_gun + 4 * per_cavalry_figure) == -5);
}

// loose-files-american-scramble.txt, "Winner by +4 or more takes an easy victory; +2/3 a successful action; +1 to -1
// a standoff that continues next turn; -2 to -4 driven back; -5 to -8 defeated; -9 or worse routed".
TEST_CASE("lfas tables: the combat result bands at every edge", "[lfas]") {
    struct Row {
        int margin;
        Outcome result;
    };
    const std::vector<Row> rows = {
        {12, Outcome::easy_victory},     {4, Outcome::easy_victory},   {3, Outcome::successful_action},
        {2, Outcome::successful_action}, {1, Outcome::standoff},       {0, Outcome::standoff},
        {-1, Outcome::standoff},         {-2, Outcome::driven_back},   {-3, Outcome::driven_back},
        {-4, Outcome::driven_back},      {-5, Outcome::defeated},      {-8, Outcome::defeated},
        {-9, Outcome::routed},           {-20, Outcome::routed},
    };
    for (const auto& row : rows) {
        INFO("margin " << row.margin);
        CHECK(outcome(row.margin) == row.result);
    }
    // "If side A's total is, say, +3 and side B's is -2; then side A is the winner by a total of +5 and B is the
    // loser by-5."
    CHECK(outcome(3 - -2) == Outcome::easy_victory);
    CHECK(outcome(-2 - 3) == Outcome::defeated);
}

TEST_CASE("lfas tables: the combat results read in the book's words", "[lfas]") {
    CHECK(to_string(Outcome::easy_victory) == "easy victory");
    CHECK(to_string(Outcome::successful_action) == "successful action");
    CHECK(to_string(Outcome::standoff) == "standoff");
    CHECK(to_string(Outcome::driven_back) == "driven back");
    CHECK(to_string(Outcome::defeated) == "defeated");
    CHECK(to_string(Outcome::routed) == "routed");
}

// --- disorder and morale ---

// loose-files-american-scramble.txt, "Troops ignore retreats of lower-grade units but take 1 DP if one routs past
// within 6". An equal/higher grade unit retreating past within 6" gives 2 DPs; an equal-grade unit routing past
// gives 2 DPs and 1 casualty" / "If higher grade unit routs past within 6" take 3 DPs and l Casualty."
TEST_CASE("lfas tables: a unit retreating or routing past, by its grade", "[lfas]") {
    auto check = [](int mine, int theirs, bool routing, int dps, int casualties) {
        INFO("class " << mine << " passed by class " << theirs << (routing ? " routing" : " retreating"));
        const PassedBy p = passed_by(mine, theirs, routing);
        CHECK(p.dps == dps);
        CHECK(p.casualties == casualties);
    };
    // A lower grade (a higher class number) passing.
    check(2, 4, false, 0, 0);
    check(2, 3, true, 1, 0);
    check(1, 5, true, 1, 0);
    // An equal grade.
    check(3, 3, false, 2, 0);
    check(3, 3, true, 2, 1);
    // A higher grade (a lower class number).
    check(3, 1, false, 2, 0);
    check(5, 4, false, 2, 0);
    check(3, 2, true, 3, 1);
    check(5, 1, true, 3, 1);
    CHECK(passing_range == 6);
    CHECK(max_dps == 5);  // "A unit can hold at most five"
}

// loose-files-american-scramble.txt, "1st Class units may remove up to 2 DPs per turn, if stationary and not in
// combat." / "2nd Class 1 DP if stationary and not in combat; 3rd Class 1 DP if also not under fire; 4th Class only
// via a commander's CPs; 5th Class only via the commander-in-chief's CPs."
TEST_CASE("lfas tables: re-dressing ranks by class", "[lfas]") {
    struct Row {
        int klass;
        int still_quiet, still_under_fire, still_in_combat, moved;
    };
    const std::vector<Row> rows = {
        {1, 2, 2, 0, 0}, {2, 1, 1, 0, 0}, {3, 1, 0, 0, 0}, {4, 0, 0, 0, 0}, {5, 0, 0, 0, 0},
    };
    for (const auto& row : rows) {
        INFO("class " << row.klass);
        CHECK(redress(row.klass, true, false, false) == row.still_quiet);
        CHECK(redress(row.klass, true, false, true) == row.still_under_fire);
        CHECK(redress(row.klass, true, true, false) == row.still_in_combat);
        CHECK(redress(row.klass, true, true, true) == 0);
        CHECK(redress(row.klass, false, false, false) == row.moved);
        CHECK(redress(row.klass, false, true, true) == 0);
    }
}

// --- generals ---

// loose-files-american-scramble.txt, "1 = Hit. Roll again: 4/5/6 = Light wound. Lose 2 CPs. 2/3 = Serious wound.
// Retire from field. Loses all CPs. 1 = Killed."
TEST_CASE("lfas tables: risk to a general for every pair of dice", "[lfas]") {
    const std::vector<GeneralHit> second = {GeneralHit::killed,  GeneralHit::serious, GeneralHit::serious,
                                            GeneralHit::light,   GeneralHit::light,   GeneralHit::light};
    for (int first = 1; first <= 6; ++first) {
        for (int again = 1; again <= 6; ++again) {
            INFO(first << " then " << again);
            CHECK(general_hit(first, again) == (first == 1 ? second[again - 1] : GeneralHit::none));
        }
    }
    CHECK(to_string(GeneralHit::none) == "");
    CHECK(to_string(GeneralHit::light) == "light wound");
    CHECK(to_string(GeneralHit::serious) == "serious wound");
    CHECK(to_string(GeneralHit::killed) == "killed");
}
