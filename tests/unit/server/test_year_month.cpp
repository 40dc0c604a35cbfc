// The campaign year's months (shared/campaign/year.h): diaries, month resolution, improvement and decline,
// activities, pay, the deadline, undo, heavy losses, house rules. Every outcome with scripted dice; each rule
// cites its section of ../shared/rules/over-the-hills.txt.
#include "test_year_table.h"

#include "server/app/verifiable_dice.h"

#include "shared/campaign/calendar.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/regiment.h"

using namespace year_test;
using namespace muster::campaign::year;

// --- diaries: bad input ---

TEST_CASE("diaries: every bad input is a clear error and changes nothing", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    CHECK(t.error(t.bob, "diary.submit", diary("socialise", orders(false, false, false))) == "conflict");  // no months yet
    t.create(t.carol, "Dartington", 50);
    t.auction(7, t.bob, 300);
    t.auction(12, t.carol, 200);
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    const json good = diary("supervise", orders(true, false, false), "drill");

    // Someone else's colonel.
    json for_bob = good;
    for_bob["colonel"] = 2;
    CHECK(t.error(t.carol, "diary.submit", for_bob) == "forbidden");
    CHECK(t.error(t.observer, "diary.submit", good) == "forbidden");
    CHECK(t.error(t.stranger, "diary.submit", good) == "forbidden");
    CHECK(t.error(t.dave, "diary.submit", good) == "not_found");  // no colonel
    CHECK(t.error(t.umpire, "diary.submit", good) == "bad_request");  // an umpire names the colonel
    // Unknown activities, improvements and pay; negative or too many companies.
    CHECK(t.error(t.bob, "diary.submit", diary("gambling", orders(false, false, false))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("supervise", orders(true, false, false), "fencing")) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("supervise", orders(true, false, false))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("supervise", orders(true, false, false), "musketry")) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business", orders(false, false, false, -1, 10))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business", orders(false, false, false, 10, -2))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business", orders(false, false, false, 11, 10))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business", orders(false, false, false, 10, 10, "later"))) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business")) == "bad_request");  // a regiment needs orders
    json weird = diary("business", orders(false, false, false));
    weird["orders"]["drill"] = "yes";
    CHECK(t.error(t.bob, "diary.submit", weird) == "bad_request");
    weird = diary("business", orders(false, false, false));
    weird["orders"]["maintained"] = 9.5;
    CHECK(t.error(t.bob, "diary.submit", weird) == "bad_request");
    CHECK(t.error(t.bob, "diary.submit", diary("business", orders(false, false, false), "", std::string(8001, 'x'))) ==
          "too_large");

    // Orders the colonel cannot pay for are refused with the reason.
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 3}, {"field", "fortune"}, {"value", 0}, {"reason", "Robbed on Hounslow Heath"}});
    std::string message;
    CHECK(t.error(t.carol, "diary.submit", diary("business", orders(true, true, true)), &message) == "cannot_afford");
    CHECK(message == "These orders cost £180 (pay £100, improvements £80) but you have £120 (fortune £0 and this "
                     "month's income £120).");
    t.ok(t.carol, "diary.submit", diary("business", orders(true, false, false)));  // £110 of £120

    // After the deadline.
    CHECK(t.error(t.umpire, "month.set_deadline", {{"deadline", t.now - 1}}) == "bad_request");
    CHECK(t.error(t.bob, "month.set_deadline", {{"deadline", t.now + 1000}}) == "forbidden");
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 1000}});
    t.ok(t.bob, "diary.submit", good);
    t.now += 1000;
    CHECK(t.error(t.bob, "diary.submit", good) == "too_late");
    CHECK(t.error(t.carol, "diary.submit", good) == "too_late");
    // The umpire may still write a colonel's orders for him.
    json by_umpire = diary("politics", orders(false, false, false));
    by_umpire["colonel"] = 3;
    t.ok(t.umpire, "diary.submit", by_umpire);
    CHECK(t.sheet(t.carol)["diary"]["activity"] == "politics");
}

TEST_CASE("a diary may be revised until the deadline; the umpire sees who has submitted", "[year]") {
    YearTable t;
    t.ready_one();
    CHECK(t.year_view(t.umpire)["console"]["submitted"]["2"] == false);
    t.ok(t.bob, "diary.submit", diary("socialise", orders(false, false, false), "", "First thoughts"));
    t.ok(t.bob, "diary.submit", diary("supervise", orders(false, true, false, 9, 10), "musketry", "Second thoughts"));
    auto d = t.sheet(t.bob)["diary"];
    CHECK(d["activity"] == "supervise");
    CHECK(d["supervise"] == "musketry");
    CHECK(d["orders"]["maintained"] == 9);
    CHECK(d["text"] == "Second thoughts");
    // The form's costs: income 120, pay 90, musketry 20.
    CHECK(d["cost"] == json({{"income", 120}, {"wages", 90}, {"back_pay", 0}, {"improvements", 20}, {"total_costs", 110},
                             {"fortune", 400}, {"available", 520}, {"left", 410}}));
    CHECK(t.year_view(t.umpire)["console"]["submitted"]["2"] == true);
    CHECK(t.year_view(t.umpire)["console"]["submitted"]["3"] == false);
    // A colonel without a regiment chooses only his activity; supervising needs a regiment.
    CHECK(t.error(t.carol, "diary.submit", diary("supervise", nullptr, "drill")) == "bad_request");
    t.ok(t.carol, "diary.submit", diary("politics"));
    CHECK(t.sheet(t.carol)["diary"]["orders"].is_null());
}

