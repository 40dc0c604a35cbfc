// The month's clock for a campaign played by post (docs/protocol.md, "Deadlines"; not in the book, whose month
// ends when the umpire says so): reminders before the deadline, extensions with a reason and a cap, pausing, and
// what each tells whom (shared/campaign/notices.h).
#include "test_year_table.h"

#include "server/app/time_zones.h"
#include "shared/campaign/notices.h"

using namespace year_test;
using muster::campaign::Notice;

namespace {

constexpr std::int64_t hour = 3'600'000;

// The notices the next command makes.
std::vector<Notice> told_at(YearTable& t, const Viewer& who, const std::string& type, json body, std::vector<int> dice = {}) {
    const auto before = needs_of_members(t.state);
    auto events = t.ok(who, type, std::move(body), std::move(dice));
    return notices(before, t.state, events);
}

std::vector<std::int64_t> users_told(const std::vector<Notice>& n, const std::string& kind) {
    std::vector<std::int64_t> out;
    for (const auto& x : n)
        if (x.kind == kind) out.push_back(x.user);
    return out;
}

// The clock's next command, run as the server runs it when its time comes.
std::vector<Notice> clock_fires(YearTable& t, std::vector<int> dice = {}) {
    auto at = year::next_alarm(t.state);
    REQUIRE(at.has_value());
    t.now = *at;
    auto command = year::alarm_command(t.state, t.now);
    return told_at(t, server_clock(), command.type, command.body, std::move(dice));
}

}  // namespace

TEST_CASE("clock: a deadline three days off reminds the players whose diary is not in, 72 and 12 hours before", "[year][clock]") {
    YearTable t;
    t.ready();
    const auto deadline = t.now + 100 * hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    CHECK(t.year_view(t.bob)["calendar"]["reminders"] == json({deadline - 72 * hour, deadline - 12 * hour}));
    t.ok(t.bob, "diary.submit", diary("business", orders(true, false, false)));

    REQUIRE(year::next_alarm(t.state) == deadline - 72 * hour);
    CHECK(year::alarm_command(t.state, deadline - 72 * hour).type == "month.remind");
    // Too early, from a player, or a reminder that is not due: refused.
    CHECK(t.error(server_clock(), "month.remind", {{"at", deadline - 72 * hour}}) == "conflict");
    CHECK(t.error(t.umpire, "month.remind", {{"at", deadline - 72 * hour}}) == "forbidden");
    auto n = clock_fires(t);
    // Carol and Dave have not written; Bob has. The webhook gets the month only, never who is late.
    CHECK(users_told(n, "reminder") == std::vector<std::int64_t>{t.carol.user, t.dave.user, 0});
    CHECK(n[0].text == "Reminder: write your diary for March 174-.");
    CHECK(n[0].due == deadline);
    CHECK(n.back().text == "Reminder: diaries for March 174- are due.");

    t.ok(t.carol, "diary.submit", diary("socialise", orders(false, false, false)));
    n = clock_fires(t);
    CHECK(users_told(n, "reminder") == std::vector<std::int64_t>{t.dave.user, 0});
    CHECK(year::next_alarm(t.state) == deadline);
    CHECK(year::alarm_command(t.state, deadline).type == "month.resolve");
}

TEST_CASE("clock: reminders already past when the deadline is set are not sent; 0 hours means none", "[year][clock]") {
    YearTable t;
    t.ready();
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 24 * hour}});
    CHECK(t.year_view(t.bob)["calendar"]["reminders"] == json({t.now + 12 * hour}));
    t.ok(t.umpire, "rules.set", {{"settings", {{"reminder_last_hours", 0}, {"reminder_first_hours", 6}}}});
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 20 * hour}});  // earlier: no reason needed
    CHECK(t.year_view(t.bob)["calendar"]["reminders"] == json({t.now + 14 * hour}));
    CHECK(t.year_view(t.bob)["calendar"]["extensions"].empty());
}

