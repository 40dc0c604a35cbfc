#include "shared/rulesets/oth/order_digestion.h"

#include <string>

namespace muster::oth {

// over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
void give_order(OrderState& state, Order order, const OthSettings& settings) {
    if (settings.digest_turns <= 0) {
        impose_order(state, order);
        return;
    }
    state.pending = order;
    state.turns_waiting = 0;
}

void end_turn(OrderState& state, const OthSettings& settings) {
    if (!state.pending) return;
    ++state.turns_waiting;
    if (state.turns_waiting >= settings.digest_turns) {
        state.current = state.pending;
        state.pending.reset();
        state.turns_waiting = 0;
    }
}

void impose_order(OrderState& state, Order order) {
    state.current = order;
    state.pending.reset();
    state.turns_waiting = 0;
}

nlohmann::json to_json(const OrderState& state) {
    auto name = [](const std::optional<Order>& o) {
        return o ? nlohmann::json(std::string(order_name(*o))) : nlohmann::json(nullptr);
    };
    return {{"current", name(state.current)}, {"pending", name(state.pending)}, {"turns_waiting", state.turns_waiting}};
}

}  // namespace muster::oth