TEST_CASE("a diary that names the month it was written for is refused as stale once that month is resolved", "[year]") {
    // A diary kept on a phone while the line was down and sent when it came back (docs/protocol.md, diary.submit).
    YearTable t;
    t.ready_one();
    const int month = t.year_view(t.bob)["calendar"]["turn"].get<int>();
    json kept = diary("politics", orders(false, false, false), "", "Written on the road");
    kept["turn"] = month;
    t.ok(t.bob, "diary.submit", kept);
    CHECK(t.sheet(t.bob)["diary"]["text"] == "Written on the road");
    t.ok(t.umpire, "month.resolve", json::object(), {1});
    std::string message;
    kept["text"] = "Sent again from the phone";
    CHECK(t.error(t.bob, "diary.submit", kept, &message) == "stale");
    CHECK(message == "You saw month " + std::to_string(month) + "; the campaign is at month " + std::to_string(month + 1) + ".");
    CHECK(t.sheet(t.bob)["diary"].is_null());  // nothing went into the new month
    kept["turn"] = month + 1;
    t.ok(t.bob, "diary.submit", kept);
    CHECK(t.sheet(t.bob)["diary"]["text"] == "Sent again from the phone");
}

// --- month resolution ---

TEST_CASE("a month resolves in the documented order, and the report lists every roll and every change", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.create(t.dave, "Wolfe", 0);
    t.auction(7, t.bob, 300);    // £400 left
    t.auction(12, t.carol, 200);  // £300 left
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, false, false), "drill"));
    t.ok(t.carol, "diary.submit", diary("socialise", orders(false, false, false)));
    t.ok(t.dave, "diary.submit", diary("politics"));
    // Dice in order: Kemp's drill improvement (5, +1 supervised), then Dartington's drill decline (1).
    auto events = t.ok(t.umpire, "month.resolve", json::object(), {5, 1});
    REQUIRE(events.size() == 1);
    CHECK(events[0].type == "month.resolved");
    CHECK(events[0].dice.size() == 2);

    // Kemp. over-the-hills.txt, "Income": the government pays for 10 declared companies at £10, and the
    // colonel gets two companies' pay; "Pay": £10 a company; "Improving Drill": £10, "Roll 1d6 and score 6
    // to gain 1 drill point ... If the colonel himself is present during the process, you can add one".
    auto r = month_report(t, t.bob, 1);
    CHECK(r["label"] == "March 174-");
    CHECK(r["default"] == false);
    CHECK(r["money"] == json::array({
        {{"item", "government_pay"}, {"amount", 100}, {"text", "Government pay for 10 companies declared"}},
        {{"item", "allowance"}, {"amount", 20}, {"text", "The colonel's allowance (the pay of 2 companies)"}},
        {{"item", "wages"}, {"amount", -100}, {"text", "Pay for 10 companies"}},
        {{"item", "drill"}, {"amount", -10}, {"text", "Extra drill for the regiment"}},
    }));
    CHECK(r["fortune"] == json({{"before", 400}, {"after", 410}}));
    CHECK(sum_amounts(r["money"]) == 10);
    REQUIRE(r["rolls"].size() == 1);
    CHECK(r["rolls"][0] == json({{"index", 0}, {"roll", "drill improvement"}, {"attribute", "drill"}, {"die", 5}, {"modifier", 1},
                                 {"total", 6}, {"needed", "6 or more"}, {"result", "gained"}, {"before", 1}, {"after", 2}}));
    CHECK(r["regiment"] == json({{"drill", {{"before", 1}, {"after", 2}}}}));
    CHECK(t.sheet(t.bob)["fortune"] == 410);
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 2);
    CHECK(t.sheet(t.bob)["sheet"]["months_without"] == json({{"drill", 0}, {"musketry", 1}, {"effectiveness", 1}}));

    CHECK(month_report(t, t.carol, 1)["rolls"][0]["index"] == 0);  // her first die (the second of the month)

    // Dartington: "For every month spent not doing extra drill roll 1d6 and score 1 to lose one drill point"
    // (already at 1, the minimum); "Socialising Gain 5 PIP".
    r = month_report(t, t.carol, 1);
    CHECK(r["fortune"] == json({{"before", 300}, {"after", 320}}));
    CHECK(r["rolls"][0]["roll"] == "drill decline");
    CHECK(r["rolls"][0]["die"] == 1);
    CHECK(r["rolls"][0]["result"] == "at minimum");
    CHECK(r["rolls"][0]["after"] == 1);
    CHECK(r["pip"] == json::array({{{"item", "socialise"}, {"amount", 5}, {"text", "Socialising"}}}));
    CHECK(r["pip_total"] == json({{"before", 50}, {"after", 55}}));

    // Wolfe, without a regiment: "Each month spent on political matters gains 10 PIP".
    r = month_report(t, t.dave, 1);
    CHECK(r["money"].empty());
    CHECK(r["rolls"].empty());
    CHECK(r["pip_total"] == json({{"before", 0}, {"after", 10}}));

    // The calendar moves on; the chart has the start and March.
    CHECK(t.year_view(t.observer)["calendar"]["label"] == "April 174-");
    auto history = t.sheet(t.bob)["history"];
    REQUIRE(history.size() == 2);
    CHECK(history[0] == json({{"turn", 0}, {"label", "Start"}, {"fortune", 400}, {"pip", 30}, {"drill", 1},
                              {"musketry", 1}, {"effectiveness", 1}, {"companies", 10}}));
    CHECK(history[1]["label"] == "March 174-");
    CHECK(history[1]["fortune"] == 410);
    CHECK(history[1]["drill"] == 2);
    // Past diaries stay with the colonel; this month's is empty again.
    CHECK(t.sheet(t.bob)["diary"].is_null());
    CHECK(t.sheet(t.bob)["diaries"]["1"]["activity"] == "supervise");
}

