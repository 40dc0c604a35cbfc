#pragma once
// The sender of the outbox (docs/protocol.md, "Notifications"; migrations/0002_notifications.sql): a thread that
// takes the due messages from the database, sends each by SMTP through the club's relay or by an HTTP POST to a
// webhook (libcurl), and marks it sent once accepted, or tries it again later with a growing wait. A message is
// written in the same transaction as the events that cause it, so nothing is lost in a crash; one accepted but not
// yet marked when the server dies may go out twice, never not at all.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "server/app/config.h"
#include "server/store/campaign_index.h"
#include "server/store/outbox.h"

namespace muster {

class DbWorker;

class Notifier {
public:
    Notifier(DbWorker& db, const Config& config);
    ~Notifier();
    void start();
    void poke();  // something was written: look now, not at the next tick
    void stop();

    // One message's sending: "" when accepted, else what went wrong (public for the tests of its parts).
    std::string send(const store::OutboxRow& m) const;

private:
    void loop();
    void write_digests();
    std::string send_email(const store::OutboxRow& m) const;
    std::string send_webhook(const store::OutboxRow& m) const;

    DbWorker& db_;
    Config config_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool poked_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

// The wait before the next attempt after `attempts` failed ones: 2^attempts seconds, at most an hour.
std::int64_t retry_delay_ms(int attempts);
// An e-mail's text: its body, its deadline in the reader's time zone, and how to stop them.
std::string email_text(const Config& config, const store::OutboxRow& m);
// A digest's subject: "Muster: your digest (1 notice)", "(3 notices)".
std::string digest_subject(std::size_t notices);
// The month's deadline of each campaign the held messages speak of, by campaign, as the index keeps it now.
using MonthDeadlines = std::map<std::int64_t, store::IndexDeadline>;
MonthDeadlines month_deadlines(store::Database& db, const std::vector<store::OutboxRow>& held);
// A digest's body: each held message's subject, its deadline in the reader's `zone` (for the month's clock, the
// campaign's as it stands in `months`, in the words of a single e-mail) and its link.
std::string digest_body(const std::vector<store::OutboxRow>& held, const std::string& zone, const MonthDeadlines& months);
// The e-mail as the relay receives it: headers and body (RFC 5322, UTF-8 text).
std::string email_message(const Config& config, const store::OutboxRow& m, std::int64_t now_ms);

}  // namespace muster
