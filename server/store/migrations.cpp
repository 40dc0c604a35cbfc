#include "server/store/migrations.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace muster::store {

namespace fs = std::filesystem;

namespace {
// The advisory lock key that serialises migrations on PostgreSQL ("MUSTERMG" in ASCII).
constexpr std::int64_t migration_lock = 0x4d55535445524d47;
}  // namespace

std::vector<Migration> load_migrations(const std::string& dir) {
    static const std::regex pattern(R"(^(\d+)_.*\.sql$)");
    std::vector<Migration> out;
    try {
        for (const auto& entry : fs::directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            if (!entry.is_regular_file() || entry.path().extension() != ".sql") continue;
            std::smatch match;
            if (!std::regex_match(name, match, pattern))
                throw StoreError("migration file name is not NNNN_name.sql: " + name);
            Migration m;
            const std::string digits = match[1].str();
            const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), m.version);
            // Version 0 is what schema_version() reports for a new database, so no file may claim it.
            if (ec != std::errc{} || m.version <= 0)
                throw StoreError("migration file has a bad version number: " + name);
            m.name = name;
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            if (!in) throw StoreError("cannot read migration file " + entry.path().string());
            m.sql = text.str();
            out.push_back(std::move(m));
        }
    } catch (const fs::filesystem_error& e) {
        throw StoreError(std::string("cannot read migrations: ") + e.what());
    }
    std::sort(out.begin(), out.end(), [](const Migration& a, const Migration& b) { return a.version < b.version; });
    for (std::size_t i = 1; i < out.size(); ++i)
        if (out[i].version == out[i - 1].version)
            throw StoreError("two migrations have version " + std::to_string(out[i].version) + ": " +
                             out[i - 1].name + " and " + out[i].name);
    return out;
}

std::string migrations_for(const std::string& dir, Engine engine) {
    return engine == Engine::postgresql ? dir + "/postgresql" : dir;
}

int schema_version(Database& db) {
    if (!db.has_table("schema_migrations")) return 0;
    auto max = db.prepare("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
    max.step();
    return static_cast<int>(max.column_int(0));
}

int migrate(Database& db, const std::vector<Migration>& migrations) {
    for (std::size_t i = 1; i < migrations.size(); ++i)
        if (migrations[i].version <= migrations[i - 1].version)
            throw StoreError("migrations must be sorted by version with no duplicates");

    // Nodes that start together migrate one at a time. SQLite's write lock serialises each migration's
    // transaction; PostgreSQL serialises nothing (two CREATE TABLEs at once fail on its catalogue), so a session
    // advisory lock is held for the whole run. It goes with the connection if the process dies.
    const bool postgresql = db.engine() == Engine::postgresql;
    // The wait is as long as the others' migrations: no lock_timeout (engine.h, SessionLimits) while it runs.
    if (postgresql) db.exec("SET lock_timeout = 0; SELECT pg_advisory_lock(" + std::to_string(migration_lock) + ")");
    struct Unlock {
        Database& db;
        bool held;
        ~Unlock() {
            if (!held) return;
            try {
                db.exec("SELECT pg_advisory_unlock(" + std::to_string(migration_lock) + "); RESET lock_timeout");
            } catch (const StoreError&) {
                // The connection is gone, and the lock with it.
            }
        }
    } unlock{db, postgresql};

    db.exec(
        "CREATE TABLE IF NOT EXISTS schema_migrations("
        "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");

    const int known = migrations.empty() ? 0 : migrations.back().version;
    const int current = schema_version(db);
    if (current > known)
        throw StoreError("database schema version " + std::to_string(current) +
                         " is newer than this server knows (" + std::to_string(known) + ")");

    int applied = 0;
    for (const Migration& m : migrations) {
        Transaction tx(db);
        // Checked inside the write lock, so a second process migrating the same file cannot apply it twice.
        auto seen = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
        seen.bind(1, m.version);
        if (seen.step()) continue;
        try {
            db.exec(m.sql);
        } catch (const StoreError& e) {
            throw StoreError("migration " + m.name + " failed: " + e.what());
        }
        const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::system_clock::now().time_since_epoch())
                                .count();
        db.prepare("INSERT INTO schema_migrations(version, name, applied_at) VALUES(?, ?, ?)")
            .bind(1, m.version)
            .bind(2, m.name)
            .bind(3, static_cast<std::int64_t>(now_ms))
            .run();
        tx.commit();
        ++applied;
    }
    return applied;
}

}  // namespace muster::store
