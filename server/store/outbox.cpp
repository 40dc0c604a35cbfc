#include "server/store/outbox.h"

namespace muster::store {

namespace {

void insert_row(Database& db, const OutboxItem& it, const std::string& address, bool held, std::int64_t now_ms) {
    auto& st = db.cached(
        "INSERT INTO outbox(campaign, \"user\", channel, address, subject, body, created, next_try, held, due, reply_to, tab) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9, ?10, ?11)");
    st.bind(1, it.campaign).bind(2, it.user).bind(3, it.channel).bind(4, address).bind(5, it.subject).bind(6, it.body)
        .bind(7, now_ms).bind(8, std::int64_t{held ? 1 : 0}).bind(10, it.reply_to).bind(11, it.tab);
    if (it.due) st.bind(9, *it.due);
    else st.bind_null(9);
    st.run();
    st.reset();
}

struct Verified {
    std::string address;
    std::string mode;  // "immediate", "digest", "off"
    bool replies = true;
};

// The user's verified address and his choices for it, if he has one.
std::optional<Verified> verified_address(Database& db, std::int64_t user) {
    auto& find = db.cached("SELECT address, mode, replies FROM user_emails WHERE \"user\" = ?1 AND verified = 1");
    find.bind(1, user);
    std::optional<Verified> to;
    if (find.step()) to = Verified{find.column_text(0), find.column_text(1), find.column_int(2) != 0};
    find.reset();
    return to;
}

// An e-mail to a member: to his verified address as he chose, or nowhere; inviting a reply if he takes them.
void add_email(Database& db, OutboxItem it, std::int64_t now_ms) {
    const auto to = verified_address(db, it.user);
    if (!to || to->mode == "off") return;
    if (to->replies && !it.reply_to.empty()) it.body += it.reply_text;
    else it.reply_to.clear();
    bool held = to->mode == "digest";
    if (!held && it.cap > 0) {
        // A storm of notices (a busy battle) becomes one digest, not a full inbox.
        auto& count = db.cached(
            "SELECT COUNT(*) FROM outbox WHERE \"user\" = ?1 AND channel = 'email' AND held = 0 AND created > ?2");
        count.bind(1, it.user).bind(2, now_ms - 24 * 3600 * 1000);
        count.step();
        held = count.column_int(0) >= it.cap;
        count.reset();
    }
    insert_row(db, it, to->address, held, now_ms);
}

void add_notification(Database& db, const OutboxItem& it, std::int64_t now_ms) {
    auto& st = db.cached("INSERT INTO notifications(\"user\", campaign, text, tab, due, created) VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    st.bind(1, it.user).bind(2, it.campaign).bind(3, it.subject).bind(4, it.tab);
    if (it.due) st.bind(5, *it.due);
    else st.bind_null(5);
    st.bind(6, now_ms);
    st.run();
    st.reset();
}

}  // namespace

void add_to_outbox(Database& db, const std::vector<OutboxItem>& items, std::int64_t now_ms) {
    for (const auto& it : items) {
        if (it.channel == "page") add_notification(db, it, now_ms);
        else if (it.channel == "email") add_email(db, it, now_ms);
        else if (it.channel == "answer") {
            if (auto to = verified_address(db, it.user)) insert_row(db, it, to->address, false, now_ms);
        } else insert_row(db, it, it.address, false, now_ms);
    }
}

namespace {

// The columns of `row_columns`, in order.
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
    if (!st.column_is_null(8)) r.due = st.column_int(8);
    if (!st.column_is_null(9)) r.time_zone = st.column_text(9);
    if (!st.column_is_null(10)) r.unsubscribe = st.column_text(10);
    r.reply_to = st.column_text(11);
    if (!st.column_is_null(12)) r.tab = st.column_text(12);
    return r;
}

#define ROW_COLUMNS                                                                                         \
    "o.id, o.campaign, o.\"user\", o.channel, o.address, o.subject, o.body, o.attempts, o.due, e.time_zone, " \
    "e.unsubscribe, o.reply_to, o.tab FROM outbox o LEFT JOIN user_emails e ON e.\"user\" = o.\"user\" AND o.channel = 'email' "

}  // namespace

std::vector<OutboxRow> due_messages(Database& db, std::int64_t now_ms, int limit) {
    auto& st = db.cached(
        "SELECT " ROW_COLUMNS "WHERE o.sent IS NULL AND o.held = 0 AND o.next_try <= ?1 ORDER BY o.id LIMIT ?2");
    st.bind(1, now_ms).bind(2, limit);
    std::vector<OutboxRow> out;
    while (st.step()) out.push_back(row_of(st));
    st.reset();
    return out;
}

std::vector<OutboxRow> all_messages(Database& db) {
    auto& st = db.cached("SELECT " ROW_COLUMNS "ORDER BY o.id");
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

std::optional<std::pair<std::int64_t, std::int64_t>> mark_bounced(Database& db, std::int64_t id, const std::string& report) {
    auto& find = db.cached("SELECT campaign, \"user\" FROM outbox WHERE id = ?1 AND channel IN ('email', 'answer', 'verify')");
    find.bind(1, id);
    std::optional<std::pair<std::int64_t, std::int64_t>> row;
    if (find.step()) row = std::make_pair(find.column_int(0), find.column_int(1));
    find.reset();
    if (!row) return row;
    auto& st = db.cached("UPDATE outbox SET last_error = ?2 WHERE id = ?1");
    st.bind(1, id).bind(2, "bounced: " + report);
    st.run();
    st.reset();
    return row;
}

std::optional<EmailRow> user_email(Database& db, std::int64_t user) {
    auto& st = db.cached("SELECT address, verified, mode, digest_hour, time_zone, replies FROM user_emails WHERE \"user\" = ?1");
    st.bind(1, user);
    std::optional<EmailRow> out;
    if (st.step())
        out = EmailRow{st.column_text(0), st.column_int(1) != 0, st.column_text(2), static_cast<int>(st.column_int(3)),
                       st.column_text(4), st.column_int(5) != 0};
    st.reset();
    return out;
}

void set_user_email(Database& db, std::int64_t user, const std::string& address, const std::string& token_hash,
                    std::int64_t now_ms, const std::string& unsubscribe) {
    auto& st = db.cached(
        "INSERT INTO user_emails(\"user\", address, verified, token_hash, created, unsubscribe) "
        "VALUES(?1, ?2, 0, ?3, ?4, ?5) "
        "ON CONFLICT(\"user\") DO UPDATE SET address = excluded.address, verified = 0, token_hash = excluded.token_hash, "
        "created = excluded.created");
    st.bind(1, user).bind(2, address).bind(3, token_hash).bind(4, now_ms).bind(5, unsubscribe);
    st.run();
    st.reset();
}

namespace {

// What waits for his digest is dropped when he turns e-mail off or removes his address.
void drop_held(Database& db, std::int64_t user, const char* why) {
    auto& st = db.cached("UPDATE outbox SET held = 0, sent = created, last_error = ?2 WHERE \"user\" = ?1 AND held = 1");
    st.bind(1, user).bind(2, std::string(why));
    st.run();
    st.reset();
}

}  // namespace

bool set_email_replies(Database& db, std::int64_t user, bool replies) {
    auto& st = db.cached("UPDATE user_emails SET replies = ?2 WHERE \"user\" = ?1");
    st.bind(1, user).bind(2, std::int64_t{replies ? 1 : 0});
    st.run();
    st.reset();
    return db.changes() > 0;
}

bool set_email_choices(Database& db, std::int64_t user, const std::string& mode, int digest_hour, const std::string& time_zone) {
    auto& st = db.cached("UPDATE user_emails SET mode = ?2, digest_hour = ?3, time_zone = ?4 WHERE \"user\" = ?1");
    st.bind(1, user).bind(2, mode).bind(3, std::int64_t{digest_hour}).bind(4, time_zone);
    st.run();
    st.reset();
    if (db.changes() == 0) return false;
    if (mode == "off") drop_held(db, user, "not sent: e-mail turned off");
    return true;
}

bool unsubscribe(Database& db, const std::string& token) {
    if (token.empty()) return false;
    auto& find = db.cached("SELECT \"user\" FROM user_emails WHERE unsubscribe = ?1");
    find.bind(1, token);
    std::optional<std::int64_t> user;
    if (find.step()) user = find.column_int(0);
    find.reset();
    if (!user) return false;
    auto& st = db.cached("UPDATE user_emails SET mode = 'off' WHERE \"user\" = ?1");
    st.bind(1, *user);
    st.run();
    st.reset();
    drop_held(db, *user, "not sent: unsubscribed");
    return true;
}

std::vector<HeldFor> held_users(Database& db) {
    auto& st = db.cached(
        "SELECT o.\"user\", MIN(o.created), e.digest_hour, e.time_zone FROM outbox o JOIN user_emails e ON e.\"user\" = o.\"user\" "
        "WHERE o.held = 1 GROUP BY o.\"user\", e.digest_hour, e.time_zone");
    std::vector<HeldFor> out;
    while (st.step())
        out.push_back({st.column_int(0), st.column_int(1), static_cast<int>(st.column_int(2)), st.column_text(3)});
    st.reset();
    return out;
}

std::vector<OutboxRow> held_messages(Database& db, std::int64_t user) {
    auto& st = db.cached("SELECT " ROW_COLUMNS "WHERE o.\"user\" = ?1 AND o.held = 1 ORDER BY o.id");
    st.bind(1, user);
    std::vector<OutboxRow> out;
    while (st.step()) out.push_back(row_of(st));
    st.reset();
    return out;
}

void write_digest(Database& db, std::int64_t user, const std::string& subject, const std::string& body, std::int64_t now_ms) {
    Transaction tx(db);
    if (const auto address = verified_address(db, user)) {
        OutboxItem digest;
        digest.user = user;
        digest.channel = "email";
        digest.subject = subject;
        digest.body = body;
        insert_row(db, digest, address->address, false, now_ms);
    }
    auto& st = db.cached("UPDATE outbox SET held = 0, sent = ?2, last_error = 'sent in a digest' WHERE \"user\" = ?1 AND held = 1");
    st.bind(1, user).bind(2, now_ms);
    st.run();
    st.reset();
    tx.commit();
}

std::vector<NotificationRow> notifications_of(Database& db, std::int64_t user, int limit) {
    auto& st = db.cached(
        "SELECT id, campaign, text, tab, due, created, seen FROM notifications WHERE \"user\" = ?1 ORDER BY id DESC LIMIT ?2");
    st.bind(1, user).bind(2, std::int64_t{limit});
    std::vector<NotificationRow> out;
    while (st.step()) {
        NotificationRow r{st.column_int(0), st.column_int(1), st.column_text(2), st.column_text(3), std::nullopt,
                          st.column_int(5), st.column_int(6) != 0};
        if (!st.column_is_null(4)) r.due = st.column_int(4);
        out.push_back(std::move(r));
    }
    st.reset();
    return out;
}

void mark_seen(Database& db, std::int64_t user, std::int64_t up_to) {
    auto& st = db.cached("UPDATE notifications SET seen = 1 WHERE \"user\" = ?1 AND id <= ?2 AND seen = 0");
    st.bind(1, user).bind(2, up_to);
    st.run();
    st.reset();
}

void remove_user_email(Database& db, std::int64_t user) {
    drop_held(db, user, "not sent: address removed");
    auto& st = db.cached("DELETE FROM user_emails WHERE \"user\" = ?1");
    st.bind(1, user);
    st.run();
    st.reset();
}

std::optional<std::int64_t> verify_user_email(Database& db, const std::string& token_hash) {
    auto& find = db.cached("SELECT \"user\" FROM user_emails WHERE token_hash = ?1 AND verified = 0");
    find.bind(1, token_hash);
    std::optional<std::int64_t> user;
    if (find.step()) user = find.column_int(0);
    find.reset();
    if (!user) return std::nullopt;
    auto& st = db.cached("UPDATE user_emails SET verified = 1, token_hash = NULL WHERE \"user\" = ?1");
    st.bind(1, *user);
    st.run();
    st.reset();
    return user;
}

}  // namespace muster::store
