// What needs you (docs/protocol.md, "What needs you"): each viewer's view says what he must do now and by when,
// his own duties only: the year's (his colonel, objective, a lot, his diary; the umpire's reviews and a month
// ready to resolve) and each battle's (his box due; Border Reivers only once his heidman may act; the umpire's
// step to run by hand).
#include "rulesets/reivers/raid_table.h"

using namespace year_test;

namespace {

std::vector<std::string> whats(const json& list) {
    std::vector<std::string> out;
    for (const auto& n : list) out.push_back(n["what"]);
    return out;
}

}  // namespace

TEST_CASE("what needs you, the year: a colonel to create, a lot to bid for, a diary due; the umpire's month", "[needs_you]") {
    YearTable t;
    CHECK(whats(view(t.state, t.bob)["year"]["needs_you"]) == std::vector<std::string>{"Create your colonel."});
    t.ready();
    const json bob = view(t.state, t.bob)["year"]["needs_you"];
    REQUIRE(bob.size() == 2);  // the objective the table chose none for, and March's diary
    CHECK(bob[1]["what"] == "Write your diary for " + view(t.state, t.bob)["year"]["calendar"]["label"].get<std::string>() + ".");
    CHECK(bob[1]["tab"] == "diary");  // where it is done on his page
    CHECK(bob[1]["control"] == "diary-text");  // and the control that does it
    CHECK(bob[0]["control"] == "objective");
    CHECK(whats(view(t.state, t.observer)["year"]["needs_you"]).empty());
    t.ok(t.bob, "diary.submit", diary("socialise", orders(false, false, false)));
    CHECK(view(t.state, t.bob)["year"]["needs_you"].size() == 1);
    // Nobody is told of anyone else's diary; the umpire once every diary is in.
    CHECK(view(t.state, t.umpire)["year"]["needs_you"].empty());
    t.ok(t.carol, "diary.submit", diary("socialise", orders(false, false, false)));
    t.ok(t.dave, "diary.submit", diary("socialise"));
    const auto umpire = whats(view(t.state, t.umpire)["year"]["needs_you"]);
    REQUIRE(umpire.size() == 1);
    CHECK(umpire[0].rfind("Every diary is in: resolve ", 0) == 0);
    CHECK(view(t.state, t.umpire)["year"]["needs_you"][0]["control"] == "month-resolve");
}

TEST_CASE("what needs you, a Border Reivers bound: the heidman who may act now, then the next", "[needs_you][reivers]") {
    reivers_test::Raid r;
    r.name("a", "Armstrongs", "rider", true, 500, 250, 0);
    r.name("b", "Forsters", "blade", false, 700, 800, 180);
    r.create();
    CHECK(r.of(r.t.bob)["needs_you"].is_null());  // set-up
    r.start();
    CHECK(r.of(r.t.bob)["needs_you"]["what"] == "At Raid: your bound: act with Kinmont Willie and finish it.");
    CHECK(r.of(r.t.bob)["needs_you"]["control"] == "battle-orders");
    CHECK(r.of(r.t.carol)["needs_you"].is_null());  // Kinmont Willie (fyrebrand 2) acts first
    CHECK(r.of(r.t.dave)["needs_you"].is_null());
    CHECK(r.of(r.t.umpire)["needs_you"].is_null());
    r.done(r.t.bob);
    CHECK(r.of(r.t.bob)["needs_you"].is_null());
    CHECK(r.of(r.t.carol)["needs_you"]["what"] == "At Raid: your bound: act with Jock Elliot and finish it.");
    r.t.ok(r.t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"auto_run", false}}}});
    r.done(r.t.carol);
    CHECK(r.of(r.t.umpire)["needs_you"]["what"] == "At Raid: resolve the next step (fire).");
    CHECK(r.of(r.t.umpire)["needs_you"]["control"] == "battle-step");
}

