#pragma once
// Order digestion (over-the-hills.txt, "Command & Control"): "It takes one turn for a unit to digest a new
// order." A small state machine: the order a unit acts on, the order it is digesting, and for how long.
#include <optional>

#include <nlohmann/json.hpp>

#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

struct OrderState {
    std::optional<Order> current;  // what the unit acts on (nothing: it stands as it was set up)
    std::optional<Order> pending;  // the new order being digested
    int turns_waiting = 0;         // turns ends the pending order has waited through

    bool operator==(const OrderState&) const = default;
};

// The leader gives an order (the card is revealed in the turn's resolution). With digest_turns 0 it takes
// effect at once; otherwise it waits, replacing any order still being digested (whose wait starts again).
void give_order(OrderState& state, Order order, const OthSettings& settings);

// The end of a turn: a pending order that has now waited digest_turns turns becomes the current one. So an
// order given in turn N is acted on from turn N + digest_turns.
void end_turn(OrderState& state, const OthSettings& settings);

// A reaction result or the umpire sets the unit's conduct directly (e.g. a unit that runs away): no delay,
// and nothing is left pending.
void impose_order(OrderState& state, Order order);

nlohmann::json to_json(const OrderState& state);

}  // namespace muster::oth
