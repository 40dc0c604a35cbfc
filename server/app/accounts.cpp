// The HTTP accounts API: register, login, logout, me (docs/protocol.md, "HTTP"). The routing and the reading of
// the bodies, which need no database, are in api_requests.cpp.
#include <algorithm>
#include <iostream>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/passwords.h"
#include "server/app/tokens.h"
#include "server/net/address_slots.h"
#include "server/store/accounts.h"

namespace muster {

namespace {

using nlohmann::json;

const auto failure_window = std::chrono::minutes(15);

// The key an address is counted under: itself, or for IPv6 its /64, which one host may hold whole (and would
// otherwise be a fresh address for every guess).
std::string address_key(const std::string& address) {
    boost::system::error_code ec;
    const auto parsed = boost::asio::ip::make_address(address, ec);
    return ec ? account_key(address) : net::AddressSlots::key_of(parsed);
}

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
        case ApiRoute::mail_in: return mail_in_api(request, std::move(done));
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

    hash_for(request.address, [this, username, password, done = std::move(done)]() mutable {
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

bool App::login_admitted(const std::string& account, const std::string& raw_address) {
    const auto address = address_key(raw_address);
    std::lock_guard lock(limits_mutex_);
    const auto now = std::chrono::steady_clock::now();
    // What has expired is forgotten, every table at most once a minute.
    if (now >= next_failures_sweep_) {
        for (auto* table : {&failures_by_account_, &failures_by_address_, &failures_by_pair_})
            std::erase_if(*table, [&](const auto& kv) { return now - kv.second.window_start > failure_window; });
        next_failures_sweep_ = now + std::chrono::minutes(1);
    }
    auto count = [&](std::unordered_map<std::string, Failures>& table, const std::string& key) {
        auto it = table.find(key);
        if (it == table.end()) return 0;
        if (now - it->second.window_start > failure_window) {
            table.erase(it);
            return 0;
        }
        return it->second.count;
    };
    const auto pair = account + '\n' + address;
    const int by_account = count(failures_by_account_, account);
    const int by_address = count(failures_by_address_, address);
    const int by_pair = count(failures_by_pair_, pair);
    const int per_account = config_.login_failures_per_account;
    // Over the address's limit, or the account's limit from this one address: refused.
    if (by_address >= config_.login_failures_per_address || by_pair >= per_account) return false;
    // An account over its limit from all addresses together is under attack: only an address with no failures of
    // its own in the window (the owner's, most likely) may still try, and one failure bars it too.
    if (by_account >= per_account && by_address > 0) return false;
    for (auto [table, key] : {std::pair{&failures_by_account_, &account}, std::pair{&failures_by_address_, &address},
                              std::pair{&failures_by_pair_, &pair}}) {
        auto& f = (*table)[*key];
        if (f.count == 0) f.window_start = now;
        ++f.count;
    }
    return true;
}

void App::login_not_failed(const std::string& account, const std::string& raw_address, bool right) {
    const auto address = address_key(raw_address);
    std::lock_guard lock(limits_mutex_);
    auto take_back = [](std::unordered_map<std::string, Failures>& table, const std::string& key, bool forget) {
        auto it = table.find(key);
        if (it == table.end()) return;
        if (forget || --it->second.count <= 0) table.erase(it);
    };
    take_back(failures_by_account_, account, false);
    take_back(failures_by_address_, address, false);
    take_back(failures_by_pair_, account + '\n' + address, right);
}

void App::hash_for(const std::string& raw_address, std::function<void()> job) {
    const auto address = address_key(raw_address);
    {
        std::lock_guard lock(hash_lines_mutex_);
        auto& line = hash_lines_[address];
        if (line.empty()) hash_turns_.push_back(address);
        line.push_back(std::move(job));
    }
    boost::asio::post(hashing_, [this] { run_next_hash(); });
}

// A runner on the pool: takes the next job in turn from an address none of whose work is running (so one address
// holds at most one of the pool's threads, and the other is free for everyone else), runs it, and when it is done
// posts another runner for the work it may have kept waiting.
void App::run_next_hash() {
    std::function<void()> next;
    std::string address;
    {
        std::lock_guard lock(hash_lines_mutex_);
        auto turn = std::find_if(hash_turns_.begin(), hash_turns_.end(),
                                 [&](const std::string& a) { return !hash_running_.contains(a); });
        if (turn == hash_turns_.end()) return;  // what waits is from addresses already running: they post again
        address = std::move(*turn);
        hash_turns_.erase(turn);
        auto it = hash_lines_.find(address);
        next = std::move(it->second.front());
        it->second.pop_front();
        if (it->second.empty()) hash_lines_.erase(it);
        else hash_turns_.push_back(address);
        hash_running_.insert(address);
    }
    try {
        next();
    } catch (...) {
        std::lock_guard lock(hash_lines_mutex_);
        hash_running_.erase(address);
        boost::asio::post(hashing_, [this] { run_next_hash(); });
        throw;
    }
    std::lock_guard lock(hash_lines_mutex_);
    hash_running_.erase(address);
    if (!hash_turns_.empty()) boost::asio::post(hashing_, [this] { run_next_hash(); });
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
    // Counted now, before the hash is queued: attempts sent together are limited as if sent one by one.
    if (!login_admitted(account, request.address))
        return done(api_error(429, "rate_limited", "Too many failed logins; wait a few minutes and try again."));

    auto address = request.address;
    db_->run([this, account, address, username, password, done = std::move(done)](store::Database& db) mutable {
        std::optional<store::UserRow> user;
        try {
            user = store::find_user(db, username);
        } catch (const std::exception& e) {
            login_not_failed(account, address, false);
            return done(api_unsaved(db, e, "The server could not log you in; try again."));
        }
        hash_for(address, [this, user, account, address, password, done = std::move(done)]() mutable {
            // An unknown user costs the same scrypt as a wrong password, and gets the same answer.
            bool ok = verify_password(password, user ? user->password_hash : dummy_hash_) && user;
            if (!ok) return done(api_error(401, "unauthorized", "Wrong username or password."));
            login_not_failed(account, address, true);
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
