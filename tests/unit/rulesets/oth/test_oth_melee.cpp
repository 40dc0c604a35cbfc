// Over the Hill melee (shared/rulesets/oth/melee.h) against ../shared/rules/over-the-hills.txt, "Melee":
// "Both sides take a TP automatically Highlanders/Battle Cavalry automatically inflict an extra TP Ordinary
// Horse score 4,5,6 to inflict an extra TP. Roll less than Average (DRILL + EFFECTIVENESS) to inflict extra TP",
// and "4. Engage in A Fight".
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/melee.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("the average of Drill and Effectiveness rounds up", "[oth]") {
    // "Records": "45th Regt 2 2 3 3" (Drill 2, Effectiveness 3, average 3).
    CHECK(average_drill_effectiveness(2, 3) == 3);
    CHECK(average_drill_effectiveness(2, 2) == 2);
    CHECK(average_drill_effectiveness(1, 2) == 2);
    CHECK(average_drill_effectiveness(1, 1) == 1);
    CHECK(average_drill_effectiveness(6, 5) == 6);
    CHECK(average_drill_effectiveness(6, 6) == 6);
}

TEST_CASE("the melee kind of each troop type", "[oth]") {
    OthSettings book;
    CHECK(melee_kind(TroopType::horse, book) == MeleeKind::ordinary_horse);
    CHECK(melee_kind(TroopType::horse, book, true) == MeleeKind::battle_cavalry);
    CHECK(melee_kind(TroopType::formed_infantry, book) == MeleeKind::foot);
    CHECK(melee_kind(TroopType::militia, book) == MeleeKind::foot);
    CHECK(melee_kind(TroopType::irregulars, book) == MeleeKind::highlanders);
    CHECK(melee_kind(TroopType::gunners, book) == MeleeKind::gunners);
    OthSettings plain;
    plain.irregulars_fight_as_highlanders = false;
    CHECK(melee_kind(TroopType::irregulars, plain) == MeleeKind::foot);
    CHECK(melee_kind_name(MeleeKind::battle_cavalry) == "battle_cavalry");
}

TEST_CASE("foot inflict the extra TP on a roll less than the average", "[oth]") {
    OthSettings book;
    // Drill 2, Effectiveness 3: average 3, so 1 and 2 inflict, 3 does not. Every die against both sides.
    for (int a = 1; a <= 6; ++a) {
        for (int b = 1; b <= 6; ++b) {
            ScriptedDice dice({a, b});
            auto r = melee_round({MeleeKind::foot, 2, 3}, {MeleeKind::foot, 4, 4}, book, dice);
            INFO("dice " << a << ", " << b);
            CHECK(r.first.rolled);
            CHECK(r.first.target == 3);
            CHECK(r.second.target == 4);
            CHECK(r.first.inflicts_extra == (a < 3));
            CHECK(r.second.inflicts_extra == (b < 4));
            // "Both sides take a TP automatically", and the extra the other inflicts.
            CHECK(r.first.tp_melee == 1);
            CHECK(r.second.tp_melee == 1);
            CHECK(r.first.tp_total() == 1 + (b < 4 ? 1 : 0));
            CHECK(r.second.tp_total() == 1 + (a < 3 ? 1 : 0));
            CHECK(dice.remaining() == 0);
        }
    }
}

TEST_CASE("highlanders and battle cavalry inflict the extra TP without a roll; ordinary horse on 4-6", "[oth]") {
    OthSettings book;
    {
        ScriptedDice dice({3});
        auto r = melee_round({MeleeKind::highlanders, 1, 1}, {MeleeKind::ordinary_horse, 2, 2}, book, dice);
        CHECK_FALSE(r.first.rolled);
        CHECK(r.first.inflicts_extra);
        CHECK(r.second.rolled);
        CHECK(r.second.die == 3);
        CHECK(r.second.target == 4);
        CHECK_FALSE(r.second.inflicts_extra);
        CHECK(r.first.tp_total() == 1);
        CHECK(r.second.tp_total() == 2);
    }
    for (int die = 1; die <= 6; ++die) {
        ScriptedDice dice({die});
        auto r = melee_round({MeleeKind::ordinary_horse, 2, 2}, {MeleeKind::battle_cavalry, 2, 2}, book, dice);
        CHECK(r.first.inflicts_extra == (die >= 4));
        CHECK(r.second.inflicts_extra);
        CHECK(r.second.tp_total() == (die >= 4 ? 2 : 1));
        CHECK(r.first.tp_total() == 2);
    }
}

