// Border Reivers tables (shared/rulesets/reivers/tables.h): every row of every table against a transcription of
// ../shared/rules/border-reivers.txt made independently of the code's tables. The extract mangles the table
// layouts; the rows below are read as tables.h's header comments read them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "shared/rulesets/reivers/tables.h"

using namespace muster;
using namespace muster::reivers;

namespace {

FyrebrandModifiers none() { return {}; }

}  // namespace

// --- names ---

TEST_CASE("border-reivers.txt, \"Name Type\": every name type reads and writes by its name", "[reivers]") {
    const std::vector<std::pair<const char*, NameType>> names = {
        {"rider", NameType::rider}, {"lowne", NameType::lowne}, {"demi_lance", NameType::demi_lance},
        {"musketeer", NameType::musketeer}, {"blade", NameType::blade}, {"bow", NameType::bow},
        {"pike", NameType::pike}, {"herd", NameType::herd}, {"wagon", NameType::wagon},
    };
    for (const auto& [text, type] : names) {
        INFO(text);
        CHECK(to_string(type) == text);
        REQUIRE(name_type_from(text).has_value());
        CHECK(*name_type_from(text) == type);
    }
    CHECK_FALSE(name_type_from("").has_value());
    CHECK_FALSE(name_type_from("Rider").has_value());
    CHECK_FALSE(name_type_from("cannon").has_value());
}

TEST_CASE("border-reivers.txt, movement table: \"Foot 100, Mounted 200, Herds 50, Wagons, guns etc 50\"",
          "[reivers]") {
    for (auto t : {NameType::rider, NameType::lowne, NameType::demi_lance, NameType::musketeer, NameType::blade,
                   NameType::bow, NameType::pike}) {
        INFO(to_string(t));
        CHECK(base_move_paces(t, false) == 100);
        CHECK(base_move_paces(t, true) == 200);
    }
    CHECK(base_move_paces(NameType::herd, false) == 50);
    CHECK(base_move_paces(NameType::herd, true) == 50);
    CHECK(base_move_paces(NameType::wagon, false) == 50);
    CHECK(base_move_paces(NameType::wagon, true) == 50);
}

TEST_CASE("border-reivers.txt, \"The factors for the troop types are\": every row", "[reivers]") {
    // "Name Type | Foot | Mounted | Ranged | Range"; "-" is no range: "Only bows and musketeers may fire at range".
    struct Row {
        NameType type;
        int foot, mounted, ranged, range;
    };
    const std::vector<Row> book = {
        {NameType::rider, 2, 2, 2, 0},     {NameType::lowne, 2, 2, 2, 0}, {NameType::demi_lance, 3, 3, 2, 0},
        {NameType::musketeer, 2, 2, 4, 100}, {NameType::blade, 4, 3, 2, 0}, {NameType::bow, 2, 3, 3, 100},
        {NameType::pike, 3, 4, 2, 0},
    };
    for (const auto& r : book) {
        INFO(to_string(r.type));
        auto f = combat_factors(r.type);
        CHECK(f.foot == r.foot);
        CHECK(f.mounted == r.mounted);
        CHECK(f.ranged == r.ranged);
        CHECK(f.range_paces == r.range);
        CHECK(fights(r.type));
    }
}

TEST_CASE("border-reivers.txt, \"Herds\" and \"Wagons, guns etc\" have no row in the factors table", "[reivers]") {
    for (auto t : {NameType::herd, NameType::wagon}) {
        INFO(to_string(t));
        CHECK_FALSE(fights(t));
        auto f = combat_factors(t);
        CHECK(f.foot == 0);
        CHECK(f.mounted == 0);
        CHECK(f.ranged == 0);
        CHECK(f.range_paces == 0);
        for (bool m : {false, true})
            for (bool em : {false, true})
                for (bool own : {false, true}) CHECK(close_factor(t, m, em, own) == 0);
    }
}

