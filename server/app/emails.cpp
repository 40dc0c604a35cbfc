// A user's e-mail address (docs/protocol.md, "Notifications"): set, shown, removed; verified by a link before
// anything but that link is sent to it. The verification e-mail goes through the outbox like every message.
#include <iostream>
#include <regex>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/notifier.h"
#include "server/app/outbound.h"
#include "server/app/time_zones.h"
#include "server/app/tokens.h"
#include "server/store/outbox.h"

namespace muster {

using nlohmann::json;

namespace {

// Answers with what `work` gives, or a 500 when the database fails: the request never waits for nothing.
template <class Work>
void answer(const store::Database& db, const std::function<void(ApiResponse)>& done, Work work) {
    try {
        done(work());
    } catch (const std::exception& e) {
        std::cerr << "muster: e-mail address: " << e.what() << "\n";
        done(api_unsaved(db, e, "The server could not do that; try again."));
    }
}

json email_json(const std::optional<store::EmailRow>& e) {
    if (!e) return {{"address", nullptr}, {"verified", false}};
    return {{"address", e->address},
            {"verified", e->verified},
            {"mode", e->mode},
            {"digest_hour", e->digest_hour},
            {"time_zone", e->time_zone},
            {"replies", e->replies}};
}

// {"mode": "immediate" | "digest" | "off", "digest_hour": 0-23, "time_zone": an IANA name, "replies"?: bool}; an
// error's words or "".
std::string read_choices(const json& body, std::string& mode, int& hour, std::string& zone, std::optional<bool>& replies) {
    if (!body.is_object()) return "The body must be a JSON object.";
    if (!body.contains("mode") || !body["mode"].is_string()) return "\"mode\" must be \"immediate\", \"digest\" or \"off\".";
    mode = body["mode"].get<std::string>();
    if (mode != "immediate" && mode != "digest" && mode != "off") return "\"mode\" must be \"immediate\", \"digest\" or \"off\".";
    if (!body.contains("digest_hour") || !body["digest_hour"].is_number_integer() || body["digest_hour"].get<int>() < 0 ||
        body["digest_hour"].get<int>() > 23)
        return "\"digest_hour\" must be a whole number from 0 to 23.";
    hour = body["digest_hour"].get<int>();
    if (!body.contains("time_zone") || !body["time_zone"].is_string() || !valid_time_zone(body["time_zone"].get<std::string>()))
        return "\"time_zone\" must be a time zone such as \"Europe/London\".";
    zone = body["time_zone"].get<std::string>();
    if (body.contains("replies")) {
        if (!body["replies"].is_boolean()) return "\"replies\" must be true or false.";
        replies = body["replies"].get<bool>();
    }
    return "";
}

}  // namespace

void App::email_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    if (request.path == "/api/email/verify") {
        if (request.method != "POST") return done(api_error(405, "bad_request", "That method is not allowed here."));
        json body = json::parse(request.body, nullptr, false);
        if (!body.is_object() || !body.contains("token") || !body["token"].is_string())
            return done(api_error(400, "bad_request", "Give the \"token\" from the link."));
        return verify_email(body["token"].get<std::string>(), std::move(done));
    }
    authenticate(request.token, [this, request, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const auto user = who->user;
        if (request.path == "/api/email/choices" && request.method != "POST")
            return done(api_error(405, "bad_request", "That method is not allowed here."));
        // Whether this server takes replies by e-mail at all (mail_reply_to): the page offers the choice only then.
        const bool offered = !config_.mail_reply_to.empty();
        if (request.method == "GET") {
            return db_->run([user, offered, done](store::Database& db) {
                answer(db, done, [&] {
                    json e = email_json(store::user_email(db, user));
                    e["replies_offered"] = offered;
                    return ApiResponse{200, std::move(e), ""};
                });
            });
        }
        if (request.method == "DELETE") {
            return db_->run([user, done](store::Database& db) {
                answer(db, done, [&] {
                    store::remove_user_email(db, user);
                    return ApiResponse{200, email_json(std::nullopt), ""};
                });
            });
        }
        if (request.method != "POST") return done(api_error(405, "bad_request", "That method is not allowed here."));
        json body = json::parse(request.body, nullptr, false);
        if (request.path == "/api/email/choices") {
            std::string mode, zone;
            int hour = 0;
            std::optional<bool> replies;
            if (auto why = read_choices(body, mode, hour, zone, replies); !why.empty()) return done(api_error(400, "bad_request", why));
            return db_->run([user, mode, hour, zone, replies, offered, done](store::Database& db) {
                answer(db, done, [&] {
                    store::Transaction tx(db);
                    if (!store::set_email_choices(db, user, mode, hour, zone))
                        return api_error(409, "conflict", "Give an e-mail address first.");
                    if (replies) store::set_email_replies(db, user, *replies);
                    tx.commit();
                    json e = email_json(store::user_email(db, user));
                    e["replies_offered"] = offered;
                    return ApiResponse{200, std::move(e), ""};
                });
            });
        }
        static const std::regex address_rule(R"(^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$)");
        if (!body.is_object() || !body.contains("address") || !body["address"].is_string() ||
            body["address"].get<std::string>().size() > 254 || !std::regex_match(body["address"].get<std::string>(), address_rule))
            return done(api_error(400, "bad_request", "That is not an e-mail address."));
        const std::string address = body["address"].get<std::string>();
        const std::string token = new_session_token();
        const Outbound out = outbound();
        db_->run([user, address, token, out, username = who->username, done](store::Database& db) {
            try {
                store::Transaction tx(db);
                store::set_user_email(db, user, address, sha256_hex(token), unix_ms(), random_hex(16));
                // The one message an unverified address gets: its link.
                store::add_to_outbox(db, {{0, user, "verify", address, "Muster: is this your address?",
                                           "Someone (we hope you, " + username + ") gave this address to Muster.\n"
                                           "Open this link to receive Muster's notices here:\n" +
                                               out.link_base + "verify-email?token=" + token +
                                               "\n\nIf it was not you, ignore this e-mail: nothing more will come.\n"}},
                                     unix_ms());
                tx.commit();
            } catch (const std::exception& e) {
                std::cerr << "muster: setting an e-mail address failed: " << e.what() << "\n";
                return done(api_unsaved(db, e, "The server could not save that; try again."));
            }
            if (out.poke) out.poke();
            done(ApiResponse{200, {{"address", address}, {"verified", false}}, ""});
        });
    });
}

