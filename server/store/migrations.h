#pragma once
// Numbered migrations (migrations/NNNN_name.sql) applied in order at start-up, each in its own
// transaction, recorded in the schema_migrations table. A database that records a migration newer
// than the newest file we have is refused (after Clementine's schema-N.sql).
#include <string>
#include <vector>

#include "server/store/database.h"

namespace muster::store {

struct Migration {
    int version = 0;       // NNNN from the file name
    std::string name;      // the file name
    std::string sql;
};

// The folder of an engine's migrations: SQLite's are in `dir` itself, PostgreSQL's in dir/postgresql, with the same
// numbers, so a schema version means the same tables on both.
std::string migrations_for(const std::string& dir, Engine engine);

// Reads every NNNN_*.sql in dir, sorted by version. Throws StoreError on a duplicate version or a
// file name that does not start with digits and an underscore.
std::vector<Migration> load_migrations(const std::string& dir);

// Applies the missing ones. Throws StoreError("database schema version N is newer than this server
// knows (M)") when the database is ahead. Returns the number applied.
int migrate(Database& db, const std::vector<Migration>& migrations);

int schema_version(Database& db);  // 0 for a new database

}  // namespace muster::store