TEST_CASE("clock: putting the deadline back needs a reason, is told to everyone, and is capped per month", "[year][clock]") {
    YearTable t;
    t.ready();
    const auto deadline = t.now + 10 * hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    std::string message;
    CHECK(t.error(t.umpire, "month.set_deadline", {{"deadline", deadline + hour}}, &message) == "bad_request");
    CHECK(message.find("reason") != std::string::npos);
    CHECK(t.error(t.umpire, "month.set_deadline", {{"deadline", deadline + hour}, {"reason", "x"}, {"turn", 2}}) == "stale");

    auto n = told_at(t, t.umpire, "month.set_deadline", {{"deadline", deadline + 24 * hour}, {"reason", "Carol is at sea."}, {"turn", 1}});
    CHECK(users_told(n, "extension") ==
          std::vector<std::int64_t>{t.umpire.user, t.bob.user, t.carol.user, t.dave.user, 0});
    CHECK(n[0].text == "The umpire put back the deadline for March 174-: Carol is at sea.");
    CHECK(n[0].due == deadline + 24 * hour);
    CHECK(users_told(n, "deadline").empty());  // the webhook hears it once
    const auto ext = t.year_view(t.observer)["calendar"]["extensions"];
    REQUIRE(ext.size() == 1);
    CHECK(ext[0] == json({{"from", deadline}, {"to", deadline + 24 * hour}, {"reason", "Carol is at sea."}}));

    // Lifting the deadline is an extension too.
    t.ok(t.umpire, "month.set_deadline", {{"deadline", nullptr}, {"reason", "Lifted for the feast."}});
    CHECK(t.year_view(t.observer)["calendar"]["extensions"][1]["to"].is_null());
    // With none in force, a new deadline needs no reason; putting it back a third time is one too many.
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 5 * hour}});
    CHECK(t.error(t.umpire, "month.set_deadline", {{"deadline", t.now + 6 * hour}, {"reason", "Once more."}}) == "conflict");
    t.ok(t.umpire, "rules.set", {{"settings", {{"extensions_per_month", 3}}}});
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 6 * hour}, {"reason", "Once more."}});
}

TEST_CASE("clock: a paused campaign's deadline and reminders stand still, and move on by the pause when it resumes", "[year][clock]") {
    YearTable t;
    t.ready();
    const auto deadline = t.now + 20 * hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    CHECK(t.error(t.umpire, "month.pause", json::object()) == "bad_request");  // a reason is required
    CHECK(t.error(t.bob, "month.pause", {{"reason", "I am away"}}) == "forbidden");
    auto n = told_at(t, t.umpire, "month.pause", {{"reason", "The club's annual dinner"}});
    CHECK(users_told(n, "paused") == std::vector<std::int64_t>{t.umpire.user, t.bob.user, t.carol.user, t.dave.user, 0});
    CHECK(t.year_view(t.bob)["calendar"]["paused"]["reason"] == "The club's annual dinner");
    CHECK_FALSE(year::next_alarm(t.state).has_value());
    CHECK(t.error(t.umpire, "month.pause", {{"reason", "again"}}) == "conflict");

    // Past the deadline while paused: a diary still goes in, and the clock does not resolve the month.
    t.now = deadline + hour;
    t.ok(t.bob, "diary.submit", diary("business", orders(true, false, false)));
    CHECK(t.error(server_clock(), "month.resolve", {{"turn", 1}}) == "conflict");

    n = told_at(t, t.umpire, "month.resume", json::object());
    CHECK(users_told(n, "resumed").size() == 5);
    const auto paused_ms = 21 * hour;
    CHECK(t.year_view(t.bob)["calendar"]["deadline"] == deadline + paused_ms);
    CHECK(t.year_view(t.bob)["calendar"]["reminders"] == json({deadline - 12 * hour + paused_ms}));
    CHECK(t.year_view(t.bob)["calendar"]["paused"].is_null());
    CHECK(t.error(t.umpire, "month.resume", json::object()) == "conflict");
    CHECK(year::next_alarm(t.state) == deadline - 12 * hour + paused_ms);
}

