// What a change tells the people who are not looking (shared/campaign/notices.h; docs/protocol.md,
// "Notifications"): each member what newly needs him, from his own needs only; the webhook public facts only.
#include "rulesets/cmwd/cmwd_table.h"
#include "shared/campaign/notices.h"

using namespace cmwd_test;
using muster::campaign::Notice;

namespace {

// The notices the next command makes.
std::vector<Notice> told(CmwdField& f, const Viewer& who, const std::string& type, json body, std::vector<int> dice = {}) {
    const auto before = muster::campaign::needs_of_members(f.t.state);
    body["battle"] = 1;
    auto events = f.t.ok(who, type, std::move(body), std::move(dice));
    return muster::campaign::notices(before, f.t.state, events);
}

struct Ready : CmwdField {
    Ready() {
        base("british", "A", "infantry", "bennington", 30, 50, 0);
        base("french", "P", "infantry", "hautfront", 30, 80, 180);
        general("british", "Bennington", "bennington", t.bob.user, 30, 20);
        general("french", "d'Hautfront", "hautfront", t.dave.user, 30, 110);
        create();
    }
};

}  // namespace

TEST_CASE("notices: a battle begun tells each commander his bid is due, and the webhook that it has begun", "[notices]") {
    Ready f;
    const auto n = told(f, f.t.umpire, "battle.start", json::object());
    std::vector<std::int64_t> users;
    for (const auto& x : n)
        if (x.kind == "needs_you") users.push_back(x.user);
    CHECK(users == std::vector<std::int64_t>{f.t.bob.user, f.t.dave.user});
    CHECK(n[0].text == "At Example of Combat: bid for the tempo of game turn 1.");
    CHECK(n[0].tab == "battle");
    bool hook = false;
    for (const auto& x : n) hook = hook || (x.user == 0 && x.text == "The battle \"Example of Combat\" has begun.");
    CHECK(hook);
}

TEST_CASE("notices: a sealed bid tells nobody anything; the reveal tells the side whose stage it is", "[notices]") {
    Ready f;
    f.start();
    CHECK(told(f, f.t.bob, "battle.submit", {{"bid", 2}}).empty());  // Dave learns nothing, not even that it is in
    const auto n = told(f, f.t.dave, "battle.submit", {{"bid", 1}});
    REQUIRE(n.size() == 1);
    CHECK(n[0].user == f.t.bob.user);
    CHECK(n[0].text == "At Example of Combat: order your brigades, move, declare fire and charges, and finish.");
}

TEST_CASE("notices: the webhook carries only public facts; a need already known is not told again", "[notices]") {
    Ready f;
    f.start();
    const auto n = told(f, f.t.umpire, "battle.settings", {{"settings", {{"tempo_bonus", 5}}}});
    CHECK(n.empty());
}

TEST_CASE("notices: an umpire stepping a battle by hand is not told of each step", "[notices]") {
    Ready f;
    f.start();
    f.t.ok(f.t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"auto_run", false}}}});
    f.bid(f.t.bob, 1);
    f.bid(f.t.dave, 1);
    f.done(f.t.bob);  // the British stage closes: the umpire has steps to run
    const auto n = told(f, f.t.umpire, "battle.step", json::object());
    for (const auto& x : n) CHECK(x.user != f.t.umpire.user);
}
