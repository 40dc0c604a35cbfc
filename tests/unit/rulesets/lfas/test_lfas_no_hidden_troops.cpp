// Loose Files has no hidden troops: loose-files-american-scramble.txt prints no rule of concealed units or
// commanders (its fire, movement and combat are all between units in the open), so each way a piece could be made
// concealed is refused (RuleSet::conceals; docs/protocol.md, "Loose Files and American Scramble").
#include "rulesets/lfas/lfas_table.h"

using namespace lfas_test;

namespace {

const std::string lfas_no_hidden = "Loose Files and American Scramble has no hidden troops: a piece cannot be concealed.";

struct LfasInTheOpen : LfasField {
    LfasInTheOpen() {
        unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
        unit("americans", "Militia", "infantry", 20, 20, 180, {{"class", 4}, {"kind", "militia"}});
    }
    std::string refused_to(const std::string& type, json body, std::string& why) {
        if (type != "battle.create") body["battle"] = 1;
        return t.error(t.umpire, type, std::move(body), &why);
    }
};

}  // namespace

TEST_CASE("lfas: battle.create and battle.place refuse a unit or a commander concealed", "[lfas][concealment]") {
    LfasInTheOpen f;
    std::string why;
    json body = f.create_body();
    body["units"][1]["concealed"] = true;
    CHECK(f.refused_to("battle.create", body, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    body = f.create_body();
    body["leaders"][1]["concealed"] = true;
    CHECK(f.refused_to("battle.create", body, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    f.create();
    CHECK(f.umpire()["conceals"] == false);
    CHECK(f.refused_to("battle.place", {{"unit", {{"id", f.id("Militia")}, {"concealed", true}}}}, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    CHECK(f.refused_to("battle.place",
                       {{"unit", {{"side", "americans"}, {"name", "Riflemen"}, {"troop_type", "skirmishers"}, {"position", {40, 30}},
                                  {"concealed", true}}}},
                       why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    CHECK(f.refused_to("battle.place", {{"leader", {{"id", f.leader("General Greene")}, {"concealed", true}}}}, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    f.start({6, 6});
    CHECK(f.refused_to("battle.place", {{"unit", {{"id", f.id("Militia")}, {"concealed", true}}}, {"reason", "in the woods"}},
                       why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    check_replay(f.t);
}

TEST_CASE("lfas: the umpire's conceal and reveal overrides are refused: nothing is hidden", "[lfas][concealment]") {
    LfasInTheOpen f;
    f.create();
    f.start({6, 6});
    std::string why;
    CHECK(f.refused_to("battle.override", {{"what", "conceal"}, {"unit", f.id("Militia")}, {"reason", "in the woods"}}, why) ==
          "bad_request");
    CHECK(why == lfas_no_hidden);
    CHECK(f.refused_to("battle.override", {{"what", "reveal"}, {"unit", f.id("Militia")}, {"reason", "out of the woods"}}, why) ==
          "bad_request");
    CHECK(why == "Loose Files and American Scramble has no hidden troops: there is nothing to reveal.");
}

TEST_CASE("lfas: a scenario or a battle carried on cannot bring a concealed piece", "[lfas][concealment]") {
    LfasInTheOpen f;
    f.create();
    // A scenario saved by an older Muster, which let a commander be placed concealed.
    const std::string older = older_scenario_with_concealed(f.t, 1, "Cowpens", "/leaders/1");
    std::string why;
    CHECK(f.refused_to("battle.create", {{"scenario", older}, {"name", "Cowpens again"}}, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    json body = f.create_body();
    body["carry_from"] = 1;
    body["units"][0]["concealed"] = true;
    CHECK(f.refused_to("battle.create", body, why) == "bad_request");
    CHECK(why == lfas_no_hidden);
}
