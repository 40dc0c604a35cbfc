// The SQLite engine (server/store/engine.h): the embedded default, one file, one connection.
#include <sqlite3.h>

#include <cstring>

#include "server/store/database.h"
#include "server/store/engine.h"

namespace muster::store {

namespace {

[[noreturn]] void fail(sqlite3* db, const std::string& context) {
    throw StoreError(context + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

std::string query_text(sqlite3* db, const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK) fail(db, sql);
    std::string out;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        const auto* text = sqlite3_column_text(stmt, 0);
        if (text) out.assign(reinterpret_cast<const char*>(text), sqlite3_column_bytes(stmt, 0));
    }
    if (sqlite3_finalize(stmt) != SQLITE_OK) fail(db, sql);
    return out;
}

class SqliteCursor final : public Cursor {
public:
    SqliteCursor(sqlite3* db, const std::string& sql) : db_(db) {
        const char* tail = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), static_cast<int>(sql.size() + 1), &stmt_, &tail) != SQLITE_OK)
            throw StoreError(sqlite3_errmsg(db_));
        // prepare compiles only the first statement; silently dropping the rest would hide a bug.
        const bool rest_blank = !tail || std::strspn(tail, " \t\r\n;") == std::strlen(tail);
        if (!stmt_ || !rest_blank) {
            sqlite3_finalize(stmt_);
            stmt_ = nullptr;
            throw StoreError("prepare takes exactly one statement: " + sql);
        }
    }
    ~SqliteCursor() override { sqlite3_finalize(stmt_); }

    void bind_int(int index, std::int64_t value) override { check(sqlite3_bind_int64(stmt_, index, value)); }
    void bind_text(int index, const std::string& value) override {
        check(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
    }
    void bind_blob(int index, const std::string& bytes) override {
        check(sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT));
    }
    void bind_null(int index) override { check(sqlite3_bind_null(stmt_, index)); }

    bool step() override {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        std::string message = sqlite3_errmsg(db_);
        // Reset so the statement releases its locks and can run again after the caller handles the error.
        sqlite3_reset(stmt_);
        throw StoreError(message);
    }
    void reset() override {
        sqlite3_reset(stmt_);  // its code repeats the last step's error, which step() already threw
        sqlite3_clear_bindings(stmt_);
    }

    std::int64_t column_int(int index) const override {
        check_column(index);
        return sqlite3_column_int64(stmt_, index);
    }
    std::string column_text(int index) const override {
        check_column(index);
        const auto* text = sqlite3_column_text(stmt_, index);
        if (!text) return {};
        return std::string(reinterpret_cast<const char*>(text), sqlite3_column_bytes(stmt_, index));
    }
    std::string column_blob(int index) const override {
        check_column(index);
        const auto* bytes = sqlite3_column_blob(stmt_, index);
        if (!bytes) return {};
        return std::string(static_cast<const char*>(bytes), sqlite3_column_bytes(stmt_, index));
    }
    bool column_is_null(int index) const override {
        check_column(index);
        return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
    }

private:
    void check(int rc) const {
        if (rc != SQLITE_OK) throw StoreError(sqlite3_errmsg(db_));
    }
    void check_column(int index) const {
        if (index < 0 || index >= sqlite3_column_count(stmt_))
            throw StoreError("column index " + std::to_string(index) + " out of range (columns are 0-based)");
    }

    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

class SqliteConnection final : public Connection {
public:
    explicit SqliteConnection(const std::string& path) {
        // NOMUTEX: a connection belongs to one thread at a time, so SQLite's own locking is wasted work.
        const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
        const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
        try {
            if (rc != SQLITE_OK) fail(db_, "cannot open database " + path);
            sqlite3_extended_result_codes(db_, 1);
            if (sqlite3_busy_timeout(db_, 5000) != SQLITE_OK) fail(db_, "busy_timeout");
            exec("PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL;");
            // An in-memory or temporary database answers "memory" and stays so; a file must really be in WAL,
            // since readers on other connections rely on it.
            const std::string mode = query_text(db_, "PRAGMA journal_mode=WAL");
            const char* file = sqlite3_db_filename(db_, "main");
            if (file && *file && mode != "wal")
                throw StoreError("cannot put database " + path + " in WAL mode (journal_mode is " + mode + ")");
        } catch (...) {
            sqlite3_close_v2(db_);  // the destructor does not run when the constructor throws
            db_ = nullptr;
            throw;
        }
    }
    ~SqliteConnection() override { sqlite3_close_v2(db_); }

    Engine engine() const override { return Engine::sqlite; }
    void exec(const std::string& sql) override {
        char* message = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
            std::string text = message ? message : sqlite3_errmsg(db_);
            sqlite3_free(message);
            throw StoreError(text);
        }
    }
    std::unique_ptr<Cursor> prepare(const std::string& sql) override {
        return std::make_unique<SqliteCursor>(db_, sql);
    }
    int changes() const override { return sqlite3_changes(db_); }
    bool has_table(const std::string& name) override {
        SqliteCursor find(db_, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
        find.bind_text(1, name);
        return find.step();
    }
    // IMMEDIATE takes the write lock now, so a later write cannot fail with SQLITE_BUSY mid-transaction.
    void begin() override { exec("BEGIN IMMEDIATE"); }
    void commit() override { exec("COMMIT"); }
    void rollback() override {
        if (in_transaction()) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    // SQLite may roll back by itself (e.g. after SQLITE_FULL); then there is nothing left to undo.
    bool in_transaction() const override { return !sqlite3_get_autocommit(db_); }
    sqlite3* sqlite_handle() const override { return db_; }

private:
    sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Connection> open_sqlite(const std::string& path) { return std::make_unique<SqliteConnection>(path); }

void configure_sqlite() {
    // Without it every allocation of SQLite's takes a process-wide mutex to keep counts for sqlite3_memory_used(),
    // which Muster never asks (the database thread's appends allocate often).
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

}  // namespace muster::store
