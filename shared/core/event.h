#pragma once
// The event envelope: what decide() returns, what the store appends, what apply() folds in.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/viewer.h"

namespace muster {

struct Event {
    std::int64_t seq = 0;    // the campaign's event number, assigned by the store (1, 2, ...)
    std::string type;        // e.g. "chat.said"
    std::int64_t actor = 0;  // user id, 0 for the server itself
    std::int64_t at = 0;     // unix milliseconds, stamped by the server (the rules never read a clock)
    nlohmann::json body = nlohmann::json::object();
    nlohmann::json dice = nlohmann::json::array();  // the rolls this event consumed, as logged by the Dice
};

// An event of this type by this actor; the store numbers it and the hub stamps its time.
inline Event make_event(std::string type, const Viewer& actor, nlohmann::json body) {
    Event e;
    e.type = std::move(type);
    e.actor = actor.user;
    e.body = std::move(body);
    return e;
}

struct Command {
    std::string type;  // e.g. "chat.say"
    nlohmann::json body = nlohmann::json::object();
};

}  // namespace muster
