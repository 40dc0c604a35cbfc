// A player's answer to the umpire's notice, to the umpires alone (docs/protocol.md, `notice.answer`; house rule
// notice_answers; not in the book: a campaign played by post): allowed only where the umpire allows it, seen by
// the umpires and its author alone, numbered among its author's own, and patched as a fresh view shows it.
#include "test_year_table.h"

#include "shared/campaign/notices.h"
#include "shared/campaign/snapshot.h"

using namespace year_test;

TEST_CASE("notice answers: refused until the umpire allows them, then the umpires' and the author's alone", "[notices]") {
    YearTable t;
    t.ready_one();
    t.ok(t.umpire, "notice.post", {{"text", "Winter quarters at Ghent."}});
    t.ok(t.umpire, "notice.post", {{"text", "A note of the umpires'"}, {"private", true}});
    std::string message;
    CHECK(t.error(t.bob, "notice.answer", {{"notice", 1}, {"text", "My men need boots."}}, &message) == "forbidden");
    CHECK(message == "The umpire takes no answers to his notices in this campaign.");
    t.ok(t.umpire, "rules.set", {{"settings", {{"notice_answers", true}}}});
    CHECK(t.error(t.bob, "notice.answer", {{"notice", 9}, {"text", "Boots"}}) == "not_found");
    CHECK(t.error(t.bob, "notice.answer", {{"notice", 1}, {"text", ""}}) == "bad_request");
    CHECK(t.error(t.observer, "notice.answer", {{"notice", 1}, {"text", "Boots"}}) == "forbidden");
    CHECK(t.error(t.umpire, "notice.answer", {{"notice", 1}, {"text", "Boots"}}) == "forbidden");

    // Each answer patched into each viewer's view as a fresh view shows it (the hub's path).
    const std::vector<Viewer> all = t.everyone();
    ScriptedDice none({});
    auto answer = [&](const Viewer& who, const std::string& text) {
        auto d = t.run(who, "notice.answer", {{"notice", 1}, {"text", text}}, none);
        REQUIRE(std::holds_alternative<std::vector<Event>>(d));
        auto events = std::get<std::vector<Event>>(d);
        t.commit_patched(events, all);
        return campaign::reply_body(t.state, events);
    };
    CHECK(answer(t.carol, "Boots for the Twelfth.") == json{{"id", "3-1"}});
    CHECK(answer(t.bob, "My men need boots.") == json{{"id", "2-1"}});
    CHECK(answer(t.bob, "And greatcoats.") == json{{"id", "2-2"}});

    const json umpire = view(t.state, t.umpire)["notice_answers"];
    CHECK(umpire.size() == 3);
    CHECK(umpire["2-2"]["text"] == "And greatcoats.");
    CHECK(umpire["2-2"]["notice"] == 1);
    CHECK(umpire["3-1"]["author"] == "carol");
    // Bob sees his own two, numbered among his own: nothing says Carol wrote.
    const json bob = view(t.state, t.bob)["notice_answers"];
    CHECK(bob.size() == 2);
    CHECK(bob.contains("2-1"));
    CHECK_FALSE(bob.dump().find("Twelfth") != std::string::npos);
    CHECK(view(t.state, t.dave)["notice_answers"].empty());
    CHECK(view(t.state, t.observer)["notice_answers"].empty());

    // The umpires are told; nobody else.
    const auto before = needs_of_members(t.state);
    ScriptedDice none2({});
    auto d = t.run(t.dave, "notice.answer", {{"notice", 1}, {"text", "Wolfe reports."}}, none2);
    auto events = std::get<std::vector<Event>>(d);
    t.commit(events);
    const auto told = notices(before, t.state, events);
    REQUIRE(told.size() == 1);
    CHECK(told[0].user == t.umpire.user);
    CHECK(told[0].text == "dave answers notice 1: Wolfe reports.");

    // Kept by a snapshot.
    CHECK(campaign::restore(campaign::snapshot(t.state)).notice_answers == t.state.notice_answers);
}

TEST_CASE("notice answers: a public notice's e-mail names the notice, so that a reply can answer it", "[notices]") {
    YearTable t;
    t.ready_one();
    const auto before = needs_of_members(t.state);
    auto events = t.ok(t.umpire, "notice.post", {{"text", "Winter quarters at Ghent."}});
    const auto told = notices(before, t.state, events);
    REQUIRE_FALSE(told.empty());
    for (const auto& n : told) {
        CHECK(n.kind == "notice");
        CHECK(n.about == json{{"notice", 1}});
    }
}
