// Charges beyond the worked example (chosen-men-well-disposed.txt, "Cavalry test to charge", "Flank Attacks",
// "Firing during charges"), with scripted dice: a flank attack, infantry with two secure flanks firing at the
// chargers, dragoons facing heavier horse, a target that breaks before contact, and brigade morale spent.
#include "rulesets/cmwd/cmwd_table.h"

using namespace cmwd_test;

namespace {

// The French have the tempo; their stage is open. Generals stand far off unless a test places one.
struct Duel : CmwdField {
    void begin() {
        general("british", "Bennington", "bennington", t.bob.user, 150, 10);
        general("french", "d'Hautfront", "malheureux", t.dave.user, 150, 110);
        create();
        start();
        bid(t.bob, 0);
        bid(t.dave, 1);
        act(t.dave, {{"action", "order"}, {"brigade", "malheureux"}});
    }
    void charge(const std::string& c, const std::string& target) {
        act(t.dave, {{"action", "charge"}, {"unit", id(c)}, {"target", id(target)}});
    }
    json last(const std::string& kind) {
        const json all = tests(kind);
        REQUIRE_FALSE(all.empty());
        return all.back();
    }
};

}  // namespace

TEST_CASE("cmwd charges: a flank attack tests +2; infantry charged in flank may not fire (\"Flank Attacks\")", "[cmwd]") {
    Duel d;
    d.base("british", "A", "infantry", "bennington", 30, 50, 0);
    d.base("french", "X", "horse", "malheureux", 15, 48.5, 90);  // beside A's west flank, 2BW off, its front partly behind A's front line
    d.begin();
    d.charge("X", "A");
    d.done(d.t.dave, {4, 3, 3, 1});  // X 4, A 3; hand to hand X 3, A 1
    const json c = d.last("charge");
    CHECK(factors(c["sides"][0]) == std::vector<std::string>{"cavalry 3", "flank or rear 2"});
    CHECK(c["sides"][0]["total"] == 9);
    CHECK(factors(c["sides"][1]) == std::vector<std::string>{"defence 4"});
    CHECK(c["sides"][1]["total"] == 7);
    CHECK(c["result"] == "charges; the target stands");
    CHECK(d.tests("charge_fire").empty());
    const json m = d.last("melee");
    CHECK(m["sides"][0]["total"] == 5);  // "+2 for charging"
    CHECK(m["sides"][1]["total"] == 1);
    CHECK(m["result"] == "A recoils 1BD, the winner following up");
    check_replay(d.t);
}

TEST_CASE("cmwd charges: infantry with two secure flanks, -1; it stands and fires at close range; cavalry recoiled goes back", "[cmwd]") {
    Duel d;
    for (auto [n, x] : {std::pair{"A", 24.0}, {"B", 30.0}, {"C", 36.0}}) d.base("british", n, "infantry", "bennington", x, 50, 0);
    d.base("french", "X", "horse", "malheureux", 30, 62, 180);
    d.begin();
    d.charge("X", "B");
    d.done(d.t.dave, {6, 1, 6, 1, 3, 1});  // X 6, B 1; B's fire 6, X 1; morale: the British 3, the French 1
    const json c = d.last("charge");
    CHECK(factors(c["sides"][0]) == std::vector<std::string>{"cavalry 3", "infantry with two secure flanks -1"});
    CHECK(c["difference"] == 3);
    CHECK(c["result"] == "charges; the target receives it stationary and shaken");
    CHECK(d.shaken("B") == 1);
    const json shot = d.last("charge_fire");
    CHECK(shot["sides"][0]["unit"] == d.id("B"));
    CHECK(factors(shot["sides"][0]) == std::vector<std::string>{"close range 1"});
    CHECK(shot["result"] == "recoils shaken 1BD");
    // "If cavalry receive a recoil result whilst charging infantry or artillery, they will move back to their
    // starting point without making contact."
    CHECK(d.front_y("X") == Approx(62));
    CHECK(d.shaken("X") == 1);
    CHECK(d.cmwd(d.t.bob)["melees"].empty());
    CHECK(d.tests("morale").size() == 2);
}

