// chosen-men-well-disposed.txt, "Example of Combat" (pages 28-32), replayed through the real commands with the
// book's own dice: Bennington's and Spriggs' British against d'Hautfront's and Malheureux's French. Each TEST_CASE
// plays the example up to one of its steps and checks the book's result there.
//
// The ground is the book's own set-up, the scenario `cmwd-example` (shared/rulesets/cmwd/scenarios.cpp), in cm
// with 60 mm bases (BW 6, BD 3): the British face north (facing 0), the French south (180). Infantry A B C D
// (x 30, 36, 42, 48) stand 2BW from P Q R S; Spriggs' horse F G H (x 60, 66, 72) 4BW short of where Malheureux's
// horse will stand; X Y Z stand askew (facing 225) and "wheel instead, to face the approaching British" by their
// own move, no umpire's hand: each wheels left pi/4 BW and stands at x 60, 66, 72 facing 180, 2BW from F G H.
#include <cmath>
#include <tuple>

#include "rulesets/cmwd/cmwd_table.h"
#include "shared/rulesets/cmwd/ruleset.h"

using namespace cmwd_test;

namespace {

// "Malheureux decides to wheel instead, to face the approaching British": an eighth of a turn, pi/4 BW of a 1BW
// frontage (a wheel turns the facing by distance / frontage radians).
const double eighth_of_a_turn = std::atan(1.0);

json example_scenario() {
    for (const auto& s : muster::cmwd::scenarios())
        if (s["id"] == "cmwd-example") return s;
    FAIL("no scenario cmwd-example");
    return {};
}

struct Example : CmwdField {
    Example() {
        // The bases where the book's scenario puts them.
        const json scenario = example_scenario();  // kept: a range over a temporary's member dangles
        for (const auto& u : scenario["battle"]["units"]) {
            json extra = u["values"];
            extra.erase("brigade");
            base(u["side"].get<std::string>(), u["name"].get<std::string>(), u["troop_type"].get<std::string>(),
                 u["values"]["brigade"].get<std::string>(), u["position"][0].get<double>(), u["position"][1].get<double>(),
                 u["facing"].get<double>(), extra);
        }
        general("british", "Brigadier Bennington", "bennington", t.bob.user, 40, 10);
        general("british", "Brigadier Spriggs", "spriggs", 0, 66, 10);
        general("french", "Comte d'Hautfront", "hautfront", t.dave.user, 40, 110);
        general("french", "Brigadier Malheureux", "malheureux", 0, 96, 110);
        create();
        start();
        // "They have been advancing steadily on the stationary French for the last three game turns."
        override_({{"what", "moving"}, {"brigade", "bennington"}, {"moving", true}});
        override_({{"what", "moving"}, {"brigade", "spriggs"}, {"moving", true}});
    }

