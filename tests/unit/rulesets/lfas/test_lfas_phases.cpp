// The phases of a Loose Files turn one by one with scripted dice (loose-files-american-scramble.txt): IGOUGO, a
// written order, rally and a general's wound, a gun at short range, skirmishers firing and moving, a rout through a
// friend and the morale of the unit it passes; movement: the speed rule whatever the orders, and moves taken from
// where every unit stood as the phase began ("ALL MOVEMENT IS SIMULTANEOUS").
#include "rulesets/lfas/lfas_table.h"

using namespace lfas_test;

TEST_CASE("lfas phases: IGOUGO, as the afterthoughts suggest: each turn one side's orders", "[lfas]") {
    LfasField f;
    f.settings = {{"sequence", "igougo"}};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Militia", "infantry", 20, 30, 180, {{"class", 4}});
    f.create();
    f.start({6, 6});
    std::string why;
    CHECK(f.refused(f.t.dave, json::object(), &why) == "not_now");
    CHECK(why == "It is the other side's turn.");
    CHECK(f.of(f.t.bob)["hints"]["may_act"] == true);
    CHECK(f.of(f.t.dave)["hints"]["may_act"] == false);
    f.orders(f.t.bob, json::object(), {1, 1});  // the British alone close the turn; next turn's points 3 and 3
    CHECK(f.of(f.t.dave)["turn"] == 2);
    CHECK(f.of(f.t.dave)["lfas"]["acting_side"] == "americans");
    CHECK(f.of(f.t.dave)["hints"]["may_act"] == true);
    CHECK(f.log_of(f.t.bob).find("Turn 1: the British orders are revealed.") != std::string::npos);
}

