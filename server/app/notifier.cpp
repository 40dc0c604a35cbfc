#include "server/app/notifier.h"

#include "server/app/reply_address.h"

#include <curl/curl.h>

#include <chrono>
#include <future>
#include <iostream>

#include <nlohmann/json.hpp>

#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/outbound.h"
#include "server/app/reply_address.h"
#include "server/app/time_zones.h"

namespace muster {

namespace {

struct Upload {
    std::string data;
    std::size_t at = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t n, void* user) {
    auto* up = static_cast<Upload*>(user);
    const std::size_t want = size * n;
    const std::size_t left = up->data.size() - up->at;
    const std::size_t give = std::min(want, left);
    std::copy_n(up->data.data() + up->at, give, buffer);
    up->at += give;
    return give;
}

std::size_t discard(char*, std::size_t size, std::size_t n, void*) { return size * n; }

// A header value on one line: no CR or LF can smuggle another header in.
std::string one_line(std::string s) {
    for (auto& c : s)
        if (c == '\r' || c == '\n') c = ' ';
    return s;
}

}  // namespace

std::int64_t retry_delay_ms(int attempts) {
    const int capped = std::min(attempts, 12);
    return std::min<std::int64_t>(std::int64_t{1000} << capped, 3600 * 1000);
}

std::string email_text(const Config& config, const store::OutboxRow& m) {
    std::string text = m.body;
    // The deadline in the reader's own time zone, under the first line.
    if (m.due) {
        const auto first = text.find('\n');
        const std::string line = due_line(*m.due, m.time_zone) + "\n";
        text.insert(first == std::string::npos ? text.size() : first + 1, first == std::string::npos ? "\n" + line : line);
    }
    if (m.channel == "email" && !m.unsubscribe.empty()) {
        const std::string base = link_base_of(config);
        text += "\nYou get this because your e-mail address is in your Muster account. To get no more e-mails, open " +
                base + "unsubscribe?token=" + m.unsubscribe + "\nTo get one digest a day instead, or none, see Notifications on "
                "your campaigns page: " + base + "#/campaigns\n";
    }
    return text;
}

std::string email_message(const Config& config, const store::OutboxRow& m, std::int64_t now_ms) {
    std::string out;
    out += "Date: " + utc_format(now_ms, "%a, %d %b %Y %H:%M:%S +0000") + "\r\n";  // RFC 5322
    out += "From: " + one_line(config.smtp_from) + "\r\n";
    out += "To: " + one_line(m.address) + "\r\n";
    out += "Subject: " + one_line(m.subject) + "\r\n";
    out += "Message-ID: <muster-" + std::to_string(m.id) + "-" + std::to_string(now_ms) + "@muster>\r\n";
    if (m.channel == "email" && !m.unsubscribe.empty())  // RFC 2369: mail programs offer it as a button
        out += "List-Unsubscribe: <" + link_base_of(config) + "unsubscribe?token=" + one_line(m.unsubscribe) + ">\r\n";
    if (!m.reply_to.empty()) out += "Reply-To: " + one_line(m.reply_to) + "\r\n";
    // RFC 3834: a player's out-of-office answers none of these, and an answer to his reply is marked as one.
    out += std::string("Auto-Submitted: ") + (m.channel == "answer" ? "auto-replied" : "auto-generated") + "\r\n";
    out += "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n";
    // Lines of the body end in CRLF; a line that is a lone "." would end the message early (RFC 5321 4.5.2:
    // libcurl dot-stuffs, but CRLF is ours to write).
    std::string body;
    for (char c : email_text(config, m)) {
        if (c == '\n') body += "\r\n";
        else if (c != '\r') body += c;
    }
    return out + body + "\r\n";
}

std::string digest_subject(std::size_t notices) {
    return "Muster: your digest (" + std::to_string(notices) + (notices == 1 ? " notice)" : " notices)");
}

namespace {

// The tab a message's link opens ("diary"), from the "Open it: ...#/campaign/<id>/<tab>" line of outbox_items: for
// a row written before the outbox kept its tab.
std::string tab_of(const std::string& body) {
    const auto open = body.find("Open it: ");
    if (open == std::string::npos) return "";
    const std::string link = body.substr(open, body.find('\n', open) - open);
    const auto at = link.find("#/campaign/");
    const auto slash = at == std::string::npos ? at : link.find('/', at + 11);
    return slash == std::string::npos ? "" : link.substr(slash + 1);
}

// Whether a message is about the month's clock (a diary owed, a reminder, an extension): its deadline is the
// campaign's month deadline, which may have been set or moved since the message was held.
bool on_month_clock(const store::OutboxRow& m) {
    if (m.campaign == 0) return false;
    // The tab the notice was written with; read back from its link for a row written before the tab was kept.
    const std::string tab = m.tab ? *m.tab : tab_of(m.body);
    return tab == "diary" || tab == "colonels";
}

// The deadline a digest gives for a message: for one on the month's clock, the campaign's deadline as it stands
// now; for any other (a lot's countdown, a battle's turn), or when the campaign's index keeps none, its own.
std::optional<std::int64_t> due_now(const store::OutboxRow& m, const MonthDeadlines& months) {
    if (!on_month_clock(m)) return m.due;
    const auto it = months.find(m.campaign);
    if (it == months.end() || !it->second.kept) return m.due;
    return it->second.at;
}

}  // namespace

MonthDeadlines month_deadlines(store::Database& db, const std::vector<store::OutboxRow>& held) {
    MonthDeadlines out;
    for (const auto& m : held)
        if (on_month_clock(m) && !out.count(m.campaign)) out.emplace(m.campaign, store::index_deadline(db, m.campaign));
    return out;
}

std::string digest_body(const std::vector<store::OutboxRow>& held, const std::string& zone, const MonthDeadlines& months) {
    std::string body = "Your Muster notices, " + std::to_string(held.size()) + " since your last e-mail:\n\n";
    for (const auto& m : held) {
        body += "- " + m.subject + "\n";
        if (const auto due = due_now(m, months)) body += "  " + due_line(*due, zone) + "\n";
        const auto link = m.body.find("Open it: ");
        if (link != std::string::npos) body += "  " + m.body.substr(link, m.body.find('\n', link) - link) + "\n";
    }
    return body;
}

Notifier::Notifier(DbWorker& db, const Config& config) : db_(db), config_(config) {}

Notifier::~Notifier() { stop(); }

void Notifier::start() {
    if (thread_.joinable()) return;
    thread_ = std::thread([this] { loop(); });
}

void Notifier::poke() {
    {
        std::lock_guard lock(mutex_);
        poked_ = true;
    }
    wake_.notify_one();
}

void Notifier::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

std::string Notifier::send(const store::OutboxRow& m) const {
    if (m.channel == "webhook") return send_webhook(m);
    return send_email(m);
}

std::string Notifier::send_email(const store::OutboxRow& m) const {
    if (config_.smtp_host.empty()) return "no SMTP relay is set (smtp_host)";
    CURL* curl = curl_easy_init();
    if (!curl) return "libcurl failed to start";
    Upload up{email_message(config_, m, unix_ms())};
    const std::string url = "smtp://" + config_.smtp_host + ":" + std::to_string(config_.smtp_port);
    curl_slist* rcpt = curl_slist_append(nullptr, ("<" + m.address + ">").c_str());
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    if (config_.smtp_starttls) curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
    if (!config_.smtp_username.empty()) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, config_.smtp_username.c_str());
        curl_easy_setopt(curl, CURLOPT_PASSWORD, config_.smtp_password.c_str());
    }
    // With replies by e-mail set up, the envelope sender names the message (VERP), so that a delivery failure
    // reported later comes back to `muster mail-in` and is written against it (server/app/mail_in_api.cpp).
    const std::string envelope = config_.mail_reply_to.empty() ? config_.smtp_from
                                                               : bounce_address(config_.mail_reply_to, config_.mail_secret, m.id);
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, ("<" + envelope + ">").c_str());
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(curl, CURLOPT_READDATA, &up);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    const CURLcode rc = curl_easy_perform(curl);
    curl_slist_free_all(rcpt);
    curl_easy_cleanup(curl);
    return rc == CURLE_OK ? "" : std::string("SMTP: ") + curl_easy_strerror(rc);
}

