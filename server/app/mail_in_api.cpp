// Replies by e-mail (docs/operations.md, "Replies by e-mail"; docs/protocol.md, "A diary by e-mail"): the MTA's
// pipe runs `muster mail-in`, which posts the raw message here (POST /api/mail-in). The address it was delivered
// to says who sent it and what it answers (server/app/reply_address.h); the message is read by GMime
// (server/mail/message.h), his own words are turned into the command the page would send, and the campaign's hub
// decides it by the same rules. He is answered by e-mail, to his verified address only, and every message is
// recorded (table mail_in), taken or not.
#include <iostream>

#include <nlohmann/json.hpp>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/hub.h"
#include "server/app/outbound.h"
#include "server/app/reply_address.h"
#include "server/app/tokens.h"
#include "server/app/time_zones.h"
#include "server/mail/message.h"
#include "server/store/mail_in.h"
#include "server/store/outbox.h"
#include "shared/campaign/diary_mail.h"
#include "shared/campaign/year.h"

namespace muster {

using nlohmann::json;

namespace {

constexpr std::int64_t hour_ms = 3600 * 1000;
// Messages that name no member (forged addresses, mail to the bare address) recorded in an hour, from everyone
// together: past it a flood of them is dropped unrecorded, so that it cannot fill the database or the umpires' lists.
constexpr int unattributed_per_hour = 500;

// The one reply the hub sends a command that came by e-mail: its frame read back.
class MailClient : public Client {
public:
    explicit MailClient(SessionInfo who) : Client(std::move(who)) {}
    // `on_reply` may hold this client: it is let go once it has run, so nothing is kept after the reply.
    void on_reply(std::function<void(const json&)> f) { on_reply_ = std::move(f); }
    void send(std::shared_ptr<const std::string> frame) override {
        auto j = json::parse(*frame, nullptr, false);
        if (!j.is_object() || !j.contains("reply") || !on_reply_) return;
        auto once = std::move(on_reply_);
        on_reply_ = nullptr;
        // Called on the hub's strand: a fault in the answer's making costs this message (the MTA tries again), never
        // the campaign's request.
        try {
            once(j);
        } catch (const std::exception& e) {
            std::cerr << "muster: mail-in: answering failed: " << e.what() << "\n";
        }
    }
    void close(int, std::string) override {}

private:
    std::function<void(const json&)> on_reply_;
};

// What the hub saw when it turned his reply into a command: for the answer's words.
struct Prepared {
    json body;
    std::string title;  // the month's name; for talk, the battle's
    std::string campaign_name;
    std::string to;     // talk: the member his words went to
};

std::string one_line(std::string s, std::size_t max) {
    for (auto& c : s)
        if (c == '\r' || c == '\n' || c == '\t') c = ' ';
    if (s.size() > max) s = s.substr(0, max);
    return s;
}

}  // namespace

// What became of one message: recorded, and answered by e-mail when `answer` is not empty.
struct MailOutcome {
    store::MailRecord record;
    std::string answer_subject;
    std::string answer;
    int exit_code = 0;  // what `muster mail-in` exits with: 0 taken or refused for good, 75 try again later
};

void App::mail_in_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    if (request.method != "POST") return done(api_error(405, "bad_request", "That method is not allowed here."));
    if (config_.mail_reply_to.empty())
        return done(api_error(404, "not_found", "Replies by e-mail are not set up on this server (mail_reply_to)."));
    json body = json::parse(request.body, nullptr, false);
    if (!body.is_object() || !body.contains("key") || !body["key"].is_string() || !body.contains("recipient") ||
        !body["recipient"].is_string() || !body.contains("message") || !body["message"].is_string())
        return done(api_error(400, "bad_request", "Give \"key\", \"recipient\" and \"message\" (base64)."));
    if (body.contains("truncated") && !body["truncated"].is_boolean())
        return done(api_error(400, "bad_request", "\"truncated\" must be true or false."));
    if (!same_secret(body["key"].get<std::string>(), mail_in_key(config_.mail_secret)))
        return done(api_error(403, "forbidden", "That is not this server's mail-in key (mail_secret)."));
    std::string encoded = body["message"].get<std::string>();
    std::erase_if(encoded, [](char c) { return c == '\n' || c == '\r'; });  // base64 as mail writes it, in lines, too
    auto raw = from_base64(encoded);
    if (!raw) return done(api_error(400, "bad_request", "\"message\" must be the raw message in base64."));

