// Over the Hill fire (shared/rulesets/oth/musketry.h, cannon.h) against ../shared/rules/over-the-hills.txt,
// "Fighting": "Cannon Fire" and "Musketry".
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/cannon.h"
#include "shared/rulesets/oth/musketry.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("musketry range is 4 + Musketry cm or less", "[oth]") {
    // "All musketry takes place at firing range of 4+ MUS centimetres range or less."
    for (int m = 1; m <= 6; ++m) {
        CHECK(musketry_range_cm(m) == 4 + m);
        CHECK(in_musketry_range(4 + m, m));
        CHECK(in_musketry_range(0.5, m));
        CHECK_FALSE(in_musketry_range(4 + m + 0.1, m));
    }
}

TEST_CASE("the score to inflict a TP by Musketry rating 1..6", "[oth]") {
    // "Roll 1d6 and score No of bases: 1 2 3 4 5 6 To Inflict TP: 6 5,6 4,5,6 4,5,6 3,4,5,6 2,3,4,5,6"
    CHECK(musketry_score_needed(1) == 6);
    CHECK(musketry_score_needed(2) == 5);
    CHECK(musketry_score_needed(3) == 4);
    CHECK(musketry_score_needed(4) == 4);
    CHECK(musketry_score_needed(5) == 3);
    CHECK(musketry_score_needed(6) == 2);
    CHECK(score_text(6) == "6");
    CHECK(score_text(5) == "5,6");
    CHECK(score_text(4) == "4,5,6");
    CHECK(score_text(3) == "3,4,5,6");
    CHECK(score_text(2) == "2,3,4,5,6");
    // Out-of-table values read the nearest column.
    CHECK(musketry_score_needed(0) == 6);
    CHECK(musketry_score_needed(7) == 2);

    OthSettings book;
    // By rating (default): a regiment of four bases with Musketry 2 needs 5,6 (the Records chart's 45th).
    for (int m = 1; m <= 6; ++m) CHECK(musketry_table_value(m, 4, book) == m);
    // Every die against every rating.
    for (int m = 1; m <= 6; ++m) {
        for (int die = 1; die <= 6; ++die) {
            ScriptedDice dice({die});
            auto r = musketry({.musketry = m, .bases = 4}, 3.0, book, dice);
            INFO("Musketry " << m << ", die " << die);
            CHECK(r.in_range);
            CHECK(r.die == die);
            CHECK(r.needed == musketry_score_needed(m));
            CHECK(r.inflicted == (die >= musketry_score_needed(m)));
            CHECK(r.tp == (r.inflicted ? 1 : 0));
        }
    }
}

TEST_CASE("the umpire's alternative reads the musketry table by number of bases", "[oth]") {
    OthSettings by_bases;
    by_bases.musketry_score_by = MusketryScoreBy::bases;
    CHECK(musketry_table_value(2, 4, by_bases) == 4);
    // Musketry 2 with four bases: 4,5,6 read by bases, 5,6 by rating.
    {
        ScriptedDice dice({4});
        auto r = musketry({.musketry = 2, .bases = 4}, 6.0, by_bases, dice);
        CHECK(r.needed == 4);
        CHECK(r.inflicted);
    }
    {
        ScriptedDice dice({4});
        auto r = musketry({.musketry = 2, .bases = 4}, 6.0, OthSettings{}, dice);
        CHECK(r.needed == 5);
        CHECK_FALSE(r.inflicted);
    }
    // One base left: 6 only; six bases: 2-6.
    for (int bases = 1; bases <= 6; ++bases) {
        ScriptedDice dice({1});
        auto r = musketry({.musketry = 6, .bases = bases}, 1.0, by_bases, dice);
        CHECK(r.needed == musketry_score_needed(bases));
    }
}

TEST_CASE("musketry out of range rolls nothing; HOLD YOUR FIRE and the every-volley reading", "[oth]") {
    OthSettings book;
    {
        ScriptedDice dice({});
        auto r = musketry({.musketry = 2}, 6.5, book, dice);  // range 6
        CHECK_FALSE(r.in_range);
        CHECK(r.die == 0);
        CHECK(r.tp == 0);
    }
    {
        // "The closer the enemy, the more devastating the shooting": +1 (setting hold_your_fire_bonus).
        ScriptedDice dice({4});
        auto r = musketry({.musketry = 2, .held_fire_until_close = true}, 2.0, book, dice);
        CHECK(r.modified == 5);
        CHECK(r.inflicted);
        OthSettings none;
        none.hold_your_fire_bonus = 0;
        ScriptedDice again({4});
        CHECK_FALSE(musketry({.musketry = 2, .held_fire_until_close = true}, 2.0, none, again).inflicted);
    }
    {
        // every_volley_gives_tp: "Receiving a volley of musketry" gives a TP, the scoring roll one more.
        OthSettings every;
        every.every_volley_gives_tp = true;
        ScriptedDice dice({1, 6});
        CHECK(musketry({.musketry = 2}, 1.0, every, dice).tp == 1);
        CHECK(musketry({.musketry = 2}, 1.0, every, dice).tp == 2);
    }
}

TEST_CASE("cannon: grape to 15 cm on 3-6, ball to 50 cm on 5-6, +1 against formations more than a base deep",
          "[oth]") {
    // "Cannon Fire: Range: 15cm (grape) 50 cm (ball) Score to hit: 3,4,5,6 5,6 A hit adds a TP to the target
    // unit. Formations more than 1 base deep +1 to die roll"
    CHECK(cannon_shot(0) == CannonShot::grape);
    CHECK(cannon_shot(15) == CannonShot::grape);
    CHECK(cannon_shot(15.1) == CannonShot::ball);
    CHECK(cannon_shot(50) == CannonShot::ball);
    CHECK(cannon_shot(50.1) == CannonShot::none);
    CHECK(cannon_shot(-1) == CannonShot::none);
    CHECK(cannon_score_needed(CannonShot::grape) == 3);
    CHECK(cannon_score_needed(CannonShot::ball) == 5);
    CHECK(cannon_modifier(1) == 0);
    CHECK(cannon_modifier(2) == 1);
    CHECK(cannon_modifier(4) == 1);
    CHECK(cannon_shot_name(CannonShot::grape) == "grape");

    for (int die = 1; die <= 6; ++die) {
        for (int depth : {1, 2}) {
            INFO("die " << die << ", depth " << depth);
            ScriptedDice dice({die, die});
            auto grape = cannon(10, depth, dice);
            CHECK(grape.shot == CannonShot::grape);
            CHECK(grape.modified == die + (depth > 1 ? 1 : 0));
            CHECK(grape.hit == (grape.modified >= 3));
            CHECK(grape.tp == (grape.hit ? 1 : 0));
            auto ball = cannon(40, depth, dice);
            CHECK(ball.shot == CannonShot::ball);
            CHECK(ball.hit == (die + (depth > 1 ? 1 : 0) >= 5));
        }
    }
    // Exact cases: grape 2 misses a line, hits a column; ball 4 misses a line, hits a column.
    ScriptedDice dice({2, 2, 4, 4});
    CHECK_FALSE(cannon(15, 1, dice).hit);
    CHECK(cannon(15, 2, dice).hit);
    CHECK_FALSE(cannon(50, 1, dice).hit);
    CHECK(cannon(50, 3, dice).hit);
    // Out of range: no die.
    ScriptedDice none({});
    auto r = cannon(51, 2, none);
    CHECK(r.shot == CannonShot::none);
    CHECK(r.die == 0);
    CHECK_FALSE(r.hit);
}
