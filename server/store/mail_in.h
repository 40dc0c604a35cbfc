#pragma once
// Every message handed in by `muster mail-in` (migrations/0014_mail_in.sql; docs/operations.md, "Replies by
// e-mail"), taken or not: what the umpire sees of his campaign's mail and what limits a flood. All its SQL is here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

struct MailRecord {
    std::int64_t id = 0;
    std::int64_t received = 0;  // unix ms
    std::optional<std::int64_t> campaign;
    std::optional<std::int64_t> user;
    std::string sender, subject, message_id;
    std::string outcome;  // recorded, refused, dropped, bounce, forged, expired, too_large, flood, off, unauthenticated
    std::string reason;
};

void record_mail(Database& db, const MailRecord& record);
// Messages the reply addresses of this member handed in since `since_ms`, whatever became of them.
int mail_count_since(Database& db, std::int64_t user, std::int64_t since_ms);
// Messages naming no member (forged, not to a reply address) recorded since `since_ms`, from anyone.
int unattributed_since(Database& db, std::int64_t since_ms);
// The campaign's latest `limit` records, newest first.
std::vector<MailRecord> campaign_mail(Database& db, std::int64_t campaign, int limit);

}  // namespace muster::store
