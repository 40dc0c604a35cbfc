#include "server/store/database.h"

namespace muster::store {

bool is_postgresql(const std::string& store) {
    return store.rfind("postgresql://", 0) == 0 || store.rfind("postgres://", 0) == 0;
}

namespace {

std::unique_ptr<Connection> open(const std::string& store, const SessionLimits& limits) {
    if (is_postgresql(store)) return open_postgresql(store, limits);
    if (store.rfind("sqlite:", 0) == 0) return open_sqlite(store.substr(7));
    return open_sqlite(store);
}

}  // namespace

Database::Database(const std::string& store, const SessionLimits& limits) : conn_(open(store, limits)) {}

Database::~Database() {
    cache_.clear();  // finalize before closing
}

Statement& Database::cached(const std::string& sql) {
    auto& slot = cache_[sql];
    if (!slot) slot = std::make_unique<Statement>(*this, sql);
    else slot->reset();
    return *slot;
}

void Database::exec(const std::string& sql) { conn_->exec(sql); }

Statement Database::prepare(const std::string& sql) { return Statement(*this, sql); }

int Database::changes() const { return conn_->changes(); }

bool Database::has_table(const std::string& name) { return conn_->has_table(name); }

void Database::ids_given_by_hand(const std::string& table) {
    if (engine() != Engine::postgresql) return;
    exec("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), (SELECT MAX(id) FROM " + table + "))");
}

Statement::Statement(Database& db, const std::string& sql) : cursor_(db.connection().prepare(sql)) {}

Statement::~Statement() = default;

Statement::Statement(Statement&& other) noexcept = default;

Statement& Statement::bind(int index, std::int64_t value) {
    cursor_->bind_int(index, value);
    return *this;
}

Statement& Statement::bind(int index, const std::string& value) {
    cursor_->bind_text(index, value);
    return *this;
}

Statement& Statement::bind_blob(int index, const std::string& bytes) {
    cursor_->bind_blob(index, bytes);
    return *this;
}

Statement& Statement::bind_null(int index) {
    cursor_->bind_null(index);
    return *this;
}

bool Statement::step() { return cursor_->step(); }

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() { cursor_->reset(); }

std::int64_t Statement::column_int(int index) const { return cursor_->column_int(index); }
std::string Statement::column_text(int index) const { return cursor_->column_text(index); }
std::string Statement::column_blob(int index) const { return cursor_->column_blob(index); }
bool Statement::column_is_null(int index) const { return cursor_->column_is_null(index); }

Transaction::Transaction(Database& db) : db_(db) { db_.connection().begin(); }

Transaction::~Transaction() {
    if (!done_) {
        try {
            db_.connection().rollback();
        } catch (const StoreError&) {
            // The transaction is over either way: its connection rolled it back or lost it.
        }
    }
}

void Transaction::commit() {
    if (done_) throw StoreError("transaction already committed");
    db_.connection().commit();  // when it throws, the destructor rolls back what is left
    done_ = true;
}

}  // namespace muster::store