TEST_CASE("improvement rolls: 6 gains, 5 does not unless supervised, never above 6", "[year]") {
    // over-the-hills.txt, "Improving Drill", "Improving Musketry", "Improving Effectiveness": "Roll 1d6 and
    // score 6 to gain 1 ... point, up to a maximum of 6."
    YearTable t;
    t.ready_one();
    t.ok(t.bob, "diary.submit", diary("business", orders(true, false, false)));
    t.ok(t.umpire, "month.resolve", json::object(), {5});
    CHECK(month_report(t, t.bob, 1)["rolls"][0]["result"] == "no change");
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 1);
    t.ok(t.bob, "diary.submit", diary("business", orders(true, false, false)));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 2);

    // "Concurrent Improvements": all three in a month, the colonel oversees one (manoeuvres: 5 + 1).
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, true, true), "manoeuvres"));
    t.ok(t.umpire, "month.resolve", json::object(), {6, 5, 5});
    auto r = month_report(t, t.bob, 3);
    CHECK(r["rolls"][0]["result"] == "gained");
    CHECK(r["rolls"][1]["result"] == "no change");
    CHECK(r["rolls"][1]["modifier"] == 0);
    CHECK(r["rolls"][2]["attribute"] == "effectiveness");
    CHECK(r["rolls"][2]["total"] == 6);
    CHECK(r["rolls"][2]["result"] == "gained");
    CHECK(sum_amounts(r["money"]) == 120 - 100 - 10 - 20 - 50);
    auto s = t.sheet(t.bob)["sheet"];
    CHECK(s["drill"] == 3);
    CHECK(s["musketry"] == 1);
    CHECK(s["effectiveness"] == 2);

    // At the maximum a 6 changes nothing; the umpire cannot set an attribute outside 1..6.
    CHECK(t.error(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 7}, {"reason", "x"}}) == "bad_request");
    CHECK(t.error(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 0}, {"reason", "x"}}) == "bad_request");
    CHECK(t.error(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 6}}) == "bad_request");
    CHECK(t.error(t.umpire, "colonel.adjust", {{"colonel", 3}, {"field", "drill"}, {"value", 6}, {"reason", "x"}}) == "not_found");
    CHECK(t.error(t.bob, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 6}, {"reason", "x"}}) == "forbidden");
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 6}, {"reason", "Reviewed by the Duke"}});
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, false, false), "drill"));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(month_report(t, t.bob, 4)["rolls"][0]["result"] == "at maximum");
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 6);
    auto adjustments = t.sheet(t.bob)["adjustments"];
    REQUIRE(adjustments.size() == 1);
    CHECK(adjustments[0]["reason"] == "Reviewed by the Duke");
    CHECK(adjustments[0]["before"] == 3);
    CHECK(adjustments[0]["value"] == 6);
}

