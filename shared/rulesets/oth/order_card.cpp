#include "shared/rulesets/oth/order_card.h"

#include <string>

namespace muster::oth {

std::string_view card_kind_name(CardKind kind) {
    switch (kind) {
        case CardKind::talk: return "talk";
        case CardKind::order: return "order";
        case CardKind::inspire: return "inspire";
        case CardKind::engage: return "engage";
        case CardKind::move: return "move";
        case CardKind::no_action: return "no_action";
    }
    return "";
}

std::optional<CardKind> card_kind_from_name(std::string_view name) {
    for (auto k : {CardKind::talk, CardKind::order, CardKind::inspire, CardKind::engage, CardKind::move,
                   CardKind::no_action})
        if (card_kind_name(k) == name) return k;
    return std::nullopt;
}

std::string_view order_name(Order order) {
    switch (order) {
        case Order::fire: return "fire";
        case Order::hold_your_fire: return "hold_your_fire";
        case Order::cease_fire: return "cease_fire";
        case Order::retreat: return "retreat";
        case Order::run_away: return "run_away";
        case Order::advance: return "advance";
        case Order::charge: return "charge";
        case Order::wheel_left: return "wheel_left";
        case Order::wheel_right: return "wheel_right";
        case Order::follow_me: return "follow_me";
        case Order::form_square: return "form_square";
        case Order::form_column: return "form_column";
        case Order::form_line: return "form_line";
    }
    return "";
}

std::optional<Order> order_from_name(std::string_view name) {
    for (auto o : all_orders)
        if (order_name(o) == name) return o;
    return std::nullopt;
}

// over-the-hills.txt, "ANNEX B EXAMPLE ORDER CARD SET" (names and headings) and "What Does A Leader Do?"
// (what each means). Annex B prints "Special Order" over Run Away alone, and no heading over FIRE ... Form Line
// or Charge and the wheels: those are "Order" here. The book gives no text for the three FORM cards and prints no ADVANCE card in Annex B
// (ADVANCE is in the order list); see docs/rules-notes.md.
const std::vector<OrderCard>& order_card_set() {
    static const std::vector<OrderCard> cards = {
        {"talk", CardKind::talk, std::nullopt, "Personal Action", "Talk to someone",
         "Talk to other leaders. Having a discussion takes time - and those involved have to have their leader "
         "figures next to each other to be able to talk."},
        {"inspire", CardKind::inspire, std::nullopt, "Personal Action", "Inspire the men",
         "Go to the front and by giving stirring speeches, encourage the men to fight on (or stop them charging "
         "prematurely)."},
        {"engage", CardKind::engage, std::nullopt, "Personal Action", "Engage in the fight",
         "Join in the fight: your troops involved gain an advantage, but you cannot issue orders or take any "
         "other action whilst in the fight - and might be killed or wounded."},
        {"move", CardKind::move, std::nullopt, "Personal Action", "Move",
         "Ride about the battlefield: up to 40 cm this turn."},
        {"order.fire", CardKind::order, Order::fire, "Order", "FIRE",
         "The unit will start shooting at whatever is in front of it and in range."},
        {"order.hold_your_fire", CardKind::order, Order::hold_your_fire, "Order", "Hold your fire",
         "The unit will wait until the enemy is close before starting to shoot. The closer the enemy, the more "
         "devastating the shooting."},
        {"order.cease_fire", CardKind::order, Order::cease_fire, "Order", "Cease fire",
         "Stop shooting (this is quite hard to do since it is hard to hear the order!)"},
        {"order.retreat", CardKind::order, Order::retreat, "Order", "Retreat",
         "The unit starts to move backward facing the enemy. This is dangerous because the troops may lose heart "
         "and run away."},
        {"order.form_square", CardKind::order, Order::form_square, "Order", "Form Square",
         "The unit forms square (a complex manoeuvre)."},
        {"order.form_column", CardKind::order, Order::form_column, "Order", "Form Column",
         "The unit forms column (a complex manoeuvre)."},
        {"order.form_line", CardKind::order, Order::form_line, "Order", "Form Line",
         "The unit forms line (a complex manoeuvre)."},
        {"order.advance", CardKind::order, Order::advance, "Order", "Advance",
         "Move forward until within effective shooting distance (about 10 cm)."},
        {"order.run_away", CardKind::order, Order::run_away, "Special Order", "Run Away",
         "Run away - you only need to do this once!"},
        {"order.charge", CardKind::order, Order::charge, "Order", "Charge",
         "Close with the enemy and hack about with sword or bayonet."},
        {"order.wheel_left", CardKind::order, Order::wheel_left, "Order", "Wheel Left",
         "The unit changes its facing to the left. This is a very slow process and difficult to organise in a "
         "battle."},
        {"order.wheel_right", CardKind::order, Order::wheel_right, "Order", "Wheel Right",
         "The unit changes its facing to the right. This is a very slow process and difficult to organise in a "
         "battle."},
        {"order.follow_me", CardKind::order, Order::follow_me, "Personal Action", "Follow Me",
         "The unit will follow wherever you go, but will tend to become disorganised."},
        {"no_action", CardKind::no_action, std::nullopt, "", "No Action", "The leader does nothing this turn."},
    };
    return cards;
}

const OrderCard* find_card(std::string_view id) {
    for (const auto& c : order_card_set())
        if (c.id == id) return &c;
    return nullptr;
}

const OrderCard& card_for_order(Order order) {
    for (const auto& c : order_card_set())
        if (c.order == order) return c;
    return order_card_set().front();  // unreachable: every order has a card
}

nlohmann::json to_json(const OrderCard& card) {
    return {{"id", std::string(card.id)},
            {"kind", std::string(card_kind_name(card.kind))},
            {"order", card.order ? nlohmann::json(std::string(order_name(*card.order))) : nlohmann::json(nullptr)},
            {"heading", std::string(card.heading)},
            {"name", std::string(card.name)},
            {"text", std::string(card.text)}};
}

}  // namespace muster::oth