    // "First game turn. Tempo player moves. The British get the Tempo."
    void first_turn_tempo() {
        bid(t.dave, 0);
        bid(t.bob, 2);
    }
    // "Bennington's infantry brigade receives 1TP and moves forward 1BW, Spriggs' cavalry receives 1TP and advances 2BW."
    void first_turn_british() {
        first_turn_tempo();
        act(t.bob, {{"action", "order"}, {"brigade", "bennington"}});
        act(t.bob, {{"action", "order"}, {"brigade", "spriggs"}});
        for (const char* n : {"A", "B", "C", "D"}) act(t.bob, {{"action", "move"}, {"unit", id(n)}, {"distance", 1}});
        for (const char* n : {"F", "G", "H"}) act(t.bob, {{"action", "move"}, {"unit", id(n)}, {"distance", 2}});
        done(t.bob);  // "He decides to wait until his men can see the whites of the enemy's eyes."
    }
    // "D'Hautfront ... is given 2TPs ... The brigade advances to point blank range." "Malheureux also receives 2TP
    // ... decides to wheel instead." Then "Non-tempo player combat": P, Q, R, S fire in order from his right, and
    // Bennington checks his brigade's morale.
    void first_turn_french() {
        first_turn_british();
        act(t.dave, {{"action", "order"}, {"brigade", "hautfront"}});
        act(t.dave, {{"action", "order"}, {"brigade", "malheureux"}});
        for (const char* n : {"P", "Q", "R", "S"}) act(t.dave, {{"action", "move"}, {"unit", id(n)}, {"distance", 1}});
        for (const char* n : {"X", "Y", "Z"})
            act(t.dave, {{"action", "wheel"}, {"unit", id(n)}, {"distance", eighth_of_a_turn}, {"direction", "left"}});
        for (auto [f, d] : {std::pair{"P", "A"}, {"Q", "B"}, {"R", "C"}, {"S", "D"}})
            act(t.dave, {{"action", "fire"}, {"unit", id(f)}, {"target", id(d)}});
        // P 3 / A 2, Q 2 / B 3, R 1 / C 5, S 5 / D 2; the morale die 2.
        done(t.dave, {3, 2, 2, 3, 1, 5, 5, 2, 2});
    }
    // "Second game turn. ... This time the French have won the Tempo ... only 1TP is available": it goes to the
    // cavalry; the infantry fires R, P, Q; X, Y, Z charge F, G, H in that order.
    void second_turn_french() {
        first_turn_french();
        bid(t.bob, 0);
        bid(t.dave, 3);
        act(t.dave, {{"action", "order"}, {"brigade", "malheureux"}});
        for (auto [f, d] : {std::pair{"R", "C"}, {"P", "A"}, {"Q", "B"}})
            act(t.dave, {{"action", "fire"}, {"unit", id(f)}, {"target", id(d)}});
        for (auto [c, d] : {std::pair{"X", "F"}, {"Y", "G"}, {"Z", "H"}})
            act(t.dave, {{"action", "charge"}, {"unit", id(c)}, {"target", id(d)}});
        // The book's order (p.31-32): the three tests, then "The French cavalry discharges its pistols during the
        // charge", then the hand to hand.
        done(t.dave, {3, 3, 4, 2, 3, 6,         // fire: R / C, P / A, Q / B
                      2, 4, 4, 4, 3, 2,         // charge tests: X / F, Y / G, Z / H
                      3, 3, 5, 1,               // pistols: Y at G, Z at H
                      3, 3, 2, 5});             // hand to hand: Y / G, Z / H
    }
};

json side_of(const json& test, int i) { return test["sides"][i]; }

}  // namespace

TEST_CASE("cmwd example p.28: the British win the tempo; each brigade on the move pays 1TP to continue", "[cmwd]") {
    Example ex;
    ex.first_turn_tempo();
    const json c = ex.cmwd(ex.t.bob);
    CHECK(c["tempo_side"] == "british");
    CHECK(c["stage"] == "first");
    CHECK(c["tempo"]["left"] == 2);
    CHECK(ex.cmwd(ex.t.bob)["brigades"][0]["cost"] == 1);
    Example moved;
    moved.first_turn_british();
    CHECK(moved.front_y("A") == Approx(56));
    CHECK(moved.front_y("F") == Approx(50));
    CHECK(moved.cmwd(moved.t.dave)["stage"] == "second");
    check_replay(moved.t);
}

TEST_CASE("cmwd example p.28: Bennington is within 1BW and may fire; d'Hautfront's 2TPs start his brigade from stationary", "[cmwd]") {
    Example ex;
    ex.first_turn_tempo();
    ex.act(ex.t.bob, {{"action", "order"}, {"brigade", "bennington"}});
    for (const char* n : {"A", "B", "C", "D"}) ex.act(ex.t.bob, {{"action", "move"}, {"unit", ex.id(n)}, {"distance", 1}});
    const json hints = ex.cmwd(ex.t.bob)["hints"];
    const json a_may = hints["fire"][std::to_string(ex.id("A"))];  // P ahead, Q within 1BW of its front corner
    CHECK(std::find(a_may.begin(), a_may.end(), json(ex.id("P"))) != a_may.end());
    ex.act(ex.t.bob, {{"action", "order"}, {"brigade", "spriggs"}});
    for (const char* n : {"F", "G", "H"}) ex.act(ex.t.bob, {{"action", "move"}, {"unit", ex.id(n)}, {"distance", 2}});
    ex.done(ex.t.bob);
    const json french = ex.cmwd(ex.t.dave);
    for (const auto& b : french["brigades"])
        if (b["side"] == "french") CHECK(b["cost"] == 2);
    ex.act(ex.t.dave, {{"action", "order"}, {"brigade", "hautfront"}});
    CHECK(ex.cmwd(ex.t.dave)["tempo"]["left"] == 2);
    for (const char* n : {"P", "Q", "R", "S"}) ex.act(ex.t.dave, {{"action", "move"}, {"unit", ex.id(n)}, {"distance", 1}});
    CHECK(ex.front_y("P") == Approx(56));  // "The opposing bases are now in contact."
}