    MailOutcome out;
    out.record.received = unix_ms();
    ReplyPurpose purpose;
    const auto check = read_reply_address(config_.mail_reply_to, config_.mail_secret, body["recipient"].get<std::string>(),
                                          out.record.received, purpose);
    if (check == ReplyCheck::ok || check == ReplyCheck::expired) {
        out.record.campaign = purpose.campaign;
        out.record.user = purpose.user;
    }
    std::string error;
    std::optional<mail::Message> message = mail::read_message(*raw, error);
    if (message) {
        out.record.sender = one_line(message->from, 254);
        out.record.subject = one_line(message->subject, 200);
        out.record.message_id = one_line(message->message_id, 250);
    }
    // `muster mail-in` sends the first mail_max_bytes of a larger one: its headers name it, and it is refused.
    if (body.value("truncated", false) || raw->size() > static_cast<std::size_t>(config_.mail_max_bytes)) {
        if (message && !message->automatic && !message->bounce) message.reset();
        error.clear();
    }
    auto finish = [this, done](MailOutcome o) { mail_in_finish(std::move(o), done); };

    if (check == ReplyCheck::not_ours) {
        out.record.outcome = message && message->bounce ? "bounce" : "dropped";
        out.record.reason = message && message->bounce ? "A delivery failure report came back to the server's address."
                                                        : "It was not sent to a reply address of this server.";
        return finish(std::move(out));
    }
    if (check == ReplyCheck::ok && purpose.what == "bounce") return mail_in_bounce(std::move(out), std::move(message), purpose.message, std::move(done));
    if (check == ReplyCheck::forged) {
        // Its umpires see it; the member it names is not trusted, and nobody is answered.
        if (purpose.campaign > 0 && directory_->exists(purpose.campaign)) out.record.campaign = purpose.campaign;
        out.record.outcome = "forged";
        out.record.reason = "Its reply address was not made by this server (a forged or damaged address).";
        return finish(std::move(out));
    }
    if (message && (message->automatic || message->bounce)) {
        // RFC 3834: never answered, so that two automatic responders never write to each other for ever.
        out.record.outcome = message->bounce ? "bounce" : "dropped";
        out.record.reason = message->bounce ? "A delivery failure report." : "An automatic reply (out of office or the like).";
        return finish(std::move(out));
    }
    mail_in_member(std::move(out), std::move(message), error, purpose, check == ReplyCheck::expired, std::move(done));
}

