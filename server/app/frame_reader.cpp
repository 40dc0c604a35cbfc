#include "server/app/frame_reader.h"

#include <cctype>

#include "shared/campaign/campaign.h"
#include "shared/core/fields.h"

namespace muster::frames {

using nlohmann::json;

namespace {

// By reference: the error may be made from the frame's own fields, which must not be moved from first.
Incoming refused(Incoming& in, Error error) {
    in.refusal = std::move(error);
    return std::move(in);
}

bool sendable_key(const std::string& key) {
    if (key.empty() || key.size() > 64) return false;
    for (unsigned char c : key)
        if (!std::isalnum(c) && c != '-' && c != '_') return false;
    return true;
}

}  // namespace

Incoming read_frame(const std::string& text) {
    Incoming in;
    // JSON text holds no NUL byte; nlohmann's parser would stop at one and take what came before as the frame.
    auto frame = text.find('\0') != std::string::npos ? json(json::value_t::discarded)
                                                      : json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (frame.is_discarded()) {
        in.unreadable = bad_request("The frame is not valid JSON.");
        return in;
    }
    if (!frame.is_object()) {
        in.unreadable = bad_request("A frame must be a JSON object.");
        return in;
    }
    if (auto id = frame.find("id"); id != frame.end()) {
        if (!id->is_null() && !id->is_number() && !id->is_string()) {
            in.unreadable = bad_request("\"id\" must be a number or a string.");
            return in;
        }
        in.id = std::move(*id);
    }

    auto type_it = frame.find("type");
    if (type_it == frame.end() || !type_it->is_string()) return refused(in, bad_request("\"type\" must be a command name."));
    in.command = Command{type_it->get<std::string>(), json::object()};
    auto& body = in.command.body;
    if (auto b = frame.find("body"); b != frame.end()) {
        if (!b->is_object()) return refused(in, bad_request("\"body\" must be an object."));
        body = std::move(*b);
    }
    // The campaign may be named at the top level or in the body; if both, they must agree.
    if (auto c = frame.find("campaign"); c != frame.end()) {
        if (body.contains("campaign") && body["campaign"] != *c)
            return refused(in, bad_request("\"campaign\" differs between the frame and its body."));
        body["campaign"] = std::move(*c);
    }

    if (auto k = frame.find("key"); k != frame.end()) {
        if (!k->is_string() || !sendable_key(k->get_ref<const std::string&>()))
            return refused(in, bad_request("\"key\" must be 1 to 64 letters, digits, '-' or '_'."));
        in.key = k->get<std::string>();
    }

    const auto& type = in.command.type;
    if (type == "campaign.create") {
        in.route = Incoming::Route::create;
        if (auto e = read_string(body, "name", 1, campaign::name_max, in.name)) return refused(in, *e);
    } else if (type == "campaign.list") {
        in.route = Incoming::Route::list;
    } else if (type == "campaign.join") {
        in.route = Incoming::Route::join;
        std::string code;
        if (auto e = read_string(body, "code", 1, 64, code)) return refused(in, *e);
        in.code = campaign::invite_code_as_made(code);
    } else if (type == "campaign.subscribe" || type == "campaign.unsubscribe" || campaign::handles(type)) {
        in.route = Incoming::Route::campaign;
        if (auto e = read_id(body, "campaign", in.campaign)) return refused(in, *e);
    } else {
        return refused(in, {"unknown_command", "There is no command \"" + type + "\"."});
    }
    return in;
}

}  // namespace muster::frames
