// Chosen Men has no hidden troops: chosen-men-well-disposed.txt prints no rule of concealed bases or generals (its
// "Setting up, scouting, prepared positions" is in the contents only), so every base and general stands in the open
// and each way a piece could be made concealed is refused (RuleSet::conceals; docs/protocol.md, "Chosen Men").
#include "rulesets/cmwd/cmwd_table.h"

using namespace cmwd_test;

namespace {

const std::string cmwd_no_hidden = "Chosen Men, Well Disposed has no hidden troops: a piece cannot be concealed.";

// A British brigade before a French one, each of a base and its general.
struct CmwdInTheOpen : CmwdField {
    CmwdInTheOpen() {
        base("british", "A", "infantry", "bennington", 30, 50, 0);
        base("french", "P", "infantry", "hautfront", 30, 56, 180, {{"school", "a_prest"}});
        general("british", "Bennington", "bennington", t.bob.user, 30, 20);
        general("french", "d'Hautfront", "hautfront", t.dave.user, 30, 110);
    }
    std::string refused_create(json body, std::string& why) { return t.error(t.umpire, "battle.create", std::move(body), &why); }
};

}  // namespace

TEST_CASE("cmwd: battle.create refuses a base or a general placed concealed", "[cmwd][concealment]") {
    CmwdInTheOpen f;
    std::string why;
    json body = f.create_body();
    body["units"][1]["concealed"] = true;
    CHECK(f.refused_create(body, why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    body = f.create_body();
    body["leaders"][1]["concealed"] = true;
    CHECK(f.refused_create(body, why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.t.state.battles.battles.empty());
    // "concealed": false says what every piece is already.
    body["leaders"][1]["concealed"] = false;
    f.t.ok(f.t.umpire, "battle.create", body);
    CHECK(f.umpire()["conceals"] == false);  // the set-up page offers no Concealed box
    CHECK_FALSE(f.of(f.t.bob).contains("conceals"));
}

TEST_CASE("cmwd: battle.place refuses a new or changed piece concealed, in set-up and in play", "[cmwd][concealment]") {
    CmwdInTheOpen f;
    f.create();
    std::string why;
    const json brigade = {{"brigade", "bennington"}};
    CHECK(f.refused(f.t.umpire, "battle.place",
                    {{"unit", {{"side", "british"}, {"name", "B"}, {"position", {36, 50}}, {"values", brigade}, {"concealed", true}}}},
                    &why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.refused(f.t.umpire, "battle.place", {{"unit", {{"id", f.id("P")}, {"concealed", true}}}}, &why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.refused(f.t.umpire, "battle.place", {{"leader", {{"id", f.leader("d'Hautfront")}, {"concealed", true}}}}, &why) ==
          "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.refused(f.t.umpire, "battle.place",
                    {{"leader", {{"side", "french"}, {"name", "Villeroi"}, {"position", {60, 110}}, {"concealed", true}}}}, &why) ==
          "bad_request");
    CHECK(why == cmwd_no_hidden);
    f.t.ok(f.t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"id", f.id("P")}, {"concealed", false}, {"facing", 170}}}});
    f.start();
    CHECK(f.refused(f.t.umpire, "battle.place", {{"unit", {{"id", f.id("A")}, {"concealed", true}}}, {"reason", "into the corn"}},
                    &why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    check_replay(f.t);
}

TEST_CASE("cmwd: the umpire's conceal and reveal overrides are refused: nothing is hidden", "[cmwd][concealment]") {
    CmwdInTheOpen f;
    f.create();
    f.start();
    std::string why;
    CHECK(f.refused(f.t.umpire, "battle.override", {{"what", "conceal"}, {"unit", f.id("P")}, {"reason", "smoke"}}, &why) ==
          "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.refused(f.t.umpire, "battle.override", {{"what", "conceal"}, {"leader", f.leader("d'Hautfront")}, {"reason", "smoke"}},
                    &why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    CHECK(f.refused(f.t.umpire, "battle.override", {{"what", "reveal"}, {"unit", f.id("P")}, {"reason", "smoke clears"}}, &why) ==
          "bad_request");
    CHECK(why == "Chosen Men, Well Disposed has no hidden troops: there is nothing to reveal.");
}

TEST_CASE("cmwd: a scenario or a battle carried on cannot bring a concealed piece", "[cmwd][concealment]") {
    CmwdInTheOpen f;
    f.create();
    // A scenario saved by an older Muster, which let a base be placed concealed.
    const std::string older = older_scenario_with_concealed(f.t, 1, "Ramillies", "/units/1");
    std::string why;
    CHECK(f.refused_create({{"scenario", older}, {"name", "Ramillies again"}}, why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
    f.t.ok(f.t.umpire, "battle.create", {{"scenario", "saved-1"}, {"name", "Ramillies again"}});
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    json body = f.create_body();
    body["carry_from"] = 1;
    body["units"][0]["concealed"] = true;
    CHECK(f.refused_create(body, why) == "bad_request");
    CHECK(why == cmwd_no_hidden);
}
