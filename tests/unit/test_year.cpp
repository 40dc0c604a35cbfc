// The campaign year's rules (shared/campaign/year.h) before the months: set up, objectives, the auction, the
// calendar. Every outcome with scripted dice; each rule cites its section of ../shared/rules/over-the-hills.txt.
// The months themselves: test_year_month.cpp.
#include "test_year_table.h"

#include "shared/campaign/calendar.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/regiment.h"

using namespace year_test;
using namespace muster::campaign::year;

// --- Set Up ---

TEST_CASE("a colonel buys PIP at £10 out of £1,000 and what is left is his fortune", "[year]") {
    // over-the-hills.txt, "Set Up": "players are given £1,000 and can buy PIP at a price of £10 per PIP.
    // Whatever cash they have left over is their starting fortune."
    YearTable t;
    t.ok(t.bob, "colonel.create",
         {{"name", "Kemp"},
          {"profile", {{"age", 42}, {"social_status", "baronet"}, {"marital_status", "widower"},
                       {"background", "Dorset gentry"}, {"experience", "none whatever"}}},
          {"pip", 30}});
    auto s = t.sheet(t.bob);
    CHECK(s["fortune"] == 700);
    CHECK(s["pip"] == 30);
    CHECK(s["profile"]["age"] == 42);
    CHECK(s["regiment"].is_null());
    CHECK(t.year_view(t.observer)["colonels"]["2"]["profile"]["background"] == "Dorset gentry");

    CHECK(t.error(t.carol, "colonel.create", {{"name", "Greedy"}, {"pip", 101}}) == "bad_request");
    CHECK(t.error(t.carol, "colonel.create", {{"name", "Negative"}, {"pip", -1}}) == "bad_request");
    CHECK(t.error(t.carol, "colonel.create", {{"name", ""}}) == "bad_request");
    CHECK(t.error(t.carol, "colonel.create", {{"name", std::string(81, 'x')}}) == "too_large");
    CHECK(t.error(t.carol, "colonel.create", {{"name", "Young"}, {"profile", {{"age", 5}}}}) == "bad_request");
    CHECK(t.error(t.bob, "colonel.create", {{"name", "Again"}}) == "conflict");
    CHECK(t.error(t.umpire, "colonel.create", {{"name", "Umpire"}}) == "forbidden");
    CHECK(t.error(t.observer, "colonel.create", {{"name", "Watcher"}}) == "forbidden");
    CHECK(t.error(t.stranger, "colonel.create", {{"name", "Stranger"}}) == "forbidden");

    // During setup the player may choose again: all his money in PIP, or little.
    t.ok(t.bob, "colonel.update", {{"pip", 100}});
    CHECK(t.sheet(t.bob)["fortune"] == 0);
    CHECK(t.sheet(t.bob)["pip"] == 100);
    CHECK(t.error(t.bob, "colonel.update", {{"pip", 101}}) == "cannot_afford");
    t.ok(t.bob, "colonel.update", {{"pip", 10}, {"name", "Kemp the Elder"}});
    CHECK(t.sheet(t.bob)["fortune"] == 900);
    CHECK(t.sheet(t.bob)["pip"] == 10);
    CHECK(t.sheet(t.bob)["name"] == "Kemp the Elder");
    CHECK(t.error(t.bob, "colonel.update", json::object()) == "bad_request");
    CHECK(t.error(t.carol, "colonel.update", {{"pip", 3}}) == "not_found");
}