TEST_CASE("clock: a resolved month tells each colonel his report is ready, and the umpire whose diary was missed", "[year][clock]") {
    YearTable t;
    t.ready();
    auto n = told_at(t, t.bob, "diary.submit", diary("business", orders(true, false, false)));
    CHECK(users_told(n, "diary_in") == std::vector<std::int64_t>{t.umpire.user});
    CHECK(n[0].text == "Kemp's diary for March 174- is in.");
    // Kemp's drill roll and the decline roll of Dartington's regiment, which gets the quiet default diary
    // (over-the-hills.txt, "Improving Drill").
    n = told_at(t, t.umpire, "month.resolve", json::object(), {6, 6});
    CHECK(users_told(n, "report") == std::vector<std::int64_t>{t.bob.user, t.carol.user, t.dave.user});
    const auto umpire = users_told(n, "resolved");
    REQUIRE(umpire == std::vector<std::int64_t>{t.umpire.user});
    for (const auto& x : n)
        if (x.kind == "resolved") CHECK(x.text == "March 174- is resolved. Diaries missed: Dartington, Wolfe.");
        else if (x.kind == "report" && x.user == t.bob.user) CHECK(x.text == "Your report for March 174- is ready.");

    n = told_at(t, t.umpire, "month.undo", {{"reason", "Kemp's orders were misread."}});
    CHECK(users_told(n, "undone").size() == 5);
    const auto undone = std::find_if(n.begin(), n.end(), [](const Notice& x) { return x.kind == "undone"; });
    CHECK(undone->text == "The umpire undid the resolution of March 174-: Kemp's orders were misread. It will be resolved again.");
}