TEST_CASE("cmwd charges: raw dragoons facing veteran horse; a hand-to-hand break; the brigade spent", "[cmwd]") {
    Duel d;
    d.base("british", "F", "horse", "bennington", 60, 50, 0, {{"quality", "veteran"}});
    d.base("french", "X", "dragoons", "malheureux", 60, 62, 180, {{"quality", "raw"}});
    d.begin();
    d.charge("X", "F");
    d.done(d.t.dave, {6, 1, 1, 6, 6});  // X 6, F 1; hand to hand X 1, F 6; the French morale die 6
    const json c = d.last("charge");
    CHECK(factors(c["sides"][0]) == std::vector<std::string>{"cavalry 3", "raw -1", "facing heavier cavalry -1"});
    CHECK(factors(c["sides"][1]) == std::vector<std::string>{"defence 3", "veteran 1"});
    CHECK(c["result"] == "charges; the target countercharges");
    const json m = d.last("melee");
    CHECK(m["sides"][0]["total"] == 3);
    CHECK(m["sides"][1]["total"] == 8);
    CHECK(m["result"] == "X breaks");
    CHECK(d.broken("X"));
    const json morale = d.last("morale");
    CHECK(morale["points"] == 2);  // "2 points for base D, which has broken"
    CHECK(morale["total"] == 4);
    CHECK(morale["spent"] == true);
    const json brigades = d.cmwd(d.t.dave)["brigades"];
    for (const auto& b : brigades)
        if (b["id"] == "malheureux") CHECK(b["spent"] == true);
    CHECK(d.log_of(d.t.bob).find("more than its 1 base: spent.") != std::string::npos);
}

TEST_CASE("cmwd charges: a horse base charged that stood, recoiled by pistols, is not slowed by fire in hand to hand (\"Firing during charges\")", "[cmwd]") {
    // chosen-men-well-disposed.txt, "Firing during charges": "Cavalry receiving a recoil result while charging or
    // countercharging other cavalry will deduct 1BD from their move distance but may still charge to contact,
    // deducting 1 point from their hand to hand combat factor." F is charged and does not countercharge (the
    // testers win by 3: "Target receives attack stationary and is shaken"), so its recoil costs it no point.
    Duel d;
    d.base("british", "F", "horse", "bennington", 60, 50, 0);
    d.base("french", "X", "horse", "malheureux", 60, 62, 180, {{"pistols", true}});
    d.begin();
    d.charge("X", "F");
    // The test X 6, F 2; X's pistols 4, F 2; hand to hand X 6, F 4; the British morale die 3.
    d.done(d.t.dave, {6, 2, 4, 2, 6, 4, 3});
    const json c = d.last("charge");
    CHECK(c["difference"] == 4);
    CHECK(c["result"] == "charges; the target receives it stationary and shaken");
    const json shot = d.last("charge_fire");
    CHECK(factors(shot["sides"][1]) == std::vector<std::string>{"defence 2", "shaken -1"});  // not countercharging
    CHECK(shot["result"] == "recoils 1BD");
    const json m = d.last("melee");
    CHECK(factors(m["sides"][0]) == std::vector<std::string>{"horse 0", "charging 2", "fired during the charge -1"});
    CHECK(m["sides"][0]["total"] == 7);
    CHECK(factors(m["sides"][1]) == std::vector<std::string>{"horse 0", "shaken -1"});  // no "slowed by fire"
    CHECK(m["sides"][1]["total"] == 3);
    CHECK(m["difference"] == 4);
    CHECK(m["result"] == "F recoils 1BD, the winner following up");
    CHECK_FALSE(d.broken("F"));
    // It stood its ground for X, who came the whole 2BW to it (fronts on 50), then went back 1BD in the hand to hand.
    CHECK(d.front_y("F") == Approx(50 - BD));
    CHECK(d.front_y("X") == Approx(50 - BD));
    check_replay(d.t);
}

TEST_CASE("cmwd charges: a horse base charged in flank turns to face; recoiled by pistols, it is not slowed by fire", "[cmwd]") {
    // "If a base being charged in flank gets a countercharge result, it will turn to face the chargers but will not
    // charge": not countercharging, so a recoil result costs it no hand-to-hand point ("Firing during charges").
    Duel d;
    d.base("british", "F", "horse", "bennington", 30, 50, 0);
    d.base("french", "X", "horse", "malheureux", 18, 48.5, 90, {{"pistols", true}});  // off F's west flank, 1.5BW
    d.begin();
    d.charge("X", "F");
    // The test X 2, F 4 (3 + 2 flank + 2 = 7 against 7: a countercharge result); X's pistols 6, F 3;
    // hand to hand X 3, F 3.
    d.done(d.t.dave, {2, 4, 6, 3, 3, 3});
    const json c = d.last("charge");
    CHECK(c["result"] == "charges; the target turns to face them");
    const json shot = d.last("charge_fire");
    CHECK(factors(shot["sides"][1]) == std::vector<std::string>{"defence 2"});
    CHECK(shot["result"] == "recoils 1BD");
    const json m = d.last("melee");
    CHECK(factors(m["sides"][1]) == std::vector<std::string>{"horse 0"});
    CHECK(m["sides"][1]["total"] == 3);
}