TEST_CASE("border-reivers.txt, factors table: the Foot or Mounted column by the name's own state or its enemy's",
          "[reivers]") {
    // Blade: Foot 4, Mounted 3. Pike: Foot 3, Mounted 4.
    SECTION("by own state: a mounted name reads Mounted, a name on foot reads Foot, whatever the enemy") {
        for (bool enemy : {false, true}) {
            CHECK(close_factor(NameType::blade, false, enemy, true) == 4);
            CHECK(close_factor(NameType::blade, true, enemy, true) == 3);
            CHECK(close_factor(NameType::pike, false, enemy, true) == 3);
            CHECK(close_factor(NameType::pike, true, enemy, true) == 4);
            CHECK(close_factor(NameType::bow, false, enemy, true) == 2);
            CHECK(close_factor(NameType::bow, true, enemy, true) == 3);
        }
    }
    SECTION("by enemy: against mounted enemies the Mounted column, against foot the Foot column") {
        for (bool own : {false, true}) {
            CHECK(close_factor(NameType::blade, own, false, false) == 4);
            CHECK(close_factor(NameType::blade, own, true, false) == 3);
            CHECK(close_factor(NameType::pike, own, false, false) == 3);
            CHECK(close_factor(NameType::pike, own, true, false) == 4);
            CHECK(close_factor(NameType::bow, own, false, false) == 2);
            CHECK(close_factor(NameType::bow, own, true, false) == 3);
        }
    }
    SECTION("names whose columns are equal read the same either way") {
        for (auto t : {NameType::rider, NameType::lowne, NameType::demi_lance, NameType::musketeer})
            for (bool m : {false, true})
                for (bool em : {false, true})
                    for (bool own : {false, true}) CHECK(close_factor(t, m, em, own) == combat_factors(t).foot);
    }
}

// --- craft ---

TEST_CASE("border-reivers.txt, craft table: \"Poor 1d4, Average 1d6, Good 1dAv+1\"", "[reivers]") {
    CHECK(to_string(Craft::poor) == "poor");
    CHECK(to_string(Craft::average) == "average");
    CHECK(to_string(Craft::good) == "good");
    for (auto c : {Craft::poor, Craft::average, Craft::good}) CHECK(craft_from(to_string(c)) == c);
    CHECK_FALSE(craft_from("Good").has_value());
    CHECK_FALSE(craft_from("excellent").has_value());

    SECTION("poor rolls a d4: every face") {
        for (int face = 1; face <= 4; ++face) {
            ScriptedDice dice({face});
            CHECK(roll_craft(Craft::poor, dice) == face);
            CHECK(dice.remaining() == 0);
        }
        ScriptedDice five({5});  // a d4 has no 5
        CHECK_THROWS(roll_craft(Craft::poor, five));
    }
    SECTION("average rolls a d6: every face") {
        for (int face = 1; face <= 6; ++face) {
            ScriptedDice dice({face});
            CHECK(roll_craft(Craft::average, dice) == face);
            CHECK(dice.remaining() == 0);
        }
    }
    SECTION("good rolls the average die (2, 3, 3, 4, 4, 5; rules/README.md) plus one: every face") {
        const int expected[] = {3, 4, 4, 5, 5, 6};
        for (int face = 1; face <= 6; ++face) {
            ScriptedDice dice({face});
            CHECK(roll_craft(Craft::good, dice) == expected[face - 1]);
            CHECK(dice.remaining() == 0);
        }
    }
}

TEST_CASE("border-reivers.txt, \"Action | Craft Cost\": every row", "[reivers]") {
    CHECK(CraftCosts::move == 1);                // "Move name or group of names +1"
    CHECK(CraftCosts::road == -1);               // "Move name or group on road ... -1"
    CHECK(CraftCosts::conceal_dismounted == 1);  // "Conceal dismounted name +1"
    CHECK(CraftCosts::conceal_mounted == 3);     // "Conceal mounted name +3"
    CHECK(CraftCosts::detect == 1);              // "Detect ambush (per attempt) +1"
    CHECK(CraftCosts::over_range == 1);          // "Using craft at over range +1"
    CHECK(CraftCosts::dismount == 2);            // "Dismount or remount name +2"
}