// A JSON POST in the shape chat services take for incoming webhooks: "text" (Slack, Mattermost, Rocket.Chat) and
// "content" (Discord).
std::string Notifier::send_webhook(const store::OutboxRow& m) const {
    CURL* curl = curl_easy_init();
    if (!curl) return "libcurl failed to start";
    const std::string text = m.subject + (m.body.empty() ? "" : "\n" + m.body);
    const std::string payload = nlohmann::json{{"text", text}, {"content", text}, {"username", "Muster"}}.dump();
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_URL, m.address.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(payload.size()));
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 15L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    const CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    if (rc != CURLE_OK) return std::string("webhook: ") + curl_easy_strerror(rc);
    if (status < 200 || status >= 300) return "webhook: HTTP " + std::to_string(status);
    return "";
}

// Each user whose digest hour has come, in his time zone, since his first held message, gets one e-mail with them.
void Notifier::write_digests() {
    std::promise<void> done;
    auto finished = done.get_future();
    db_.run([&done](store::Database& db) {
        try {
            const auto now = unix_ms();
            for (const auto& h : store::held_users(db)) {
                if (next_local_hour(h.oldest, h.digest_hour, h.time_zone) > now) continue;
                const auto held = store::held_messages(db, h.user);
                if (held.empty()) continue;
                // Each campaign's deadline read now, not as it was when a message was held.
                const std::string body = digest_body(held, h.time_zone, month_deadlines(db, held));
                store::write_digest(db, h.user, digest_subject(held.size()), body, now);
            }
        } catch (const std::exception& e) {
            std::cerr << "muster: digests: " << e.what() << "\n";
        }
        done.set_value();
    });
    finished.wait();
}

void Notifier::loop() {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait_for(lock, std::chrono::milliseconds(config_.notify_interval_ms), [this] { return stopping_ || poked_; });
            if (stopping_) return;
            poked_ = false;
        }
        write_digests();
        std::promise<std::vector<store::OutboxRow>> found;
        auto rows = found.get_future();
        db_.run([&found](store::Database& db) {
            try {
                found.set_value(store::due_messages(db, unix_ms(), 50));
            } catch (const std::exception& e) {
                std::cerr << "muster: outbox: " << e.what() << "\n";
                found.set_value({});
            }
        });
        for (const auto& m : rows.get()) {
            const std::string error = send(m);
            const auto now = unix_ms();
            db_.run([m, error, now](store::Database& db) {
                if (error.empty()) store::mark_sent(db, m.id, now);
                else store::mark_failed(db, m.id, error, now + retry_delay_ms(m.attempts));
            });
            if (!error.empty()) std::cerr << "muster: notification " << m.id << " not sent: " << error << "\n";
        }
    }
}

}  // namespace muster
