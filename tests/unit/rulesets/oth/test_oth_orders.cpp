// Over the Hill order cards and order digestion (shared/rulesets/oth/order_card.h, order_digestion.h,
// cease_fire.h) against ../shared/rules/over-the-hills.txt, "What Does A Leader Do?", "Command & Control" and
// "ANNEX B EXAMPLE ORDER CARD SET".
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "shared/rulesets/oth/cease_fire.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/order_digestion.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("the card set: five personal actions, No Action and the thirteen orders", "[oth]") {
    // Annex B: "Personal Action Talk to someone Personal Action Inspire the men Personal Action Engage in the
    // fight Personal Action Move FIRE Hold your fire Cease fire Retreat Form Square Form Column Form Line
    // Special Order Run Away Charge Wheel Left Wheel Right Personal Action Follow Me No Action"; ADVANCE from
    // "2. Give Orders".
    const auto& cards = order_card_set();
    CHECK(cards.size() == 18);
    std::set<std::string> ids;
    for (const auto& c : cards) {
        ids.insert(std::string(c.id));
        CHECK_FALSE(c.name.empty());
        CHECK_FALSE(c.text.empty());
        CHECK(c.order.has_value() == (c.kind == CardKind::order));
        CHECK(find_card(c.id) == &c);
        CHECK(to_json(c)["id"] == std::string(c.id));
    }
    CHECK(ids.size() == 18);
    CHECK(find_card("talk")->name == "Talk to someone");
    CHECK(find_card("inspire")->name == "Inspire the men");
    CHECK(find_card("engage")->name == "Engage in the fight");
    CHECK(find_card("move")->name == "Move");
    CHECK(find_card("no_action")->name == "No Action");
    CHECK(find_card("order.fire")->name == "FIRE");
    // "Special Order" is printed over Run Away alone; Charge and the wheels, like FIRE, have no heading of their own.
    CHECK(find_card("order.run_away")->heading == "Special Order");
    for (const char* id : {"order.charge", "order.wheel_left", "order.wheel_right", "order.fire", "order.advance"})
        CHECK(find_card(id)->heading == "Order");
    CHECK(find_card("order.follow_me")->heading == "Personal Action");
    CHECK(find_card("order.cease_fire")->text == "Stop shooting (this is quite hard to do since it is hard to "
                                                  "hear the order!)");
    CHECK(find_card("nonsense") == nullptr);
    for (auto o : all_orders) {
        CHECK(card_for_order(o).order == o);
        CHECK(order_from_name(order_name(o)) == o);
    }
    CHECK(std::size(all_orders) == 13);
    CHECK(card_kind_from_name("engage") == CardKind::engage);
    CHECK_FALSE(card_kind_from_name("parley").has_value());
    CHECK(card_needs_unit(CardKind::order));
    CHECK_FALSE(card_needs_unit(CardKind::inspire));
    CHECK(card_needs_leader(CardKind::talk));
    CHECK(to_json(*find_card("order.charge")) ==
          nlohmann::json{{"id", "order.charge"}, {"kind", "order"}, {"order", "charge"}, {"heading", "Order"},
                         {"name", "Charge"}, {"text", "Close with the enemy and hack about with sword or bayonet."}});
    CHECK(to_json(*find_card("move"))["order"].is_null());
}

TEST_CASE("a new order takes a turn to digest", "[oth]") {
    // "It takes one turn for a unit to digest a new order."
    OthSettings book;
    OrderState s;
    give_order(s, Order::fire, book);  // turn 1: FIRE given
    CHECK_FALSE(s.current.has_value());
    CHECK(s.pending == Order::fire);
    CHECK(s.turns_waiting == 0);
    end_turn(s, book);  // end of turn 1
    CHECK(s.current == Order::fire);  // turn 2 acts on it
    CHECK_FALSE(s.pending.has_value());
    CHECK(to_json(s) == nlohmann::json{{"current", "fire"}, {"pending", nullptr}, {"turns_waiting", 0}});

    give_order(s, Order::advance, book);  // turn 2: ADVANCE given; the unit still fires this turn
    CHECK(s.current == Order::fire);
    CHECK(s.pending == Order::advance);
    give_order(s, Order::charge, book);  // a second order replaces the first being digested
    CHECK(s.pending == Order::charge);
    end_turn(s, book);
    CHECK(s.current == Order::charge);
    end_turn(s, book);  // nothing pending: nothing changes
    CHECK(s.current == Order::charge);
    CHECK(s.turns_waiting == 0);
}

TEST_CASE("the digest delay is a setting; imposed conduct takes effect at once", "[oth]") {
    OthSettings slow;
    slow.digest_turns = 2;
    OrderState s;
    give_order(s, Order::wheel_left, slow);
    end_turn(s, slow);
    CHECK_FALSE(s.current.has_value());
    CHECK(s.turns_waiting == 1);
    end_turn(s, slow);
    CHECK(s.current == Order::wheel_left);

    OthSettings instant;
    instant.digest_turns = 0;
    OrderState t;
    give_order(t, Order::form_square, instant);
    CHECK(t.current == Order::form_square);
    CHECK_FALSE(t.pending.has_value());

    OrderState u;
    give_order(u, Order::advance, OthSettings{});
    impose_order(u, Order::run_away);  // a reaction test's RA: at once, and the advance is forgotten
    CHECK(u.current == Order::run_away);
    CHECK_FALSE(u.pending.has_value());
}

TEST_CASE("CEASE FIRE is obeyed on 4-6", "[oth]") {
    // "Stop shooting (this is quite hard to do since it is hard to hear the order!)": setting cease_fire_score.
    OthSettings book;
    for (int die = 1; die <= 6; ++die) {
        ScriptedDice dice({die});
        auto r = cease_fire(book, dice);
        CHECK(r.die == die);
        CHECK(r.obeyed == (die >= 4));
    }
    OthSettings hard;
    hard.cease_fire_score = 6;
    ScriptedDice dice({5});
    CHECK_FALSE(cease_fire(hard, dice).obeyed);
}