TEST_CASE("PIP can be bought only during setup; a late joiner buys at his own start-up", "[year]") {
    // over-the-hills.txt, "Set Up": "Political influence can only be bought in this way right at the start
    // of the campaign."
    YearTable t;
    t.ready_one();
    CHECK(t.error(t.bob, "colonel.update", {{"pip", 40}}) == "conflict");
    CHECK(t.error(t.dave, "colonel.update", {{"pip", 0}}) == "conflict");
    t.ok(t.bob, "colonel.update", {{"profile", {{"background", "Now a general's nephew"}}}});
    CHECK(t.sheet(t.bob)["pip"] == 30);

    Viewer gina{8, "gina", Role::player};
    t.join(gina, "player");
    t.ok(gina, "colonel.create", {{"name", "Hawley"}, {"pip", 20}});
    CHECK(t.sheet(gina)["fortune"] == 800);
    CHECK(t.error(gina, "colonel.update", {{"pip", 10}}) == "conflict");

    t.ok(t.umpire, "rules.set", {{"settings", {{"late_colonels_buy_pip", false}}}});
    Viewer hal{9, "hal", Role::player};
    t.join(hal, "player");
    CHECK(t.error(hal, "colonel.create", {{"name", "Cope"}, {"pip", 5}}) == "conflict");
    t.ok(hal, "colonel.create", {{"name", "Cope"}});
    CHECK(t.sheet(hal)["fortune"] == 1000);
}

// --- Personal Objectives ---

TEST_CASE("a secret objective: one of the book's five at once, a custom one when an umpire approves", "[year]") {
    // over-the-hills.txt, "Personal Objectives".
    YearTable t;
    t.create(t.bob, "Kemp", 0);
    t.create(t.carol, "Dartington", 0);
    t.ok(t.bob, "objective.choose", {{"kind", "smartest"}});
    CHECK(t.sheet(t.bob)["objective"]["status"] == "approved");
    CHECK(t.sheet(t.bob)["objective"]["text"] == "To have the smartest regiment in the army");

    CHECK(t.error(t.carol, "objective.choose", {{"kind", "revenge"}}) == "bad_request");
    CHECK(t.error(t.carol, "objective.choose", {{"kind", "custom"}}) == "bad_request");
    CHECK(t.error(t.dave, "objective.choose", {{"kind", "glory"}}) == "not_found");
    t.ok(t.carol, "objective.choose", {{"kind", "custom"}, {"text", "To marry the Duke's daughter"}});
    CHECK(t.sheet(t.carol)["objective"]["status"] == "pending");
    CHECK(t.year_view(t.umpire)["console"]["pending_objectives"] == json::array({3}));
    CHECK(t.error(t.carol, "objective.review", {{"colonel", 3}, {"approve", true}}) == "forbidden");
    CHECK(t.error(t.umpire, "objective.review", {{"colonel", 2}, {"approve", true}}) == "conflict");
    CHECK(t.error(t.umpire, "objective.review", {{"colonel", 9}, {"approve", true}}) == "not_found");
    CHECK(t.error(t.umpire, "objective.review", {{"colonel", 3}}) == "bad_request");
    t.ok(t.umpire, "objective.review", {{"colonel", 3}, {"approve", false}, {"note", "Too easy: she is willing"}});
    CHECK(t.sheet(t.carol)["objective"]["status"] == "rejected");
    CHECK(t.sheet(t.carol)["objective"]["note"] == "Too easy: she is willing");
    t.ok(t.carol, "objective.choose", {{"kind", "custom"}, {"text", "To marry the Duke's other daughter"}});
    t.ok(t.umpire, "objective.review", {{"colonel", 3}, {"approve", true}});
    CHECK(t.sheet(t.carol)["objective"]["status"] == "approved");

    // Chosen at the start of the campaign: settled once the year has begun.
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 1}});
    CHECK(t.error(t.bob, "objective.choose", {{"kind", "glory"}}) == "conflict");
}

// --- Getting your Regiment ---

