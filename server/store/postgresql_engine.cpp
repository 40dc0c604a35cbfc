// The PostgreSQL engine (server/store/engine.h) through libpq: the store of a deployment of several nodes
// (docs/operations.md, "More than one machine"). Parameters go as text (blobs as binary) and results come back as
// text, so the server infers each parameter's type from the column it meets, as SQLite would.
#include <libpq-fe.h>

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

#include "server/store/database.h"
#include "server/store/engine.h"

namespace muster::store {

namespace {

// SQLite's `?` and `?N` placeholders as PostgreSQL's `$N`; quoted text and identifiers are left alone.
std::string dollar_placeholders(const std::string& sql, int& count) {
    std::string out;
    out.reserve(sql.size() + 8);
    int next = 0;
    count = 0;
    char quote = 0;
    for (std::size_t i = 0; i < sql.size(); ++i) {
        const char c = sql[i];
        if (quote) {
            out += c;
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            out += c;
            continue;
        }
        if (c != '?') {
            out += c;
            continue;
        }
        std::size_t j = i + 1;
        int n = 0;
        while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') n = n * 10 + (sql[j++] - '0');
        if (j == i + 1) n = ++next;
        i = j - 1;
        if (n > count) count = n;
        out += '$' + std::to_string(n);
    }
    return out;
}

// What went wrong, in words the rest of the server already reads (server/app/hub.cpp, append_refusal): a full disk
// says "full", a database that cannot be written says "read-only", one that cannot be reached says "unavailable".
std::string error_text(PGconn* conn, const PGresult* res) {
    std::string message = res ? PQresultErrorMessage(res) : "";
    if (message.empty()) message = PQerrorMessage(conn);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    const char* state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
    const std::string code = state ? state : "";
    if (code == "53100") return "disk full: " + message;
    // 57P01-57P03: the server is shutting down, crashed or not yet taking connections (a standby being promoted):
    // it cannot be reached for now, and the worker tries again.
    if (code.rfind("57P", 0) == 0) return "database unavailable: " + message;
    if (code == "25006") return "read-only: " + message;
    // A lock held past lock_timeout (SessionLimits): by a node frozen or cut off inside a transaction, which the
    // server ends within idle_in_transaction_session_timeout; so tried again, as a server that cannot be reached.
    if (code == "55P03") return "database unavailable: " + message;
    if (PQstatus(conn) == CONNECTION_BAD || code.rfind("08", 0) == 0) return "database unavailable: " + message;
    return message;
}

// libpq's keywords for the limits, then the URL (expanded): what the URL names itself wins. PQreset connects with
// them again.
std::vector<std::pair<std::string, std::string>> connection_params(const std::string& url, const SessionLimits& l) {
    std::vector<std::pair<std::string, std::string>> params;
    std::string options;
    auto set = [&options](const char* name, std::int64_t value) {
        if (value > 0) options += std::string(options.empty() ? "" : " ") + "-c " + name + "=" + std::to_string(value);
    };
    if (!l.name.empty()) params.emplace_back("application_name", l.name);
    if (l.dead_link_ms > 0) {
        // Silent for half of it, then probed every quarter, twice: a link gone quiet is given up within about
        // dead_link_ms, by libpq here and by the server on its side (a socket over TCP; a Unix socket ignores them).
        const std::int64_t idle = std::max<std::int64_t>(1, l.dead_link_ms / 2000);
        const std::int64_t interval = std::max<std::int64_t>(1, l.dead_link_ms / 4000);
        params.emplace_back("keepalives", "1");
        params.emplace_back("keepalives_idle", std::to_string(idle));
        params.emplace_back("keepalives_interval", std::to_string(interval));
        params.emplace_back("keepalives_count", "2");
        params.emplace_back("tcp_user_timeout", std::to_string(l.dead_link_ms));
        params.emplace_back("connect_timeout", std::to_string(std::max<std::int64_t>(2, l.dead_link_ms / 1000)));
        set("tcp_keepalives_idle", idle);
        set("tcp_keepalives_interval", interval);
        set("tcp_keepalives_count", 2);
        set("tcp_user_timeout", l.dead_link_ms);
    }
    set("idle_in_transaction_session_timeout", l.idle_in_transaction_ms);
    set("lock_timeout", l.lock_timeout_ms);
    if (!options.empty()) params.emplace_back("options", options);
    params.emplace_back("dbname", url);
    return params;
}

PGconn* connect(const std::string& url, const SessionLimits& limits) {
    const auto params = connection_params(url, limits);
    std::vector<const char*> keys, values;
    for (const auto& [key, value] : params) {
        keys.push_back(key.c_str());
        values.push_back(value.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    return PQconnectdbParams(keys.data(), values.data(), 1);
}

class PgConnection;
PGconn* ready(PgConnection& connection);
void set_changes(PgConnection& connection, int changes);

class PgCursor final : public Cursor {
public:
    PgCursor(PgConnection& connection, const std::string& sql) : connection_(connection) {
        int count = 0;
        sql_ = dollar_placeholders(sql, count);
        params_.resize(count);
    }
    ~PgCursor() override { PQclear(result_); }

    void bind_int(int index, std::int64_t value) override { param(index) = {std::to_string(value), false, false}; }
    void bind_text(int index, const std::string& value) override { param(index) = {value, false, false}; }
    void bind_blob(int index, const std::string& bytes) override { param(index) = {bytes, false, true}; }
    void bind_null(int index) override { param(index) = {{}, true, false}; }

    bool step() override {
        if (!result_) run();
        return ++row_ < rows_;
    }
    void reset() override {
        PQclear(result_);
        result_ = nullptr;
        rows_ = 0;
        row_ = -1;
        for (auto& p : params_) p = Param{};
    }

    std::int64_t column_int(int index) const override {
        const char* text = value(index);
        return text ? std::strtoll(text, nullptr, 10) : 0;
    }
    std::string column_text(int index) const override {
        const char* text = value(index);
        return text ? std::string(text, PQgetlength(result_, row_, index)) : std::string();
    }
    std::string column_blob(int index) const override {
        const char* text = value(index);
        if (!text) return {};
        std::size_t length = 0;
        unsigned char* bytes = PQunescapeBytea(reinterpret_cast<const unsigned char*>(text), &length);
        if (!bytes) throw StoreError("cannot read a blob column: out of memory");
        std::string out(reinterpret_cast<const char*>(bytes), length);
        PQfreemem(bytes);
        return out;
    }
    bool column_is_null(int index) const override { return value(index) == nullptr; }

private:
    struct Param {
        std::string bytes;
        bool null = true;
        bool binary = false;
    };

    Param& param(int index) {
        if (index < 1 || index > static_cast<int>(params_.size()))
            throw StoreError("parameter index " + std::to_string(index) + " out of range in: " + sql_);
        return params_[index - 1];
    }

    // An unnamed statement, parsed each time: there is nothing to deallocate when the cursor goes, even inside a
    // transaction that failed.
    void run() {
        std::vector<const char*> values;
        std::vector<int> lengths, formats;
        for (const Param& p : params_) {
            values.push_back(p.null ? nullptr : p.bytes.data());
            lengths.push_back(static_cast<int>(p.bytes.size()));
            formats.push_back(p.binary ? 1 : 0);
        }
        PGconn* conn = ready(connection_);
        result_ = PQexecParams(conn, sql_.c_str(), static_cast<int>(params_.size()), nullptr, values.data(),
                               lengths.data(), formats.data(), 0);
        const auto status = result_ ? PQresultStatus(result_) : PGRES_FATAL_ERROR;
        if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
            const std::string why = error_text(conn, result_);
            PQclear(result_);
            result_ = nullptr;
            throw StoreError(why);
        }
        rows_ = PQntuples(result_);
        row_ = -1;
        set_changes(connection_, std::atoi(PQcmdTuples(result_)));
    }

    const char* value(int index) const {
        if (!result_ || row_ < 0 || row_ >= rows_) throw StoreError("no row to read");
        if (index < 0 || index >= PQnfields(result_))
            throw StoreError("column index " + std::to_string(index) + " out of range (columns are 0-based)");
        return PQgetisnull(result_, row_, index) ? nullptr : PQgetvalue(result_, row_, index);
    }

    PgConnection& connection_;
    std::string sql_;
    std::vector<Param> params_;
    PGresult* result_ = nullptr;
    int rows_ = 0;
    int row_ = -1;
};

class PgConnection final : public Connection {
public:
    PgConnection(const std::string& url, const SessionLimits& limits) : conn_(connect(url, limits)) {
        if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
            const std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
            PQfinish(conn_);
            throw StoreError("database unavailable: cannot connect to PostgreSQL: " + why);
        }
        // A notice (an IF NOT EXISTS that found the table) is not an error: keep it out of the server's log.
        PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
        exec("SET client_min_messages = warning");
    }
    ~PgConnection() override { PQfinish(conn_); }

    Engine engine() const override { return Engine::postgresql; }
    void exec(const std::string& sql) override {
        PGconn* conn = ready();
        PGresult* res = PQexec(conn, sql.c_str());
        const auto status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
            const std::string why = error_text(conn, res);
            PQclear(res);
            throw StoreError(why);
        }
        changes_ = std::atoi(PQcmdTuples(res));
        PQclear(res);
    }
    std::unique_ptr<Cursor> prepare(const std::string& sql) override { return std::make_unique<PgCursor>(*this, sql); }
    int changes() const override { return changes_; }
    bool has_table(const std::string& name) override {
        PgCursor find(*this, "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?");
        find.bind_text(1, name);
        return find.step();
    }
    void begin() override {
        exec("BEGIN");
        open_ = true;
    }
    void commit() override {
        // Still open while it runs, so that a lost connection is not made again first: a COMMIT on a new
        // connection would commit nothing and say it had. Failed or not, the transaction is over after it.
        try {
            exec("COMMIT");
        } catch (...) {
            open_ = false;
            throw;
        }
        open_ = false;
    }
    void rollback() override {
        const bool was_open = open_;
        open_ = false;
        if (was_open && PQstatus(conn_) == CONNECTION_OK) exec("ROLLBACK");
    }
    bool in_transaction() const override { return open_; }