TEST_CASE("cmwd example p.28: Malheureux's horse, askew, reach no one straight ahead; they wheel by their own move to face Spriggs 2BW off", "[cmwd]") {
    Example ex;
    ex.first_turn_british();
    ex.act(ex.t.dave, {{"action", "order"}, {"brigade", "malheureux"}});
    // "his Brigade is in an awkward position. It could charge, but this has to be in a straight line from their
    // present position": from where they stand, nothing of Spriggs' is straight ahead within their charge.
    const json before = ex.cmwd(ex.t.dave)["hints"]["charge"];
    for (const char* n : {"X", "Y", "Z"}) CHECK_FALSE(before.contains(std::to_string(ex.id(n))));
    // "Malheureux decides to wheel instead, to face the approaching British": each base's own wheel, no umpire's move.
    for (const char* n : {"X", "Y", "Z"})
        ex.act(ex.t.dave, {{"action", "wheel"}, {"unit", ex.id(n)}, {"distance", eighth_of_a_turn}, {"direction", "left"}});
    for (auto [n, target, x] : {std::tuple{"X", "F", 60.0}, {"Y", "G", 66.0}, {"Z", "H", 72.0}}) {
        const json u = ex.unit(n), f = ex.unit(target);
        CHECK(u["position"][0].get<double>() == Approx(x));
        CHECK(u["position"][1].get<double>() == Approx(62));
        CHECK(u["facing"].get<double>() == Approx(180));
        // Front to front with the British base straight ahead, "only 2BW apart".
        CHECK(f["position"][0].get<double>() == Approx(x));
        CHECK(u["position"][1].get<double>() - f["position"][1].get<double>() == Approx(2 * BW));
    }
    CHECK(ex.log_of(ex.t.umpire).find("The umpire moves") == std::string::npos);
}

TEST_CASE("cmwd example p.30-31: the wheel done, X, Y and Z each have straight ahead, 2BW off, the British base they charge", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    ex.bid(ex.t.bob, 0);
    ex.bid(ex.t.dave, 3);
    ex.act(ex.t.dave, {{"action", "order"}, {"brigade", "malheureux"}});
    // "A charge must be carried out in a straight line; there can be no wheeling during the charge": each has its
    // opposite number straight ahead in reach (the bases beside it only touch the edges of its path).
    const json reach = ex.cmwd(ex.t.dave)["hints"]["charge"];
    for (auto [c, target] : {std::pair{"X", "F"}, {"Y", "G"}, {"Z", "H"}}) {
        REQUIRE(reach.contains(std::to_string(ex.id(c))));
        const json mine = reach[std::to_string(ex.id(c))];
        CHECK(std::find(mine.begin(), mine.end(), json(ex.id(target))) != mine.end());
    }
    CHECK(ex.log_of(ex.t.umpire).find("The umpire moves") == std::string::npos);
}

TEST_CASE("cmwd example p.29: P fires at A: 3 + 1 + 1 + 3 = 8 against 3 + 2 = 5, A recoils 1BD shaken", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    const json fire = ex.tests("fire");
    REQUIRE(fire.size() == 4);
    CHECK(factors(side_of(fire[0], 0)) == std::vector<std::string>{"point blank 3", "first time firing 1", "a prest advancing 1"});
    CHECK(side_of(fire[0], 0)["total"] == 8);
    CHECK(side_of(fire[0], 1)["total"] == 5);
    CHECK(fire[0]["result"] == "recoils shaken 1BD");
    CHECK(ex.shaken("A") == 1);
    CHECK(ex.front_y("A") == Approx(56 - BD));
}

TEST_CASE("cmwd example p.29: Q at B 7 against 6, B recoils 1BD; R at C 6 against 8, no effect", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    const json fire = ex.tests("fire");
    CHECK(side_of(fire[1], 0)["total"] == 7);
    CHECK(side_of(fire[1], 1)["total"] == 6);
    CHECK(fire[1]["result"] == "recoils 1BD");
    CHECK(ex.shaken("B") == 0);
    CHECK(ex.front_y("B") == Approx(56 - BD));
    CHECK(side_of(fire[2], 0)["total"] == 6);
    CHECK(side_of(fire[2], 1)["total"] == 8);
    CHECK(fire[2]["result"] == "no effect");
    CHECK(ex.front_y("C") == Approx(56));
}