TEST_CASE("gunners are no use in a melee: they take the TPs and inflict no extra", "[oth]") {
    // "Morale/Reaction", 5. Gunners: "No use in a melee".
    ScriptedDice dice({1});
    auto r = melee_round({MeleeKind::gunners, 2, 2}, {MeleeKind::foot, 2, 2}, OthSettings{}, dice);
    CHECK_FALSE(r.first.rolled);
    CHECK_FALSE(r.first.inflicts_extra);
    CHECK(r.second.inflicts_extra);  // 1 < 2
    CHECK(r.first.tp_total() == 2);
    CHECK(r.second.tp_total() == 1);
}

TEST_CASE("a leader engaged in the fight helps his men and risks being killed or wounded", "[oth]") {
    // "any of that leader s troops involved in the fight will gain an advantage ... might be killed or
    // wounded": settings leader_fight_bonus (+1), leader_hit_on (1), leader_killed_on (2).
    OthSettings book;
    SECTION("foot roll less than the average + 1; the leader survives on a 2") {
        // Dice: first's extra (3), second's extra (6), first's leader (2: not hit).
        ScriptedDice dice({3, 6, 2});
        auto r = melee_round({MeleeKind::foot, 2, 3, true}, {MeleeKind::foot, 2, 2}, book, dice);
        CHECK(r.first.target == 4);
        CHECK(r.first.inflicts_extra);  // 3 < 4: without him 3 < 3 fails
        CHECK(r.first.leader_hit_die == 2);
        CHECK(r.first.leader == LeaderFate::unhurt);
        CHECK(r.first.tp_leader_lost == 0);
        CHECK(r.second.tp_total() == 2);
        CHECK(dice.remaining() == 0);
    }
    SECTION("ordinary horse with their leader need 3-6; he is hit on a 1 and killed on a 2") {
        ScriptedDice dice({3, 5, 1, 2});
        auto r = melee_round({MeleeKind::ordinary_horse, 2, 2, true}, {MeleeKind::foot, 3, 3}, book, dice);
        CHECK(r.first.target == 3);
        CHECK(r.first.inflicts_extra);
        CHECK(r.first.leader_hit_die == 1);
        CHECK(r.first.leader_fate_die == 2);
        CHECK(r.first.leader == LeaderFate::killed);
        // "Seeing your leader killed/incapacitated": one more TP.
        CHECK(r.first.tp_leader_lost == 1);
        CHECK(r.first.tp_total() == 2);  // 1 + no extra (5 is not less than 3) + 1
    }
    SECTION("hit on a 1 and wounded on a 3; both leaders roll, the first side's first") {
        ScriptedDice dice({6, 6, 1, 3, 1, 1});
        auto r = melee_round({MeleeKind::foot, 2, 2, true}, {MeleeKind::foot, 2, 2, true}, book, dice);
        CHECK(r.first.leader == LeaderFate::wounded);
        CHECK(r.second.leader == LeaderFate::killed);
        CHECK(r.first.tp_total() == 2);
        CHECK(r.second.tp_total() == 2);
        CHECK(leader_fate_name(r.first.leader) == "wounded");
    }
    SECTION("highlanders' leader adds nothing to an automatic TP but still takes the risk") {
        ScriptedDice dice({4, 6});
        auto r = melee_round({MeleeKind::highlanders, 1, 1, true}, {MeleeKind::foot, 2, 2}, book, dice);
        CHECK(r.first.inflicts_extra);
        CHECK(r.first.leader == LeaderFate::unhurt);
        CHECK(dice.remaining() == 0);
    }
    SECTION("a leader_hit_on of 0 means no risk and no die") {
        OthSettings safe;
        safe.leader_hit_on = 0;
        ScriptedDice dice({6, 6});
        auto r = melee_round({MeleeKind::foot, 2, 2, true}, {MeleeKind::foot, 2, 2}, safe, dice);
        CHECK(r.first.leader_hit_die == 0);
        CHECK(dice.remaining() == 0);
    }
}