// --- fyrebrand ---

TEST_CASE("border-reivers.txt, fyrebrand modifiers table: every row", "[reivers]") {
    struct Row {
        FyrebrandModifiers m;
        const char* why;
        int value;
    };
    const std::vector<Row> book = {
        {{.under_fire = true}, "under fire", +1},
        {{.fleeing_or_lost_combat = true}, "fleeing or having lost combat", +1},
        {{.lost_melee = true}, "lost melee", +3},
        {{.military_under_orders = true}, "military under orders", -2},
        {{.cover = +2}, "in cover", +2},
        {{.cover = -2}, "in cover", -2},
        {{.edge = +1}, "psychological edge", +1},
        {{.edge = -1}, "psychological edge", -1},
        {{.mounted_against_foot = true}, "mounted against foot", -2},
        {{.foot_against_mounted = true}, "foot against mounted", +3},
        {{.facing_feuders = true}, "facing feuders", -2},
        {{.surprised = true}, "surprised", +3},
    };
    for (const auto& r : book) {
        INFO(r.why << " " << r.value);
        auto mods = fyrebrand_modifiers(r.m);
        REQUIRE(mods.size() == 1);
        CHECK(mods[0].why == r.why);
        CHECK(mods[0].value == r.value);
        CHECK(modified_fyrebrand(3, r.m) == 3 + r.value);
    }
    CHECK(fyrebrand_modifiers(none()).empty());
    CHECK(modified_fyrebrand(4, none()) == 4);
}

TEST_CASE("border-reivers.txt, fyrebrand modifiers: all at once, listed in the table's order", "[reivers]") {
    FyrebrandModifiers all{.under_fire = true,
                           .fleeing_or_lost_combat = true,
                           .lost_melee = true,
                           .military_under_orders = true,
                           .cover = -2,
                           .edge = +1,
                           .mounted_against_foot = true,
                           .foot_against_mounted = true,
                           .facing_feuders = true,
                           .surprised = true};
    auto mods = fyrebrand_modifiers(all);
    const std::vector<std::string> order = {"under fire",           "fleeing or having lost combat",
                                            "lost melee",           "military under orders",
                                            "in cover",             "psychological edge",
                                            "mounted against foot", "foot against mounted",
                                            "facing feuders",       "surprised"};
    REQUIRE(mods.size() == order.size());
    for (std::size_t i = 0; i < order.size(); ++i) CHECK(mods[i].why == order[i]);
    // 1 + 1 + 3 - 2 - 2 + 1 - 2 + 3 - 2 + 3 = 4
    CHECK(modified_fyrebrand(3, all) == 7);
}

TEST_CASE("border-reivers.txt, fyrebrand worked example: \"A peasant name (4) is under fire (+1) and being charged "
          "by cavalry (+3), giving a total fyrbrand of 8 ... rolls a 10, and therefore may\"",
          "[reivers]") {
    FyrebrandModifiers m{.under_fire = true, .foot_against_mounted = true};
    SECTION("the 10 of the example passes") {
        ScriptedDice dice({10});
        auto t = test_fyrebrand(4, m, dice);
        CHECK(t.rating == 4);
        CHECK(t.modified == 8);
        CHECK(t.roll == 10);
        CHECK(t.passed);
        REQUIRE(t.modifiers.size() == 2);
        CHECK(t.modifiers[0].why == "under fire");
        CHECK(t.modifiers[0].value == 1);
        CHECK(t.modifiers[1].why == "foot against mounted");
        CHECK(t.modifiers[1].value == 3);
        CHECK(dice.remaining() == 0);
    }
    SECTION("\"greater than the modified fyrebrand\": a 9 passes, an 8 does not") {
        ScriptedDice nine({9});
        CHECK(test_fyrebrand(4, m, nine).passed);
        ScriptedDice eight({8});
        auto t = test_fyrebrand(4, m, eight);
        CHECK(t.roll == 8);
        CHECK_FALSE(t.passed);
    }
}