TEST_CASE("decline: drill every month without extra drill, musketry and effectiveness after six months", "[year]") {
    // over-the-hills.txt, "Improving Drill": "For every month spent not doing extra drill roll 1d6 and score 1
    // to lose one drill point." "Improving Musketry": "If no musketry training is conducted for 6 months, roll
    // 1d6 and score 1 or 2 to lose one musketry point." "Improving Effectiveness": the same.
    YearTable t;
    t.ready_one();
    for (const char* field : {"drill", "musketry", "effectiveness"})
        t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", field}, {"value", 3}, {"reason", "Veterans"}});
    const json idle = diary("business", orders(false, false, false));
    t.ok(t.bob, "diary.submit", idle);
    t.ok(t.umpire, "month.resolve", json::object(), {1});  // drill 3 -> 2
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 2);
    CHECK(month_report(t, t.bob, 1)["rolls"][0]["needed"] == "1 or less");
    for (int month = 2; month <= 5; ++month) {
        t.ok(t.bob, "diary.submit", idle);
        t.ok(t.umpire, "month.resolve", json::object(), {2});  // a drill roll only
        CHECK(month_report(t, t.bob, month)["rolls"].size() == 1);
    }
    CHECK(t.sheet(t.bob)["sheet"]["months_without"]["musketry"] == 5);
    t.ok(t.bob, "diary.submit", idle);
    // Month 6: drill (6, kept), musketry (2: lost), effectiveness (3: kept).
    t.ok(t.umpire, "month.resolve", json::object(), {6, 2, 3});
    auto r = month_report(t, t.bob, 6);
    REQUIRE(r["rolls"].size() == 3);
    CHECK(r["rolls"][1] == json({{"index", 1}, {"roll", "musketry decline"}, {"attribute", "musketry"}, {"die", 2}, {"modifier", 0},
                                 {"total", 2}, {"needed", "2 or less"}, {"result", "lost"}, {"before", 3}, {"after", 2}}));
    CHECK(r["rolls"][2]["result"] == "no change");
    auto s = t.sheet(t.bob)["sheet"];
    CHECK(s["drill"] == 2);
    CHECK(s["musketry"] == 2);
    CHECK(s["effectiveness"] == 3);
    CHECK(s["months_without"] == json({{"drill", 0}, {"musketry", 0}, {"effectiveness", 0}}));
    // Musketry training starts its count again.
    t.ok(t.bob, "diary.submit", diary("business", orders(false, true, false)));
    t.ok(t.umpire, "month.resolve", json::object(), {4, 6});  // musketry improvement 4, drill decline 6
    CHECK(t.sheet(t.bob)["sheet"]["months_without"]["musketry"] == 0);
    CHECK(t.sheet(t.bob)["sheet"]["months_without"]["effectiveness"] == 1);
}

TEST_CASE("attributes never go below 1", "[year]") {
    YearTable t;
    t.ready_one();
    const json idle = diary("business", orders(false, false, false));
    for (int month = 1; month <= 6; ++month) {
        t.ok(t.bob, "diary.submit", idle);
        if (month < 6) t.ok(t.umpire, "month.resolve", json::object(), {1});
        else t.ok(t.umpire, "month.resolve", json::object(), {1, 1, 1});
    }
    auto s = t.sheet(t.bob)["sheet"];
    CHECK(s["drill"] == 1);
    CHECK(s["musketry"] == 1);
    CHECK(s["effectiveness"] == 1);
    CHECK(month_report(t, t.bob, 6)["rolls"][1]["result"] == "at minimum");
}

TEST_CASE("activities: socialising, business, politics, and the lone colonel who does not socialise", "[year]") {
    // over-the-hills.txt, "Personal Activities": "Socialising Gain 5 PIP. Should a player be the only person
    // present not to be socialising that month (unless he is away on campaign) he loses 10 PIP." "Each month
    // spent on personal business generates £20." "Each month spent on political matters gains 10 PIP."
    YearTable t;
    t.ready_one();  // Kemp 30 PIP £400, Dartington 50 PIP £500, Wolfe 0 PIP £1000
    t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false)));
    t.ok(t.carol, "diary.submit", diary("socialise"));
    t.ok(t.dave, "diary.submit", diary("socialise"));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    auto r = month_report(t, t.bob, 1);
    CHECK(r["money"].back() == json({{"item", "business"}, {"amount", 20}, {"text", "Personal business on the colonel's lands"}}));
    CHECK(r["pip"] == json::array({{{"item", "lone_absentee"}, {"amount", -10},
                                    {"text", "The only colonel present not socialising this month"}}}));
    CHECK(t.sheet(t.bob)["pip"] == 20);
    CHECK(t.sheet(t.bob)["fortune"] == 400 + 120 - 100 + 20);
    CHECK(t.sheet(t.carol)["pip"] == 55);
    CHECK(t.sheet(t.dave)["pip"] == 5);

    // Away on campaign, Kemp is not present: now Wolfe is the lone one (politics +10, then -10).
    CHECK(t.error(t.umpire, "colonel.away", {{"colonel", 2}, {"away", "holiday"}}) == "bad_request");
    CHECK(t.error(t.bob, "colonel.away", {{"colonel", 2}, {"away", "sea"}}) == "forbidden");
    t.ok(t.umpire, "colonel.away", {{"colonel", 2}, {"away", "expedition"}});
    CHECK(t.year_view(t.observer)["colonels"]["2"]["away"] == "expedition");
    t.ok(t.bob, "diary.submit", {{"orders", orders(false, false, false)}});  // the activity is set for him
    CHECK(t.sheet(t.bob)["diary"]["activity"] == "expedition");
    t.ok(t.carol, "diary.submit", diary("socialise"));
    t.ok(t.dave, "diary.submit", diary("politics"));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(month_report(t, t.bob, 2)["activity"] == "expedition");
    CHECK(month_report(t, t.bob, 2)["pip"].empty());
    CHECK(t.sheet(t.dave)["pip"] == 5);
    CHECK(month_report(t, t.dave, 2)["pip"].size() == 2);

    // Only one colonel present: nobody else is socialising, so no penalty.
    t.ok(t.umpire, "colonel.away", {{"colonel", 3}, {"away", "sea"}});
    t.ok(t.dave, "diary.submit", diary("business"));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(month_report(t, t.dave, 3)["pip"].empty());

    // Reading "present" as "submitted a diary": a colonel on the default diary is not counted.
    t.ok(t.umpire, "colonel.away", {{"colonel", 2}, {"away", nullptr}});
    t.ok(t.umpire, "colonel.away", {{"colonel", 3}, {"away", nullptr}});
    t.ok(t.umpire, "rules.set", {{"settings", {{"present", "submitted"}}}});
    t.ok(t.bob, "diary.submit", diary("politics", orders(false, false, false)));
    t.ok(t.carol, "diary.submit", diary("socialise"));
    t.ok(t.umpire, "month.resolve", json::object(), {6});  // Wolfe repeats his business, but is not present
    CHECK(month_report(t, t.dave, 4)["default"] == true);
    CHECK(month_report(t, t.bob, 4)["pip"].size() == 2);
    CHECK(t.sheet(t.bob)["pip"] == 20 + 10 - 10);
}