    // The connection, made again if it was lost (a restarted server, a standby promoted) between transactions.
    // Never inside one: statements after a silent reconnection would each commit alone, half a transaction.
    PGconn* ready() {
        if (PQstatus(conn_) == CONNECTION_OK) return conn_;
        if (open_) throw StoreError("database unavailable: the connection to PostgreSQL was lost in a transaction");
        PQreset(conn_);
        if (PQstatus(conn_) != CONNECTION_OK)
            throw StoreError(std::string("database unavailable: ") + PQerrorMessage(conn_));
        PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
        exec("SET client_min_messages = warning");
        return conn_;
    }
    void set_changes(int changes) { changes_ = changes; }

private:
    PGconn* conn_;
    int changes_ = 0;
    bool open_ = false;
};

PGconn* ready(PgConnection& connection) { return connection.ready(); }
void set_changes(PgConnection& connection, int changes) { connection.set_changes(changes); }

}  // namespace

SessionLimits SessionLimits::for_lease(const std::string& node, std::int64_t lease_ms) {
    // A node frozen inside a transaction keeps its locks until the server ends its session: within half a lease,
    // so the lease, not the freeze, says when another node may take over. No wait for a lock outlasts a fifth of it.
    return {"muster " + node, lease_ms / 2, lease_ms / 5, lease_ms / 2};
}

std::unique_ptr<Connection> open_postgresql(const std::string& url, const SessionLimits& limits) {
    return std::make_unique<PgConnection>(url, limits);
}

}  // namespace muster::store