// The checks that need the database (his address, his choice, the flood limit), then the campaign's hub.
void App::mail_in_member(MailOutcome out, std::optional<mail::Message> message, std::string read_error,
                         ReplyPurpose purpose, bool expired, std::function<void(ApiResponse)> done) {
    db_->run([this, out = std::move(out), message = std::move(message), read_error, purpose, expired,
              done = std::move(done)](store::Database& db) mutable {
        std::optional<store::EmailRow> email;
        int recent = 0;
        try {
            email = store::user_email(db, purpose.user);
            recent = store::mail_count_since(db, purpose.user, out.record.received - hour_ms);
        } catch (const std::exception& e) {
            std::cerr << "muster: mail-in: " << e.what() << "\n";
            return done(api_unsaved(db, e, "The server could not read its database; the mail server should try again."));
        }
        auto refuse = [&](const std::string& outcome, const std::string& reason, bool answer) {
            out.record.outcome = outcome;
            out.record.reason = reason;
            if (answer) {
                out.answer_subject = "Re: " + (message ? one_line(message->subject, 200) : std::string("your e-mail"));
                out.answer = "Your e-mail to Muster was not taken: " + reason + "\nNothing was changed.\n\n" +
                             outbound().link_base + "#/campaign/" + std::to_string(purpose.campaign) +
                             (purpose.what == "talk" ? "/battle\n" : purpose.what == "notice" ? "\n" : "/diary\n");
            }
            mail_in_finish(std::move(out), done);
        };
        if (!email || !email->verified) return refuse("off", "The member has no verified e-mail address.", false);
        if (!email->replies) return refuse("off", "The member turned replies by e-mail off.", false);
        if (recent >= config_.mail_per_hour)
            return refuse("flood", "More than " + std::to_string(config_.mail_per_hour) + " messages in an hour.", recent == config_.mail_per_hour);
        if (!message)
            return refuse("too_large", read_error.empty() ? "it is larger than the server takes (" + std::to_string(config_.mail_max_bytes / 1024) +
                                                                " KiB); send your diary as plain text."
                                                          : "it could not be read as an e-mail (" + read_error + ").", true);
        if (config_.mail_require_authentication &&
            !mail::sender_authenticated(*message, email->address, config_.mail_authserv_id))
            return refuse("unauthenticated", "the mail server could not show it came from your address (DKIM or SPF).", true);
        if (expired)
            return refuse("refused", purpose.what == "talk"     ? "the words it answers were said more than a week ago; it came too late."
                                     : purpose.what == "notice" ? "the notice it answers is more than 30 days old; it came too late."
                                                                : "the deadline of the month it answers has passed; it came too late.", true);
        mail_in_command(std::move(out), std::move(*message), purpose, std::move(done));
    });
}