TEST_CASE("lfas phases: a written order costs 2 and is acted on a turn later, once", "[lfas]") {
    LfasField f;
    f.unit("british", "Dragoons", "cavalry", 50, 12, 0, {{"class", 2}});
    f.unit("americans", "Militia", "infantry", 20, 40, 180, {{"class", 4}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "write"}, {"unit", f.id("Dragoons")}}}}});
    f.orders(f.t.dave, json::object(), {6, 6});
    CHECK(f.of(f.t.bob)["lfas"]["written"].size() == 1);
    CHECK(f.of(f.t.dave)["lfas"]["written"].empty());  // his side's orders only
    f.orders(f.t.bob, {{"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 0}, {"to", {50, 30}}}}}});
    f.orders(f.t.dave, json::object(), {4, 1, 1});  // the average die 4; next points
    CHECK(f.unit_now("Dragoons")["position"][1] == Approx(16));
    CHECK(f.of(f.t.bob)["lfas"]["written"].empty());
    std::string why;
    CHECK(f.refused(f.t.bob, {{"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 0}, {"to", {50, 30}}}}}}, &why) == "no_order");
}

TEST_CASE("lfas phases: a heavy gun at short range, a general hit by the unit, his rally and the re-dress", "[lfas]") {
    LfasField f;
    f.bob_at = {20, 11};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Guns", "artillery", 20, 20, 180, {{"gun", "heavy"}});
    f.create();
    f.start({6, 6});
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "dp"}, {"unit", f.id("Grenadiers")}, {"value", 2}, {"reason", "a hard march"}, {"turn", 1}});
    f.orders(f.t.bob, {{"command", {{{"spend", "rally"}, {"unit", f.id("Grenadiers")}}}}});
    // The gun rolls 5, +1 heavy: 6 at short range, "6+ 1 DP and 1 casualty"; Sir William, with the Grenadiers, rolls 1
    // then 5: a light wound. Next turn's points 5 and 5.
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", f.id("Grenadiers")}}}}}, {5, 1, 5, 6, 6});
    const json gun = f.tests("artillery").at(0);
    CHECK(gun["range"] == "short");
    CHECK(gun["modifier"] == 1);
    CHECK(gun["dps"] == 1);
    CHECK(gun["casualties"] == 1);
    CHECK(f.unit_now("Grenadiers")["bases"] == 3);
    const std::string log = f.log_of(f.t.dave);
    CHECK(log.find("Sir William is hit with Grenadiers (1, then 5): light wound, losing 2 command points.") != std::string::npos);
    CHECK(log.find("Sir William rallies Grenadiers: one DP less.") != std::string::npos);
    // 2 + 1 from the gun - 1 rallied = 2; the 1st Class re-dress "up to 2 DPs per turn, if stationary".
    CHECK(log.find("Grenadiers re-dresses its ranks: 2 DP less.") != std::string::npos);
    CHECK(f.marker("Grenadiers", "dp") == 0);
    check_replay(f.t);
}

TEST_CASE("lfas phases: skirmishers fire with rifles, re-roll a 5, and move in the same turn without disorder", "[lfas]") {
    LfasField f;
    f.bob_at = {40, 10};
    f.unit("british", "Rangers", "skirmishers", 40, 12, 0, {{"class", 2}, {"weapon", "rifle"}});
    f.unit("americans", "Militia", "infantry", 40, 21, 180, {{"class", 4}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"fire", {{{"unit", f.id("Rangers")}, {"target", f.id("Militia")}}}},
                       {"command", {{{"spend", "order"}, {"units", {f.id("Rangers")}}}}},
                       {"move", {{{"unit", f.id("Rangers")}, {"av", 1}, {"d6", 1}, {"to", {44, 12}}}}}});
    // 3 groups roll 5 (re-rolled at once: 4), 6 and 1: 2 DP; the move rolls an average 3 (a d6 3) and a d6 1: no DP for
    // skirmishers; 4" to the east.
    f.orders(f.t.dave, json::object(), {5, 4, 6, 1, 3, 1, 6, 6});
    const json fire = f.tests("fire").at(0);
    CHECK(fire["faces"] == json::array({5, 6, 1}));
    CHECK(fire["rerolls"] == json::array({4}));
    CHECK(fire["hits"] == 2);
    CHECK(f.marker("Militia", "dp") == 2);
    CHECK(f.tests("movement").at(0)["dps"] == 0);
    CHECK(f.unit_now("Rangers")["position"][0] == Approx(44));
}

namespace {

// The Grenadiers' bayonet charge on the militia 4" off, with the Continentals (holding `dps`) 4" behind it.
void rout_field(LfasField& f, int dps) {
    f.bob_at = {20, 10};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 16, 180, {{"class", 4}, {"kind", "militia"}});
    f.unit("americans", "Continentals", "infantry", 20, 20, 180, {{"class", 2}});
    f.create();
    f.start({6, 6});
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "dp"}, {"unit", f.id("Continentals")}, {"value", dps}, {"reason", "shaken"}, {"turn", 1}});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Grenadiers")}}}}},
                       {"move", {{{"unit", f.id("Grenadiers")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Militia")}, {"bayonet", true}}}}});
}

}  // namespace

TEST_CASE("lfas phases: a rout runs through a friend as badly formed, and the friend it passes loses heart", "[lfas]") {
    LfasField f;
    rout_field(f, 4);
    f.orders(f.t.dave, json::object(), {3, 4, 6, 2, 2, 2, 5, 2, 1, 1});
    CHECK(f.tests("combat").at(0)["defender_result"] == "routed");
    // The Continentals re-dress one DP (2nd Class, stationary) before the rout: 3, as the militia. "run through and
    // collide with units equally or worse formed": 1 DP each. Then "take 1 DP if one [of lower grade] routs past
    // within 6"".
    const std::string log = f.log_of(f.t.bob);
    CHECK(log.find("Militia runs through Continentals: 1 DP each.") != std::string::npos);
    CHECK(log.find("Continentals sees Militia rout past: 1 DP.") != std::string::npos);
    CHECK(f.marker("Continentals", "dp") == 5);
    CHECK(f.marker("Militia", "dp") == 4);
    check_replay(f.t);
}

TEST_CASE("lfas phases: a fence takes half the move and a DP from cavalry; a hedge takes the turn and a DP", "[lfas]") {
    LfasField f;
    f.bob_at = {30, 10};
    f.unit("british", "Dragoons", "cavalry", 32, 12, 0, {{"class", 2}});
    f.unit("british", "Foot", "infantry", 26, 12, 0, {{"class", 2}});
    f.unit("americans", "Militia", "infantry", 20, 40, 180, {{"class", 4}});
    f.create();
    f.t.ok(f.t.umpire, "battle.place", {{"battle", 1}, {"terrain", {{"kind", "fence"}, {"name", "the rail fence"}, {"shape", "polyline"},
                                                                      {"points", {{30, 14}, {40, 14}}}, {"width", 0}}}});
    f.t.ok(f.t.umpire, "battle.place", {{"battle", 1}, {"terrain", {{"kind", "hedge"}, {"name", "the hedge"}, {"shape", "polyline"},
                                                                      {"points", {{20, 15}, {29, 15}}}, {"width", 0}}}});
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Dragoons"), f.id("Foot")}}}}},
                       {"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 1}, {"to", {32, 30}}},
                                 {{"unit", f.id("Foot")}, {"av", 1}, {"d6", 0}, {"to", {26, 30}}}}}});
    // The dragoons roll an average 5 (a d6 6) and a d6 3: 8", halved by the fence: 4", 1 DP for cavalry. The foot
    // roll an average 4 (a d6 4): the hedge 3" ahead ends its move just over it, 1 DP. Next points 5 and 5.
    f.orders(f.t.dave, json::object(), {6, 3, 4, 6, 6});
    CHECK(f.unit_now("Dragoons")["position"][1] == Approx(16));
    CHECK(f.marker("Dragoons", "dp") == 1);
    CHECK(f.marker("Foot", "dp") == 1);
    const double foot = f.unit_now("Foot")["position"][1].get<double>();
    CHECK(foot > 15);
    CHECK(foot < 16.5);
    CHECK(f.log_of(f.t.bob).find("It crosses the rail fence (half its move, 1 DP).") != std::string::npos);
    CHECK(f.log_of(f.t.bob).find("It crosses the hedge, which takes its turn (1 DP).") != std::string::npos);
}