TEST_CASE("cmwd charges: a target that breaks before contact; the chargers continue their move to the end", "[cmwd]") {
    Duel d;
    d.base("british", "G", "artillery", "guns", 60, 50, 0);
    d.base("french", "X", "horse", "malheureux", 60, 62, 180, {{"quality", "veteran"}});
    d.general("british", "Colonel Borgard", "guns", 0, 60, 51);  // just before the guns, where X's charge will end
    d.begin();
    d.charge("X", "G");
    // X 6, G 1; the risk to Borgard 6 + 6 - 2; his capture die 2 (active: 1 or 2); the morale die 3.
    d.done(d.t.dave, {6, 1, 6, 6, 2, 3});
    CHECK(d.last("charge")["result"] == "charges; the target breaks before contact");
    CHECK(d.broken("G"));
    CHECK(d.front_y("G") == Approx(50 - 2 * BW));
    CHECK(d.front_y("X") == Approx(62 - 2 * BW));
    const json risk = d.last("risk");
    CHECK(risk["modifier"] == -2);
    CHECK(risk["total"] == 10);
    const json capture = d.last("capture");
    CHECK(capture["die"] == 2);
    const json gens = d.cmwd(d.t.bob)["generals"];
    for (const auto& g : gens)
        if (g["leader"] == d.leader("Colonel Borgard")) CHECK(g["fate"] == "captured");
    CHECK(d.log_of(d.t.dave).find("Colonel Borgard (active) is reached by X and rolls 2: captured.") != std::string::npos);
}

TEST_CASE("cmwd charges: declared in the stage, checked at once: only mounted cavalry of an ordered brigade, straight ahead", "[cmwd]") {
    Duel d;
    d.base("british", "A", "infantry", "bennington", 30, 50, 0);
    d.base("french", "X", "horse", "malheureux", 30, 62, 180);
    d.base("french", "Y", "horse", "malheureux", 70, 62, 180);
    d.base("french", "P", "infantry", "hautfront", 40, 80, 180);
    d.general("french", "Comte P", "hautfront", 0, 40, 100);
    d.begin();
    std::string why;
    const int turn = d.of(d.t.dave)["turn"];
    CHECK(d.refused(d.t.dave, "battle.act", {{"action", "charge"}, {"unit", d.id("Y")}, {"target", d.id("A")}, {"turn", turn}}, &why) ==
          "out_of_range");
    CHECK(why == "A is not within Y's reach.");
    CHECK(d.refused(d.t.dave, "battle.act", {{"action", "charge"}, {"unit", d.id("P")}, {"target", d.id("A")}, {"turn", turn}}, &why) ==
          "not_now");
    CHECK(why == "Only mounted cavalry charge.");
    CHECK(d.refused(d.t.dave, "battle.act", {{"action", "charge"}, {"unit", d.id("X")}, {"target", d.id("Y")}, {"turn", turn}}) ==
          "not_found");
    const std::string bob_before = view(d.t.state, d.t.bob).dump(), erin_before = view(d.t.state, d.t.observer).dump();
    d.charge("X", "A");
    CHECK(view(d.t.state, d.t.bob).dump() == bob_before);  // not a byte of the British view changes
    CHECK(view(d.t.state, d.t.observer).dump() == erin_before);
    CHECK(d.log_of(d.t.dave).find("X will charge A.") != std::string::npos);
    CHECK(d.cmwd(d.t.dave)["declared"] == json::array({{{"action", "charge"}, {"unit", d.id("X")}, {"target", d.id("A")}}}));
    CHECK(d.cmwd(d.t.bob)["declared"].empty());  // the British learn of it when it is resolved
    CHECK(d.refused(d.t.dave, "battle.act", {{"action", "move"}, {"unit", d.id("X")}, {"distance", 1}, {"turn", turn}}, &why) ==
          "already_acted");
    d.act(d.t.dave, {{"action", "cancel"}, {"unit", d.id("X")}});
    CHECK(d.cmwd(d.t.dave)["declared"].empty());
}

