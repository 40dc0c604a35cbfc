#pragma once
// The order cards (over-the-hills.txt, "ANNEX B EXAMPLE ORDER CARD SET") and the orders they give
// ("What Does A Leader Do?", "2. Give Orders"). Each turn a player chooses one card for his leader.
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace muster::oth {

// "There are 5 things a leader (= player) can do", plus Annex B's "No Action".
enum class CardKind { talk, order, inspire, engage, move, no_action };

// "In the heat of battle there are very few orders that will be understood" (the thirteen).
enum class Order {
    fire, hold_your_fire, cease_fire, retreat, run_away, advance, charge,
    wheel_left, wheel_right, follow_me, form_square, form_column, form_line,
};

inline constexpr Order all_orders[] = {
    Order::fire,       Order::hold_your_fire, Order::cease_fire, Order::retreat,     Order::run_away,
    Order::advance,    Order::charge,         Order::wheel_left, Order::wheel_right, Order::follow_me,
    Order::form_square, Order::form_column,   Order::form_line,
};

std::string_view card_kind_name(CardKind kind);  // "talk", "order", "inspire", "engage", "move", "no_action"
std::optional<CardKind> card_kind_from_name(std::string_view name);
std::string_view order_name(Order order);         // "fire", "hold_your_fire", ...
std::optional<Order> order_from_name(std::string_view name);

struct OrderCard {
    std::string_view id;       // stable: "talk", "inspire", ..., "order.fire", "order.form_line"
    CardKind kind;
    std::optional<Order> order;  // for order cards
    std::string_view heading;  // as Annex B prints it above the name: "Personal Action", "Order", "Special Order"
    std::string_view name;     // as the book prints it: "Talk to someone", "FIRE", "Hold your fire", ...
    std::string_view text;     // what it means, in the book's words where it has them
};

// The whole set: the five personal actions and No Action, and one card per order (18 cards).
const std::vector<OrderCard>& order_card_set();
const OrderCard* find_card(std::string_view id);
const OrderCard& card_for_order(Order order);

// An order card is given to a unit the leader is with ("Leaders can only give orders to troops they are
// actually with"); Talk names another leader; the others name nothing.
inline bool card_needs_unit(CardKind kind) { return kind == CardKind::order; }
inline bool card_needs_leader(CardKind kind) { return kind == CardKind::talk; }

nlohmann::json to_json(const OrderCard& card);

}  // namespace muster::oth
