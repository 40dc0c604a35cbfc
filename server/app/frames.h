#pragma once
// The frames the server sends (docs/protocol.md, "WebSocket"). Built once, shared by every recipient.
#include <charconv>
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
    // Made for every recipient of every change: one allocation, not one per piece.
    char c[24], v[24];
    const char* c_end = std::to_chars(c, c + sizeof c, campaign).ptr;
    const char* v_end = std::to_chars(v, v + sizeof v, version).ptr;
    const std::size_t kind_size = std::char_traits<char>::length(kind);
    std::string text;
    text.reserve(40 + static_cast<std::size_t>((c_end - c) + (v_end - v)) + kind_size + payload.size());
    text += "{\"push\":\"view\",\"campaign\":";
    text.append(c, static_cast<std::size_t>(c_end - c));
    text += ",\"version\":";
    text.append(v, static_cast<std::size_t>(v_end - v));
    text += ",\"";
    text.append(kind, kind_size);
    text += "\":";
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
    const std::string id_text = id.dump(), body_text = body.dump();
    std::string text;
    text.reserve(push.size() + 32 + id_text.size() + body_text.size());
    text.append(push, 0, push.size() - 1);
    text += ",\"reply\":";
    text += id_text;
    text += ",\"ok\":true,\"body\":";
    text += body_text;
    text += '}';
    return std::make_shared<const std::string>(std::move(text));
}

}  // namespace muster::frames
