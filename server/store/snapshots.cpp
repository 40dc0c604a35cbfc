#include "server/store/snapshots.h"

#include "server/store/event_store.h"

namespace muster::store {

bool put_snapshot(Database& db, std::int64_t campaign, const Event& last, int format, const std::string& body,
                  std::int64_t taken_ms) {
    Transaction tx(db);
    if (!holds_event(db, campaign, last)) return false;
    // A later snapshot is never replaced by an earlier one (two nodes that each kept the campaign for a while); one of
    // another format (a newer or older server's) is replaced by this server's at the same event.
    auto put = db.prepare(
        "INSERT INTO campaign_snapshots(campaign, seq, format, body, taken) VALUES(?, ?, ?, ?, ?) "
        "ON CONFLICT(campaign) DO UPDATE SET seq = excluded.seq, format = excluded.format, body = excluded.body, "
        "taken = excluded.taken WHERE excluded.seq > campaign_snapshots.seq OR "
        "(excluded.seq = campaign_snapshots.seq AND excluded.format <> campaign_snapshots.format)");
    put.bind(1, campaign).bind(2, last.seq).bind(3, format).bind(4, body).bind(5, taken_ms).run();
    const bool kept = db.changes() == 1;
    tx.commit();
    return kept;
}

std::optional<SnapshotRow> latest_snapshot(Database& db, std::int64_t campaign) {
    auto st = db.prepare("SELECT seq, format, body FROM campaign_snapshots WHERE campaign = ?");
    st.bind(1, campaign);
    if (!st.step()) return std::nullopt;
    return SnapshotRow{st.column_int(0), static_cast<int>(st.column_int(1)), st.column_text(2)};
}

}  // namespace muster::store