void App::verify_email(const std::string& token, std::function<void(ApiResponse)> done) {
    db_->run([token, done = std::move(done)](store::Database& db) {
        answer(db, done, [&] {
            if (!store::verify_user_email(db, sha256_hex(token)))
                return api_error(404, "not_found", "That link is not valid, or was used already.");
            return ApiResponse{200, {{"verified", true}}, ""};
        });
    });
}

void App::verify_email_link(const std::string& token, std::function<void(bool)> done) {
    verify_email(token, [done = std::move(done)](ApiResponse r) { done(r.status == 200); });
}

void App::unsubscribe_link(const std::string& token, std::function<void(bool)> done) {
    db_->run([token, done = std::move(done)](store::Database& db) {
        bool ok = false;
        try {
            ok = store::unsubscribe(db, token);
        } catch (const std::exception& e) {
            std::cerr << "muster: unsubscribe: " << e.what() << "\n";
        }
        done(ok);
    });
}

// The page's list of notifications (docs/protocol.md, "Notifications"): GET the latest 50, POST {"up_to": id} to
// mark them seen.
void App::notifications_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, request, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const auto user = who->user;
        if (request.method == "GET") {
            return db_->run([user, done](store::Database& db) {
                answer(db, done, [&] {
                    json list = json::array();
                    for (const auto& n : store::notifications_of(db, user, 50))
                        list.push_back({{"id", n.id}, {"campaign", n.campaign}, {"text", n.text}, {"tab", n.tab},
                                        {"due", n.due ? json(*n.due) : json(nullptr)}, {"at", n.created}, {"seen", n.seen}});
                    return ApiResponse{200, {{"notifications", std::move(list)}}, ""};
                });
            });
        }
        json body = json::parse(request.body, nullptr, false);
        if (request.method != "POST" || request.path != "/api/notifications/seen")
            return done(api_error(405, "bad_request", "That method is not allowed here."));
        if (!body.is_object() || !body.contains("up_to") || !body["up_to"].is_number_integer())
            return done(api_error(400, "bad_request", "Give \"up_to\": the id of the newest notification read."));
        const auto up_to = body["up_to"].get<std::int64_t>();
        db_->run([user, up_to, done](store::Database& db) {
            answer(db, done, [&] {
                store::mark_seen(db, user, up_to);
                return ApiResponse{200, json::object(), ""};
            });
        });
    });
}

}  // namespace muster
