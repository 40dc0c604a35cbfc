#pragma once
// The outbox of notifications and each user's e-mail address (migrations/0002_notifications.sql). All SQL about
// them lives here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

// A message to write: to a user (`channel` "email": sent to his verified address, if he has one; none: nothing is
// written) or to a webhook (`channel` "webhook", `address` its URL).
struct OutboxItem {
    std::int64_t campaign = 0;
    std::int64_t user = 0;
    std::string channel;
    std::string address;  // the webhook's URL; for e-mail, filled from the user's verified address
    std::string subject;
    std::string body;
};

struct OutboxRow {
    std::int64_t id = 0;
    std::int64_t campaign = 0;
    std::int64_t user = 0;
    std::string channel, address, subject, body;
    int attempts = 0;
};

// Writes the items (the caller holds the transaction, the same one as the events that cause them).
void add_to_outbox(Database& db, const std::vector<OutboxItem>& items, std::int64_t now_ms);
// Up to `limit` unsent rows due by now, oldest first.
std::vector<OutboxRow> due_messages(Database& db, std::int64_t now_ms, int limit);
void mark_sent(Database& db, std::int64_t id, std::int64_t now_ms);
// A failed attempt: tried again at `next_try_ms`.
void mark_failed(Database& db, std::int64_t id, const std::string& error, std::int64_t next_try_ms);
// Everything written so far, sent or not (the tests' and the umpire's look at it).
std::vector<OutboxRow> all_messages(Database& db);

// --- e-mail addresses ---
struct EmailRow {
    std::string address;
    bool verified = false;
};
std::optional<EmailRow> user_email(Database& db, std::int64_t user);
// Sets (or replaces) a user's address, unverified, with the hash of the token its link carries.
void set_user_email(Database& db, std::int64_t user, const std::string& address, const std::string& token_hash,
                    std::int64_t now_ms);
void remove_user_email(Database& db, std::int64_t user);
// Verifies the address whose link carries this token; the user, or nothing when no address waits for it.
std::optional<std::int64_t> verify_user_email(Database& db, const std::string& token_hash);

}  // namespace muster::store
