// The HTTP accounts API: register, login, logout, me (docs/protocol.md, "HTTP").
#include <iostream>
#include <regex>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/passwords.h"
#include "server/app/tokens.h"
#include "server/store/accounts.h"
#include "shared/core/fields.h"

namespace muster {

namespace {

using nlohmann::json;

ApiResponse error_response(int status, const std::string& code, const std::string& message) {
    return ApiResponse{status, {{"error", {{"code", code}, {"message", message}}}}, ""};
}

const auto failure_window = std::chrono::minutes(15);

// Reads {"username", "password"}; fills the response with a 400 and returns false when unusable.
bool read_credentials(const ApiRequest& request, std::string& username, std::string& password, ApiResponse& bad) {
    auto body = json::parse(request.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
        bad = error_response(400, "bad_request", "The body must be a JSON object with \"username\" and \"password\".");
        return false;
    }
    if (auto e = read_string(body, "username", 1, 64, username)) {
        bad = error_response(400, "bad_request", e->message);
        return false;
    }
    if (auto e = read_string(body, "password", 1, 1024, password)) {
        bad = error_response(400, "bad_request", e->message);
        return false;
    }
    return true;
}


}  // namespace

std::string account_key(std::string text) {
    for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

void App::http_api(ApiRequest request, std::function<void(ApiResponse)> done) {
    const auto& path = request.path;
    if (path == "/api/register" && request.method == "POST") return register_user(request, std::move(done));
    if (path == "/api/login" && request.method == "POST") return login(request, std::move(done));
    if (path == "/api/logout" && request.method == "POST") return logout(request, std::move(done));
    // /api/session answers a visitor who is not logged in with 200 {"user": null}: the page asks it on every load,
    // and a 401 there would be logged in the browser's console each time.
    if ((path == "/api/me" || path == "/api/session") && request.method == "GET")
        return who_am_i(request, path == "/api/session", std::move(done));
    if (path.rfind("/api/admin/", 0) == 0) return admin_api(request, std::move(done));
    if (path == "/api/email" || path == "/api/email/verify" || path == "/api/email/choices")
        return email_api(request, std::move(done));
    if (path == "/api/notifications" || path == "/api/notifications/seen") return notifications_api(request, std::move(done));
    const auto ends_with = [&](const std::string& tail) {
        return path.size() > tail.size() && path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (path.rfind("/api/campaigns/", 0) == 0 && (ends_with("/export") || ends_with("/chronicle") || ends_with("/dice")))
        return archive_api(request, std::move(done));
    if (path.rfind("/api/campaigns/", 0) == 0 && ends_with("/diary-draft")) return drafts_api(request, std::move(done));
    if (path.rfind("/api/campaigns/", 0) == 0) return images_api(request, std::move(done));
    if (path == "/api/test/clock") return test_clock_api(request, std::move(done));
    if (path == "/api/password" || path == "/api/password/forgot" || path == "/api/password/reset")
        return password_api(request, std::move(done));
    if (path == "/api/register" || path == "/api/login" || path == "/api/logout" || path == "/api/me" || path == "/api/session")
        return done(error_response(405, "bad_request", "That method is not allowed here."));
    done(error_response(404, "not_found", "No such API."));
}

void App::who_am_i(const ApiRequest& request, bool optional, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, optional, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who && optional) return done(ApiResponse{200, {{"user", nullptr}}, ""});
        if (!who) return done(error_response(401, "unauthorized", "You are not logged in."));
        db_->run([who = *who, done](store::Database& db) {
            bool admin = false;
            try {
                const auto u = store::find_user_by_id(db, who.user);
                admin = u && u->admin;
            } catch (const std::exception&) {
                // a page without the admin link is still a page
            }
            done(ApiResponse{200, {{"user", who.user}, {"username", who.username}, {"admin", admin}}, ""});
        });
    });
}

