#include "server/store/accounts.h"

#include <algorithm>

namespace muster::store {

namespace {

// ASCII only, by hand: std::tolower depends on the locale, and the key must not change between runs.
std::string username_key(const std::string& username) {
    std::string key = username;
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return key;
}

bool expired(std::int64_t now_ms, std::int64_t created, std::int64_t last_seen, std::int64_t idle_ms,
             std::int64_t absolute_ms) {
    return now_ms - last_seen > idle_ms || now_ms - created > absolute_ms;
}

std::optional<UserRow> read_user(Statement& st) {
    if (!st.step()) return std::nullopt;
    return UserRow{st.column_int(0), st.column_text(1), st.column_text(2), st.column_int(3) != 0, st.column_int(4) != 0,
                   st.column_int(5)};
}

}  // namespace

std::optional<std::int64_t> create_user(Database& db, const std::string& username,
                                        const std::string& password_hash, std::int64_t now_ms) {
    // DO NOTHING on the key's conflict rather than catching the error: any other failure still throws.
    auto st = db.prepare(
        "INSERT INTO users(username, username_key, password_hash, created) VALUES(?, ?, ?, ?) "
        "ON CONFLICT(username_key) DO NOTHING RETURNING id");
    st.bind(1, username).bind(2, username_key(username)).bind(3, password_hash).bind(4, now_ms);
    if (!st.step()) return std::nullopt;
    const std::int64_t id = st.column_int(0);
    st.run();  // RETURNING: the statement finishes only when stepped to the end
    return id;
}

bool create_user_with_id(Database& db, std::int64_t id, const std::string& username, const std::string& password_hash,
                         std::int64_t now_ms) {
    auto st = db.prepare(
        "INSERT INTO users(id, username, username_key, password_hash, created) VALUES(?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING RETURNING id");
    st.bind(1, id).bind(2, username).bind(3, username_key(username)).bind(4, password_hash).bind(5, now_ms);
    if (!st.step()) return false;
    st.run();
    db.ids_given_by_hand("users");
    return true;
}

std::optional<UserRow> find_user(Database& db, const std::string& username) {
    auto st = db.prepare("SELECT id, username, password_hash, admin, disabled, created FROM users WHERE username_key = ?");
    st.bind(1, username_key(username));
    return read_user(st);
}

std::optional<UserRow> find_user_by_id(Database& db, std::int64_t id) {
    auto st = db.prepare("SELECT id, username, password_hash, admin, disabled, created FROM users WHERE id = ?");
    st.bind(1, id);
    return read_user(st);
}

std::int64_t create_session(Database& db, std::int64_t user, const std::string& token_hash,
                            std::int64_t now_ms) {
    auto st = db.prepare("INSERT INTO sessions(\"user\", token_hash, created, last_seen) VALUES(?, ?, ?, ?) RETURNING id");
    st.bind(1, user).bind(2, token_hash).bind(3, now_ms).bind(4, now_ms);
    if (!st.step()) throw StoreError("a new session has no id");
    const std::int64_t id = st.column_int(0);
    st.run();
    return id;
}

std::optional<SessionRow> find_session(Database& db, const std::string& token_hash, std::int64_t now_ms,
                                       std::int64_t idle_ms, std::int64_t absolute_ms) {
    SessionRow row;
    {
        auto st = db.prepare(
            "SELECT s.id, s.\"user\", u.username, s.created, s.last_seen "
            "FROM sessions s JOIN users u ON u.id = s.\"user\" WHERE s.token_hash = ? AND u.disabled = 0");
        st.bind(1, token_hash);
        if (!st.step()) return std::nullopt;
        row = {st.column_int(0), st.column_int(1), st.column_text(2), st.column_int(3), st.column_int(4)};
    }
    if (expired(now_ms, row.created, row.last_seen, idle_ms, absolute_ms)) {
        delete_session(db, row.id);
        return std::nullopt;
    }
    // A valid session stays valid when its last_seen cannot be moved on (a full disk, a database that cannot be
    // written): reading goes on, only the idle clock does not advance.
    try {
        touch_session(db, row.id, now_ms);
    } catch (const StoreError&) {
        return row;
    }
    row.last_seen = std::max(row.last_seen, now_ms);
    return row;
}

void delete_session(Database& db, std::int64_t session_id) {
    db.prepare("DELETE FROM sessions WHERE id = ?").bind(1, session_id).run();
}

std::vector<std::int64_t> expire_sessions(Database& db, std::int64_t now_ms, std::int64_t idle_ms,
                                          std::int64_t absolute_ms) {
    // The same test as expired(), written the same way so the two can never disagree at the boundary.
    auto st = db.prepare("DELETE FROM sessions WHERE ?1 - last_seen > ?2 OR ?1 - created > ?3 RETURNING id");
    st.bind(1, now_ms).bind(2, idle_ms).bind(3, absolute_ms);
    std::vector<std::int64_t> ids;
    while (st.step()) ids.push_back(st.column_int(0));
    std::sort(ids.begin(), ids.end());  // RETURNING gives no order
    return ids;
}

void touch_session(Database& db, std::int64_t session_id, std::int64_t now_ms) {
    // last_seen never moves backwards, even if the clock steps back.
    db.prepare("UPDATE sessions SET last_seen = ?1 WHERE id = ?2 AND last_seen < ?1")
        .bind(1, now_ms)
        .bind(2, session_id)
        .run();
}

void set_password_hash(Database& db, std::int64_t user, const std::string& password_hash) {
    auto& st = db.cached("UPDATE users SET password_hash = ?2 WHERE id = ?1");
    st.bind(1, user).bind(2, password_hash);
    st.run();
    st.reset();
}

std::vector<std::int64_t> end_sessions_of(Database& db, std::int64_t user, std::int64_t keep) {
    std::vector<std::int64_t> ended;
    auto& find = db.cached("SELECT id FROM sessions WHERE \"user\" = ?1 AND id != ?2");
    find.bind(1, user).bind(2, keep);
    while (find.step()) ended.push_back(find.column_int(0));
    find.reset();
    auto& st = db.cached("DELETE FROM sessions WHERE \"user\" = ?1 AND id != ?2");
    st.bind(1, user).bind(2, keep);
    st.run();
    st.reset();
    return ended;
}

std::optional<ResetTarget> reset_target(Database& db, const std::string& name_or_address) {
    auto& st = db.cached(
        "SELECT u.id, e.address FROM users u JOIN user_emails e ON e.\"user\" = u.id AND e.verified = 1 "
        "WHERE lower(u.username) = lower(?1) OR lower(e.address) = lower(?1) LIMIT 1");
    st.bind(1, name_or_address);
    std::optional<ResetTarget> out;
    if (st.step()) out = ResetTarget{st.column_int(0), st.column_text(1)};
    st.reset();
    return out;
}

void create_reset(Database& db, std::int64_t user, const std::string& token_hash, std::int64_t now_ms, std::int64_t expires_ms) {
    auto& st = db.cached("INSERT INTO password_resets(token_hash, \"user\", created, expires) VALUES(?1, ?2, ?3, ?4)");
    st.bind(1, token_hash).bind(2, user).bind(3, now_ms).bind(4, expires_ms);
    st.run();
    st.reset();
}

int resets_since(Database& db, std::int64_t user, std::int64_t since_ms) {
    auto& st = db.cached("SELECT COUNT(*) FROM password_resets WHERE \"user\" = ?1 AND created >= ?2");
    st.bind(1, user).bind(2, since_ms);
    st.step();
    const int n = static_cast<int>(st.column_int(0));
    st.reset();
    return n;
}

std::optional<std::int64_t> use_reset(Database& db, const std::string& token_hash, std::int64_t now_ms) {
    auto& find = db.cached("SELECT \"user\" FROM password_resets WHERE token_hash = ?1 AND used IS NULL AND expires > ?2");
    find.bind(1, token_hash).bind(2, now_ms);
    std::optional<std::int64_t> user;
    if (find.step()) user = find.column_int(0);
    find.reset();
    if (!user) return std::nullopt;
    auto& st = db.cached("UPDATE password_resets SET used = ?2 WHERE token_hash = ?1");
    st.bind(1, token_hash).bind(2, now_ms);
    st.run();
    st.reset();
    return user;
}

std::vector<UserRow> list_users(Database& db) {
    auto st = db.prepare("SELECT id, username, '', admin, disabled, created FROM users ORDER BY id");
    std::vector<UserRow> out;
    while (auto row = read_user(st)) out.push_back(*row);
    return out;
}

bool set_admin(Database& db, const std::string& username, bool admin) {
    db.prepare("UPDATE users SET admin = ? WHERE username_key = ?").bind(1, std::int64_t{admin ? 1 : 0}).bind(2, username_key(username)).run();
    return db.changes() == 1;
}

bool set_disabled(Database& db, std::int64_t user, bool disabled) {
    db.prepare("UPDATE users SET disabled = ? WHERE id = ?").bind(1, std::int64_t{disabled ? 1 : 0}).bind(2, user).run();
    return db.changes() == 1;
}

std::int64_t unsent_messages(Database& db) {
    auto st = db.prepare("SELECT COUNT(*) FROM outbox WHERE sent IS NULL");
    st.step();
    return st.column_int(0);
}

}  // namespace muster::store
