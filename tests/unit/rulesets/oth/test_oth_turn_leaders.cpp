// Over the Hill's turn (shared/rulesets/oth/battle_turn.h) against ../shared/rules/over-the-hills.txt: leaders
// who are down, who may read the lines about leaders and tension points, and the enemy facing a unit shot at.
// Step by step on a bare table with scripted dice (tests/unit/rulesets/oth/oth_turn_table.h).
#include "rulesets/oth/oth_turn_table.h"

using namespace oth_turn_test;

TEST_CASE("turn: a wounded leader gives no orders and is no \"Leader with the unit\"", "[oth][turn]") {
    for (const char* fate : {"unhurt", "wounded", "killed"}) {
        INFO("Kemp " << fate);
        TurnTable t;
        t.unit(1, "british", "7th Foot", {50, 20}, 0, ratings(3, 3, 3));
        t.leader(1, "british", 2, "Colonel Kemp", {50, 19});
        t.battle.leaders.at(1).values["fate"] = fate;
        const bool down = std::string(fate) != "unhurt";
        CHECK(oth::leader_down(t.battle.leaders.at(1)) == down);
        // over-the-hills.txt, "Seeing your leader killed/incapacitated": wounded is incapacitated, and a leader
        // incapacitated gives no orders: his card is not carried out.
        t.card(2, {{"card", "order.advance"}, {"unit", 1}});
        t.step("orders");
        CHECK(t.u(1).pending_order.has_value() == !down);
        CHECK(contains(t.texts_for("british", 1, "orders"), "Colonel Kemp orders 7th Foot: Advance.") == !down);
        // "Die Modifiers: ... Leader with the unit +1": only a leader who is up.
        ScriptedDice dice({4});
        oth::Turn turn{t.battle, t.settings, t.tallies, t.facts, dice};
        oth::test_unit(turn, t.u(1), nullptr, "the umpire's test");
        auto tests = t.tests(1, "orders");
        REQUIRE(tests.size() == 1);
        CHECK(tests[0]["circumstances"]["leader_with_unit"] == !down);
        CHECK(tests[0]["modifier"] == (down ? 0 : 1));
    }
}

TEST_CASE("turn: lines written only for units with TPs are for their own side", "[oth][turn]") {
    TurnTable t;
    // The 7th (E3) and the Manchesters (E2) have 2 TPs each, far out of each other's sight (sight_cm 60).
    t.unit(1, "british", "7th Foot", {50, 20}, 0, ratings(3, 3, 3));
    t.unit(2, "jacobite", "Manchester Regiment", {150, 110}, 180, ratings(2, 2, 2));
    t.set_tp(1, 2);
    t.set_tp(2, 2);
    // over-the-hills.txt, "You remove TPs by: Resting out of sight of the enemy -1 per turn ... Roll 1d6 and
    // score Regimental Effectiveness or less": each rests (2 -> 1), then rolls: the 7th 3 (E3: one more goes),
    // the Manchesters 6 (it stays). Those lines would tell the enemy a unit has TPs: its own side reads them.
    t.step("tension", {3, 6});
    CHECK(t.tp(1) == 0);
    CHECK(t.tp(2) == 1);
    const auto british = t.texts_for("british", 1, "tension");
    const auto jacobite = t.texts_for("jacobite", 1, "tension");
    CHECK(contains(british, "7th Foot rest out of sight."));
    CHECK(contains(british, "7th Foot steady themselves."));
    CHECK_FALSE(contains(jacobite, "7th Foot rest out of sight."));
    CHECK_FALSE(contains(jacobite, "7th Foot steady themselves."));
    CHECK(contains(jacobite, "Manchester Regiment rest out of sight."));
    CHECK(contains(jacobite, "Manchester Regiment do not steady themselves."));
    CHECK_FALSE(contains(british, "Manchester Regiment rest out of sight."));
    CHECK_FALSE(contains(british, "Manchester Regiment do not steady themselves."));
    // The step still leaves a line everyone reads.
    CHECK(contains(british, "Tension: nothing to see."));
    CHECK(contains(jacobite, "Tension: nothing to see."));
}

