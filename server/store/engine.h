#pragma once
// What Database and Statement ask of a database engine (server/store/database.h is the one API the rest of the
// server uses). Two engines: SQLite (sqlite_engine.cpp, the embedded default) and PostgreSQL through libpq
// (postgresql_engine.cpp, for a deployment of several nodes: docs/operations.md, "More than one machine").
// The SQL the store writes is the subset both speak; `?` and `?N` placeholders are SQLite's, and the PostgreSQL
// engine rewrites them as `$N`.
#include <cstdint>
#include <memory>
#include <string>

struct sqlite3;

namespace muster::store {

enum class Engine { sqlite, postgresql };

// One prepared statement of an engine. Binds are 1-based, columns 0-based (as SQLite's).
class Cursor {
public:
    virtual ~Cursor() = default;
    virtual void bind_int(int index, std::int64_t value) = 0;
    virtual void bind_text(int index, const std::string& value) = 0;
    virtual void bind_blob(int index, const std::string& bytes) = 0;
    virtual void bind_null(int index) = 0;
    virtual bool step() = 0;   // true while a row is available
    virtual void reset() = 0;  // to run again, bindings cleared
    virtual std::int64_t column_int(int index) const = 0;
    virtual std::string column_text(int index) const = 0;
    virtual std::string column_blob(int index) const = 0;
    virtual bool column_is_null(int index) const = 0;
};

// One connection of an engine, used by one thread at a time.
class Connection {
public:
    virtual ~Connection() = default;
    virtual Engine engine() const = 0;
    virtual void exec(const std::string& sql) = 0;  // one or more statements, no parameters, no results
    virtual std::unique_ptr<Cursor> prepare(const std::string& sql) = 0;
    virtual int changes() const = 0;  // rows the last statement inserted, updated or deleted
    virtual bool has_table(const std::string& name) = 0;
    virtual void begin() = 0;  // a write transaction
    virtual void commit() = 0;
    virtual void rollback() = 0;
    virtual bool in_transaction() const = 0;
    virtual sqlite3* sqlite_handle() const { return nullptr; }  // SQLite's own connection, for its backup API
};

std::unique_ptr<Connection> open_sqlite(const std::string& path);
// SQLite's process-wide settings: once, before any thread uses SQLite (it refuses them after it has started).
void configure_sqlite();
// How long a node's PostgreSQL session may keep what other nodes wait for, set on each of its connections so that a
// node frozen or cut off inside a transaction never holds a campaign's lease row past its lease (docs/operations.md,
// "Failover"). Zero leaves PostgreSQL's and libpq's defaults (a tool's connection, a single node).
struct SessionLimits {
    std::string name;                            // application_name: who the session is in pg_stat_activity
    std::int64_t idle_in_transaction_ms = 0;     // the server ends a session idle this long inside a transaction
    std::int64_t lock_timeout_ms = 0;            // a statement waits no longer than this for a lock
    std::int64_t dead_link_ms = 0;               // keepalives, tcp_user_timeout, connect_timeout: a lost link is seen
                                                 // within about this
    // The limits for a node holding leases of `lease_ms`: each well inside the lease.
    static SessionLimits for_lease(const std::string& node, std::int64_t lease_ms);
};

std::unique_ptr<Connection> open_postgresql(const std::string& url, const SessionLimits& limits = {});

}  // namespace muster::store