TEST_CASE("lfas phases: a casualty from morale puts the general with the unit at risk", "[lfas]") {
    LfasField f;
    f.dave_at = {20, 20.5};  // General Greene with the Continentals' command group
    rout_field(f, 5);
    // As the rout above, but the Continentals re-dress from 5 to 4 and take the collision's DP: 5. The rout past them
    // is "1 DP", and "A unit can hold at most five; further DPs from fire or morale become casualties instead": a
    // casualty. "If the unit takes a DP from fire or any casualty, roll d6 (max once per turn)": General Greene rolls
    // 4, unhurt. Then next turn's points.
    f.orders(f.t.dave, json::object(), {3, 4, 6, 2, 2, 2, 5, 2, 4, 1, 1});
    CHECK(f.tests("combat").at(0)["defender_result"] == "routed");
    CHECK(f.marker("Continentals", "casualties") == 1);
    CHECK(f.unit_now("Continentals")["bases"] == 3);
    const json risk = f.tests("general");
    REQUIRE(risk.size() == 1);
    CHECK(risk[0]["dice"] == json::array({4}));
    CHECK(f.log_of(f.t.dave).find("General Greene rolls 4 with Continentals: unhurt.") != std::string::npos);
    check_replay(f.t);
}

namespace {

// Dragoons at full gallop (four dice last turn) facing up the table; the American militia far off.
struct Gallop : LfasField {
    Gallop() {
        unit("british", "Dragoons", "cavalry", 32, 12, 0, {{"class", 2}});
        units.back()["markers"] = {{"speed", 4}};
        unit("americans", "Militia", "infantry", 60, 40, 180, {{"class", 4}, {"kind", "militia"}});
        create();
        start({6, 6});
    }
};

}  // namespace

TEST_CASE("lfas movement: cavalry at top speed with no move rides on at two dice, and cannot stop to re-form", "[lfas]") {
    Gallop f;
    // "a unit at top speed (four dice) can only slow to two dice next turn"; "Cavalry: May only change speed by one or
    // two dice in a turn".
    CHECK(f.of(f.t.bob)["lfas"]["units"][std::to_string(f.id("Dragoons"))]["least_dice"] == 2);
    std::string why;
    CHECK(f.refused(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                              {"move", {{{"unit", f.id("Dragoons")}, {"formation", "column"}}}}},
                    &why) == "bad_request");
    CHECK(why.find("cannot stop") != std::string::npos);
    // No orders for the horse at all: it rides on straight ahead on two average dice (the class's first dice), rolling
    // 4 and 6 (4 and 5 on the average die): 9", no DP.
    f.orders(f.t.bob, json::object());
    f.orders(f.t.dave, json::object(), {4, 6, 3, 3});
    CHECK(f.log_of(f.t.bob).find("Dragoons moved with 4 dice last turn and cannot stop: it rides on with 2 straight ahead.") !=
          std::string::npos);
    const json move = f.tests("movement").at(0);
    CHECK(move["inches"] == 9);
    CHECK(move["dps"] == 0);
    CHECK(f.unit_now("Dragoons")["position"][0] == Approx(32));
    CHECK(f.unit_now("Dragoons")["position"][1] == Approx(21));
    CHECK(f.marker("Dragoons", "speed") == 2);  // and may stop next turn
    CHECK(f.of(f.t.bob)["lfas"]["units"][std::to_string(f.id("Dragoons"))]["least_dice"] == 0);
    check_replay(f.t);
}

