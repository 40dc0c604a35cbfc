// The HTTP accounts API: register, login, logout, me (docs/protocol.md, "HTTP"). The routing and the reading of
// the bodies, which need no database, are in api_requests.cpp.
#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/passwords.h"
#include "server/app/tokens.h"
#include "server/store/accounts.h"

namespace muster {

namespace {

using nlohmann::json;

const auto failure_window = std::chrono::minutes(15);

}  // namespace

void App::http_api(ApiRequest request, std::function<void(ApiResponse)> done) {
    switch (api_route(request.method, request.path)) {
        case ApiRoute::register_user: return register_user(request, std::move(done));
        case ApiRoute::login: return login(request, std::move(done));
        case ApiRoute::logout: return logout(request, std::move(done));
        case ApiRoute::me: return who_am_i(request, false, std::move(done));
        case ApiRoute::session: return who_am_i(request, true, std::move(done));
        case ApiRoute::admin: return admin_api(request, std::move(done));
        case ApiRoute::email: return email_api(request, std::move(done));
        case ApiRoute::notifications: return notifications_api(request, std::move(done));
        case ApiRoute::archive: return archive_api(request, std::move(done));
        case ApiRoute::drafts: return drafts_api(request, std::move(done));
        case ApiRoute::images: return images_api(request, std::move(done));
        case ApiRoute::test_clock: return test_clock_api(request, std::move(done));
        case ApiRoute::password: return password_api(request, std::move(done));
        case ApiRoute::wrong_method: return done(api_error(405, "bad_request", "That method is not allowed here."));
        case ApiRoute::none: break;
    }
    done(api_error(404, "not_found", "No such API."));
}

void App::who_am_i(const ApiRequest& request, bool optional, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, optional, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who && optional) return done(ApiResponse{200, {{"user", nullptr}}, ""});
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
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
    if (auto bad = read_credentials(request.body, username, password)) return done(*bad);
    if (auto bad = check_new_account(username, password)) return done(*bad);

    boost::asio::post(hashing_, [this, username, password, done = std::move(done)]() mutable {
        auto hash = hash_password(password, ScryptParams{std::uint64_t{1} << config_.password_work});
        db_->run([username, hash, done = std::move(done)](store::Database& db) {
            try {
                auto id = store::create_user(db, username, hash, unix_ms());
                if (!id) return done(api_error(409, "conflict", "That username is taken."));
                done(ApiResponse{201, {{"user", *id}, {"username", username}}, ""});
            } catch (const std::exception& e) {
                std::cerr << "muster: register failed: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not register you; try again."));
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
    if (auto bad = read_credentials(request.body, username, password)) return done(*bad);
    auto account = account_key(username);
    if (login_limited(account, request.address))
        return done(api_error(429, "rate_limited", "Too many failed logins; wait a few minutes and try again."));

    auto address = request.address;
    db_->run([this, account, address, username, password, done = std::move(done)](store::Database& db) mutable {
        std::optional<store::UserRow> user;
        try {
            user = store::find_user(db, username);
        } catch (const std::exception& e) {
            return done(api_unsaved(db, e, "The server could not log you in; try again."));
        }
        boost::asio::post(hashing_, [this, user, account, address, password, done = std::move(done)]() mutable {
            // An unknown user costs the same scrypt as a wrong password, and gets the same answer.
            bool ok = verify_password(password, user ? user->password_hash : dummy_hash_) && user;
            if (!ok) {
                login_failed(account, address);
                return done(api_error(401, "unauthorized", "Wrong username or password."));
            }
            if (user->disabled)
                return done(api_error(403, "forbidden", "This account is disabled; ask the server's administrator."));
            auto token = new_session_token();
            db_->run([this, user = *user, token, done = std::move(done)](store::Database& db) {
                try {
                    store::create_session(db, user.id, sha256_hex(token), unix_ms());
                    done(ApiResponse{200, {{"user", user.id}, {"username", user.username}}, session_cookie(token, false)});
                } catch (const std::exception& e) {
                    std::cerr << "muster: login failed: " << e.what() << "\n";
                    done(api_unsaved(db, e, "The server could not log you in; try again."));
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
                return done(api_unsaved(db, e, "The server could not log you out; try again."));
            }
            boost::asio::post(ioc_, [this, session] { close_session(session, "logged out"); });
            done(ApiResponse{200, json::object(), cleared});
        });
    });
}

}  // namespace muster
