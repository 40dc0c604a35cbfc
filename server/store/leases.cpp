#include "server/store/leases.h"

namespace muster::store {

namespace {

// On PostgreSQL a lease row locked by another session is passed over, never waited on: the session is another node
// taking it, or one frozen or cut off inside a transaction (which PostgreSQL ends within its SessionLimits), and a
// wait would stall every campaign of this node's one database worker. SQLite has one writer and no row locks.
std::string skip_locked(const Database& db, const std::string& select) {
    return db.engine() == Engine::postgresql ? select + " FOR UPDATE SKIP LOCKED" : select;
}

}  // namespace

std::optional<Lease> take_lease(Database& db, std::int64_t campaign, const std::string& node, std::int64_t now_ms,
                                std::int64_t ttl_ms) {
    // Taken over when run out or this node's; made when the campaign never had one. A row locked elsewhere, or one
    // made meanwhile by another node, is not this node's yet.
    auto& take = db.cached(
        "UPDATE campaign_leases SET node = ?2, epoch = epoch + 1, expires = ?4 WHERE campaign IN (" +
        skip_locked(db, "SELECT campaign FROM campaign_leases WHERE campaign = ?1 AND (node = ?2 OR expires < ?3)") +
        ") RETURNING epoch");
    take.bind(1, campaign).bind(2, node).bind(3, now_ms).bind(4, now_ms + ttl_ms);
    std::optional<Lease> out;
    if (take.step()) out = Lease{node, take.column_int(0)};
    take.reset();
    if (out) return out;
    auto& make = db.cached(
        "INSERT INTO campaign_leases(campaign, node, epoch, expires) VALUES(?1, ?2, 1, ?3) "
        "ON CONFLICT(campaign) DO NOTHING RETURNING epoch");
    make.bind(1, campaign).bind(2, node).bind(3, now_ms + ttl_ms);
    if (make.step()) out = Lease{node, make.column_int(0)};
    make.reset();
    return out;
}

std::vector<std::int64_t> renew_leases(Database& db, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms) {
    // A row locked by another session is being taken by it (this node's lease ran out there): not renewed, so let go.
    auto& st = db.cached("UPDATE campaign_leases SET expires = ?2 WHERE campaign IN (" +
                         skip_locked(db, "SELECT campaign FROM campaign_leases WHERE node = ?1") + ") RETURNING campaign");
    st.bind(1, node).bind(2, now_ms + ttl_ms);
    std::vector<std::int64_t> held;
    while (st.step()) held.push_back(st.column_int(0));
    st.reset();
    return held;
}

void release_lease(Database& db, std::int64_t campaign, const Lease& lease) {
    auto& st = db.cached("UPDATE campaign_leases SET expires = 0 WHERE campaign IN (" +
                         skip_locked(db, "SELECT campaign FROM campaign_leases WHERE campaign = ?1 AND node = ?2 AND epoch = ?3") +
                         ")");
    st.bind(1, campaign).bind(2, lease.node).bind(3, lease.epoch);
    st.run();
    st.reset();
}

void check_lease(Database& db, std::int64_t campaign, const Lease& lease) {
    auto& st = db.cached(skip_locked(db, "SELECT node, epoch FROM campaign_leases WHERE campaign = ?"));
    st.bind(1, campaign);
    std::optional<Lease> now;
    if (st.step()) now = Lease{st.column_text(0), st.column_int(1)};
    st.reset();
    if (now != lease)
        throw StoreError("lease lost: campaign " + std::to_string(campaign) + " is now written by " +
                         (now ? now->node + " (epoch " + std::to_string(now->epoch) + ")"
                              : std::string("nobody, or being taken by another node")));
}

std::optional<LeaseRow> lease_of(Database& db, std::int64_t campaign) {
    auto st = db.prepare("SELECT node, epoch, expires FROM campaign_leases WHERE campaign = ?");
    st.bind(1, campaign);
    if (!st.step()) return std::nullopt;
    return LeaseRow{{st.column_text(0), st.column_int(1)}, st.column_int(2)};
}

}  // namespace muster::store
