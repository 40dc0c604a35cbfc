#pragma once
// The store's one API over two database engines (server/store/engine.h): SQLite, the embedded default, and
// PostgreSQL, for a deployment of several nodes. A Database owns one connection, a Statement finalizes itself, a
// Transaction rolls back unless committed (after SQLiteCpp). Every failure throws StoreError.
// One connection, used by one thread at a time (docs/architecture.md, "Storage").
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "server/store/engine.h"

namespace muster::store {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Statement;

class Database {
public:
    // `store` names the database: a SQLite file ("muster.db", "sqlite:muster.db"; ":memory:" for tests), or a
    // PostgreSQL URL ("postgresql://user@host/db", "postgres://..."). SQLite's file is opened in WAL with
    // foreign_keys=ON, a busy_timeout and synchronous=FULL; PostgreSQL's commits are durable by its own settings.
    // `limits` are for PostgreSQL's sessions (engine.h); SQLite has no use for them.
    explicit Database(const std::string& store, const SessionLimits& limits = {});
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Engine engine() const { return conn_->engine(); }
    void exec(const std::string& sql);  // one or more statements, no results
    Statement prepare(const std::string& sql);
    // A statement prepared once per connection and reused, reset and unbound, for the hot paths.
    Statement& cached(const std::string& sql);
    int changes() const;  // rows the last statement inserted, updated or deleted
    bool has_table(const std::string& name);
    // After rows were inserted with their ids given (an imported campaign): PostgreSQL's identity column does not
    // see them, so it is moved past them, or the next new row would collide. Nothing to do on SQLite.
    void ids_given_by_hand(const std::string& table);
    Connection& connection() { return *conn_; }
    sqlite3* handle() const { return conn_->sqlite_handle(); }  // nullptr unless SQLite

private:
    std::unique_ptr<Connection> conn_;
    std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

// True when `store` names a PostgreSQL database rather than a SQLite file.
bool is_postgresql(const std::string& store);

class Statement {
public:
    Statement(Database& db, const std::string& sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;

    // Binds by 1-based index; returns *this so binds chain.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, const std::string& value);
    Statement& bind(int index, const char* value) { return bind(index, std::string(value)); }
    Statement& bind_null(int index);
    Statement& bind_blob(int index, const std::string& bytes);

    bool step();  // true while a row is available; false when done
    void run();   // step to completion, for statements without results
    void reset(); // reset and clear bindings, to run again

    std::int64_t column_int(int index) const;
    std::string column_text(int index) const;  // "" for NULL
    std::string column_blob(int index) const;  // the bytes; "" for NULL
    bool column_is_null(int index) const;

private:
    std::unique_ptr<Cursor> cursor_;
};

class Transaction {
public:
    explicit Transaction(Database& db);  // BEGIN (IMMEDIATE, on SQLite)
    ~Transaction();                      // ROLLBACK unless committed
    void commit();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace muster::store