TEST_CASE("turn: a line that names a concealed leader stays with his side, though his unit is seen", "[oth][turn]") {
    TurnTable t;
    t.settings.oth.rally_roll_each_turn = false;
    // Lord George lies concealed with the Manchesters (unit 2), who stand openly, front to front with the 7th
    // (unit 1); the 7th's leader, Kemp, is far off (beyond spot_cm: he finds nobody).
    t.unit(1, "british", "7th Foot", {50, 50}, 0, ratings(3, 3, 3));
    t.unit(2, "jacobite", "Manchester Regiment", {50, 50}, 180, ratings(2, 2, 2));
    t.leader(1, "british", 2, "Colonel Kemp", {150, 5});
    t.leader(2, "jacobite", 4, "Lord George", {50, 53.5});
    t.battle.leaders.at(2).concealed = true;
    t.settings.spot_cm = 3;  // so that the 7th, in contact with his men, do not come upon him

    // Orders. Lord George orders the Manchesters to FIRE: the line names him.
    t.card(4, {{"card", "order.fire"}, {"unit", 2}});
    t.step("orders");
    CHECK(t.battle.leaders.at(2).concealed);
    CHECK(contains(t.texts_for("jacobite", 1, "orders"), "Lord George orders Manchester Regiment: FIRE."));
    CHECK_FALSE(contains(t.texts_for("british", 1, "orders"), "Lord George orders Manchester Regiment: FIRE."));

    // Tension. "Inspiration from a leader -1": he inspires them.
    t.facts["inspiring"] = json::array({2});
    t.step("tension");
    CHECK(contains(t.texts_for("jacobite", 1, "tension"), "Lord George inspires Manchester Regiment."));
    CHECK_FALSE(contains(t.texts_for("british", 1, "tension"), "Lord George inspires Manchester Regiment."));

    // Turn 2, melee, Lord George engaged ("4. Engage in A Fight ... might be killed or wounded"). Dice, the
    // Jacobites first: the Manchesters' extra-TP die 6 (none), the 7th's 6 (none), Lord George's hit die 1
    // (leader_hit_on 1: hit) and fate die 1 (leader_killed_on 2: killed); then the tests after the melee, 4
    // and 4. The fight is seen by all; his fall by his side only.
    t.battle.turn = 2;
    t.facts = {{"cards", json::array()}, {"engaged", json::array({2})}};
    t.step("melee", {6, 6, 1, 1, 4, 4});
    CHECK(t.battle.leaders.at(2).values["fate"] == "killed");
    const auto british = t.texts_for("british", 2, "melee");
    const auto jacobite = t.texts_for("jacobite", 2, "melee");
    CHECK(contains(british, "Manchester Regiment fight hand to hand."));
    CHECK(contains(jacobite, "Lord George is killed."));
    CHECK_FALSE(contains(british, "Lord George is killed."));
    for (const auto& text : british) CHECK(text.find("Lord George") == std::string::npos);
}

TEST_CASE("turn: after musketry the drill that counts is the shooter's, not the nearest enemy's", "[oth][turn]") {
    TurnTable t;
    t.settings.oth.rally_roll_each_turn = false;
    // The Manchesters (D2, unit 2) face the Guards (D6 M3, unit 1), whose front is 6 cm before theirs (within
    // the Guards' range, 4 + MUS = 7 cm). The 12th (D2, unit 3) stand 3 cm off the Manchesters' right flank,
    // nearer than the Guards, and do not fire.
    t.unit(2, "jacobite", "Manchester Regiment", {50, 50}, 0);
    t.unit(1, "british", "Foot Guards", {50, 56}, 180, ratings(6, 3, 3));
    t.unit(3, "british", "12th Foot", {69, 48}, 0);
    oth::impose(t.u(1), "fire");

    // Fire: the Guards' volley, 4: "To Inflict TP" for Musketry 3 is 4,5,6: a TP.
    // Reaction: "A reaction test must be taken after each round of musketry". Die Modifiers: "Outnumbered -1"
    // (two enemy units within 20 cm), "Outflanked -1" (the 12th off the flank) and "Enemy facing unit's Drill
    // more than 2 better -1": the Guards who fired, Drill 6 against 2 (docs/rules-notes.md: the enemy facing
    // is the shooter). 6 - 3 = 3 with 1 TP: OK.
    t.step("orders");
    t.step("movement");
    t.step("fire", {4});
    CHECK(t.tp(2) == 1);
    t.step("reaction", {6});
    auto tests = t.tests(1, "reaction");
    REQUIRE(tests.size() == 1);
    CHECK(tests[0]["unit"] == 2);
    CHECK(tests[0]["circumstances"]["enemy_drill_more_than_2_better"] == true);
    CHECK(tests[0]["circumstances"]["outnumbered"] == true);
    CHECK(tests[0]["circumstances"]["outflanked"] == true);
    CHECK(tests[0]["modifier"] == -3);
    CHECK(tests[0]["row"] == 3);
    CHECK(tests[0]["result"] == "OK");
}