TEST_CASE("the default diary for a colonel who submitted nothing is a setting", "[year]") {
    YearTable t;
    t.ready_one();
    t.ok(t.bob, "diary.submit", diary("supervise", orders(false, true, false, 8, 10), "musketry", "Powder!"));
    t.ok(t.umpire, "month.resolve", json::object(), {3, 6});
    // "repeat_last": last month's activity and orders again (not its text).
    auto preview = t.sheet(t.bob)["default_diary"];
    CHECK(preview["activity"] == "supervise");
    CHECK(preview["orders"]["maintained"] == 8);
    CHECK(preview["cost"]["total_costs"] == 80 + 20);
    t.ok(t.umpire, "month.resolve", json::object(), {6, 6});
    auto r = month_report(t, t.bob, 2);
    CHECK(r["default"] == true);
    CHECK(r["diary"]["supervise"] == "musketry");
    CHECK(r["rolls"][0]["modifier"] == 1);
    CHECK(t.sheet(t.bob)["sheet"]["musketry"] == 2);
    CHECK(t.sheet(t.bob)["diaries"].size() == 1);
    // A colonel with no earlier diary gets the quiet one: personal business.
    CHECK(month_report(t, t.carol, 1)["diary"]["activity"] == "business");
    CHECK(month_report(t, t.carol, 1)["money"][0]["amount"] == 20);
    // "quiet": business, no improvements, every company maintained, declared and paid.
    t.ok(t.umpire, "rules.set", {{"settings", {{"default_diary", "quiet"}}}});
    t.ok(t.umpire, "month.resolve", json::object(), {6});  // a drill decline roll only
    r = month_report(t, t.bob, 3);
    CHECK(r["diary"]["activity"] == "business");
    CHECK(r["diary"]["orders"] == json({{"drill", false}, {"musketry", false}, {"manoeuvres", false},
                                        {"maintained", 8}, {"declared", 8}, {"pay", "pay"}}));
}

TEST_CASE("pay, arrears and back pay; arrears beyond the setting flag the regiment", "[year]") {
    // over-the-hills.txt, "Pay": "It is possible to refrain from paying them for a few months, so long as back
    // pay is forthcoming at some point. Ultimately, failure to pay can result in soldiery looting".
    YearTable t;
    t.ready_one();
    const json unpaid = diary("business", orders(false, false, false, 10, 10, "arrears"));
    for (int month = 1; month <= 4; ++month) {
        t.ok(t.bob, "diary.submit", unpaid);
        t.ok(t.umpire, "month.resolve", json::object(), {6});
    }
    auto s = t.sheet(t.bob);
    CHECK(s["sheet"]["arrears"] == 400);
    CHECK(s["sheet"]["arrears_months"] == 4);
    CHECK(s["sheet"]["at_risk"] == true);
    CHECK(s["fortune"] == 400 + 4 * (120 + 20));
    CHECK(month_report(t, t.bob, 3)["flags"].empty());  // three months: "a few"
    CHECK(month_report(t, t.bob, 4)["flags"] == json::array({"arrears_risk"}));
    CHECK(month_report(t, t.bob, 4)["regiment"]["arrears"] == json({{"before", 300}, {"after", 400}}));
    CHECK(t.year_view(t.umpire)["console"]["at_risk"] == json::array({2}));

    t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false, 10, 10, "pay_arrears")));
    CHECK(t.sheet(t.bob)["diary"]["cost"]["back_pay"] == 400);
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    auto r = month_report(t, t.bob, 5);
    CHECK(r["money"][2] == json({{"item", "back_pay"}, {"amount", -400}, {"text", "Back pay: 4 months of arrears"}}));
    CHECK(r["money"][3]["item"] == "wages");
    CHECK(t.sheet(t.bob)["sheet"]["arrears"] == 0);
    CHECK(t.sheet(t.bob)["sheet"]["at_risk"] == false);
    CHECK(t.year_view(t.umpire)["console"]["at_risk"].empty());
    CHECK(sum_amounts(r["money"]) == 120 - 400 - 100 + 20);
}

