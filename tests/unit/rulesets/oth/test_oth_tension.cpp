// Over the Hill tension points (shared/rulesets/oth/tension_points.h) against ../shared/rules/over-the-hills.txt,
// "How is it Handled?".
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/tension_points.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("the causes that give a TP", "[oth]") {
    // "You get TPs for the following reasons: Receiving hit from cannon fire Receiving a volley of musketry
    // Involved in a round of Hand to Hand combat Each adjacent friendly unit running away or charging forward
    // Seeing your leader killed/incapacitated Falling back or running away as a result of a reaction test"
    OthSettings book;
    for (auto cause : {TensionCause::cannon_hit, TensionCause::volley, TensionCause::melee_round,
                       TensionCause::adjacent_friend_ran_away, TensionCause::adjacent_friend_charged,
                       TensionCause::leader_lost, TensionCause::fell_back, TensionCause::ran_away}) {
        INFO(tension_cause_name(cause));
        CHECK(tension_change(cause, book) == 1);
        CHECK(apply_tension(3, cause, book) == 4);
    }
    // "Each adjacent friendly unit": two running away at once give two.
    CHECK(apply_tension(3, TensionCause::adjacent_friend_ran_away, book, 2) == 5);
    CHECK(apply_tension(0, TensionCause::cannon_hit, book, 3) == 3);
}

TEST_CASE("the ways to remove a TP", "[oth]") {
    // "You remove TPs by: Resting out of sight of the enemy -1 per turn Inspiration from a leader -1 Sight of
    // enemy units running away (any number) +1 Roll 1d6 and score Regimental Effectiveness or less"
    OthSettings book;
    CHECK(apply_tension(3, TensionCause::rested_out_of_sight, book) == 2);
    CHECK(apply_tension(3, TensionCause::inspired, book) == 2);
    CHECK(apply_tension(3, TensionCause::saw_enemy_running, book) == 2);
    CHECK(apply_tension(3, TensionCause::rallied, book) == 2);
    OthSettings unmoved;
    unmoved.enemy_running_removes_tp = false;
    CHECK(tension_change(TensionCause::saw_enemy_running, unmoved) == 0);
    CHECK(apply_tension(3, TensionCause::saw_enemy_running, unmoved) == 3);
}

TEST_CASE("TPs stay between none and 8", "[oth]") {
    // "TPs are accumulated (up to a maximum of 8)."
    OthSettings book;
    CHECK(max_tension_points == 8);
    CHECK(apply_tension(8, TensionCause::volley, book) == 8);
    CHECK(apply_tension(7, TensionCause::cannon_hit, book, 5) == 8);
    CHECK(apply_tension(0, TensionCause::inspired, book) == 0);
    CHECK(apply_tension(1, TensionCause::rested_out_of_sight, book, 4) == 0);
    CHECK(add_tension(5, 10) == 8);
    CHECK(add_tension(5, -10) == 0);
    CHECK(add_tension(12, 0) == 8);
    CHECK(add_tension(-3, 0) == 0);
    CHECK(apply_tension(4, TensionCause::volley, book, 0) == 4);
    CHECK(apply_tension(4, TensionCause::volley, book, -2) == 4);  // a negative count does nothing
}

TEST_CASE("the rally roll removes a TP on Effectiveness or less", "[oth]") {
    // "Roll 1d6 and score Regimental Effectiveness or less"
    for (int eff = 1; eff <= 6; ++eff) {
        for (int die = 1; die <= 6; ++die) {
            ScriptedDice dice({die});
            auto r = rally_roll(4, eff, dice);
            INFO("Effectiveness " << eff << ", die " << die);
            CHECK(r.die == die);
            CHECK(r.removed == (die <= eff));
            CHECK(r.tension_points == (die <= eff ? 3 : 4));
        }
    }
    // No TPs: nothing to remove, no die.
    ScriptedDice none({});
    auto r = rally_roll(0, 6, none);
    CHECK(r.die == 0);
    CHECK_FALSE(r.removed);
    CHECK(r.tension_points == 0);
}