TEST_CASE("cmwd example p.29: S at D 10 against 5, D breaks, moved back 2BW, and is removed next turn", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    const json fire = ex.tests("fire");
    CHECK(side_of(fire[3], 0)["total"] == 10);
    CHECK(side_of(fire[3], 1)["total"] == 5);
    CHECK(fire[3]["result"] == "breaks");
    CHECK(ex.broken("D"));
    CHECK(ex.front_y("D") == Approx(56 - 2 * BW));
    CHECK(ex.unit("D")["removed"] == true);  // the game turn has ended
    CHECK(ex.log_of(ex.t.bob).find("D is removed from the table.") != std::string::npos);
}

TEST_CASE("cmwd example p.30: Bennington's morale: 2 for D broken, 1 for A shaken = 3; he rolls 2, -1: a final 2", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    const json morale = ex.tests("morale");
    REQUIRE(morale.size() == 1);
    CHECK(morale[0]["brigade"] == "bennington");
    CHECK(morale[0]["points"] == 3);
    CHECK(morale[0]["die"] == 2);
    CHECK(morale[0]["adjustment"] == -1);
    CHECK(morale[0]["total"] == 2);
    CHECK(morale[0]["spent"] == false);  // not "a score exceeding the number of bases in the brigade" (4)
    const json c = ex.cmwd(ex.t.bob);
    for (const auto& b : c["brigades"])
        if (b["id"] == "bennington") CHECK(b["morale"] == 2);
    check_replay(ex.t);
}

TEST_CASE("cmwd example p.30: the French win the tempo with 1TP for this part: it goes to Malheureux's charge", "[cmwd]") {
    Example ex;
    ex.first_turn_french();
    ex.bid(ex.t.bob, 0);
    ex.bid(ex.t.dave, 3);
    const json c = ex.cmwd(ex.t.dave);
    CHECK(c["tempo_side"] == "french");
    CHECK(c["tempo"]["left"] == 1);
    ex.act(ex.t.dave, {{"action", "order"}, {"brigade", "malheureux"}});  // it wheeled last turn: 1TP continues
    CHECK(ex.cmwd(ex.t.dave)["tempo"]["left"] == 0);
    // "does he give it to d'Hautfront, to enable him to follow up": not now, the point is spent.
    std::string why;
    CHECK(ex.refused(ex.t.dave, "battle.act", {{"action", "order"}, {"brigade", "hautfront"}, {"turn", ex.of(ex.t.dave)["turn"]}}, &why) ==
          "no_tempo");
    CHECK(why == "Comte d'Hautfront's brigade needs 1 tempo points; 0 left.");
}

TEST_CASE("cmwd example p.30: R fires at C supported by S: 7 against 6, C recoils 1BD; P at close range 5 against 4", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json fire = ex.tests("fire");
    REQUIRE(fire.size() == 7);
    CHECK(factors(side_of(fire[4], 0)) == std::vector<std::string>{"point blank 3", "supported by S 1"});
    CHECK(side_of(fire[4], 0)["total"] == 7);
    CHECK(side_of(fire[4], 1)["total"] == 6);
    CHECK(fire[4]["result"] == "recoils 1BD");
    CHECK(factors(side_of(fire[5], 0)) == std::vector<std::string>{"close range 1"});
    CHECK(side_of(fire[5], 0)["total"] == 5);
    CHECK(factors(side_of(fire[5], 1)) == std::vector<std::string>{"defence 3", "shaken -1"});
    CHECK(side_of(fire[5], 1)["total"] == 4);
    CHECK(fire[5]["result"] == "recoils 1BD");
}

TEST_CASE("cmwd example p.31: Q fires at B, 4 against 9: no effect", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json fire = ex.tests("fire");
    CHECK(side_of(fire[6], 0)["total"] == 4);
    CHECK(side_of(fire[6], 1)["total"] == 9);
    CHECK(fire[6]["result"] == "no effect");
}

TEST_CASE("cmwd example p.31-32: X, Y and Z test in turn, then Y and Z fire their pistols, then hand to hand", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    std::vector<std::string> order;
    const json seen = ex.umpire();
    for (const auto& l : seen["log"]) {
        const std::string kind = l.contains("details") ? l["details"].value("test", "") : "";
        if (kind == "charge" || kind == "charge_fire" || kind == "melee") order.push_back(kind);
    }
    CHECK(order == std::vector<std::string>{"charge", "charge", "charge", "charge_fire", "charge_fire", "melee", "melee"});
}