TEST_CASE("cmwd charges: every charge is tested before the pistols fire, so their shaken levels miss the later tests", "[cmwd]") {
    // chosen-men-well-disposed.txt, "Firing during charges": "Shaken levels inflicted by this firing do not affect
    // the charge test result"; the "Example of Combat" tests X, Y and Z before "The French cavalry discharges its
    // pistols during the charge".
    Duel d;
    d.base("british", "G", "horse", "bennington", 66, 50, 0);
    d.base("french", "Y", "horse", "malheureux", 63, 62, 180, {{"pistols", true}});
    d.base("french", "W", "horse", "malheureux", 69, 62, 180, {{"pistols", true}});
    d.begin();
    d.charge("Y", "G");
    d.charge("W", "G");
    // Y 6 against G 2: 9 to 5, G shaken. W 1 against G 4: 3 + 1 passed + 1 = 5 to 3 - 1 shaken + 4 = 6: refuses.
    // Y's pistols 6 against G's 2: 6 to 2 - 1 + 2 = 3, G recoils shaken. Hand to hand Y 1, G 6; the British morale 3.
    d.done(d.t.dave, {6, 2, 1, 4, 6, 2, 1, 6, 3});
    const json tests = d.tests("charge");
    REQUIRE(tests.size() == 2);
    CHECK(factors(tests[1]["sides"][1]) == std::vector<std::string>{"defence 3", "shaken -1"});
    CHECK(tests[1]["result"] == "refuses to charge");
    CHECK(d.last("charge_fire")["result"] == "recoils shaken 1BD");
    CHECK(d.shaken("G") == 2);
    CHECK(d.front_y("W") == Approx(62));
    check_replay(d.t);
}

TEST_CASE("cmwd charges: a general by a base fired on in a charge risks 2D6 though the fire does nothing", "[cmwd]") {
    // chosen-men-well-disposed.txt, "Risk to Generals": "Each time a base with which a general is in contact is fired
    // upon or involved in combat, roll 2D6."
    Duel d;
    d.base("british", "F", "horse", "spriggs", 60, 50, 0);
    d.base("french", "X", "horse", "malheureux", 60, 62, 180, {{"pistols", true}});
    d.general("british", "Spriggs", "spriggs", 0, 60, 46.5);  // at F's rear, left behind when F countercharges
    d.begin();
    d.charge("X", "F");
    // X 4, F 4: F countercharges. X's pistols 1 against 2 + 1 countercharging + 6: no effect; Spriggs' risk 5 + 5.
    // Hand to hand X 3 + 2 - 1, F 3 + 2: no result.
    d.done(d.t.dave, {4, 4, 1, 6, 5, 5, 3, 3});
    CHECK(d.last("charge_fire")["result"] == "no effect");
    const json risk = d.tests("risk");
    REQUIRE(risk.size() == 1);
    CHECK(risk[0]["leader"] == d.leader("Spriggs"));
    CHECK(risk[0]["dice"] == json::array({5, 5}));
    CHECK(risk[0]["total"] == 10);
    CHECK(d.last("melee")["result"] == "no result: the combat goes on");
}

TEST_CASE("cmwd charges: dragoons charged by horse face heavier cavalry too, unless heavier_cavalry is the tester's", "[cmwd]") {
    // chosen-men-well-disposed.txt, "Cavalry test to charge": "Minus One ... If Cavalry facing heavier cavalry (e.g.
    // dragoons facing horse)"; "The target takes their factor ... plus or minus any relevant modifiers."
    for (const std::string who : {"either", "tester"}) {
        Duel d;
        d.settings["heavier_cavalry"] = who;
        d.base("british", "E", "dragoons", "bennington", 60, 50, 0);
        d.base("french", "X", "horse", "malheureux", 60, 62, 180);
        d.begin();
        d.charge("X", "E");
        if (who == "either") {
            d.done(d.t.dave, {3, 4, 3, 3});  // X 6 against E 3 - 1 + 4 = 6: E countercharges; hand to hand 5 to 5
            const json c = d.last("charge");
            CHECK(factors(c["sides"][1]) == std::vector<std::string>{"defence 3", "facing heavier cavalry -1"});
            CHECK(c["result"] == "charges; the target countercharges");
        } else {
            d.done(d.t.dave, {3, 4});  // X 6 against E 7: refuses
            const json c = d.last("charge");
            CHECK(factors(c["sides"][1]) == std::vector<std::string>{"defence 3"});
            CHECK(c["result"] == "refuses to charge");
        }
    }
}
