#pragma once
// Online backups (docs/operations.md, "Backups"): a consistent copy of the whole database taken with SQLite's
// backup API while the server runs, written beside its name and renamed into place so that a half-written file
// never bears a backup's name; and the pruning of a folder of them to the newest few.
#include <cstdint>
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

// Copies the database to `path` (replacing a file there). Returns its size in bytes. Throws StoreError.
std::int64_t backup_to(Database& db, const std::string& path);
// The backups in `dir` ("muster-*.db"), oldest first.
std::vector<std::string> backups_in(const std::string& dir);
// Deletes all but the newest `keep` backups in `dir`; returns those deleted.
std::vector<std::string> prune_backups(const std::string& dir, int keep);
// "muster-20261202-051500.db": a backup's file name for a time (UTC), which sorts as the times do.
std::string backup_name(std::int64_t unix_ms);

}  // namespace muster::store
