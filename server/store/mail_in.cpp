#include "server/store/mail_in.h"

namespace muster::store {

void record_mail(Database& db, const MailRecord& r) {
    auto& st = db.cached(
        "INSERT INTO mail_in(received, campaign, \"user\", sender, subject, message_id, outcome, reason) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    st.bind(1, r.received);
    if (r.campaign) st.bind(2, *r.campaign);
    else st.bind_null(2);
    if (r.user) st.bind(3, *r.user);
    else st.bind_null(3);
    st.bind(4, r.sender).bind(5, r.subject).bind(6, r.message_id).bind(7, r.outcome).bind(8, r.reason);
    st.run();
    st.reset();
}

int mail_count_since(Database& db, std::int64_t user, std::int64_t since_ms) {
    auto& st = db.cached("SELECT COUNT(*) FROM mail_in WHERE \"user\" = ?1 AND received > ?2");
    st.bind(1, user).bind(2, since_ms);
    st.step();
    const int n = static_cast<int>(st.column_int(0));
    st.reset();
    return n;
}

int unattributed_since(Database& db, std::int64_t since_ms) {
    auto& st = db.cached("SELECT COUNT(*) FROM mail_in WHERE \"user\" IS NULL AND received > ?1");
    st.bind(1, since_ms);
    st.step();
    const int n = static_cast<int>(st.column_int(0));
    st.reset();
    return n;
}

std::vector<MailRecord> campaign_mail(Database& db, std::int64_t campaign, int limit) {
    auto& st = db.cached(
        "SELECT id, received, campaign, \"user\", sender, subject, message_id, outcome, reason FROM mail_in "
        "WHERE campaign = ?1 ORDER BY id DESC LIMIT ?2");
    st.bind(1, campaign).bind(2, limit);
    std::vector<MailRecord> out;
    while (st.step()) {
        MailRecord r;
        r.id = st.column_int(0);
        r.received = st.column_int(1);
        if (!st.column_is_null(2)) r.campaign = st.column_int(2);
        if (!st.column_is_null(3)) r.user = st.column_int(3);
        r.sender = st.column_text(4);
        r.subject = st.column_text(5);
        r.message_id = st.column_text(6);
        r.outcome = st.column_text(7);
        r.reason = st.column_text(8);
        out.push_back(std::move(r));
    }
    st.reset();
    return out;
}

}  // namespace muster::store
