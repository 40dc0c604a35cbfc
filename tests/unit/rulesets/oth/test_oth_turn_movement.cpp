// Over the Hill's turn (shared/rulesets/oth/battle_turn.h) against ../shared/rules/over-the-hills.txt: charges,
// running away, "Ch Charge nearest enemy" and forming, step by step on a bare table with scripted dice
// (tests/unit/rulesets/oth/oth_turn_table.h).
#include "rulesets/oth/oth_turn_table.h"

#include "shared/battle/geometry.h"

using namespace oth_turn_test;

TEST_CASE("turn: a charge that stays in contact charges once; its friends and its enemy feel it once", "[oth][turn]") {
    TurnTable t;
    // The 7th (D3) charge the Manchesters, whose front is 12 cm before theirs; the 12th stand 2 cm off the
    // 7th's right flank (within adjacent_cm 5).
    t.unit(1, "british", "7th Foot", {50, 50}, 0, ratings(3, 3, 3));
    t.unit(2, "jacobite", "Manchester Regiment", {50, 62}, 180);
    t.unit(3, "british", "12th Foot", {68, 50}, 0);
    oth::impose(t.u(1), "charge");

    // Turn 1, movement. over-the-hills.txt, "A Reaction Test is taken when ... 1. Enemy charging towards you":
    // the Manchesters test as the charge begins, before the 7th go: 4, outnumbered (the 7th and the 12th
    // within 20 cm: "Outnumbered -1") = 3 with no TPs: OK on the REGULAR INFANTRY TABLE. "Rush to contact ...
    // 20 cm": the 7th stop touching them, 12 cm on. "Each adjacent friendly unit running away or charging
    // forward": the 12th take a TP.
    t.step("movement", {4});
    auto tests = t.tests(1, "movement");
    REQUIRE(tests.size() == 1);
    CHECK(tests[0]["unit"] == 2);
    CHECK(tests[0]["test"] == "charged");
    CHECK(tests[0]["die"] == 4);
    CHECK(tests[0]["modifier"] == -1);
    CHECK(tests[0]["result"] == "OK");
    CHECK(t.u(1).position.y == Approx(62));
    CHECK(t.tp(3) == 1);
    CHECK(contains(t.texts_for("jacobite", 1, "movement"), "7th Foot charge!"));

    // The melee's test gives the 7th "Ch Charge nearest enemy": they are charging already, and go on with the
    // same charge.
    {
        ScriptedDice none({});
        oth::Turn turn{t.battle, t.settings, t.tallies, t.facts, none};
        oth::apply_result(turn, t.u(1), oth::ReactionResult::ch);
    }

    // Turn 2, movement: still in contact, the 7th charge no more: no test for the Manchesters (no dice), no
    // TP for the 12th, no second "charge!".
    t.battle.turn = 2;
    t.facts = {{"cards", json::array()}};
    t.step("movement");
    CHECK(t.tests(2, "movement").empty());
    CHECK(t.tp(3) == 1);
    CHECK_FALSE(contains(t.texts_for("jacobite", 2, "movement"), "7th Foot charge!"));
    CHECK(t.u(1).position.y == Approx(62));
}

TEST_CASE("turn: the charged test is rolled as each charge begins, Jacobites first in the movement step",
          "[oth][turn]") {
    TurnTable t;
    // The 7th (unit 1) and Clan Cameron (unit 2, irregulars) charge each other from 30 cm.
    t.unit(1, "british", "7th Foot", {50, 50}, 0, ratings(3, 3, 3));
    t.unit(2, "jacobite", "Clan Cameron", {50, 80}, 180, ratings(2, 2, 2), "irregulars");
    oth::impose(t.u(1), "charge");
    oth::impose(t.u(2), "charge");

    // over-the-hills.txt, "When in combat, always roll for the Jacobite forces before Government forces": the
    // clan move first. Their charge begins at the 7th: "1. Enemy charging towards you": the 7th test, 4 with
    // no TPs: OK; the clan rush 20 cm (10 cm apart). Then the 7th's charge begins: the clan test, 4: OK
    // (IRREGULARS TABLE); the 7th go the 10 cm to contact.
    t.step("movement", {4, 4});
    auto tests = t.tests(1, "movement");
    REQUIRE(tests.size() == 2);
    CHECK(tests[0]["unit"] == 1);
    CHECK(tests[0]["test"] == "charged");
    CHECK(tests[0]["result"] == "OK");
    CHECK(tests[1]["unit"] == 2);
    CHECK(tests[1]["test"] == "charged");
    CHECK(tests[1]["result"] == "OK");
    CHECK(t.u(2).position.y == Approx(60));
    CHECK(t.u(1).position.y == Approx(60));
}

