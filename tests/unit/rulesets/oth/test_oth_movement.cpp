// Over the Hill movement (shared/rulesets/oth/movement.h) against ../shared/rules/over-the-hills.txt,
// "Movement": "Foot Horse / Forward movement (keeping formation)* 8 + DRI cm 15 cm / Rush to contact (not
// bothering with formation)* 20 cm 45 cm / Backward movement (in good order) DRI cm 5 cm / Run away (back to
// enemy) 20 cm 50 cm / Wheeling or other complex manoeuvre DRI cm 3 cm / Leader movement - 40 cm".
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/movement.h"

using namespace muster::oth;

TEST_CASE("foot move by Drill: forward 8 + Drill, rush 20, backward Drill, run away 20, wheel Drill", "[oth]") {
    for (auto type : {TroopType::formed_infantry, TroopType::militia, TroopType::irregulars}) {
        for (int drill = 1; drill <= 6; ++drill) {
            INFO(troop_type_name(type) << " Drill " << drill);
            CHECK(movement_cm(type, MoveAction::forward, drill) == 8 + drill);
            CHECK(movement_cm(type, MoveAction::rush_to_contact, drill) == 20);
            CHECK(movement_cm(type, MoveAction::backward, drill) == drill);
            CHECK(movement_cm(type, MoveAction::run_away, drill) == 20);
            CHECK(movement_cm(type, MoveAction::wheel, drill) == drill);
        }
    }
    // Spelled out for Drill 1 and 6.
    CHECK(movement_cm(TroopType::formed_infantry, MoveAction::forward, 1) == 9);
    CHECK(movement_cm(TroopType::formed_infantry, MoveAction::forward, 6) == 14);
    CHECK(movement_cm(TroopType::militia, MoveAction::backward, 6) == 6);
    CHECK(movement_cm(TroopType::irregulars, MoveAction::wheel, 1) == 1);
}

TEST_CASE("horse move 15, 45, 5, 50 and 3 whatever their Drill", "[oth]") {
    for (int drill = 1; drill <= 6; ++drill) {
        INFO("Drill " << drill);
        CHECK(movement_cm(TroopType::horse, MoveAction::forward, drill) == 15);
        CHECK(movement_cm(TroopType::horse, MoveAction::rush_to_contact, drill) == 45);
        CHECK(movement_cm(TroopType::horse, MoveAction::backward, drill) == 5);
        CHECK(movement_cm(TroopType::horse, MoveAction::run_away, drill) == 50);
        CHECK(movement_cm(TroopType::horse, MoveAction::wheel, drill) == 3);
    }
}

TEST_CASE("gunners, who have no column, move as foot of the non-played Drill 2, or only run away", "[oth]") {
    // Reading (docs/rules-notes.md, "Movement"): settings gunner_movement and gunner_drill.
    OthSettings book;
    for (int drill = 1; drill <= 6; ++drill) {
        CHECK(movement_cm(TroopType::gunners, MoveAction::forward, drill, book) == 10);
        CHECK(movement_cm(TroopType::gunners, MoveAction::rush_to_contact, drill, book) == 20);
        CHECK(movement_cm(TroopType::gunners, MoveAction::backward, drill, book) == 2);
        CHECK(movement_cm(TroopType::gunners, MoveAction::run_away, drill, book) == 20);
        CHECK(movement_cm(TroopType::gunners, MoveAction::wheel, drill, book) == 2);
    }
    OthSettings drilled;
    drilled.gunner_drill = 4;
    CHECK(movement_cm(TroopType::gunners, MoveAction::forward, 1, drilled) == 12);
    OthSettings immobile;
    immobile.gunner_movement = GunnerMovement::immobile;
    CHECK(movement_cm(TroopType::gunners, MoveAction::forward, 3, immobile) == 0);
    CHECK(movement_cm(TroopType::gunners, MoveAction::rush_to_contact, 3, immobile) == 0);
    CHECK(movement_cm(TroopType::gunners, MoveAction::backward, 3, immobile) == 0);
    CHECK(movement_cm(TroopType::gunners, MoveAction::wheel, 3, immobile) == 0);
    CHECK(movement_cm(TroopType::gunners, MoveAction::run_away, 3, immobile) == 20);
}

TEST_CASE("leaders ride 40 cm a turn; move actions have stable names", "[oth]") {
    // "Leaders can move 40cm per turn on horseback."
    CHECK(leader_movement_cm == 40);
    for (auto a : all_move_actions) CHECK(move_action_from_name(move_action_name(a)) == a);
    CHECK(move_action_name(MoveAction::rush_to_contact) == "rush_to_contact");
    CHECK_FALSE(move_action_from_name("gallop").has_value());
}
