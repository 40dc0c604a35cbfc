// A campaign played by post, the players' side (docs/protocol.md, "Missed months, leave and handover"; not in
// the book, whose players sit round one table): standing orders for a missed month, leave from a yearly
// allowance, the missed-turn ladder to the umpire, handing a colonel over, and a grace period after the deadline.
#include "test_year_table.h"

#include "shared/campaign/notices.h"

using namespace year_test;
using muster::campaign::Notice;

namespace {

constexpr std::int64_t post_hour = 3'600'000;

std::vector<Notice> told_after(YearTable& t, const Viewer& who, const std::string& type, json body, std::vector<int> dice = {}) {
    const auto before = needs_of_members(t.state);
    auto events = t.ok(who, type, std::move(body), std::move(dice));
    return notices(before, t.state, events);
}

bool has_text(const std::vector<Notice>& n, std::int64_t user, const std::string& text) {
    for (const auto& x : n)
        if (x.user == user && x.text == text) return true;
    return false;
}

}  // namespace

TEST_CASE("post: a colonel's standing orders are his diary in a month he misses", "[year][post]") {
    YearTable t;
    t.ready_one();
    CHECK(t.error(t.umpire, "diary.standing", diary("politics")) == "forbidden");
    t.ok(t.bob, "diary.standing", diary("supervise", orders(true, false, false), "drill", "Never read"));
    t.ok(t.carol, "diary.standing", diary("politics"));
    CHECK(t.sheet(t.bob)["standing_orders"]["activity"] == "supervise");
    CHECK(t.sheet(t.bob)["standing_orders"].contains("text") == false);
    CHECK(t.sheet(t.bob)["default_diary"]["activity"] == "supervise");  // "if you submit nothing"
    CHECK_FALSE(t.year_view(t.carol)["colonels"]["2"].contains("standing_orders"));  // his own business

    // over-the-hills.txt, "Improving Drill": 5, and one for the colonel supervising, is 6.
    t.ok(t.umpire, "month.resolve", json::object(), {5});
    const json kemp = month_report(t, t.bob, 1);
    CHECK(kemp["default"] == true);
    CHECK(kemp["standing"] == true);
    CHECK(kemp["activity"] == "supervise");
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 2);
    CHECK(month_report(t, t.carol, 1)["activity"] == "politics");
    CHECK(month_report(t, t.dave, 1)["standing"] == false);
    CHECK(month_report(t, t.dave, 1)["activity"] == "business");  // the quiet default

    t.ok(t.bob, "diary.standing", {{"clear", true}});
    CHECK(t.sheet(t.bob)["standing_orders"].is_null());
    CHECK(t.error(t.bob, "diary.standing", {{"clear", true}}) == "conflict");
}

TEST_CASE("post: leave is declared ahead from a yearly allowance, never after a deadline, and is an absence", "[year][post]") {
    YearTable t;
    t.ready_one();
    const auto deadline = t.now + 10 * post_hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    auto n = told_after(t, t.bob, "leave.declare", {{"from", 1}, {"months", 2}});
    CHECK(has_text(n, t.umpire.user, "Kemp will be on leave: March 174-, April 174-."));
    CHECK(n.size() == 1);  // the others are not told
    CHECK(t.sheet(t.bob)["leave"] == json({1, 2}));
    CHECK(t.year_view(t.carol)["colonels"]["2"]["away"] == "leave");
    // The view held by name: a range-for over a part of a temporary would read it after its destruction.
    const json bobs = t.year_view(t.bob);
    for (const auto& need : bobs["needs_you"]) CHECK(need["tab"] != "diary");  // no diary owed

    // Two months in each campaign year (house rule "leave_months_per_year"); March 174- is month 1 of year 1.
    CHECK(t.error(t.bob, "leave.declare", {{"from", 3}, {"months", 1}}) == "conflict");
    t.ok(t.bob, "leave.declare", {{"from", 11}, {"months", 2}});  // January and February of the next year
    CHECK(t.error(t.bob, "leave.declare", {{"from", 1}, {"months", 1}}) == "conflict");  // already
    CHECK(t.error(t.bob, "leave.declare", {{"from", 1}, {"months", 13}}) == "bad_request");
    t.ok(t.bob, "leave.cancel", {{"turn", 2}});
    CHECK(t.error(t.bob, "leave.cancel", {{"turn", 5}}) == "not_found");

    t.now = deadline;
    CHECK(t.error(t.carol, "leave.declare", {{"from", 1}, {"months", 1}}) == "too_late");
    CHECK(t.error(t.bob, "leave.cancel", {{"turn", 1}}) == "too_late");
    t.ok(t.carol, "leave.declare", {{"from", 2}, {"months", 1}});

    // Away, his regiment does not drill (over-the-hills.txt, "Improving Drill": "every month without extra
    // drill" it may lose a point: 6 does not).
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(month_report(t, t.bob, 1)["activity"] == "leave");
    CHECK(t.sheet(t.bob)["missed_in_a_row"] == 0);  // a month on leave owes no diary
    CHECK(t.sheet(t.dave)["missed_in_a_row"] == 1);
}