TEST_CASE("declared against maintained companies: the government pays for what it is told", "[year]") {
    // over-the-hills.txt, "Income": "The colonel may choose to recruit and maintain fewer than ten companies
    // and pocket the difference."
    YearTable t;
    t.ready_one();
    t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false, 6, 10)));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(t.sheet(t.bob)["fortune"] == 400 + 120 - 60 + 20);
    CHECK(t.year_view(t.umpire)["console"]["companies"]["2"] == json({{"declared", 10}, {"maintained", 6}}));
    CHECK(month_report(t, t.bob, 1)["regiment"]["companies"] == json({{"before", 10}, {"after", 6}}));
    // An honest declaration is paid for honestly.
    t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false, 6, 6)));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(month_report(t, t.bob, 2)["money"][0]["amount"] == 60);
}

TEST_CASE("orders that can no longer be paid for at resolution are cut, pay first", "[year]") {
    YearTable t;
    t.ready_one();
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, true, true), "drill"));
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "fortune"}, {"value", 0}, {"reason", "Bank failed"}});
    t.ok(t.umpire, "month.resolve", json::object(), {3});  // drill improvement only
    auto r = month_report(t, t.bob, 1);
    CHECK(r["cut"] == json::array({"Musketry training: not enough money (£20 needed, £10 left)",
                                   "Battalion manoeuvres: not enough money (£50 needed, £10 left)"}));
    CHECK(r["rolls"].size() == 1);
    CHECK(t.sheet(t.bob)["fortune"] == 10);
    CHECK(t.sheet(t.bob)["sheet"]["months_without"]["musketry"] == 1);

    // With nothing at all the men go into arrears.
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "fortune"}, {"value", 500}, {"reason", "A loan"}});
    t.ok(t.bob, "diary.submit", diary("business", orders(false, false, false, 10, 0)));
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "fortune"}, {"value", 0}, {"reason", "Again"}});
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    r = month_report(t, t.bob, 2);
    CHECK(r["cut"] == json::array({"Pay: not enough money (£100 needed, £20 left)"}));
    CHECK(t.sheet(t.bob)["sheet"]["arrears"] == 100);
    CHECK(t.sheet(t.bob)["fortune"] == 40);
}

TEST_CASE("the deadline resolves the month by the server's clock", "[year]") {
    YearTable t;
    t.ready_one();
    CHECK_FALSE(year::next_alarm(t.state).has_value());
    const auto deadline = t.now + 3'600'000;
    t.ok(t.umpire, "month.set_deadline", {{"deadline", deadline}});
    CHECK(t.year_view(t.observer)["calendar"]["deadline"] == deadline);
    REQUIRE(year::next_alarm(t.state) == deadline);
    auto command = year::alarm_command(t.state, deadline);
    CHECK(command.type == "month.resolve");
    CHECK(command.body == json({{"turn", 1}}));
    CHECK(t.error(server_clock(), "month.resolve", command.body) == "conflict");  // an hour early
    t.ok(t.bob, "diary.submit", diary("business", orders(true, false, false)));
    t.now = deadline;
    t.ok(server_clock(), "month.resolve", command.body, {6});
    CHECK(t.year_view(t.observer)["calendar"]["turn"] == 2);
    CHECK(t.year_view(t.observer)["calendar"]["deadline"].is_null());
    CHECK_FALSE(year::next_alarm(t.state).has_value());
    CHECK(t.error(server_clock(), "month.resolve", command.body) == "conflict");  // stale
    // The umpire may clear a deadline.
    t.ok(t.umpire, "month.set_deadline", {{"deadline", t.now + 10'000}});
    t.ok(t.umpire, "month.set_deadline", {{"deadline", nullptr}, {"reason", "Resolved by hand this month."}});
    CHECK_FALSE(year::next_alarm(t.state).has_value());
}

TEST_CASE("month.undo puts the sheets and calendar back, as a new event", "[year]") {
    YearTable t;
    t.ready_one();
    CHECK(t.error(t.umpire, "month.undo", json::object()) == "conflict");
    t.ok(t.bob, "diary.submit", diary("supervise", orders(true, false, false), "drill"));
    const auto before = view(t.state, t.bob)["year"];
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    const auto first = t.sheet(t.bob)["reports"]["1"];
    CHECK(t.year_view(t.umpire)["console"]["can_undo"] == true);
    CHECK(t.error(t.bob, "month.undo", json::object()) == "forbidden");
    const auto events_before = t.log.size();
    t.ok(t.umpire, "month.undo", json::object());
    CHECK(t.log.size() == events_before + 1);
    CHECK(t.log.back().type == "month.undone");
    CHECK(view(t.state, t.bob)["year"] == before);
    CHECK(t.error(t.umpire, "month.undo", json::object()) == "conflict");
    // Resolved again with the same dice, the same report.
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    CHECK(t.sheet(t.bob)["reports"]["1"] == first);
    // Not once the umpire has changed a sheet since.
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 3}, {"field", "pip"}, {"value", 60}, {"reason", "Court favour"}});
    CHECK(t.year_view(t.umpire)["console"]["can_undo"] == false);
    CHECK(t.error(t.umpire, "month.undo", json::object()) == "conflict");
}

