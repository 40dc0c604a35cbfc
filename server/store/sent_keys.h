#pragma once
// The keys of committed sends (migrations/0013_sent_keys.sql; docs/protocol.md, "A send sent twice"): one a member's
// page sends again is answered as done, not done twice.
#include <cstdint>
#include <set>
#include <string>
#include <utility>

#include "server/store/database.h"

namespace muster::store {

// The most keys kept for one member in one campaign: a page sends its kept commands again within minutes, so only
// the newest matter; recording another drops his oldest.
inline constexpr int sent_keys_per_member = 64;

struct SentKey {
    std::int64_t actor = 0;
    std::string key;
};

// Records a committed send's key (its first event's seq and time). The caller holds the transaction. A key already
// recorded is left as it was (a retried append).
void put_sent_key(Database& db, std::int64_t campaign, const SentKey& sent, std::int64_t seq, std::int64_t at);

// Every key recorded for the campaign, as (actor, key).
std::set<std::pair<std::int64_t, std::string>> sent_keys(Database& db, std::int64_t campaign);

}  // namespace muster::store