TEST_CASE("border-reivers.txt, fyrebrand test: \"a roll on a d10\", every face against a rating", "[reivers]") {
    // "Veteran reiver" (2), no modifiers: 3 and up pass.
    for (int face = 1; face <= 10; ++face) {
        ScriptedDice dice({face});
        auto t = test_fyrebrand(2, none(), dice);
        INFO("d10 " << face);
        CHECK(t.modified == 2);
        CHECK(t.modifiers.empty());
        CHECK(t.passed == (face > 2));
    }
    ScriptedDice eleven({11});  // a d10 has no 11
    CHECK_THROWS(test_fyrebrand(2, none(), eleven));
    // A modified rating of 10 or more can never be passed; one below 1 always is.
    ScriptedDice ten({10});
    CHECK_FALSE(test_fyrebrand(5, {.lost_melee = true, .surprised = true}, ten).passed);
    ScriptedDice one({1});
    CHECK(test_fyrebrand(0, {.military_under_orders = true}, one).passed);
}

// --- combat ---

TEST_CASE("border-reivers.txt, \"Tactical factors are\": every row", "[reivers]") {
    struct Row {
        TacticalSituation t;
        const char* why;
        int value;
    };
    const std::vector<Row> book = {
        {{.overlapped_or_flanked = true, .foot_cover = ""}, "overlap or flank or rear contact", -1},
        {{.heidman_with = true, .foot_cover = ""}, "heidman's name in combat", +1},
        {{.mounted_in_poor_ground = true, .foot_cover = ""}, "mounted in poor ground", -2},
        {{.foot_cover = "high"}, "foot in high cover", +3},
        {{.foot_cover = "medium"}, "foot in medium cover", +2},
        {{.foot_cover = "low"}, "foot in low cover", +1},
    };
    for (const auto& r : book) {
        INFO(r.why);
        auto mods = tactical_factors(r.t);
        REQUIRE(mods.size() == 1);
        CHECK(mods[0].why == r.why);
        CHECK(mods[0].value == r.value);
        CHECK(tactical_total(r.t) == r.value);
    }
    CHECK(tactical_factors({}).empty());
    CHECK(tactical_total({}) == 0);
    CHECK(tactical_total({.foot_cover = "none"}) == 0);
    // Together: -1 + 1 - 2 + 3.
    TacticalSituation all{
        .overlapped_or_flanked = true, .heidman_with = true, .mounted_in_poor_ground = true, .foot_cover = "high"};
    CHECK(tactical_factors(all).size() == 4);
    CHECK(tactical_total(all) == 1);
}

TEST_CASE("border-reivers.txt, \"The effects of combat\": every row and its boundaries", "[reivers]") {
    CHECK(to_string(CombatResult::continuing) == "continuing");
    CHECK(to_string(CombatResult::recoil) == "recoil");
    CHECK(to_string(CombatResult::flee) == "flee");
    CHECK(to_string(CombatResult::destroyed) == "destroyed");

    for (bool setting : {false, true}) {
        INFO("recoil_flanked_destroyed " << setting);
        // "Equal | Continuing combat", flanked or not.
        CHECK(combat_result(6, 6, false, setting) == CombatResult::continuing);
        CHECK(combat_result(6, 6, true, setting) == CombatResult::continuing);
        CHECK(combat_result(0, 0, false, setting) == CombatResult::continuing);
        // "½-equal | Loser recoils": one below equal, and exactly half.
        CHECK(combat_result(5, 6, false, setting) == CombatResult::recoil);
        CHECK(combat_result(3, 6, false, setting) == CombatResult::recoil);
        // "Less than 1/2 | Loser flees": one below half.
        CHECK(combat_result(2, 6, false, setting) == CombatResult::flee);
        CHECK(combat_result(0, 6, false, setting) == CombatResult::flee);
        // "... unless flanked, in which case destroyed".
        CHECK(combat_result(2, 6, true, setting) == CombatResult::destroyed);
        CHECK(combat_result(0, 1, true, setting) == CombatResult::destroyed);
        // An odd winner: half of 7 is 3.5, so 4 recoils and 3 flees.
        CHECK(combat_result(4, 7, false, setting) == CombatResult::recoil);
        CHECK(combat_result(3, 7, false, setting) == CombatResult::flee);
        CHECK(combat_result(3, 7, true, setting) == CombatResult::destroyed);
    }
    // "½-equal | Loser recoils, unless flanked in which case flee" (the table) ...
    CHECK(combat_result(5, 6, true, false) == CombatResult::flee);
    CHECK(combat_result(3, 6, true, false) == CombatResult::flee);
    CHECK(combat_result(4, 7, true, false) == CombatResult::flee);
    // ... or "Loser recoils: ... unless flanked in which case destroyed" (the text below it, as a setting).
    CHECK(combat_result(5, 6, true, true) == CombatResult::destroyed);
    CHECK(combat_result(3, 6, true, true) == CombatResult::destroyed);
    CHECK(combat_result(4, 7, true, true) == CombatResult::destroyed);
}

