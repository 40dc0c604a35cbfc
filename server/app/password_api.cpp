// Passwords (docs/protocol.md, "HTTP"): a logged-in user changes his (his other logins end); a forgotten one is
// reset by a single-use link e-mailed to his verified address, which expires. Asking for a link answers the same
// whether or not the account or address exists, so it tells nobody who plays here.
#include <iostream>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/outbound.h"
#include "server/app/passwords.h"
#include "server/app/tokens.h"
#include "server/store/accounts.h"
#include "server/store/outbox.h"

namespace muster {

using nlohmann::json;

namespace {

constexpr int reset_links_per_hour = 3;

}  // namespace

void App::password_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    if (request.method != "POST") return done(api_error(405, "bad_request", "That method is not allowed here."));
    const json body = json::parse(request.body, nullptr, false);
    if (request.path == "/api/password") return change_password(request, body, std::move(done));
    if (request.path == "/api/password/forgot") return forgot_password(request, body, std::move(done));
    return reset_password(request, body, std::move(done));
}

void App::change_password(const ApiRequest& request, const json& body, std::function<void(ApiResponse)> done) {
    std::string current, fresh;
    if (auto bad = read_password_change(body, current, fresh)) return done(*bad);
    authenticate(request.token, [this, address = request.address, current, fresh, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const SessionInfo me = *who;
        db_->run([this, me, address, current, fresh, done = std::move(done)](store::Database& db) mutable {
            auto user = store::find_user_by_id(db, me.user);
            if (!user) return done(api_error(401, "unauthorized", "You are not logged in."));
            hash_for(address, [this, me, stored = user->password_hash, current, fresh, done = std::move(done)]() mutable {
                if (!verify_password(current, stored)) return done(api_error(403, "forbidden", "Your current password is not that."));
                const auto hash = hash_password(fresh, ScryptParams{std::uint64_t{1} << config_.password_work});
                db_->run([this, me, hash, done = std::move(done)](store::Database& db) {
                    try {
                        store::Transaction tx(db);
                        store::set_password_hash(db, me.user, hash);
                        const auto ended = store::end_sessions_of(db, me.user, me.session);
                        tx.commit();
                        for (auto s : ended) boost::asio::post(ioc_, [this, s] { close_session(s, "password changed"); });
                        done(ApiResponse{200, json::object(), ""});
                    } catch (const std::exception& e) {
                        std::cerr << "muster: password change failed: " << e.what() << "\n";
                        done(api_unsaved(db, e, "The server could not change it; try again."));
                    }
                });
            });
        });
    });
}

void App::forgot_password(const ApiRequest& request, const json& body, std::function<void(ApiResponse)> done) {
    std::string account;
    if (auto bad = read_password_forgot(body, account)) return done(*bad);
    const ApiResponse same{200, {{"sent", "If that account has a verified e-mail address, a link to reset its password is on its way."}}, ""};
    // Counted as a failed login: a flood of requests cannot flood anyone's inbox.
    if (!login_admitted("reset:" + account, request.address)) return done(same);
    const Outbound out = outbound();
    const std::int64_t minutes = config_.reset_link_minutes;
    db_->run([account, out, minutes, same, done = std::move(done)](store::Database& db) {
        try {
            // However the requests come (his name, his address, from many places), an inbox gets at most
            // reset_links_per_hour links an hour.
            auto target = store::reset_target(db, account);
            if (target && store::resets_since(db, target->user, unix_ms() - 3'600'000) >= reset_links_per_hour) target.reset();
            if (target) {
                store::Transaction tx(db);
                const auto link = make_reset_link(db, target->user, minutes);
                store::add_to_outbox(db, {{0, target->user, "reset", target->address, "Muster: reset your password",
                                           "Someone (we hope you) asked to reset your Muster password.\nOpen this link within " +
                                               std::to_string(minutes) + " minutes to choose a new one; it works once:\n" +
                                               out.link_base + link.path +
                                               "\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n"}},
                                     unix_ms());
                tx.commit();
                if (out.poke) out.poke();
            }
        } catch (const std::exception& e) {
            std::cerr << "muster: password reset request failed: " << e.what() << "\n";
        }
        done(same);
    });
}

void App::reset_password(const ApiRequest& request, const json& body, std::function<void(ApiResponse)> done) {
    std::string token, fresh;
    if (auto bad = read_password_reset(body, token, fresh)) return done(*bad);
    const std::string token_hash = sha256_hex(token);
    hash_for(request.address, [this, token_hash, fresh, done = std::move(done)]() mutable {
        const auto hash = hash_password(fresh, ScryptParams{std::uint64_t{1} << config_.password_work});
        db_->run([this, token_hash, hash, done = std::move(done)](store::Database& db) {
            try {
                store::Transaction tx(db);
                const auto user = store::use_reset(db, token_hash, unix_ms());
                if (!user) return done(api_error(400, "bad_request", "That link is not valid, was used already, or has expired."));
                store::set_password_hash(db, *user, hash);
                const auto ended = store::end_sessions_of(db, *user, 0);
                tx.commit();
                for (auto s : ended) boost::asio::post(ioc_, [this, s] { close_session(s, "password reset"); });
                done(ApiResponse{200, json::object(), ""});
            } catch (const std::exception& e) {
                std::cerr << "muster: password reset failed: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not reset it; try again."));
            }
        });
    });
}

}  // namespace muster
