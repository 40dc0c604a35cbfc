#pragma once
// The outbox of notifications, each user's e-mail address and his choices for it, and the page's list of
// notifications (migrations/0002_notifications.sql, 0004_email_choices.sql). All SQL about them lives here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

// A message to write: to a user (`channel` "email": sent to his verified address, if he has one; none: nothing is
// written) or to a webhook (`channel` "webhook", `address` its URL).
struct OutboxItem {
    OutboxItem() = default;
    OutboxItem(std::int64_t campaign_, std::int64_t user_, std::string channel_, std::string address_, std::string subject_,
               std::string body_, std::optional<std::int64_t> due_ = std::nullopt)
        : campaign(campaign_), user(user_), channel(std::move(channel_)), address(std::move(address_)),
          subject(std::move(subject_)), body(std::move(body_)), due(due_) {}

    std::int64_t campaign = 0;
    std::int64_t user = 0;
    std::string channel;
    std::string address;  // the webhook's URL; for e-mail, filled from the user's verified address
    std::string subject;
    std::string body;
    std::optional<std::int64_t> due;  // the deadline it speaks of: an e-mail says it in the reader's time zone
    int cap = 0;  // e-mail: more than this many to the user in a day wait for his digest (0: no cap)
    // "page": the page's list of notifications, whatever his e-mail choice: its words and tab.
    std::string tab;
    // An e-mail that invites a reply (docs/operations.md, "Replies by e-mail"): its Reply-To and the words added
    // to its body that say how, both left out for a member who turned replies off.
    std::string reply_to;
    std::string reply_text;
};

struct OutboxRow {
    std::int64_t id = 0;
    std::int64_t campaign = 0;
    std::int64_t user = 0;
    std::string channel, address, subject, body;
    int attempts = 0;
    std::optional<std::int64_t> due;
    std::string time_zone = "UTC";  // the recipient's, for an e-mail
    std::string unsubscribe;        // his unsubscribe token, for an e-mail's link
    std::string reply_to;           // its Reply-To, if it invites a reply
    std::optional<std::string> tab;  // where on the page its notice is done; none for a row written before it was kept
};

// Writes the items (the caller holds the transaction, the same one as the events that cause them). An e-mail goes
// to the user's verified address as he chose: at once, held for his digest (also when over the day's cap), or not.
void add_to_outbox(Database& db, const std::vector<OutboxItem>& items, std::int64_t now_ms);
// An answer to a member's own e-mail (channel "answer"): to his verified address whatever his choice of notices,
// since he wrote; nothing when he has none.
// Up to `limit` unsent rows due by now, oldest first.
std::vector<OutboxRow> due_messages(Database& db, std::int64_t now_ms, int limit);
void mark_sent(Database& db, std::int64_t id, std::int64_t now_ms);
// A failed attempt: tried again at `next_try_ms`.
void mark_failed(Database& db, std::int64_t id, const std::string& error, std::int64_t next_try_ms);
// A delivery failure reported after the relay took the message (a bounce to its envelope sender): its words in the
// row's last_error. The row's campaign and user, if there is such a row.
std::optional<std::pair<std::int64_t, std::int64_t>> mark_bounced(Database& db, std::int64_t id, const std::string& report);
// Everything written so far, sent or not (the tests' and the umpire's look at it).
std::vector<OutboxRow> all_messages(Database& db);

// --- digests ---
struct HeldFor {
    std::int64_t user = 0;
    std::int64_t oldest = 0;  // unix ms: the first message held
    int digest_hour = 18;
    std::string time_zone = "UTC";
};
// Every user with e-mails held for his digest.
std::vector<HeldFor> held_users(Database& db);
// The messages held for this user, oldest first.
std::vector<OutboxRow> held_messages(Database& db, std::int64_t user);
// Writes one digest e-mail for the user in place of his held messages (marked sent, into the digest), in one
// transaction.
void write_digest(Database& db, std::int64_t user, const std::string& subject, const std::string& body, std::int64_t now_ms);

// --- the page's list of notifications ---
struct NotificationRow {
    std::int64_t id = 0;
    std::int64_t campaign = 0;
    std::string text, tab;
    std::optional<std::int64_t> due;
    std::int64_t created = 0;
    bool seen = false;
};
// The user's latest notifications, newest first.
std::vector<NotificationRow> notifications_of(Database& db, std::int64_t user, int limit);
// Marks his notifications up to `up_to` (an id) seen.
void mark_seen(Database& db, std::int64_t user, std::int64_t up_to);

// --- e-mail addresses ---
struct EmailRow {
    std::string address;
    bool verified = false;
    std::string mode = "immediate";  // "immediate" | "digest" | "off"
    int digest_hour = 18;
    std::string time_zone = "UTC";
    bool replies = true;  // replies by e-mail taken (docs/operations.md, "Replies by e-mail")
};
std::optional<EmailRow> user_email(Database& db, std::int64_t user);
// Sets (or replaces) a user's address, unverified, with the hash of the token its link carries. `unsubscribe` is the
// random token of his unsubscribe link, kept when he only changes his address.
void set_user_email(Database& db, std::int64_t user, const std::string& address, const std::string& token_hash,
                    std::int64_t now_ms, const std::string& unsubscribe);
void remove_user_email(Database& db, std::int64_t user);
// His choices for e-mail (checked by the caller); false when he has no address.
bool set_email_choices(Database& db, std::int64_t user, const std::string& mode, int digest_hour, const std::string& time_zone);
// Whether his replies by e-mail are taken; false when he has no address.
bool set_email_replies(Database& db, std::int64_t user, bool replies);
// The unsubscribe link: turns e-mail off for the address with this token; false when none has it.
bool unsubscribe(Database& db, const std::string& token);
// Verifies the address whose link carries this token; the user, or nothing when no address waits for it.
std::optional<std::int64_t> verify_user_email(Database& db, const std::string& token_hash);

}  // namespace muster::store