TEST_CASE("turn: RUN AWAY by card counts like a run from a reaction test: the tally, friends' TP, enemy who see it",
          "[oth][turn]") {
    TurnTable t;
    t.settings.oth.rally_roll_each_turn = false;  // no rally dice: only the TPs this test is about move
    // The 7th (unit 1) have digested a RUN AWAY card; the 12th (unit 3) stand beside them. The Manchesters
    // (unit 2) face them 20 cm off; the Camerons (unit 4) are far off, out of sight (beyond sight_cm 60).
    t.unit(1, "british", "7th Foot", {50, 50}, 0, ratings(3, 3, 3));
    t.unit(3, "british", "12th Foot", {68, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 70}, 180);
    t.unit(4, "jacobite", "Clan Cameron", {160, 118}, 180, ratings(2, 2, 2), "irregulars");
    oth::impose(t.u(1), "run_away", {{"leader", 1}});
    t.set_tp(2, 2);
    t.set_tp(4, 2);

    // Turn 1. "Run away - you only need to do this once!": they turn their backs and run 20 cm ("Run away (back
    // to enemy) 20 cm"). over-the-hills.txt, "Overall Losses": "+15 for each time the regiment ran away";
    // "Each adjacent friendly unit running away": the 12th take a TP.
    t.turn();
    CHECK(t.u(1).facing == Approx(180));
    CHECK(t.u(1).position.y == Approx(30));
    CHECK(t.tallies[1].times_ran_away == 1);
    CHECK(t.tp(3) == 1);
    CHECK(contains(t.texts_for("british", 1, "movement"), "12th Foot see 7th Foot run away."));
    // "You remove TPs by: ... Sight of enemy units running away (any number) +1": the Manchesters saw them go;
    // the Camerons did not, though they rest out of sight ("Resting out of sight of the enemy -1 per turn").
    CHECK(t.tp(2) == 1);
    CHECK(contains(t.texts_for("jacobite", 1, "tension"), "Manchester Regiment cheer the sight of the enemy running."));
    CHECK(t.tp(4) == 1);
    CHECK_FALSE(contains(t.texts_for("jacobite", 1, "tension"), "Clan Cameron cheer the sight of the enemy running."));

    // Turn 2. They run on: the same running away, counted once; the 12th, left behind, take nothing more, and the
    // Manchesters take no more heart from it.
    t.set_tp(2, 2);
    t.turn();
    CHECK(t.u(1).position.y == Approx(10));
    CHECK(t.tallies[1].times_ran_away == 1);
    CHECK(t.tp(3) == 1);
    CHECK(t.tp(2) == 2);
}

TEST_CASE("turn: \"Ch Charge nearest enemy\" turns the unit to the nearest enemy it can see", "[oth][turn]") {
    for (bool wood : {false, true}) {
        INFO("a wood between the clan and the 7th: " << wood);
        TurnTable t;
        // Clan Cameron (unit 2) face up the table. The 7th (unit 1) stand 32 cm off their right; the 12th
        // (unit 3) 50 cm ahead of them. With a wood between the clan and the 7th, the 12th are the nearest
        // enemy the clan can see (blocks_sight).
        t.unit(2, "jacobite", "Clan Cameron", {50, 50}, 0, ratings(2, 2, 2), "irregulars");
        t.unit(1, "british", "7th Foot", {90, 49}, 270);
        t.unit(3, "british", "12th Foot", {50, 100}, 180);
        if (wood) {
            battle::TerrainFeature f;
            f.id = 1;
            f.kind = "wood";
            f.shape.points = {{70, 30}, {80, 30}, {80, 70}, {70, 70}};
            t.battle.terrain.push_back(f);
        }
        ScriptedDice none({});
        oth::Turn turn{t.battle, t.settings, t.tallies, t.facts, none};
        oth::apply_result(turn, t.u(2), oth::ReactionResult::ch);
        CHECK(oth::order_of(t.u(2)) == "charge");
        // over-the-hills.txt, "REACTION TEST RESULTS TABLES": "Ch Charge nearest enemy": it faces the middle of
        // the 7th (91, 49), or of the 12th (50, 101) straight ahead.
        const double facing = wood ? 0 : battle::bearing({50, 50}, {91, 49});
        CHECK(t.u(2).facing == Approx(facing).margin(1e-6));
        CHECK(t.u(2).position.x == Approx(50));
    }
}

TEST_CASE("turn: FORM SQUARE, COLUMN and LINE take the complex manoeuvre's Drill cm a turn, over turns",
          "[oth][turn]") {
    // over-the-hills.txt, "Movement": "Wheeling or other complex manoeuvre DRI cm 3 cm". Forming square from a
    // line of four bases, the farthest base goes sqrt(4^2 + 2^2) = 4.47 cm (docs/rules-notes.md): Drill 2 foot
    // take three turns (2, 4, 6 cm), horse at 3 cm two.
    TurnTable t;
    t.unit(1, "british", "7th Foot", {50, 20}, 0, ratings(2, 2, 2));
    t.unit(2, "british", "Cobham's Dragoons", {100, 20}, 0, ratings(2, 2, 2), "horse");
    oth::impose(t.u(1), "form_square");
    oth::impose(t.u(2), "form_square");
    for (int turn = 1; turn <= 3; ++turn) {
        t.battle.turn = turn;
        t.step("movement");
        CHECK((t.u(1).formation == battle::Formation::square) == (turn == 3));
        CHECK((t.u(2).formation == battle::Formation::square) == (turn >= 2));
    }
    auto lines = t.lines(1, "movement");
    REQUIRE_FALSE(lines.empty());
    CHECK(contains(t.texts_for("british", 1, "movement"), "7th Foot are forming square."));
    CHECK(contains(t.texts_for("british", 3, "movement"), "7th Foot form square."));
    CHECK(contains(t.texts_for("british", 2, "movement"), "Cobham's Dragoons form square."));
    // Line again from square: the same distance back.
    oth::impose(t.u(2), "form_line");
    t.battle.turn = 4;
    t.step("movement");
    CHECK(t.u(2).formation == battle::Formation::square);
    t.battle.turn = 5;
    t.step("movement");
    CHECK(t.u(2).formation == battle::Formation::line);
}