void App::register_user(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    std::string username, password;
    ApiResponse bad;
    if (!read_credentials(request, username, password, bad)) return done(bad);
    static const std::regex name_rule("^[A-Za-z0-9_.-]{3,32}$");
    if (!std::regex_match(username, name_rule))
        return done(error_response(400, "bad_request",
                                   "A username is 3 to 32 letters, digits, '_', '-' or '.'."));
    if (utf8_length(password) < 10)
        return done(error_response(400, "bad_request", "A password needs at least 10 characters."));

    boost::asio::post(hashing_, [this, username, password, done = std::move(done)]() mutable {
        auto hash = hash_password(password, ScryptParams{std::uint64_t{1} << config_.password_work});
        db_->run([username, hash, done = std::move(done)](store::Database& db) {
            try {
                auto id = store::create_user(db, username, hash, unix_ms());
                if (!id) return done(error_response(409, "conflict", "That username is taken."));
                done(ApiResponse{201, {{"user", *id}, {"username", username}}, ""});
            } catch (const std::exception& e) {
                std::cerr << "muster: register failed: " << e.what() << "\n";
                done(error_response(500, "internal", "The server could not register you; try again."));
            }
        });
    });
}

bool App::login_limited(const std::string& account, const std::string& address) {
    std::lock_guard lock(limits_mutex_);
    auto now = std::chrono::steady_clock::now();
    auto over = [&](std::unordered_map<std::string, Failures>& table, const std::string& key, int limit) {
        auto it = table.find(key);
        if (it == table.end()) return false;
        if (now - it->second.window_start > failure_window) {
            table.erase(it);
            return false;
        }
        return it->second.count >= limit;
    };
    return over(failures_by_account_, account, config_.login_failures_per_account) ||
           over(failures_by_address_, address, config_.login_failures_per_address);
}

void App::login_failed(const std::string& account, const std::string& address) {
    std::lock_guard lock(limits_mutex_);
    auto now = std::chrono::steady_clock::now();
    for (auto [table, key] : {std::pair{&failures_by_account_, account}, std::pair{&failures_by_address_, address}}) {
        auto& f = (*table)[key];
        if (f.count == 0 || now - f.window_start > failure_window) f = Failures{0, now};
        ++f.count;
    }
}

std::string App::session_cookie(const std::string& token, bool clear) const {
    std::string cookie = "muster_session=" + token + "; HttpOnly; SameSite=Strict; Path=/";
    if (config_.tls()) cookie += "; Secure";
    if (clear) cookie += "; Max-Age=0";
    else cookie += "; Max-Age=" + std::to_string(config_.session_absolute_seconds);
    return cookie;
}

void App::login(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    std::string username, password;
    ApiResponse bad;
    if (!read_credentials(request, username, password, bad)) return done(bad);
    auto account = account_key(username);
    if (login_limited(account, request.address))
        return done(error_response(429, "rate_limited", "Too many failed logins; wait a few minutes and try again."));

    auto address = request.address;
    db_->run([this, account, address, username, password, done = std::move(done)](store::Database& db) mutable {
        std::optional<store::UserRow> user;
        try {
            user = store::find_user(db, username);
        } catch (const std::exception& e) {
            return done(error_response(500, "internal", "The server could not log you in; try again."));
        }
        boost::asio::post(hashing_, [this, user, account, address, password, done = std::move(done)]() mutable {
            // An unknown user costs the same scrypt as a wrong password, and gets the same answer.
            bool ok = verify_password(password, user ? user->password_hash : dummy_hash_) && user;
            if (!ok) {
                login_failed(account, address);
                return done(error_response(401, "unauthorized", "Wrong username or password."));
            }
            if (user->disabled)
                return done(error_response(403, "forbidden", "This account is disabled; ask the server's administrator."));
            auto token = new_session_token();
            db_->run([this, user = *user, token, done = std::move(done)](store::Database& db) {
                try {
                    store::create_session(db, user.id, sha256_hex(token), unix_ms());
                    done(ApiResponse{200, {{"user", user.id}, {"username", user.username}}, session_cookie(token, false)});
                } catch (const std::exception& e) {
                    std::cerr << "muster: login failed: " << e.what() << "\n";
                    done(error_response(500, "internal", "The server could not log you in; try again."));
                }
            });
        });
    });
}

void App::logout(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    auto cleared = session_cookie("", true);
    authenticate(request.token, [this, cleared, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(ApiResponse{200, json::object(), cleared});
        auto session = who->session;
        db_->run([this, session, cleared, done = std::move(done)](store::Database& db) {
            try {
                store::delete_session(db, session);
            } catch (const std::exception& e) {
                std::cerr << "muster: logout failed: " << e.what() << "\n";
                return done(error_response(500, "internal", "The server could not log you out; try again."));
            }
            boost::asio::post(ioc_, [this, session] { close_session(session, "logged out"); });
            done(ApiResponse{200, json::object(), cleared});
        });
    });
}

}  // namespace muster
