#include "server/store/leases.h"

namespace muster::store {

std::optional<Lease> take_lease(Database& db, std::int64_t campaign, const std::string& node, std::int64_t now_ms,
                                std::int64_t ttl_ms) {
    auto& st = db.cached(
        "INSERT INTO campaign_leases(campaign, node, epoch, expires) VALUES(?1, ?2, 1, ?4) "
        "ON CONFLICT(campaign) DO UPDATE SET node = excluded.node, epoch = campaign_leases.epoch + 1, "
        "expires = excluded.expires WHERE campaign_leases.node = excluded.node OR campaign_leases.expires < ?3 "
        "RETURNING epoch");
    st.bind(1, campaign).bind(2, node).bind(3, now_ms).bind(4, now_ms + ttl_ms);
    std::optional<Lease> out;
    if (st.step()) out = Lease{node, st.column_int(0)};
    st.reset();
    return out;
}

std::vector<std::int64_t> renew_leases(Database& db, const std::string& node, std::int64_t now_ms, std::int64_t ttl_ms) {
    auto& st = db.cached("UPDATE campaign_leases SET expires = ?2 WHERE node = ?1 RETURNING campaign");
    st.bind(1, node).bind(2, now_ms + ttl_ms);
    std::vector<std::int64_t> held;
    while (st.step()) held.push_back(st.column_int(0));
    st.reset();
    return held;
}

void release_lease(Database& db, std::int64_t campaign, const Lease& lease) {
    auto& st = db.cached("UPDATE campaign_leases SET expires = 0 WHERE campaign = ?1 AND node = ?2 AND epoch = ?3");
    st.bind(1, campaign).bind(2, lease.node).bind(3, lease.epoch);
    st.run();
    st.reset();
}

void check_lease(Database& db, std::int64_t campaign, const Lease& lease) {
    auto& st = db.cached(db.engine() == Engine::postgresql
                             ? "SELECT node, epoch FROM campaign_leases WHERE campaign = ? FOR UPDATE"
                             : "SELECT node, epoch FROM campaign_leases WHERE campaign = ?");
    st.bind(1, campaign);
    std::optional<Lease> now;
    if (st.step()) now = Lease{st.column_text(0), st.column_int(1)};
    st.reset();
    if (now != lease)
        throw StoreError("lease lost: campaign " + std::to_string(campaign) + " is now written by " +
                         (now ? now->node + " (epoch " + std::to_string(now->epoch) + ")" : std::string("nobody")));
}

std::optional<LeaseRow> lease_of(Database& db, std::int64_t campaign) {
    auto st = db.prepare("SELECT node, epoch, expires FROM campaign_leases WHERE campaign = ?");
    st.bind(1, campaign);
    if (!st.step()) return std::nullopt;
    return LeaseRow{{st.column_text(0), st.column_int(1)}, st.column_int(2)};
}

}  // namespace muster::store