TEST_CASE("the auction: regiments 3 to 20 for cash, open bids, one regiment each", "[year]") {
    // over-the-hills.txt, "Getting your Regiment": "Players will bid for regimental numbers between 3 and 20
    // in an open auction using CASH only. Colonelcies of Regimental numbers 1 and 2 are never available".
    YearTable t;
    t.create(t.bob, "Kemp", 30);         // £700
    t.create(t.carol, "Dartington", 50);  // £500
    t.create(t.dave, "Wolfe", 0);         // £1000
    for (int number : {1, 2, 0, -3, 21, 99})
        CHECK(t.error(t.umpire, "auction.open", {{"regiment", number}}) == "bad_request");
    CHECK(t.error(t.umpire, "auction.open", {{"regiment", "7"}}) == "bad_request");
    CHECK(t.error(t.umpire, "auction.open", {{"regiment", 7.5}}) == "bad_request");
    CHECK(t.error(t.bob, "auction.open", {{"regiment", 7}}) == "forbidden");
    CHECK(t.error(t.bob, "auction.bid", {{"amount", 10}}) == "conflict");  // nothing on the block

    t.ok(t.umpire, "auction.open", {{"regiment", 7}});
    CHECK(t.error(t.umpire, "auction.open", {{"regiment", 8}}) == "conflict");  // one lot at a time
    CHECK(t.error(t.bob, "auction.bid", {{"amount", 800}}) == "cannot_afford");  // not money he has not got
    t.ok(t.bob, "auction.bid", {{"amount", 300}});
    CHECK(t.error(t.carol, "auction.bid", {{"amount", 300}}) == "conflict");
    CHECK(t.error(t.carol, "auction.bid", {{"amount", 0}}) == "bad_request");
    t.ok(t.carol, "auction.bid", {{"amount", 310}});
    t.ok(t.dave, "auction.bid", {{"amount", 500}});
    CHECK(t.error(t.umpire, "auction.bid", {{"amount", 600}}) == "forbidden");
    CHECK(t.error(t.observer, "auction.bid", {{"amount", 600}}) == "forbidden");

    // Bids are public: the observer sees every one.
    auto lot = t.year_view(t.observer)["auction"]["lot"];
    REQUIRE(lot["bids"].size() == 3);
    CHECK(lot["bids"][1]["colonel_name"] == "Dartington");
    CHECK(lot["bids"][1]["amount"] == 310);
    CHECK(lot["high"]["colonel"] == 4);
    CHECK(lot["high"]["amount"] == 500);

    t.ok(t.umpire, "auction.close", json::object());
    // over-the-hills.txt, "The Regiment": "At the point at which the regiment is created, this is 1 for each
    // attribute"; "Background": "each battalion consists of 10 companies".
    auto s = t.sheet(t.dave);
    CHECK(s["fortune"] == 500);
    CHECK(s["regiment"] == 7);
    CHECK(s["regiment_name"] == "Wolfe's Regiment of Foot");
    CHECK(s["sheet"]["companies"] == 10);
    CHECK(s["sheet"]["declared"] == 10);
    CHECK(s["sheet"]["drill"] == 1);
    CHECK(s["sheet"]["musketry"] == 1);
    CHECK(s["sheet"]["effectiveness"] == 1);
    CHECK(t.sheet(t.carol)["fortune"] == 500);  // losing bids cost nothing
    auto auction = t.year_view(t.observer)["auction"];
    CHECK(auction["lot"].is_null());
    CHECK(auction["lots"][0]["winner_name"] == "Wolfe");
    CHECK(auction["lots"][0]["price"] == 500);
    CHECK(auction["lowest_price"] == 500);

    // One regiment per colonel; a regiment has one colonel.
    CHECK(t.error(t.umpire, "auction.open", {{"regiment", 7}}) == "conflict");
    t.ok(t.umpire, "auction.open", {{"regiment", 20}});
    CHECK(t.error(t.dave, "auction.bid", {{"amount", 10}}) == "conflict");
    t.ok(t.umpire, "auction.close", json::object());  // unsold
    CHECK(t.year_view(t.bob)["auction"]["lots"][1]["winner"].is_null());
    CHECK(t.year_view(t.bob)["auction"]["available"].size() == 17);  // 3..20 without the 7th

    // A player may not re-choose PIP below his standing bid.
    t.ok(t.umpire, "auction.open", {{"regiment", 3}});
    t.ok(t.carol, "auction.bid", {{"amount", 400}});
    t.ok(t.bob, "auction.bid", {{"amount", 650}});
    CHECK(t.error(t.bob, "colonel.update", {{"pip", 70}}) == "cannot_afford");  // would leave £300
    // The high bidder who can no longer pay at the close loses the lot to the highest bid that can.
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 2}, {"field", "fortune"}, {"value", 100}, {"reason", "Gambling debts"}});
    t.ok(t.umpire, "auction.close", {{"lot", 3}});
    CHECK(t.sheet(t.carol)["regiment"] == 3);
    CHECK(t.sheet(t.carol)["fortune"] == 100);
    CHECK(t.sheet(t.bob)["regiment"].is_null());
    CHECK(t.sheet(t.bob)["fortune"] == 100);
    CHECK(t.year_view(t.observer)["auction"]["lowest_price"] == 400);
}

