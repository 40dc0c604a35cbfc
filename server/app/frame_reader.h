#pragma once
// A WebSocket text frame read into the command it asks for, or the error its reply carries (docs/protocol.md,
// "WebSocket"): the JSON, the envelope's id, type, body and campaign, and the fields the server itself reads
// before a hub sees the command. No socket, database or clock, so that App::on_frame and the fuzzer
// (tests/fuzz/fuzz_frames.cpp) run the same code.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"
#include "shared/core/event.h"

namespace muster::frames {

struct Incoming {
    enum class Route {
        create,    // campaign.create: `name`
        list,      // campaign.list
        join,      // campaign.join: `code`, as the server made it
        campaign,  // campaign.subscribe, campaign.unsubscribe and every rules command: `campaign`
    };
    // Not JSON, not an object, or an id that is neither number nor string: replied to with "reply": null, and
    // not counted by the rate limit.
    std::optional<Error> unreadable;
    nlohmann::json id;  // the reply's id
    // Any other refusal, replied to once the rate limit has counted the frame.
    std::optional<Error> refusal;
    Route route = Route::campaign;
    Command command;
    std::string name;
    std::string code;
    std::int64_t campaign = 0;
    // The sender's name for this send, optional (docs/protocol.md, "A send sent twice"): one he has committed
    // before is answered as done.
    std::string key;
};

Incoming read_frame(const std::string& text);

}  // namespace muster::frames