namespace {

// What he wrote with no blank lines or spaces at its end (words to pass on as they are: talk, an answer).
std::string own_words(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

Error no_words() { return Error{"bad_request", "it had no words of yours above the quoted e-mail."}; }

// What his words make on the campaign as the hub has it: the month's diary (diary.submit), or his words back to the
// leader who spoke to him (talk.say). The rules of that command then judge it, as they judge the page's.
std::optional<Error> make_command(const ReplyPurpose& purpose, const std::string& written, const campaign::CampaignState& state,
                                  Command& command, Prepared& prepared) {
    prepared.campaign_name = state.name;
    if (purpose.what == "notice") {
        const std::string text = own_words(written);
        if (text.empty()) return no_words();
        command.type = "notice.answer";
        command.body = {{"campaign", state.id}, {"notice", purpose.message}, {"text", text}};
        prepared.body = command.body;
        return std::nullopt;
    }
    if (purpose.what == "talk") {
        auto it = state.battles.battles.find(purpose.battle);
        if (it == state.battles.battles.end()) return Error{"not_found", "that battle is no longer on the table."};
        prepared.title = it->second.battle.name;
        auto who = state.members.find(purpose.to);
        prepared.to = who == state.members.end() ? "him" : who->second.name;
        const std::string text = own_words(written);
        if (text.empty()) return no_words();
        command.type = "talk.say";
        command.body = {{"campaign", state.id}, {"battle", purpose.battle}, {"turn", purpose.turn}, {"to", purpose.to}, {"text", text}};
        prepared.body = command.body;
        return std::nullopt;
    }
    prepared.title = campaign::year::label(state.year.calendar);
    if (state.year.calendar.turn > purpose.turn)
        return Error{"too_late", "it came too late: the month it answers is over, and " + prepared.title + " is the month now."};
    if (state.year.calendar.turn != purpose.turn) return Error{"stale", "it answers a request for another month."};
    std::string why;
    command.type = "diary.submit";
    command.body = campaign::year::diary_from_reply(state, purpose.user, written, why);
    if (!why.empty()) return Error{"bad_request", why};
    command.body["campaign"] = state.id;
    prepared.body = command.body;
    return std::nullopt;
}

// The answer's words: what was done, or why not and that nothing changed; `link` where he does it on the page.
void answer_words(const ReplyPurpose& purpose, const Prepared& p, bool ok, const std::string& reason, const std::string& link,
                  MailOutcome& out) {
    const std::string in = p.campaign_name.empty() ? "" : " (" + p.campaign_name + ")";
    if (purpose.what == "notice") {
        out.record.reason = ok ? "An answer to notice " + std::to_string(purpose.message) + "." : reason;
        out.answer = ok ? "Your answer to the umpire's notice went to the umpires alone" + in + ":\n\n" + p.body.value("text", "") +
                              "\n\nThe campaign: " + link + "\n"
                        : "Your answer was not taken: " + reason + "\nNothing was changed. The campaign: " + link + "\n";
        return;
    }
    if (purpose.what == "talk") {
        out.record.reason = ok ? "Words to " + p.to + " in \"" + p.title + "\"." : reason;
        out.answer = ok ? "Your words went to " + p.to + " in \"" + p.title + "\"" + in + ":\n\n" + p.body.value("text", "") +
                              "\n\nThe battle: " + link + "\n"
                        : "Your words were not delivered: " + reason + "\nNothing was changed. The battle: " + link + "\n";
        return;
    }
    out.record.reason = ok ? "Diary for " + p.title + "." : reason;
    const std::string text = ok ? p.body.value("text", "") : "";
    out.answer = ok ? "Your diary for " + p.title + " is recorded" + in +
                          ", as below. You may change it until the deadline: reply to the month's e-mail again, or open " + link +
                          "\n\n" + campaign::year::diary_words(p.body) + (text.empty() ? "" : "\n" + text + "\n")
                    : "Your diary was not taken: " + reason + "\nNothing was changed. Reply again, or open " + link + "\n";
}

}  // namespace

// His words, made into the command they answer on the state as the hub has it, and decided by its rules.
void App::mail_in_command(MailOutcome out, mail::Message message, ReplyPurpose purpose, std::function<void(ApiResponse)> done) {
    const std::string written = mail::written_part(message.text);
    auto prepared = std::make_shared<Prepared>();
    HubRequest request;
    request.command.type = purpose.what == "talk" ? "talk.say" : purpose.what == "notice" ? "notice.answer" : "diary.submit";
    request.id = 1;
    request.by_mail = true;
    // The same message handed in twice (the MTA tried again) is the same send: taken once.
    request.key = "mail " + (message.message_id.empty() ? sha256_hex(message.text) : sha256_hex(message.message_id)).substr(0, 40);
    request.prepare = [purpose, written, prepared](const campaign::CampaignState& state, Command& command) {
        return make_command(purpose, written, state, command, *prepared);
    };
    request.who = SessionInfo{0, purpose.user, ""};
    auto client = std::make_shared<MailClient>(request.who);
    client->on_reply([this, client, out, prepared, purpose, done](const json& reply) mutable {
        const bool ok = reply.value("ok", false);
        const std::string code = ok ? "" : reply["error"].value("code", "");
        if (code == "moved" || code == "internal" || code == "unavailable") {
            // Not decided here: the mail server keeps the message and tries again later.
            return done(ApiResponse{503, {{"outcome", "later"}, {"reason", reply["error"].value("message", "")}, {"exit", 75}}, ""});
        }
        const std::string tab = purpose.what == "talk" ? "/battle" : purpose.what == "notice" ? "" : "/diary";
        const std::string link = outbound().link_base + "#/campaign/" + std::to_string(purpose.campaign) + tab;
        out.answer_subject = "Re: " + (out.record.subject.empty() ? std::string("your e-mail") : out.record.subject);
        try {
            if (ok && reply["body"].value("repeated", false)) {
                out.record.outcome = "repeated";
                out.record.reason = "The same message was taken before.";
                out.answer.clear();
            } else {
                out.record.outcome = ok ? "recorded" : "refused";
                answer_words(purpose, *prepared, ok, ok ? "" : reply["error"].value("message", ""), link, out);
            }
        } catch (const std::exception& e) {
            std::cerr << "muster: mail-in: answering failed: " << e.what() << "\n";
            return done(ApiResponse{503, {{"outcome", "later"}, {"reason", "The server failed on it."}, {"exit", 75}}, ""});
        }
        mail_in_finish(std::move(out), done);
    });
    request.client = client;
    if (!submit_to(purpose.campaign, std::move(request))) {
        client->send(frames::reply_error(1, frames::no_campaign(purpose.campaign)));
    }
}

// A delivery failure come back to a message's envelope sender: written against that message in the outbox.
void App::mail_in_bounce(MailOutcome out, std::optional<mail::Message> message, std::int64_t id, std::function<void(ApiResponse)> done) {
    std::string report = message ? message->text : "";
    if (report.size() > 500) report = report.substr(0, 500);
    out.record.outcome = "bounce";
    db_->run([this, out = std::move(out), report = one_line(report, 500), id, done = std::move(done)](store::Database& db) mutable {
        try {
            store::Transaction tx(db);
            if (auto row = store::mark_bounced(db, id, report)) {
                if (row->first) out.record.campaign = row->first;
                out.record.user = row->second;
            }
            tx.commit();
        } catch (const std::exception& e) {
            std::cerr << "muster: mail-in: " << e.what() << "\n";
            return done(api_unsaved(db, e, "The server could not record the message; the mail server should try again."));
        }
        out.record.reason = "Message " + std::to_string(id) + " could not be delivered: " + report;
        mail_in_finish(std::move(out), done);
    });
}

// Records the message and writes his answer, in one transaction; `muster mail-in` is answered once it is committed.
void App::mail_in_finish(MailOutcome out, std::function<void(ApiResponse)> done) {
    const Outbound ob = outbound();
    db_->run([out = std::move(out), ob, done = std::move(done)](store::Database& db) mutable {
        try {
            store::Transaction tx(db);
            if (!out.record.user && store::unattributed_since(db, out.record.received - hour_ms) >= unattributed_per_hour) {
                tx.commit();
                return done(ApiResponse{200, {{"outcome", out.record.outcome}, {"reason", out.record.reason + " Not recorded: too many such "
                                              "messages in the last hour."}, {"exit", 0}}, ""});
            }
            store::record_mail(db, out.record);
            if (!out.answer.empty() && out.record.user) {
                store::OutboxItem answer{out.record.campaign.value_or(0), *out.record.user, "answer", "", out.answer_subject, out.answer};
                store::add_to_outbox(db, {answer}, unix_ms());
            }
            tx.commit();
        } catch (const std::exception& e) {
            std::cerr << "muster: mail-in: " << e.what() << "\n";
            return done(api_unsaved(db, e, "The server could not record the message; the mail server should try again."));
        }
        if (!out.answer.empty() && ob.poke) ob.poke();
        done(ApiResponse{200, {{"outcome", out.record.outcome}, {"reason", out.record.reason}, {"exit", out.exit_code}}, ""});
    });
}

// GET /api/campaigns/{id}/mail (the campaign's umpires): the latest 50 messages its reply addresses received, taken
// or not, newest first.
void App::campaign_mail(const ApiRequest& request, std::int64_t campaign, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, campaign, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const Role role = directory_->role_of(campaign, who->user);
        if (role == Role::none) return done(api_error(404, "not_found", "There is no such campaign."));
        if (role != Role::umpire) return done(api_error(403, "forbidden", "Only the campaign's umpires see its mail."));
        db_->run([campaign, done](store::Database& db) {
            try {
                json list = json::array();
                for (const auto& r : store::campaign_mail(db, campaign, 50))
                    list.push_back({{"id", r.id}, {"received", r.received}, {"user", r.user ? json(*r.user) : json(nullptr)},
                                    {"sender", r.sender}, {"subject", r.subject}, {"outcome", r.outcome}, {"reason", r.reason}});
                done(ApiResponse{200, {{"mail", std::move(list)}}});
            } catch (const std::exception& e) {
                std::cerr << "muster: campaign mail: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not do that; try again."));
            }
        });
    });
}

}  // namespace muster