TEST_CASE("a lot's countdown closes it by the server's clock", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 0);
    t.create(t.carol, "Dartington", 0);
    CHECK_FALSE(year::next_alarm(t.state).has_value());
    CHECK(t.error(t.umpire, "auction.open", {{"regiment", 12}, {"countdown_seconds", 5}}) == "bad_request");
    t.ok(t.umpire, "auction.open", {{"regiment", 12}, {"countdown_seconds", 60}});
    const auto end = t.now + 60'000;
    CHECK(t.year_view(t.bob)["auction"]["lot"]["closes_at"] == end);
    REQUIRE(year::next_alarm(t.state) == end);
    auto command = year::alarm_command(t.state, end);
    CHECK(command.type == "auction.close");
    CHECK(command.body == json({{"lot", 1}}));

    t.ok(t.bob, "auction.bid", {{"amount", 100}});
    t.now -= 120'000;  // the clock may not close a lot whose countdown is far from over
    CHECK(t.error(server_clock(), "auction.close", command.body) == "conflict");
    t.now = end;
    CHECK(t.error(t.carol, "auction.bid", {{"amount", 150}}) == "too_late");
    t.ok(server_clock(), "auction.close", command.body);
    CHECK(t.sheet(t.bob)["regiment"] == 12);
    CHECK(t.sheet(t.bob)["fortune"] == 900);
    CHECK_FALSE(year::next_alarm(t.state).has_value());
    // A stale alarm for a lot already closed changes nothing.
    CHECK(t.error(server_clock(), "auction.close", command.body) == "conflict");
}

TEST_CASE("a late joiner buys a regiment at the lowest price of the initial auction", "[year]") {
    // over-the-hills.txt, "Getting your Regiment": "Players who join the campaign at a later stage will buy in
    // to a regiment of their choice for the lowest price established at the initial setup auction. If more
    // than one player joins at the same time then obviously they can enter into a bidding process."
    YearTable t;
    t.create(t.bob, "Kemp", 30);
    t.create(t.carol, "Dartington", 50);
    t.create(t.dave, "Wolfe", 0);
    t.auction(7, t.bob, 300);
    t.auction(12, t.carol, 200);
    CHECK(t.error(t.dave, "regiment.buy", {{"regiment", 3}}) == "conflict");  // the initial auction is running
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    CHECK(t.year_view(t.dave)["auction"]["lowest_price"] == 200);

    CHECK(t.error(t.dave, "regiment.buy", {{"regiment", 2}}) == "bad_request");
    CHECK(t.error(t.dave, "regiment.buy", {{"regiment", 21}}) == "bad_request");
    CHECK(t.error(t.dave, "regiment.buy", {{"regiment", 7}}) == "conflict");
    CHECK(t.error(t.bob, "regiment.buy", {{"regiment", 4}}) == "conflict");
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 4}, {"field", "fortune"}, {"value", 150}, {"reason", "South Sea stock"}});
    CHECK(t.error(t.dave, "regiment.buy", {{"regiment", 3}}) == "cannot_afford");
    t.ok(t.umpire, "colonel.adjust", {{"colonel", 4}, {"field", "fortune"}, {"value", 1000}, {"reason", "Recovered"}});
    t.ok(t.dave, "regiment.buy", {{"regiment", 3}});
    CHECK(t.sheet(t.dave)["fortune"] == 800);
    CHECK(t.sheet(t.dave)["sheet"]["drill"] == 1);

    // The regiments by seniority, public: number, name and colonel.
    t.ok(t.dave, "regiment.rename", {{"name", "The Buffs"}});
    auto regiments = t.year_view(t.observer)["regiments"];
    REQUIRE(regiments.size() == 3);
    CHECK(regiments[0] == json({{"number", 3}, {"name", "The Buffs"}, {"colonel", 4}, {"colonel_name", "Wolfe"}}));
    CHECK(regiments[1]["number"] == 7);
    CHECK(regiments[1]["name"] == "Kemp's Regiment of Foot");
    CHECK(regiments[2]["number"] == 12);

    // Several late joiners bid against each other, from that price.
    Viewer gina{8, "gina", Role::player}, hal{9, "hal", Role::player};
    t.join(gina, "player");
    t.join(hal, "player");
    t.create(gina, "Hawley", 0);
    t.create(hal, "Cope", 0);
    t.ok(t.umpire, "auction.open", {{"regiment", 5}});
    CHECK(t.year_view(gina)["auction"]["lot"]["reserve"] == 200);
    CHECK(t.error(gina, "auction.bid", {{"amount", 150}}) == "conflict");
    CHECK(t.error(hal, "regiment.buy", {{"regiment", 5}}) == "conflict");  // on the block
    t.ok(gina, "auction.bid", {{"amount", 200}});
    t.ok(hal, "auction.bid", {{"amount", 260}});
    t.ok(t.umpire, "auction.close", json::object());
    CHECK(t.sheet(hal)["regiment"] == 5);
    CHECK(t.year_view(gina)["auction"]["lowest_price"] == 200);  // later sales do not lower it
}

