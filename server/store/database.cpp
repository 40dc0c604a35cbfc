#include "server/store/database.h"

#include <sqlite3.h>

#include <cstring>

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

}  // namespace

Database::Database(const std::string& path) {
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

Database::~Database() {
    cache_.clear();  // finalize before closing
    sqlite3_close_v2(db_);
}

Statement& Database::cached(const std::string& sql) {
    auto& slot = cache_[sql];
    if (!slot) slot = std::make_unique<Statement>(*this, sql);
    else slot->reset();
    return *slot;
}

void Database::exec(const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message ? message : sqlite3_errmsg(db_);
        sqlite3_free(message);
        throw StoreError(text);
    }
}

Statement Database::prepare(const std::string& sql) { return Statement(*this, sql); }

std::int64_t Database::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

int Database::changes() const { return sqlite3_changes(db_); }

Statement::Statement(Database& db, const std::string& sql) : db_(db.handle()) {
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

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) {
    other.stmt_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) throw StoreError(sqlite3_errmsg(db_));
    return *this;
}

Statement& Statement::bind_blob(int index, const std::string& bytes) {
    if (sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT) != SQLITE_OK)
        throw StoreError(sqlite3_errmsg(db_));
    return *this;
}

Statement& Statement::bind(int index, const std::string& value) {
    if (sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8) !=
        SQLITE_OK)
        throw StoreError(sqlite3_errmsg(db_));
    return *this;
}

Statement& Statement::bind_null(int index) {
    if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) throw StoreError(sqlite3_errmsg(db_));
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    std::string message = sqlite3_errmsg(db_);
    // Reset so the statement releases its locks and can run again after the caller handles the error.
    sqlite3_reset(stmt_);
    throw StoreError(message);
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(stmt_);  // its code repeats the last step's error, which step() already threw
    sqlite3_clear_bindings(stmt_);
}

namespace {

void check_column(sqlite3_stmt* stmt, int index) {
    if (index < 0 || index >= sqlite3_column_count(stmt))
        throw StoreError("column index " + std::to_string(index) + " out of range (columns are 0-based)");
}

}  // namespace

std::int64_t Statement::column_int(int index) const {
    check_column(stmt_, index);
    return sqlite3_column_int64(stmt_, index);
}

std::string Statement::column_text(int index) const {
    check_column(stmt_, index);
    const auto* text = sqlite3_column_text(stmt_, index);
    if (!text) return {};
    return std::string(reinterpret_cast<const char*>(text), sqlite3_column_bytes(stmt_, index));
}

std::string Statement::column_blob(int index) const {
    check_column(stmt_, index);
    const auto* bytes = sqlite3_column_blob(stmt_, index);
    if (!bytes) return {};
    return std::string(static_cast<const char*>(bytes), sqlite3_column_bytes(stmt_, index));
}

bool Statement::column_is_null(int index) const {
    check_column(stmt_, index);
    return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

Transaction::Transaction(Database& db) : db_(db) {
    // IMMEDIATE takes the write lock now, so a later write cannot fail with SQLITE_BUSY mid-transaction.
    db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    // SQLite may already have rolled back by itself (e.g. after SQLITE_FULL); then there is nothing to undo.
    if (!done_ && !sqlite3_get_autocommit(db_.handle()))
        sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    if (done_) throw StoreError("transaction already committed");
    db_.exec("COMMIT");
    done_ = true;
}

}  // namespace muster::store
