// The auction's clock (docs/protocol.md, "House rules": auction_extension_seconds; docs/rules-notes.md, "Getting
// your regiment"): a bid in a lot's last seconds gives the others time to answer it.
#include "test_year_table.h"

using namespace year_test;

TEST_CASE("house rule auction_extension_seconds: a bid in a lot's last seconds moves its close", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 0);
    t.create(t.carol, "Dartington", 0);
    t.ok(t.umpire, "rules.set", {{"settings", {{"auction_extension_seconds", 30}}}});
    t.ok(t.umpire, "auction.open", {{"regiment", 12}, {"countdown_seconds", 60}});
    const auto end = t.now + 60'000;
    t.ok(t.bob, "auction.bid", {{"amount", 100}});  // 60 s left: the countdown stands
    CHECK(t.year_view(t.bob)["auction"]["lot"]["closes_at"] == end);
    t.now = end - 10'000;
    t.ok(t.carol, "auction.bid", {{"amount", 150}});  // 10 s left: 30 s from now
    CHECK(t.year_view(t.bob)["auction"]["lot"]["closes_at"] == t.now + 30'000);
    REQUIRE(year::next_alarm(t.state) == t.now + 30'000);
    t.now = end + 5'000;  // the old close has passed; Kemp may still answer
    t.ok(t.bob, "auction.bid", {{"amount", 200}});
    CampaignState again;  // the moved close is in the event: replay gives the same lot
    for (const auto& e : t.log) campaign::apply(again, e);
    CHECK(view(again, t.umpire)["year"]["auction"] == t.year_view(t.umpire)["auction"]);
}