TEST_CASE("with no regiment sold at the initial auction there is no price to buy in at", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 0);
    t.ok(t.umpire, "year.start", {{"year", "1744"}, {"month", 1}});
    CHECK(t.error(t.bob, "regiment.buy", {{"regiment", 5}}) == "conflict");
}

// --- the calendar ---

TEST_CASE("the year starts once, at the umpire's month, and moves on a month at a time", "[year]") {
    YearTable t;
    t.create(t.bob, "Kemp", 0);
    CHECK(t.error(t.bob, "year.start", {{"year", "174-"}, {"month", 3}}) == "forbidden");
    CHECK(t.error(t.umpire, "year.start", {{"year", "174-"}, {"month", 13}}) == "bad_request");
    CHECK(t.error(t.umpire, "year.start", {{"year", ""}, {"month", 1}}) == "bad_request");
    CHECK(t.error(t.umpire, "month.resolve", json::object()) == "conflict");
    CHECK(t.error(t.umpire, "month.set_deadline", {{"deadline", t.now + 1000}}) == "conflict");
    t.ok(t.umpire, "auction.open", {{"regiment", 4}});
    CHECK(t.error(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}}) == "conflict");
    t.ok(t.umpire, "auction.close", json::object());
    CHECK(t.year_view(t.observer)["phase"] == "setup");
    t.ok(t.umpire, "year.start", {{"year", "174-"}, {"month", 11}});
    CHECK(t.error(t.umpire, "year.start", {{"year", "174-"}, {"month", 3}}) == "conflict");
    auto cal = t.year_view(t.observer)["calendar"];
    CHECK(t.year_view(t.observer)["phase"] == "months");
    CHECK(cal["label"] == "November 174-");
    CHECK(cal["turn"] == 1);
    t.ok(t.umpire, "month.resolve", json::object());
    t.ok(t.umpire, "month.resolve", {{"turn", 2}});
    CHECK(t.error(t.umpire, "month.resolve", {{"turn", 2}}) == "conflict");
    cal = t.year_view(t.observer)["calendar"];
    CHECK(cal["label"] == "January 174-");
    CHECK(cal["year_number"] == 2);
    CHECK(cal["turn"] == 3);

    Calendar numeric;
    numeric.started = true;
    numeric.year = "1744";
    numeric.month = 12;
    numeric.turn = 10;
    auto next = advanced(numeric);
    CHECK(next.year == "1745");
    CHECK(next.month == 1);
    CHECK(next.turn == 11);
    CHECK(label(next) == "January 1745");
}
