#pragma once
// The HTTP API's requests and answers (docs/protocol.md, "HTTP"), and the part of answering them that needs no
// database, no session and no clock: which handler a request goes to, and reading the accounts API's bodies
// (accounts.cpp, password_api.cpp, admin_api.cpp). Kept apart from the App so that the fuzzer
// (tests/fuzz/fuzz_http.cpp) runs this very code without a server.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace muster {

struct ApiRequest {
    std::string method;  // "GET", "POST", ...
    std::string path;    // "/api/login"
    std::string body;
    std::string token;    // the session cookie's value, "" when absent
    std::string address;  // the peer's IP address
    std::string content_type;  // of the body
};

struct ApiResponse {
    int status = 200;
    nlohmann::json body = nlohmann::json::object();
    std::string set_cookie;  // a whole Set-Cookie value, "" for none
    std::string raw_type;    // when set, the answer is `raw` of this type (an image), not `body`
    std::string raw;

    ApiResponse() = default;
    ApiResponse(int status_, nlohmann::json body_, std::string set_cookie_ = "")
        : status(status_), body(std::move(body_)), set_cookie(std::move(set_cookie_)) {}
};

// An HTTP API's refusal: {"error": {"code", "message"}} with its status.
inline ApiResponse api_error(int status, const std::string& code, const std::string& message) {
    return ApiResponse{status, {{"error", {{"code", code}, {"message", message}}}}, ""};
}

// The failed-login limiter's key for a username or address: names and addresses are the same in any case, so
// "Bob" and "bob" count against one limit.
std::string account_key(std::string text);

// The handler of an API request, by its method and path (App::http_api). `wrong_method`: a 405 for an accounts
// path asked with another method; `none`: a 404.
enum class ApiRoute {
    register_user,
    login,
    logout,
    me,
    session,
    admin,
    email,
    notifications,
    archive,
    drafts,
    images,
    test_clock,
    password,
    mail_in,
    wrong_method,
    none
};
ApiRoute api_route(const std::string& method, const std::string& path);

// POST /api/register and /api/login: {"username", "password"}. The 400 when the body is not that.
std::optional<ApiResponse> read_credentials(const std::string& body, std::string& username, std::string& password);
// A new account's username and password rules; the 400 when one is broken.
std::optional<ApiResponse> check_new_account(const std::string& username, const std::string& password);

// POST /api/password {"current", "password"}, /api/password/forgot {"account"} (`account` comes back as its
// account_key) and /api/password/reset {"token", "password"}: the 400 when the body will not do.
std::optional<ApiResponse> read_password_change(const nlohmann::json& body, std::string& current, std::string& fresh);
std::optional<ApiResponse> read_password_forgot(const nlohmann::json& body, std::string& account);
std::optional<ApiResponse> read_password_reset(const nlohmann::json& body, std::string& token, std::string& fresh);

// What an administrator's request asks (read once he is known to be one): `refusal` set, answer it alone.
struct AdminAction {
    enum class Kind { users, campaigns, health, set_disabled, reset_link, import_archive, none };
    Kind kind = Kind::none;
    std::int64_t user = 0;  // set_disabled's and reset_link's
    bool disabled = false;  // set_disabled's
    std::optional<ApiResponse> refusal;
};
AdminAction admin_action(const ApiRequest& request);

}  // namespace muster
