// A diary sent by e-mail, the rules' side (docs/protocol.md, "A diary by e-mail"; not in the book, whose players sit
// round one table): the lines a request shows are the choices that stand, a reply's lines change only those it
// names, the rest of it is the diary's text, and diary.submit judges what it makes as it judges the page's.
#include "test_year_table.h"

#include "shared/campaign/diary_mail.h"

using namespace year_test;
using muster::campaign::year::diary_from_reply;
using muster::campaign::year::diary_lines;
using muster::campaign::year::diary_words;

TEST_CASE("mail: the request's lines are the month's choices as they stand", "[year][mail]") {
    YearTable t;
    t.ready_one();
    // Nothing sent yet: the quiet diary he would get ("default_diary" repeats the last, and there is none).
    CHECK(diary_lines(t.state, t.bob.user) ==
          "Activity: business\nDrill: no\nMusketry: no\nManoeuvres: no\nCompanies maintained: 10\nCompanies declared: 10\n"
          "Pay: pay\nPublish: no\n");
    // A colonel without a regiment has only his activity.
    CHECK(diary_lines(t.state, t.dave.user) == "Activity: business\nPublish: no\n");
    CHECK(diary_lines(t.state, t.observer.user).empty());
    // His standing orders, once written, and then the diary he sent.
    t.ok(t.carol, "diary.standing", diary("politics"));
    CHECK(diary_lines(t.state, t.carol.user) == "Activity: politics\nPublish: no\n");
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, false, false, 9, 10, "arrears"), "drill", "On the heath"));
    CHECK(diary_lines(t.state, t.bob.user) ==
          "Activity: supervise drill\nDrill: yes\nMusketry: no\nManoeuvres: no\nCompanies maintained: 9\nCompanies declared: 10\n"
          "Pay: arrears\nPublish: no\n");
}

TEST_CASE("mail: a reply's lines change only the choices they name, and the rest is the diary's text", "[year][mail]") {
    YearTable t;
    t.ready_one();
    std::string error;
    json body = diary_from_reply(t.state, t.bob.user,
                                 "activity:  Supervise Musketry\nMusketry: yes\nPay: pay arrears\n\nThe men shoot well.\nBetter than last year.\n",
                                 error);
    REQUIRE(error.empty());
    CHECK(body["activity"] == "supervise");
    CHECK(body["supervise"] == "musketry");
    CHECK(body["orders"] == orders(false, true, false, 10, 10, "pay_arrears"));
    CHECK(body["text"] == "The men shoot well.\nBetter than last year.");
    CHECK(body["turn"] == 1);
    // over-the-hills.txt, "Improving Musketry": the orders pay for it, so he may supervise it: the same rule judges.
    body["campaign"] = 1;
    t.ok(t.bob, "diary.submit", body);
    CHECK(t.sheet(t.bob)["diary"]["orders"]["pay"] == "pay_arrears");

    // A second reply with text alone keeps every choice; one with no text keeps the text.
    json again = diary_from_reply(t.state, t.bob.user, "A quiet week.", error);
    CHECK(again["supervise"] == "musketry");
    CHECK(again["text"] == "A quiet week.");
    CHECK(diary_from_reply(t.state, t.bob.user, "Publish: yes", error)["text"] == "The men shoot well.\nBetter than last year.");
}

TEST_CASE("mail: a line in words it does not know is refused with its words; a rule's refusal is diary.submit's", "[year][mail]") {
    YearTable t;
    t.ready_one();
    std::string error;
    CHECK(diary_from_reply(t.state, t.bob.user, "Activity: gambling", error).is_null());
    CHECK(error.find("\"Activity: gambling\"") == 0);
    error.clear();
    CHECK(diary_from_reply(t.state, t.bob.user, "Activity: supervise the cook", error).is_null());
    CHECK(error.find("drill, musketry or manoeuvres") != std::string::npos);
    error.clear();
    CHECK(diary_from_reply(t.state, t.bob.user, "Companies maintained: ten", error).is_null());
    error.clear();
    CHECK(diary_from_reply(t.state, t.dave.user, "Drill: yes", error).is_null());  // no regiment to order
    CHECK(error.find("no regiment") != std::string::npos);
    error.clear();
    // Supervising an improvement the orders do not pay for: read, then refused by diary.submit's own rule.
    json body = diary_from_reply(t.state, t.bob.user, "Activity: supervise manoeuvres", error);
    REQUIRE(error.empty());
    body["campaign"] = 1;
    std::string message;
    CHECK(t.error(t.bob, "diary.submit", body, &message) == "bad_request");
    CHECK(message.find("You can only supervise an improvement your orders pay for") == 0);
    // A line that only looks like one ("Note: ...") is text.
    CHECK(diary_from_reply(t.state, t.bob.user, "Note: the colonel is unwell", error)["text"] == "Note: the colonel is unwell");
}

TEST_CASE("mail: the answer's words say the diary as recorded", "[year][mail]") {
    CHECK(diary_words(diary("supervise", orders(true, false, false, 8, 9, "pay_arrears"), "drill")) ==
          "Activity: supervise drill\nDrill: yes\nMusketry: no\nManoeuvres: no\nCompanies maintained: 8\nCompanies declared: 9\n"
          "Pay: pay arrears\nPublish: no\n");
    CHECK(diary_words(diary("politics")) == "Activity: politics\nPublish: no\n");
}