TEST_CASE("cmwd example p.31: X tests to charge F, 5 against 7, and refuses; both stay where they are", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json charges = ex.tests("charge");
    REQUIRE(charges.size() == 3);
    CHECK(side_of(charges[0], 0)["total"] == 5);
    CHECK(side_of(charges[0], 1)["total"] == 7);
    CHECK(charges[0]["result"] == "refuses to charge");
    CHECK(ex.front_y("X") == Approx(62));
    CHECK(ex.front_y("F") == Approx(50));
}

TEST_CASE("cmwd example p.31: Y and G both score 7: Y charges, G countercharges, they meet midway", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json charges = ex.tests("charge");
    CHECK(side_of(charges[1], 0)["total"] == 7);
    CHECK(side_of(charges[1], 1)["total"] == 7);
    CHECK(charges[1]["result"] == "charges; the target countercharges");
    CHECK(ex.front_y("Y") == Approx(56));
    CHECK(ex.front_y("G") == Approx(56));
}

TEST_CASE("cmwd example p.31: Z has +1 as Y has passed: 7 against 5, Z charges and H countercharges", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json charges = ex.tests("charge");
    CHECK(factors(side_of(charges[2], 0)) == std::vector<std::string>{"cavalry 3", "a base of the brigade has passed 1"});
    CHECK(side_of(charges[2], 0)["total"] == 7);
    CHECK(side_of(charges[2], 1)["total"] == 5);
    CHECK(charges[2]["result"] == "charges; the target countercharges");
}

TEST_CASE("cmwd example p.32: pistols: Y 3 against G's 2 + 1 countercharging + 3 = 6, no effect; Z 5 against 4, H recoils", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json shots = ex.tests("charge_fire");
    REQUIRE(shots.size() == 2);  // "The British ... disdain to use their pistols"
    CHECK(factors(side_of(shots[0], 0)) == std::vector<std::string>{"pistols at 1BD 0"});
    CHECK(side_of(shots[0], 0)["total"] == 3);
    CHECK(factors(side_of(shots[0], 1)) == std::vector<std::string>{"defence 2", "countercharging 1"});
    CHECK(side_of(shots[0], 1)["total"] == 6);
    CHECK(shots[0]["result"] == "no effect");
    CHECK(side_of(shots[1], 0)["total"] == 5);
    CHECK(side_of(shots[1], 1)["total"] == 4);
    CHECK(shots[1]["result"] == "recoils 1BD");
    // "still have sufficient movement to allow the two opposing bases to charge home"
    const json melees = ex.cmwd(ex.t.bob)["melees"];
    CHECK(melees.size() == 2);
}

TEST_CASE("cmwd example p.32: hand to hand: Y 3 + 2 - 1 = 4 against G 3 + 2 = 5: no result, it goes on", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json melee = ex.tests("melee");
    REQUIRE(melee.size() == 2);
    CHECK(factors(side_of(melee[0], 0)) == std::vector<std::string>{"horse 0", "charging 2", "fired during the charge -1"});
    CHECK(side_of(melee[0], 0)["total"] == 4);
    CHECK(side_of(melee[0], 1)["total"] == 5);
    CHECK(melee[0]["result"] == "no result: the combat goes on");
    const json melees = ex.cmwd(ex.t.bob)["melees"];
    CHECK(melees[0] == json::array({ex.id("Y"), ex.id("G")}));
}

TEST_CASE("cmwd example p.32: Z 2 + 2 - 1 = 3 against H 5 + 2 - 1 slowed = 6: Z recoils 1BD, H follows up in contact", "[cmwd]") {
    Example ex;
    ex.second_turn_french();
    const json melee = ex.tests("melee");
    CHECK(side_of(melee[1], 0)["total"] == 3);
    CHECK(factors(side_of(melee[1], 1)) == std::vector<std::string>{"horse 0", "charging 2", "slowed by fire -1"});
    CHECK(side_of(melee[1], 1)["total"] == 6);
    CHECK(melee[1]["result"] == "Z recoils 1BD, the winner following up");
    const double z = ex.front_y("Z"), h = ex.front_y("H");
    CHECK(z == Approx(h));  // still front to front: "H follows up, remaining in contact"
    // H, slowed, still had the move to reach halfway ("The two meet midway between their starting points", 56),
    // and Z went back 1BD from there, H following.
    CHECK(h == Approx(56 + BD));
    CHECK(ex.cmwd(ex.t.bob)["melees"].size() == 2);
    check_replay(ex.t);
}
