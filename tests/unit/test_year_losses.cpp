// Losses on campaign and recruiting back to strength (shared/campaign/regiment.h, month_resolution.cpp):
// the book's "half its strength or more on campaign" added up over the campaign (house rule half_strength),
// and the companies raised again after losses paid for at recruit_cost each (a reading: the book prices no
// recruiting; docs/rules-notes.md, "Losses on campaign and recruiting").
#include "test_battle_table.h"  // check_replay

using namespace year_test;

namespace {

json sheet_of(YearTable& t, const Viewer& v) { return t.sheet(v)["sheet"]; }

void losses(YearTable& t, int companies, const char* reason) {
    t.ok(t.umpire, "regiment.losses", {{"colonel", t.bob.user}, {"companies", companies}, {"reason", reason}});
}

// Bob's 7th with Drill 4 at full strength, ten companies.
void ready(YearTable& t) {
    t.ready();
    t.ok(t.umpire, "colonel.adjust", {{"colonel", t.bob.user}, {"field", "drill"}, {"value", 4}, {"reason", "Drilled"}});
}

}  // namespace

TEST_CASE("losses on campaign add up: 10 to 7 to 5 drops every attribute a point; the count starts again", "[year][losses]") {
    // over-the-hills.txt, "The Regiment": "Any regiment that loses half its strength or more on campaign
    // (either from battle or disease) automatically drops one point on all attributes."
    YearTable t;
    ready(t);
    losses(t, 7, "Flux in camp");
    CHECK(sheet_of(t, t.bob)["drill"] == 4);
    losses(t, 5, "Fontenoy");  // 5 of the 10 it took the field with: half
    CHECK(sheet_of(t, t.bob)["drill"] == 3);
    CHECK(sheet_of(t, t.bob)["strength_on_campaign"] == 5);
    losses(t, 3, "Melle");  // 2 of 5 since the drop: not half
    CHECK(sheet_of(t, t.bob)["drill"] == 3);
    check_replay(t);
}

TEST_CASE("the per-battle reading: each loss reckoned alone, 10 to 7 to 5 drops nothing", "[year][losses]") {
    YearTable t;
    ready(t);
    t.ok(t.umpire, "rules.set", {{"settings", {{"half_strength", "battle"}}}});
    losses(t, 7, "Flux in camp");
    losses(t, 5, "Fontenoy");  // 2 of 7
    CHECK(sheet_of(t, t.bob)["drill"] == 4);
    losses(t, 2, "Melle");  // 3 of 5: half or more
    CHECK(sheet_of(t, t.bob)["drill"] == 3);
    CHECK(t.error(t.umpire, "rules.set", {{"settings", {{"half_strength", "war"}}}}) == "bad_request");
}

TEST_CASE("recruiting back to strength costs recruit_cost a company, as many as the money allows", "[year][losses]") {
    YearTable t;
    ready(t);
    losses(t, 6, "Fontenoy");
    // Bob maintains ten again: four companies raised at £10 each, then ten companies' pay.
    t.ok(t.bob, "diary.submit", diary("socialise", orders(false, false, false, 10, 10)));
    SequenceDice dice(7);
    auto d = t.run(t.umpire, "month.resolve", json::object(), dice);
    REQUIRE(std::holds_alternative<std::vector<Event>>(d));
    t.commit(std::get<std::vector<Event>>(d));
    const json report = t.sheet(t.bob)["reports"]["1"];
    std::int64_t recruiting = 0;
    for (const auto& line : report["money"])
        if (line["item"] == "recruiting") recruiting += line["amount"].get<std::int64_t>();
    CHECK(recruiting == -40);
    CHECK(sheet_of(t, t.bob)["companies"] == 10);
    CHECK(sheet_of(t, t.bob)["strength_on_campaign"] == 10);
    check_replay(t);
}

TEST_CASE("recruit_cost 0: the companies come back free, as the book leaves it", "[year][losses]") {
    YearTable t;
    ready(t);
    t.ok(t.umpire, "rules.set", {{"settings", {{"recruit_cost", 0}}}});
    losses(t, 6, "Fontenoy");
    t.ok(t.bob, "diary.submit", diary("socialise", orders(false, false, false, 10, 10)));
    SequenceDice dice(7);
    auto d = t.run(t.umpire, "month.resolve", json::object(), dice);
    REQUIRE(std::holds_alternative<std::vector<Event>>(d));
    t.commit(std::get<std::vector<Event>>(d));
    // The sheet held by name: a range-for over a part of a temporary would read it after its destruction.
    const json sheet = t.sheet(t.bob);
    for (const auto& line : sheet["reports"]["1"]["money"]) CHECK(line["item"] != "recruiting");
    CHECK(sheet_of(t, t.bob)["companies"] == 10);
}
