// Hidden information in the campaign year (DESIGN.md, "Hidden information"): a colonel's objective,
// fortune, PIP, diary orders, companies really maintained, arrears, month report and unpublished diary text
// reach that player and the umpires only. Each secret carries a unique marker, searched for in the whole
// serialized view of every other viewer.
#include "test_year_table.h"

using namespace year_test;

namespace {

struct Marker {
    const char* what;
    std::string text;  // searched for in the dumped view
};

void check_markers(YearTable& t, const std::vector<Marker>& markers, const Viewer& owner) {
    std::vector<Viewer> others = {t.carol, t.dave, t.observer, t.stranger};
    auto owner_view = view(t.state, owner).dump();
    auto umpire_view = view(t.state, t.umpire).dump();
    for (const auto& m : markers) {
        INFO("secret: " << m.what << " (" << m.text << ")");
        CHECK(owner_view.find(m.text) != std::string::npos);
        CHECK(umpire_view.find(m.text) != std::string::npos);
        for (const auto& other : others) {
            INFO("viewer: " << other.name);
            CHECK(view(t.state, other).dump().find(m.text) == std::string::npos);
        }
    }
    // Nothing private of Kemp's appears under his entry for anyone else, whatever its value.
    for (const auto& other : others) {
        auto entry = view(t.state, other)["year"]["colonels"]["2"];
        for (const char* key : {"fortune", "pip", "objective", "sheet", "diary", "diaries", "reports", "history",
                                "adjustments", "default_diary"})
            CHECK_FALSE(entry.contains(key));
        CHECK_FALSE(view(t.state, other)["year"].contains("console"));
    }
}

}  // namespace

TEST_CASE("hidden information: a colonel's secrets reach his player and the umpires only", "[year][secrets]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.create(t.dave, "Wolfe", 0);
    // The objective: a custom one, pending and then approved.
    t.ok(t.bob, "objective.choose", {{"kind", "custom"}, {"text", "MARKER-OBJECTIVE-91c2 the Garter"}});
    check_markers(t, {{"objective (pending)", "MARKER-OBJECTIVE-91c2"}}, t.bob);
    t.ok(t.umpire, "objective.review", {{"colonel", 2}, {"approve", true}, {"note", "MARKER-NOTE-3b7f"}});
    t.ok(t.carol, "objective.choose", {{"kind", "wealth"}});

    // Bids are public.
    t.auction(7, t.bob, 300);
    t.auction(12, t.carol, 200);
    for (const auto& v : t.everyone()) {
        auto lots = view(t.state, v)["year"]["auction"]["lots"];
        CHECK(lots[0]["price"] == 300);
        CHECK(lots[0]["winner_name"] == "Kemp");
    }
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});

    // Fortune, PIP, arrears: unusual values set by the umpire (whose reasons are the owner's too).
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "fortune"}, {"value", 7919}, {"reason", "MARKER-REASON-c0de"}});
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "pip"}, {"value", 4243}, {"reason", "Court favour"}});
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "arrears"}, {"value", 6007}, {"reason", "Old debts"}});
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "arrears_months"}, {"value", 13}, {"reason", "Old debts"}});

    // The diary: orders (7 companies really maintained, 9 declared) and unpublished text.
    t.ok(t.bob, "diary.submit", diary("supervise", orders(false, true, false, 7, 9, "arrears"), "musketry",
                                      "MARKER-DIARY-5d1e: the 7th is short of men"));
    t.ok(t.carol, "diary.submit", diary("socialise", orders(false, false, false), "", "Carol's own words"));
    std::vector<Marker> markers = {
        {"objective", "MARKER-OBJECTIVE-91c2"},
        {"objective note", "MARKER-NOTE-3b7f"},
        {"fortune", "7919"},
        {"PIP", "4243"},
        {"arrears", "6007"},
        {"arrears months", "\"arrears_months\":13"},
        {"adjustment reason", "MARKER-REASON-c0de"},
        {"diary text", "MARKER-DIARY-5d1e"},
        {"diary orders: companies maintained", "\"maintained\":7"},
        {"diary orders: companies declared", "\"declared\":9"},
        {"diary orders: musketry", "\"supervise\":\"musketry\""},
        {"diary orders: pay", "\"pay\":\"arrears\""},
    };
    check_markers(t, markers, t.bob);

    // After the month: the report (with the umpire's note), companies really maintained, the history.
    t.ok(t.umpire, "month.resolve", json::object(), {5, 6, 6});  // Kemp: musketry 5+1, drill decline; Dartington: drill decline
    t.ok(t.umpire, "report.note", {{"colonel", 2}, {"text", "MARKER-REPORT-77aa: the inspector is coming"}});
    std::erase_if(markers, [](const Marker& m) { return std::string(m.what) == "arrears months"; });
    markers.push_back({"arrears months after the month", "\"arrears_months\":14"});
    markers.push_back({"month report", "MARKER-REPORT-77aa"});
    markers.push_back({"companies really maintained", "\"companies\":7"});
    markers.push_back({"month report rolls", "\"roll\":\"musketry improvement\""});
    markers.push_back({"arrears after the month", "6077"});  // 6007 + 7 companies' pay
    check_markers(t, markers, t.bob);
    // What every viewer does see of Kemp: his name, regiment and seniority.
    auto entry = view(t.state, t.observer)["year"]["colonels"]["2"];
    CHECK(entry["name"] == "Kemp");
    CHECK(entry["regiment"] == 7);
    CHECK(view(t.state, t.dave)["year"]["regiments"][0]["colonel_name"] == "Kemp");

    // Published, the diary text is everyone's; the orders are still not.
    t.ok(t.bob, "diary.publish", {{"turn", 1}});
    for (const auto& v : t.everyone()) {
        auto text = view(t.state, v).dump();
        CHECK(text.find("MARKER-DIARY-5d1e") != std::string::npos);
    }
    for (const auto& other : {t.carol, t.dave, t.observer}) {
        auto text = view(t.state, other).dump();
        CHECK(text.find("\"maintained\":7") == std::string::npos);
        CHECK(text.find("MARKER-REPORT-77aa") == std::string::npos);
        CHECK(text.find("7919") == std::string::npos);
    }
}

TEST_CASE("hidden information: the umpire's console and other players' diaries stay with the umpire", "[year][secrets]") {
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    t.ok(t.carol, "diary.submit", diary("politics", nullptr, "", "MARKER-CAROL-e4f0"));
    for (const auto& other : {t.bob, t.dave, t.observer}) {
        auto text = view(t.state, other).dump();
        CHECK(text.find("MARKER-CAROL-e4f0") == std::string::npos);
        CHECK(text.find("console") == std::string::npos);
        CHECK(text.find("\"submitted\"") == std::string::npos);
    }
    CHECK(view(t.state, t.carol).dump().find("MARKER-CAROL-e4f0") != std::string::npos);
    CHECK(view(t.state, t.umpire)["year"]["console"]["submitted"]["3"] == true);
}