TEST_CASE("border-reivers.txt, \"The effects of combat\": a \"loser\" scoring more than the winner has not lost",
          "[reivers]") {
    // Outside the table's rows (the loser's score as a fraction of the winner's is more than 1): read as "Equal".
    for (bool flanked : {false, true})
        for (bool setting : {false, true}) {
            CHECK(combat_result(7, 6, flanked, setting) == CombatResult::continuing);
            CHECK(combat_result(12, 1, flanked, setting) == CombatResult::continuing);
        }
}

// --- incidents ---

TEST_CASE("border-reivers.txt, incidents: \"each heidman must roll 2d6. If a 2 is rolled, an incident has taken "
          "place. If his name is fleeing, subtract 4 ... if his name has recoiled this bound, subtract 2\"",
          "[reivers]") {
    for (int two_d6 = 2; two_d6 <= 12; ++two_d6) {
        INFO("2d6 " << two_d6);
        CHECK(incident_roll(two_d6, false, false) == two_d6);
        CHECK(incident_roll(two_d6, false, true) == two_d6 - 2);
        CHECK(incident_roll(two_d6, true, false) == two_d6 - 4);
        CHECK(incident_roll(two_d6, true, true) == two_d6 - 4);  // a fleeing name has recoiled too: 4, not 6
        CHECK(is_incident(incident_roll(two_d6, false, false)) == (two_d6 <= 2));
        CHECK(is_incident(incident_roll(two_d6, false, true)) == (two_d6 <= 4));
        CHECK(is_incident(incident_roll(two_d6, true, false)) == (two_d6 <= 6));
    }
    CHECK(is_incident(2));
    CHECK_FALSE(is_incident(3));
    CHECK(is_incident(-2));  // a 2 less 4
}

TEST_CASE("border-reivers.txt, incident table: every row", "[reivers]") {
    struct Row {
        int die;
        const char* heidman;
        const char* names;
    };
    const std::vector<Row> book = {
        {1, "death", "flee"},                    // "Death | Flee"
        {2, "death", "recoil"},                  // "Death | Recoil"
        {3, "wounded", "fyrebrand_up"},          // "Wounded | Fyrbrand +1"
        {4, "wounded", "test"},                  // "Wounded | Test fyrbrand"
        {5, "captured", "test_flee_or_attack"},  // "Captured | Test fyrbrand. Flee if failed, attack if passed"
        {6, "none", "recoil"},                   // "No effect | Recoil"
    };
    for (const auto& r : book) {
        INFO("d6 " << r.die);
        auto i = incident_row(r.die);
        CHECK(i.roll == r.die);
        CHECK(i.heidman == r.heidman);
        CHECK(i.names == r.names);
    }
    // A die off the table reads its nearest row.
    CHECK(incident_row(0).heidman == "death");
    CHECK(incident_row(7).heidman == "none");
}

// --- terrain ---
