// The settings for passages of chosen-men-well-disposed.txt that read two ways (docs/rules-notes.md, "Chosen Men,
// Well Disposed"), each played both ways with scripted dice: risk_when_firing, general_no_movement, morale_bases.
#include "rulesets/cmwd/cmwd_table.h"

using namespace cmwd_test;

namespace {

// A British base A facing a French a prest base P; the British have the tempo and pass their stage, the French
// fire in theirs. The commanders stand far off unless a test places one.
struct ReadingsField : CmwdField {
    void pieces() {
        base("british", "A", "infantry", "bennington", 30, 50, 0);
        base("french", "P", "infantry", "hautfront", 30, 53, 180, {{"school", "a_prest"}});
        general("british", "Bennington", "bennington", t.bob.user, 100, 10);
        general("french", "d'Hautfront", "hautfront", t.dave.user, 100, 110);
    }
    void to_french_stage() {
        create();
        start();
        bid(t.bob, 1);
        bid(t.dave, 0);
        done(t.bob);
    }
    void fire(const std::string& f, const std::string& target, std::vector<int> dice) {
        act(t.dave, {{"action", "fire"}, {"unit", id(f)}, {"target", id(target)}});
        done(t.dave, std::move(dice));
    }
};

}  // namespace

TEST_CASE("cmwd readings: risk_when_firing puts the general of a base that fires at risk, as combat", "[cmwd]") {
    // "Each time a base with which a general is in contact is fired upon or involved in combat, roll 2D6."
    for (const bool firing : {false, true}) {
        ReadingsField f;
        f.settings["risk_when_firing"] = firing;
        f.pieces();
        f.generals[1]["position"] = {30, 56.5};  // d'Hautfront at P's rear
        f.to_french_stage();
        // P at close range 1 + 1 first time firing + die 1 = 3 against A 3 + 6: no effect; d'Hautfront's risk 5 + 5.
        f.fire("P", "A", firing ? std::vector<int>{1, 6, 5, 5} : std::vector<int>{1, 6});
        const json risk = f.tests("risk");
        if (!firing) {
            CHECK(risk.empty());
            continue;
        }
        REQUIRE(risk.size() == 1);
        CHECK(risk[0]["leader"] == f.leader("d'Hautfront"));
        CHECK(risk[0]["total"] == 10);
    }
}

TEST_CASE("cmwd readings: general_no_movement: a general whose horse is killed holds his brigade, or only his figure", "[cmwd]") {
    // "2) General's horse is killed. No movement in next game turn" against "5) ... No movement or orders given" and
    // "6) ... No orders given for two game turns".
    for (const std::string reading : {"brigade", "orders"}) {
        ReadingsField f;
        f.settings["general_no_movement"] = reading;
        f.pieces();
        f.base("british", "F", "horse", "spriggs", 60, 30, 0);
        f.general("british", "Spriggs", "spriggs", 0, 60, 20);
        f.create();
        f.start();
        f.override_({{"what", "fate"}, {"leader", f.leader("Spriggs")}, {"fate", "horse"}});
        f.bid(f.t.bob, 1);
        f.bid(f.t.dave, 0);
        const json order = {{"action", "order"}, {"brigade", "spriggs"}, {"turn", f.of(f.t.bob)["turn"]}};
        if (reading == "brigade") {
            std::string why;
            CHECK(f.refused(f.t.bob, "battle.act", order, &why) == "not_now");
            CHECK(why == "Spriggs may not move his brigade this game turn (horse).");
        } else {
            f.act(f.t.bob, order);
            CHECK(f.log_of(f.t.bob).find("Spriggs's brigade is ordered (2 tempo points).") != std::string::npos);
        }
    }
}

TEST_CASE("cmwd readings: morale_bases: spent against every base the brigade began with, or those still standing", "[cmwd]") {
    // "If the morale test had resulted in a score exceeding the number of bases in the brigade, the whole brigade
    // would have become spent".
    for (const std::string reading : {"all", "standing"}) {
        ReadingsField f;
        f.settings["morale_bases"] = reading;
        f.base("british", "A", "infantry", "bennington", 30, 50, 0);
        f.base("british", "A2", "infantry", "bennington", 50, 50, 0);
        f.base("french", "P", "infantry", "hautfront", 30, 50, 180, {{"school", "a_prest"}});  // front to front with A
        f.general("british", "Bennington", "bennington", f.t.bob.user, 100, 10);
        f.general("french", "d'Hautfront", "hautfront", f.t.dave.user, 100, 110);
        f.to_french_stage();
        // P at point blank 3 + 1 first time firing + die 6 = 10 against A 3 + 1: A breaks. The morale die 3 (+0): 2 for
        // the broken base, against 2 bases (all) or 1 (standing).
        f.fire("P", "A", {6, 1, 3});
        const json morale = f.tests("morale");
        REQUIRE(morale.size() == 1);
        CHECK(morale[0]["total"] == 2);
        CHECK(morale[0]["bases"] == (reading == "all" ? 2 : 1));
        CHECK(morale[0]["spent"] == (reading == "standing"));
    }
}