TEST_CASE("post: leave taken back is told to the umpires; a colonel on leave is not among the diaries missed", "[year][post]") {
    YearTable t;
    t.ready_one();
    t.ok(t.bob, "leave.declare", {{"from", 1}, {"months", 2}});
    auto n = told_after(t, t.bob, "leave.cancel", {{"turn", 2}});
    CHECK(has_text(n, t.umpire.user, "Kemp will not be on leave in April 174-: his diary is owed."));
    CHECK(n.size() == 1);  // the umpires' business only

    // Kemp is on leave in March; Dartington and Wolfe write nothing. Kemp's regiment's drill decline roll
    // ("Improving Drill"): 6 keeps it.
    n = told_after(t, t.umpire, "month.resolve", json::object(), {6});
    CHECK(has_text(n, t.umpire.user, "March 174- is resolved. Diaries missed: Dartington, Wolfe."));
    CHECK(t.sheet(t.bob)["missed_in_a_row"] == 0);
}

TEST_CASE("post: missed months in a row put the colonel in the umpire's hands; the umpire hands him over", "[year][post]") {
    YearTable t;
    t.ready_one();
    t.ok(t.umpire, "rules.set", {{"settings", {{"missed_months_to_umpire", 2}}}});
    for (int month = 0; month < 2; ++month) {
        t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false)));
        t.ok(t.dave, "diary.submit", diary("politics"));
        // Kemp's regiment's drill decline roll ("Improving Drill"): 6 keeps it.
        auto n = told_after(t, t.umpire, "month.resolve", json::object(), {6});
        const bool ladder = has_text(n, t.umpire.user, "Dartington has missed 2 months in a row: write his diary or hand him over.");
        CHECK(ladder == (month == 1));
    }
    CHECK(t.sheet(t.carol)["missed_in_a_row"] == 2);
    // The umpire's item opens on Dartington's card on the Colonels tab, its diary form (docs/protocol.md, "What needs you").
    const json needs = view(t.state, t.umpire)["year"]["needs_you"];
    bool named = false;
    for (const auto& n : needs) named |= n["control"] == "diary-for" && n["tab"] == "colonels" && n["colonel"] == t.carol.user;
    CHECK(named);

    Viewer gina{7, "gina", Role::player};
    t.join(gina, "player");
    CHECK(t.error(t.bob, "colonel.handover", {{"colonel", 3}, {"to", 7}}) == "forbidden");
    CHECK(t.error(t.umpire, "colonel.handover", {{"colonel", 3}, {"to", 2}}) == "conflict");  // Bob has a colonel
    CHECK(t.error(t.umpire, "colonel.handover", {{"colonel", 3}, {"to", 5}}) == "not_found");  // an observer
    CHECK(t.error(t.umpire, "colonel.handover", {{"colonel", 3}, {"to", 99}}) == "not_found");
    const json before = t.sheet(t.carol);
    auto n = told_after(t, t.umpire, "colonel.handover", {{"colonel", 3}, {"to", 7}});
    CHECK(has_text(n, t.bob.user, "The umpire handed Dartington to gina."));
    CHECK(has_text(n, 0, "The umpire handed Dartington to gina."));

    // Gina sees everything Dartington knew; Carol nothing more of him.
    const json mine = view(t.state, gina)["year"]["colonels"]["7"];
    CHECK(mine["name"] == "Dartington");
    CHECK(mine["player"] == "gina");
    CHECK(mine["fortune"] == before["fortune"]);
    CHECK(mine["reports"] == before["reports"]);
    const json carols = view(t.state, t.carol)["year"];
    CHECK_FALSE(carols["colonels"].contains("3"));
    CHECK_FALSE(carols["colonels"]["7"].contains("fortune"));
    CHECK(carols["needs_you"][0]["what"] == "Create your colonel.");
    CHECK(t.error(t.umpire, "month.undo", json::object()) == "conflict");  // the sheet changed hands
    t.ok(gina, "diary.submit", diary("socialise"));
}

TEST_CASE("post: a grace period takes diaries after the deadline and resolves the month when it ends", "[year][post]") {
    YearTable t;
    t.ready_one();
    t.ok(t.umpire, "rules.set", {{"settings", {{"grace_minutes", 30}}}});
    const auto deadline = t.now + post_hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    CHECK(year::next_alarm(t.state) == deadline + 30 * 60'000);
    t.now = deadline + 10 * 60'000;
    t.ok(t.carol, "diary.submit", diary("politics"));
    CHECK(t.error(server_clock(), "month.resolve", {{"turn", 1}}) == "conflict");
    t.now = deadline + 30 * 60'000;
    CHECK(t.error(t.dave, "diary.submit", diary("politics")) == "too_late");
    t.ok(server_clock(), "month.resolve", {{"turn", 1}}, {6});
}
