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

// An error's message may quote what the sender wrote: should a rule ever cut it inside a character, the reply
// still goes out (the broken bytes replaced) instead of the serializer's exception.
inline Frame reply_error(const nlohmann::json& id, const Error& error) {
    return std::make_shared<const std::string>(
        nlohmann::json{{"reply", id}, {"ok", false}, {"error", {{"code", error.code}, {"message", error.message}}}}
            .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

// The one answer to a campaign id the user may not use, whether it does not exist or he is not a member:
// two answers would let anyone list the campaigns.
inline Error no_campaign(std::int64_t campaign) {
    return not_found("You have no campaign " + std::to_string(campaign) + ".");
}

// A view push (docs/protocol.md, "push"). kind is "view" (payload a whole view) or "patch" (payload a JSON
// Patch). version is the recipient's own view version, never the campaign's event seq: it moves only when
// his view changes. payload is the payload's JSON text, so one patch is serialized once for many users.
inline Frame push_text(std::int64_t campaign, std::int64_t version, const char* kind, const std::string& payload) {
    std::string text = "{\"push\":\"view\",\"campaign\":" + std::to_string(campaign) +
                       ",\"version\":" + std::to_string(version) + ",\"" + kind + "\":";
    text += payload;
    text += '}';
    return std::make_shared<const std::string>(std::move(text));
}

inline Frame push(std::int64_t campaign, std::int64_t version, const char* kind, const nlohmann::json& payload) {
    return push_text(campaign, version, kind, payload.dump());
}

// A sender's own push with his reply in the same frame (docs/protocol.md, "a push with its reply"): one write
// instead of two. The push's text is an object, so its closing brace gives way to the reply's fields.
inline Frame push_with_reply(const std::string& push, const nlohmann::json& id, const nlohmann::json& body) {
    std::string text(push, 0, push.size() - 1);
    text += ",\"reply\":";
    text += id.dump();
    text += ",\"ok\":true,\"body\":";
    text += body.dump();
    text += '}';
    return std::make_shared<const std::string>(std::move(text));
}

}  // namespace muster::frames