TEST_CASE("clock: a repeating deadline, every Sunday at 20:00 in London, sets each month's deadline by itself", "[year][clock]") {
    YearTable t;
    t.ready();
    t.now = 1774699200000;  // Saturday 2026-03-28 12:00 UTC; the clocks go forward in London that night
    CHECK(t.error(t.umpire, "month.deadline_rule", {{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Europe/London"}}) == "internal");
    t.next_weekly = muster::next_weekly_time;
    CHECK(t.error(t.umpire, "month.deadline_rule", {{"weekday", 7}, {"time", "20:00"}, {"time_zone", "Europe/London"}}) == "bad_request");
    CHECK(t.error(t.umpire, "month.deadline_rule", {{"weekday", 0}, {"time", "24:00"}, {"time_zone", "Europe/London"}}) == "bad_request");
    CHECK(t.error(t.umpire, "month.deadline_rule", {{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Mars/Olympus"}}) == "bad_request");
    CHECK(t.error(t.bob, "month.deadline_rule", {{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Europe/London"}}) == "forbidden");
    t.ok(t.umpire, "month.deadline_rule", {{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Europe/London"}});
    const auto cal = t.year_view(t.bob)["calendar"];
    CHECK(cal["rule"] == json({{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Europe/London"}}));
    // Sunday 29 March is less than a day and a half off, so its deadline is that Sunday's 20:00, summer time (19:00 UTC).
    const std::int64_t sunday = 1774810800000;  // 2026-03-29 19:00 UTC
    CHECK(cal["deadline"] == sunday);
    CHECK(cal["reminders"] == json({sunday - 12 * hour}));

    // Resolved at that deadline by the clock, the next month's is a week on.
    t.now = sunday;
    // Each regiment's drill may decline ("Improving Drill"): 6 keeps it.
    t.ok(server_clock(), "month.resolve", {{"turn", 1}}, {6, 6});
    CHECK(t.year_view(t.bob)["calendar"]["deadline"] == sunday + 7 * 24 * hour);
    CHECK(t.year_view(t.bob)["calendar"]["reminders"] == json({sunday + 7 * 24 * hour - 72 * hour, sunday + 7 * 24 * hour - 12 * hour}));
    t.ok(t.umpire, "month.deadline_rule", {{"clear", true}});
    CHECK(t.error(t.umpire, "month.deadline_rule", {{"clear", true}}) == "conflict");
    t.now = sunday + 7 * 24 * hour;
    t.ok(server_clock(), "month.resolve", {{"turn", 2}}, {6, 6});
    CHECK(t.year_view(t.bob)["calendar"]["deadline"].is_null());
}

TEST_CASE("clock: the webhook is told each deadline the repeating rule sets, and which month is resolved", "[year][clock]") {
    YearTable t;
    t.ready();
    t.now = 1774699200000;  // Saturday 2026-03-28 12:00 UTC
    t.next_weekly = muster::next_weekly_time;
    const std::int64_t sunday = 1774810800000;  // 2026-03-29 20:00 in London, summer time
    auto n = told_at(t, t.umpire, "month.deadline_rule", {{"weekday", 0}, {"time", "20:00"}, {"time_zone", "Europe/London"}});
    REQUIRE(users_told(n, "deadline") == std::vector<std::int64_t>{0});
    CHECK(n.back().text == "Diaries for March 174- are due.");
    CHECK(n.back().due == sunday);

    t.now = sunday;
    n = told_at(t, server_clock(), "month.resolve", {{"turn", 1}}, {6, 6});
    std::vector<std::string> hook;
    for (const auto& x : n)
        if (x.user == 0) hook.push_back(x.text);
    CHECK(hook == std::vector<std::string>{"March 174- is resolved: each colonel's report is ready.", "Diaries for April 174- are due."});
    CHECK(n.back().due == sunday + 7 * 24 * hour);

    // A rule made while a deadline is in force sets none this month: nothing new to tell.
    t.ok(t.umpire, "month.deadline_rule", {{"clear", true}});
    n = told_at(t, t.umpire, "month.deadline_rule", {{"weekday", 3}, {"time", "19:30"}, {"time_zone", "Europe/London"}});
    CHECK(users_told(n, "deadline").empty());
    // One set by hand is told as before, with its month.
    n = told_at(t, t.umpire, "month.set_deadline", {{"deadline", sunday + 2 * 24 * hour}});
    CHECK(users_told(n, "deadline") == std::vector<std::int64_t>{0});
    CHECK(n.back().text == "Diaries for April 174- are due.");
}

TEST_CASE("clock: a server down past its reminders sends the latest only, and none once the deadline has passed", "[year][clock]") {
    YearTable t;
    t.ready();
    const auto deadline = t.now + 100 * hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    // Back six hours before the deadline: both reminders' times have passed; the first alarm sends one reminder.
    t.now = deadline - 6 * hour;
    auto command = year::alarm_command(t.state, t.now);
    REQUIRE(command.type == "month.remind");
    auto n = told_at(t, server_clock(), command.type, command.body);
    CHECK(users_told(n, "reminder") == std::vector<std::int64_t>{t.bob.user, t.carol.user, t.dave.user, 0});
    CHECK(t.year_view(t.bob)["calendar"]["reminders"].empty());
    CHECK(year::next_alarm(t.state) == deadline);

    // The next month, back an hour after its deadline: no reminder, and the month is resolved at once.
    t.ok(t.umpire, "month.resolve", json::object(), {6, 6});
    const auto april = t.now + 100 * hour;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", april}});
    t.now = april + hour;
    command = year::alarm_command(t.state, t.now);
    REQUIRE(command.type == "month.remind");
    n = told_at(t, server_clock(), command.type, command.body);
    CHECK(n.empty());
    CHECK(t.year_view(t.bob)["calendar"]["reminders"].empty());
    command = year::alarm_command(t.state, t.now);
    CHECK(command.type == "month.resolve");
    n = told_at(t, server_clock(), command.type, command.body, {6, 6});
    CHECK(users_told(n, "reminder").empty());
    CHECK(users_told(n, "report").size() == 3);
}

TEST_CASE("clock: a lot's long countdown tells the bidders an hour before it ends, all but the high bidder", "[year][clock]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.create(t.dave, "Wolfe", 0);
    t.ok(t.umpire, "auction.open", {{"regiment", 4}, {"countdown_seconds", 2 * 3600}});
    REQUIRE(year::next_alarm(t.state) == t.now + hour);
    t.ok(t.bob, "auction.bid", {{"amount", 100}});
    auto n = clock_fires(t);
    CHECK(users_told(n, "lot_closing") == std::vector<std::int64_t>{t.carol.user, t.dave.user, 0});
    CHECK(n[0].text == "The lot for the 4th closes soon: the high bid is £100 (Kemp).");
    CHECK(year::alarm_command(t.state, t.now).type == "auction.close");
    CHECK(t.error(server_clock(), "auction.remind", {{"at", t.now}}) == "conflict");  // told once

    // A countdown shorter than the house rule's hour tells nobody.
    t.now += hour;
    t.ok(server_clock(), "auction.close", {{"lot", 1}});
    t.ok(t.umpire, "auction.open", {{"regiment", 5}, {"countdown_seconds", 1800}});
    CHECK(year::alarm_command(t.state, t.now).type == "auction.close");
}