TEST_CASE("the umpire notes a month report; diaries go to the gazette when published", "[year]") {
    YearTable t;
    t.ready_one();
    CHECK(t.error(t.umpire, "report.note", {{"colonel", 2}, {"text", "Early"}}) == "not_found");
    json d = diary("socialise", orders(false, false, false), "", "A ball at Ryme Intrinseca Hall");
    d["publish"] = true;
    t.ok(t.bob, "diary.submit", d);
    t.ok(t.carol, "diary.submit", diary("socialise", nullptr, "", "Private thoughts"));
    auto gazette = t.year_view(t.observer)["gazette"];
    REQUIRE(gazette.size() == 1);
    CHECK(gazette.begin().value()["text"] == "A ball at Ryme Intrinseca Hall");
    CHECK(gazette.begin().value()["label"] == "March 174-");
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    t.ok(t.umpire, "report.note", {{"colonel", 2}, {"text", "The Duke noticed your ball."}});
    CHECK(month_report(t, t.bob, 1)["notes"] == json::array({"The Duke noticed your ball."}));
    CHECK(t.error(t.carol, "diary.publish", {{"turn", 2}}) == "not_found");
    CHECK(t.error(t.bob, "diary.publish", {{"turn", 1}}) == "conflict");
    t.ok(t.carol, "diary.publish", {{"turn", 1}});
    CHECK(t.year_view(t.observer)["gazette"].size() == 2);
}

// --- The Regiment: heavy losses ---

TEST_CASE("a regiment that loses half its strength or more drops one point on every attribute", "[year]") {
    // over-the-hills.txt, "The Regiment": "Any regiment that loses half its strength or more on campaign
    // (either from battle or disease) automatically drops one point on all attributes."
    CHECK(lost_half_or_more(10, 5));
    CHECK(lost_half_or_more(10, 0));
    CHECK_FALSE(lost_half_or_more(10, 6));
    CHECK(lost_half_or_more(9, 4));
    CHECK_FALSE(lost_half_or_more(9, 5));
    CHECK_FALSE(lost_half_or_more(10, 10));
    CHECK_FALSE(lost_half_or_more(0, 0));
    CHECK_FALSE(lost_half_or_more(4, 7));  // reinforced
    CHECK(after_losses({3, 1, 6}, 10, 5) == Attributes{2, 1, 5});
    CHECK(after_losses({3, 1, 6}, 10, 6) == Attributes{3, 1, 6});
    CHECK(after_losses({1, 1, 1}, 10, 0) == Attributes{1, 1, 1});
    CHECK(after_losses({3, 3, 3}, 10, 5, 3) == Attributes{3, 3, 3});

    YearTable t;
    t.ready_one();
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "drill"}, {"value", 4}, {"reason", "Drilled"}});
    CHECK(t.error(t.umpire, "regiment.losses", {{"colonel", 2}, {"companies", 11}, {"reason", "Flux"}}) == "bad_request");
    CHECK(t.error(t.umpire, "regiment.losses", {{"colonel", 3}, {"companies", 5}, {"reason", "Flux"}}) == "not_found");
    t.ok(t.umpire, "regiment.losses", {{"colonel", 2}, {"companies", 6}, {"reason", "Flux in camp"}});
    CHECK(t.sheet(t.bob)["sheet"]["drill"] == 4);
    CHECK(t.sheet(t.bob)["sheet"]["companies"] == 6);
    t.ok(t.umpire, "regiment.losses", {{"colonel", 2}, {"companies", 3}, {"reason", "Fontenoy"}});
    auto s = t.sheet(t.bob)["sheet"];
    CHECK(s["companies"] == 3);
    CHECK(s["drill"] == 3);
    CHECK(s["musketry"] == 1);
    CHECK(s["effectiveness"] == 1);
}

// --- house rules ---

