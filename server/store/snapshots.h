#pragma once
// Campaign snapshots in the store (migrations/0011_snapshots.sql; docs/architecture.md, "Snapshots"). The store
// keeps a snapshot's JSON as text and knows nothing of its format: the hub makes and reads it
// (shared/campaign/snapshot.h).
#include <cstdint>
#include <optional>
#include <string>

#include "server/store/database.h"
#include "shared/core/event.h"

namespace muster::store {

struct SnapshotRow {
    std::int64_t seq = 0;  // the last event the state holds
    int format = 0;
    std::string body;      // JSON
};

// Keeps the state after `last` as the campaign's snapshot, in place of an earlier one (or one of another format at
// the same event), only when `last` is in the log
// as it is here, every field the same (so a state that holds an event whose append failed, or one another node wrote
// under the same seq, is never kept). Returns whether it was kept.
bool put_snapshot(Database& db, std::int64_t campaign, const Event& last, int format, const std::string& body,
                  std::int64_t taken_ms);

// The campaign's latest snapshot, if one was kept.
std::optional<SnapshotRow> latest_snapshot(Database& db, std::int64_t campaign);

}  // namespace muster::store