TEST_CASE("lfas movement: all movement is simultaneous: a charger heads for where its target stood", "[lfas]") {
    LfasField f;
    f.bob_at = {20, 10};
    f.dave_at = {20, 26};
    f.unit("british", "Foot", "infantry", 20, 12, 0, {{"class", 2}});
    f.unit("americans", "Continentals", "infantry", 20, 24, 180, {{"class", 2}});
    f.create();
    f.start({6, 6});
    // The British orders come first, so their Foot used to move before the charge was measured. "ORDER OF PLAY IN A
    // TURN (ALL MOVEMENT IS SIMULTANEOUS)": the Foot sidesteps east on two average dice (6 and 6 read 5 and 5, -1" each
    // for the wheel: 8", 1 DP); the Continentals charge on two (5 and 5: 10") straight at where the Foot stood, 12"
    // off, and end 2" short of it, out of combat reach of the Foot at (28, 12). Next turn's points 3 and 3.
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Foot")}}}}},
                       {"move", {{{"unit", f.id("Foot")}, {"av", 2}, {"d6", 0}, {"to", {40, 12}}}}}});
    f.orders(f.t.dave, {{"command", {{{"spend", "order"}, {"units", {f.id("Continentals")}}}}},
                        {"move", {{{"unit", f.id("Continentals")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Foot")}}}}},
             {6, 6, 6, 6, 3, 3});
    CHECK(f.unit_now("Foot")["position"][0] == Approx(28));
    CHECK(f.unit_now("Foot")["position"][1] == Approx(12));
    CHECK(f.marker("Foot", "dp") == 1);
    CHECK(f.unit_now("Continentals")["position"][0] == Approx(20));
    CHECK(f.unit_now("Continentals")["position"][1] == Approx(14));
    CHECK(f.unit_now("Continentals")["facing"] == Approx(180));
    CHECK(f.tests("combat").empty());
    check_replay(f.t);
}

TEST_CASE("lfas movement: two friends moving onto the same ground both stop short and collide", "[lfas]") {
    LfasField f;
    f.bob_at = {30, 12};
    f.unit("british", "Left", "infantry", 25, 12, 90, {{"class", 2}});
    f.unit("british", "Right", "infantry", 35, 12, 270, {{"class", 2}});
    f.unit("americans", "Militia", "infantry", 30, 44, 180, {{"class", 4}});
    f.create();
    f.start({6, 6});
    // Left marches east and Right west through each other's ground, each on two average dice of 5 (10"): setting
    // movers_meeting "both_stop" (docs/rules-notes.md): moving together they meet halfway, whoever's orders came
    // first, and "Each unit involved in a collision or interpenetration takes 1 DP".
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Left"), f.id("Right")}}}}},
                       {"move", {{{"unit", f.id("Left")}, {"av", 2}, {"d6", 0}, {"to", {45, 12}}},
                                 {{"unit", f.id("Right")}, {"av", 2}, {"d6", 0}, {"to", {15, 12}}}}}});
    f.orders(f.t.dave, json::object(), {6, 6, 6, 6, 3, 3});
    const double left = f.unit_now("Left")["position"][0].get<double>(), right = f.unit_now("Right")["position"][0].get<double>();
    CHECK(left == Approx(30).margin(0.3));   // Left's front meets Right's front
    CHECK(right == Approx(30).margin(0.3));
    CHECK(left - 25 == Approx(35 - right).margin(0.01));  // neither came first
    CHECK(f.marker("Left", "dp") == 1);
    CHECK(f.marker("Right", "dp") == 1);
    CHECK(f.log_of(f.t.bob).find("collides with") != std::string::npos);
}