TEST_CASE("every number is a house rule with the book's default; the view shows the differences", "[year]") {
    YearTable t;
    auto y = t.year_view(t.observer);
    CHECK(y["settings"] == y["book"]);
    CHECK(y["differs"].empty());
    CHECK(y["book"]["starting_money"] == 1000);
    CHECK(y["book"]["pip_price"] == 10);
    CHECK(y["book"]["manoeuvres_cost"] == 50);
    CHECK(y["book"]["musketry_decline_months"] == 6);
    CHECK(y["book"]["lone_absentee_penalty"] == 10);
    CHECK(y["book"]["present"] == "not_away");

    CHECK(t.error(t.bob, "rules.set", {{"settings", {{"pip_price", 20}}}}) == "forbidden");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"pip_cost", 20}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"pip_price", 0}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"pip_price", "20"}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"improve_on", 8}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"present", "everyone"}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"attribute_min", 4}, {"attribute_max", 3}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", json::object()}}) == "bad_request");
    CHECK(t.error(t.umpire, "rules.set", {{"settings", 5}}) == "bad_request");

    t.ok(t.umpire, "rules.set", {{"settings", {{"pip_price", 20}, {"drill_cost", 15}, {"wage", 12},
                                               {"government_pay", 11}, {"allowance_companies", 3},
                                               {"business_money", 25}, {"last_regiment", 30}}}});
    y = t.year_view(t.observer);
    CHECK(y["differs"]["pip_price"] == json({{"book", 10}, {"campaign", 20}}));
    CHECK(y["differs"].size() == 7);
    CHECK(y["book"]["pip_price"] == 10);
    CHECK(t.error(t.bob, "colonel.create", {{"name", "Kemp"}, {"pip", 51}}) == "bad_request");
    t.create(t.bob, "Kemp", 50);
    CHECK(t.sheet(t.bob)["fortune"] == 0);
    t.create(t.carol, "Dartington", 0);
    t.auction(25, t.carol, 500);
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    t.ok(t.carol, "diary.submit", diary("business", orders(true, false, false)));
    t.ok(t.umpire, "month.resolve", json::object(), {6});
    auto r = month_report(t, t.carol, 1);
    CHECK(r["money"][0]["amount"] == 110);  // 10 declared at £11
    CHECK(r["money"][1]["amount"] == 33);   // 3 companies' pay
    CHECK(r["money"][2]["amount"] == -120);
    CHECK(r["money"][3]["amount"] == -15);
    CHECK(r["money"][4]["amount"] == 25);
    CHECK(t.sheet(t.carol)["fortune"] == 500 + 110 + 33 - 120 - 15 + 25);
}

TEST_CASE("each colonel's month rolls in his own dice stream, and his report carries each roll's counter", "[year][dice]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.auction(7, t.bob, 300);
    t.auction(12, t.carol, 200);
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    t.ok(t.bob, "diary.submit", diary("business", orders(true, true, false)));
    const std::string seed = "the month's seed, sixteen bytes or more";
    const std::string bob_stream = "colonel:" + std::to_string(t.bob.user);
    const std::string carol_stream = "colonel:" + std::to_string(t.carol.user);
    VerifiableDice dice(seed, "campaign", {{bob_stream, 40}});
    auto d = t.run(t.umpire, "month.resolve", json::object(), dice);
    REQUIRE(std::holds_alternative<std::vector<Event>>(d));
    t.commit(std::get<std::vector<Event>>(d));
    CHECK(t.state.dice_counters.at(bob_stream) == 42);
    CHECK(t.state.dice_counters.at(carol_stream) == 1);  // Kemp's two dice did not move Dartington's counter
    CHECK(t.state.dice_counters.count("campaign") == 0);
    auto kemp = month_report(t, t.bob, 1)["rolls"];
    REQUIRE(kemp.size() == 2);
    for (int i = 0; i < 2; ++i) {
        CHECK(kemp[i]["index"] == i);
        CHECK(kemp[i]["stream"] == bob_stream);
        CHECK(kemp[i]["counter"] == 40 + i);
        CHECK(recompute_roll(seed, bob_stream, 40 + i, 6) == kemp[i]["die"]);
    }
    auto dartington = month_report(t, t.carol, 1)["rolls"];
    REQUIRE(dartington.size() == 1);
    CHECK(dartington[0]["index"] == 0);  // his place among his own dice, not among the month's
    CHECK(dartington[0]["counter"] == 0);
    CHECK(recompute_roll(seed, carol_stream, 0, 6) == dartington[0]["die"]);
}

TEST_CASE("a colonel's name that carries its rank is not given it twice", "[year]") {
    using muster::campaign::year::colonel_title;
    CHECK(colonel_title("Kemp") == "Colonel Kemp");
    CHECK(colonel_title("Sir John Kemp") == "Colonel Sir John Kemp");
    CHECK(colonel_title("Colonel Sir John Kemp") == "Colonel Sir John Kemp");
    CHECK(colonel_title("col. Hay") == "col. Hay");
    CHECK(colonel_title("Lt-Col. Hay") == "Lt-Col. Hay");
    CHECK(colonel_title("Major-General Wade") == "Major-General Wade");
    CHECK(colonel_title("Colin Campbell") == "Colonel Colin Campbell");
    CHECK(colonel_title("Majoribanks") == "Colonel Majoribanks");
}
