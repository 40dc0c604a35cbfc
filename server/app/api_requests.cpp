#include "server/app/api_requests.h"

#include <regex>

#include "shared/core/fields.h"

namespace muster {

using nlohmann::json;

namespace {

// A new password from the body's `key`, or the words of what is wrong with it.
std::string read_new_password(const json& body, const char* key, std::string& out) {
    if (!body.is_object() || !body.contains(key) || !body[key].is_string()) return std::string("Give \"") + key + "\".";
    out = body[key].get<std::string>();
    if (utf8_length(out) < 10) return "A password needs at least 10 characters.";
    if (out.size() > 1024) return "A password is at most 1024 characters.";
    return "";
}

}  // namespace

std::string account_key(std::string text) {
    for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

ApiRoute api_route(const std::string& method, const std::string& path) {
    if (path == "/api/register" && method == "POST") return ApiRoute::register_user;
    if (path == "/api/login" && method == "POST") return ApiRoute::login;
    if (path == "/api/logout" && method == "POST") return ApiRoute::logout;
    // /api/session answers a visitor who is not logged in with 200 {"user": null}: the page asks it on every load,
    // and a 401 there would be logged in the browser's console each time.
    if (path == "/api/me" && method == "GET") return ApiRoute::me;
    if (path == "/api/session" && method == "GET") return ApiRoute::session;
    if (path.rfind("/api/admin/", 0) == 0) return ApiRoute::admin;
    if (path == "/api/email" || path == "/api/email/verify" || path == "/api/email/choices") return ApiRoute::email;
    if (path == "/api/notifications" || path == "/api/notifications/seen") return ApiRoute::notifications;
    const auto ends_with = [&](const std::string& tail) {
        return path.size() > tail.size() && path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (path.rfind("/api/campaigns/", 0) == 0 && (ends_with("/export") || ends_with("/chronicle") || ends_with("/dice") || ends_with("/mail")))
        return ApiRoute::archive;
    static const std::regex battle_record("^/api/campaigns/[0-9]{1,15}/battles/[0-9]{1,15}$");
    if (std::regex_match(path, battle_record)) return ApiRoute::archive;
    static const std::regex drafts("^/api/campaigns/[0-9]{1,15}/drafts/[^/]*$");
    if (std::regex_match(path, drafts)) return ApiRoute::drafts;
    if (path.rfind("/api/campaigns/", 0) == 0) return ApiRoute::images;
    if (path == "/api/test/clock") return ApiRoute::test_clock;
    if (path == "/api/mail-in") return ApiRoute::mail_in;
    if (path == "/api/password" || path == "/api/password/forgot" || path == "/api/password/reset") return ApiRoute::password;
    if (path == "/api/register" || path == "/api/login" || path == "/api/logout" || path == "/api/me" || path == "/api/session")
        return ApiRoute::wrong_method;
    return ApiRoute::none;
}

std::optional<ApiResponse> read_credentials(const std::string& text, std::string& username, std::string& password) {
    auto body = json::parse(text, nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return api_error(400, "bad_request", "The body must be a JSON object with \"username\" and \"password\".");
    if (auto e = read_string(body, "username", 1, 64, username)) return api_error(400, "bad_request", e->message);
    if (auto e = read_string(body, "password", 1, 1024, password)) return api_error(400, "bad_request", e->message);
    return std::nullopt;
}

std::optional<ApiResponse> check_new_account(const std::string& username, const std::string& password) {
    static const std::regex name_rule("^[A-Za-z0-9_.-]{3,32}$");
    if (!std::regex_match(username, name_rule))
        return api_error(400, "bad_request", "A username is 3 to 32 letters, digits, '_', '-' or '.'.");
    if (utf8_length(password) < 10) return api_error(400, "bad_request", "A password needs at least 10 characters.");
    return std::nullopt;
}

std::optional<ApiResponse> read_password_change(const json& body, std::string& current, std::string& fresh) {
    if (auto why = read_new_password(body, "password", fresh); !why.empty()) return api_error(400, "bad_request", why);
    if (!body.contains("current") || !body["current"].is_string())
        return api_error(400, "bad_request", "Give your \"current\" password.");
    current = body["current"].get<std::string>();
    return std::nullopt;
}

std::optional<ApiResponse> read_password_forgot(const json& body, std::string& account) {
    if (!body.is_object() || !body.contains("account") || !body["account"].is_string() || body["account"].get<std::string>().empty() ||
        body["account"].get<std::string>().size() > 254)
        return api_error(400, "bad_request", "Give your username or e-mail address (\"account\").");
    // Names and addresses are the same in any case: "Bob" and "bob" count against one limit.
    account = account_key(body["account"].get<std::string>());
    return std::nullopt;
}

std::optional<ApiResponse> read_password_reset(const json& body, std::string& token, std::string& fresh) {
    if (auto why = read_new_password(body, "password", fresh); !why.empty()) return api_error(400, "bad_request", why);
    if (!body.contains("token") || !body["token"].is_string()) return api_error(400, "bad_request", "Give the \"token\" from the link.");
    token = body["token"].get<std::string>();
    return std::nullopt;
}

AdminAction admin_action(const ApiRequest& request) {
    using Kind = AdminAction::Kind;
    const auto& path = request.path;
    AdminAction action;
    if (path == "/api/admin/import" && request.method == "POST") action.kind = Kind::import_archive;
    if (request.method == "GET") {
        if (path == "/api/admin/users") action.kind = Kind::users;
        if (path == "/api/admin/campaigns") action.kind = Kind::campaigns;
        if (path == "/api/admin/health") action.kind = Kind::health;
    }
    if (action.kind != Kind::none || request.method != "POST") return action;
    static const std::regex one_user("^/api/admin/users/([0-9]{1,15})$");
    static const std::regex reset_link("^/api/admin/users/([0-9]{1,15})/reset-link$");
    std::smatch m;
    if (std::regex_match(path, m, one_user)) {
        action.kind = Kind::set_disabled;
        action.user = std::stoll(m[1].str());
        const auto body = json::parse(request.body, nullptr, false);
        if (!body.is_object() || !body.contains("disabled") || !body["disabled"].is_boolean())
            action.refusal = api_error(400, "bad_request", "Give {\"disabled\": true or false}.");
        else
            action.disabled = body["disabled"].get<bool>();
    } else if (std::regex_match(path, m, reset_link)) {
        action.kind = Kind::reset_link;
        action.user = std::stoll(m[1].str());
    }
    return action;
}

}  // namespace muster
