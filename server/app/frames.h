#pragma once
// The frames the server sends (docs/protocol.md, "WebSocket"). Built once, shared by every recipient.
#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::frames {

using Frame = std::shared_ptr<const std::string>;

inline Frame reply_ok(const nlohmann::json& id, const nlohmann::json& body) {
    return std::make_shared<const std::string>(
        nlohmann::json{{"reply", id}, {"ok", true}, {"body", body}}.dump());
}

inline Frame reply_error(const nlohmann::json& id, const Error& error) {
    return std::make_shared<const std::string>(
        nlohmann::json{{"reply", id}, {"ok", false}, {"error", {{"code", error.code}, {"message", error.message}}}}
            .dump());
}

// kind is "view" (payload a whole view) or "patch" (payload a JSON Patch).
inline Frame push(std::int64_t campaign, std::int64_t seq, const char* kind, const nlohmann::json& payload) {
    std::string text = "{\"push\":\"view\",\"campaign\":" + std::to_string(campaign) +
                       ",\"seq\":" + std::to_string(seq) + ",\"" + kind + "\":";
    text += payload.dump();
    text += '}';
    return std::make_shared<const std::string>(std::move(text));
}

}  // namespace muster::frames
