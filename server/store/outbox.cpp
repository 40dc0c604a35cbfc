#include "server/store/outbox.h"

namespace muster::store {

void add_to_outbox(Database& db, const std::vector<OutboxItem>& items, std::int64_t now_ms) {
    for (const auto& it : items) {
        if (it.channel == "email") {
            // To his verified address only: an unverified one gets nothing but its verification link.
            auto& st = db.cached(
                "INSERT INTO outbox(campaign, user, channel, address, subject, body, created, next_try) "
                "SELECT ?1, ?2, 'email', address, ?3, ?4, ?5, ?5 FROM user_emails WHERE user = ?2 AND verified = 1");
            st.bind(1, it.campaign).bind(2, it.user).bind(3, it.subject).bind(4, it.body).bind(5, now_ms);
            st.run();
            st.reset();
            continue;
        }
        auto& st = db.cached(
            "INSERT INTO outbox(campaign, user, channel, address, subject, body, created, next_try) "
            "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)");
        st.bind(1, it.campaign).bind(2, it.user).bind(3, it.channel).bind(4, it.address).bind(5, it.subject).bind(6, it.body).bind(7, now_ms);
        st.run();
        st.reset();
    }
}

namespace {

OutboxRow row_of(Statement& st) {
    OutboxRow r;
    r.id = st.column_int(0);
    r.campaign = st.column_int(1);
    r.user = st.column_int(2);
    r.channel = st.column_text(3);
    r.address = st.column_text(4);
    r.subject = st.column_text(5);
    r.body = st.column_text(6);
    r.attempts = static_cast<int>(st.column_int(7));
    return r;
}

}  // namespace

std::vector<OutboxRow> due_messages(Database& db, std::int64_t now_ms, int limit) {
    auto& st = db.cached(
        "SELECT id, campaign, user, channel, address, subject, body, attempts FROM outbox "
        "WHERE sent IS NULL AND next_try <= ?1 ORDER BY id LIMIT ?2");
    st.bind(1, now_ms).bind(2, limit);
    std::vector<OutboxRow> out;
    while (st.step()) out.push_back(row_of(st));
    st.reset();
    return out;
}

std::vector<OutboxRow> all_messages(Database& db) {
    auto& st = db.cached("SELECT id, campaign, user, channel, address, subject, body, attempts FROM outbox ORDER BY id");
    std::vector<OutboxRow> out;
    while (st.step()) out.push_back(row_of(st));
    st.reset();
    return out;
}

void mark_sent(Database& db, std::int64_t id, std::int64_t now_ms) {
    auto& st = db.cached("UPDATE outbox SET sent = ?1, attempts = attempts + 1, last_error = NULL WHERE id = ?2");
    st.bind(1, now_ms).bind(2, id);
    st.run();
    st.reset();
}

void mark_failed(Database& db, std::int64_t id, const std::string& error, std::int64_t next_try_ms) {
    auto& st = db.cached("UPDATE outbox SET attempts = attempts + 1, last_error = ?1, next_try = ?2 WHERE id = ?3");
    st.bind(1, error).bind(2, next_try_ms).bind(3, id);
    st.run();
    st.reset();
}

std::optional<EmailRow> user_email(Database& db, std::int64_t user) {
    auto& st = db.cached("SELECT address, verified FROM user_emails WHERE user = ?1");
    st.bind(1, user);
    std::optional<EmailRow> out;
    if (st.step()) out = EmailRow{st.column_text(0), st.column_int(1) != 0};
    st.reset();
    return out;
}

void set_user_email(Database& db, std::int64_t user, const std::string& address, const std::string& token_hash,
                    std::int64_t now_ms) {
    auto& st = db.cached(
        "INSERT INTO user_emails(user, address, verified, token_hash, created) VALUES(?1, ?2, 0, ?3, ?4) "
        "ON CONFLICT(user) DO UPDATE SET address = excluded.address, verified = 0, token_hash = excluded.token_hash, "
        "created = excluded.created");
    st.bind(1, user).bind(2, address).bind(3, token_hash).bind(4, now_ms);
    st.run();
    st.reset();
}

void remove_user_email(Database& db, std::int64_t user) {
    auto& st = db.cached("DELETE FROM user_emails WHERE user = ?1");
    st.bind(1, user);
    st.run();
    st.reset();
}

std::optional<std::int64_t> verify_user_email(Database& db, const std::string& token_hash) {
    auto& find = db.cached("SELECT user FROM user_emails WHERE token_hash = ?1 AND verified = 0");
    find.bind(1, token_hash);
    std::optional<std::int64_t> user;
    if (find.step()) user = find.column_int(0);
    find.reset();
    if (!user) return std::nullopt;
    auto& st = db.cached("UPDATE user_emails SET verified = 1, token_hash = NULL WHERE user = ?1");
    st.bind(1, *user);
    st.run();
    st.reset();
    return user;
}

}  // namespace muster::store
