#pragma once
// A thin RAII wrapper over SQLite (after SQLiteCpp): a Database owns one connection, a Statement
// finalizes itself, a Transaction rolls back unless committed. Every failure throws StoreError.
// One connection, used by one thread at a time (docs/architecture.md, "Storage").
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace muster::store {

struct StoreError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Statement;

class Database {
public:
    // Opens (creating if missing) the file; sets WAL, foreign_keys=ON, busy_timeout, synchronous=FULL.
    // ":memory:" works for tests.
    explicit Database(const std::string& path);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    void exec(const std::string& sql);  // one or more statements, no results
    Statement prepare(const std::string& sql);
    // A statement prepared once per connection and reused, reset and unbound, for the hot paths.
    Statement& cached(const std::string& sql);
    std::int64_t last_insert_id() const;
    int changes() const;
    sqlite3* handle() const { return db_; }

private:
    sqlite3* db_ = nullptr;
    std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

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
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

class Transaction {
public:
    explicit Transaction(Database& db);  // BEGIN IMMEDIATE
    ~Transaction();                      // ROLLBACK unless committed
    void commit();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

private:
    Database& db_;
    bool done_ = false;
};

}  // namespace muster::store
