#pragma once
// Campaigns owned by one node at a time (migrations/0009_campaign_leases.sql; docs/operations.md, "More than one
// machine"). Times are unix ms from the node's clock: a skewed clock can only make a takeover early or late; the
// epoch, checked on every append, is what keeps two nodes from both writing.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

struct Lease {
    std::string node;
    std::int64_t epoch = 0;
    bool operator==(const Lease&) const = default;
};

// Takes the campaign's lease for `node` until now + ttl when it is free, run out, or already this node's (a
// restarted node takes its own back at once); the epoch goes up each time. nullopt when another node holds it, or
// (PostgreSQL) another session has its row locked: never waits for one.
std::optional<Lease> take_lease(Database& db, std::int64_t campaign, const std::string& node, std::int64_t now_ms,
                                std::int64_t ttl_ms);
// Moves on every lease the node holds; returns the campaigns it holds.
std::vector<std::int64_t> renew_leases(Database& db, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms);
// Gives the lease up (a campaign unloaded): another node may take it at once.
void release_lease(Database& db, std::int64_t campaign, const Lease& lease);
// Inside an append's transaction: throws StoreError("lease lost: ...") unless the campaign's lease is still this one.
// On PostgreSQL the row is locked until the commit, so a takeover passes it over until the append is done, or the
// append sees it (a row another session has locked is one being taken: lease lost).
void check_lease(Database& db, std::int64_t campaign, const Lease& lease);
// Who holds the campaign's lease and until when; nullopt when nobody ever took it.
struct LeaseRow {
    Lease lease;
    std::int64_t expires = 0;
};
std::optional<LeaseRow> lease_of(Database& db, std::int64_t campaign);

}  // namespace muster::store
