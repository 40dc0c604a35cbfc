#include "server/store/drafts.h"

namespace muster::store {

void save_draft(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind, const Draft& draft) {
    auto& st = db.cached(
        "INSERT INTO drafts(campaign, \"user\", kind, turn, body, saved) VALUES(?1, ?2, ?3, ?4, ?5, ?6) "
        "ON CONFLICT(campaign, \"user\", kind) DO UPDATE SET turn = excluded.turn, body = excluded.body, saved = excluded.saved");
    st.bind(1, campaign).bind(2, user).bind(3, kind).bind(4, draft.turn).bind(5, draft.body).bind(6, draft.saved);
    st.run();
    st.reset();
    // A battle's draft left when the battle ended unseen by him is not kept for ever.
    auto& prune = db.cached(
        "DELETE FROM drafts WHERE campaign = ?1 AND \"user\" = ?2 AND kind NOT IN "
        "(SELECT kind FROM drafts WHERE campaign = ?1 AND \"user\" = ?2 ORDER BY saved DESC, kind LIMIT ?3)");
    prune.bind(1, campaign).bind(2, user).bind(3, static_cast<std::int64_t>(drafts_per_player));
    prune.run();
    prune.reset();
}

std::optional<Draft> draft_of(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind) {
    auto& st = db.cached("SELECT turn, body, saved FROM drafts WHERE campaign = ?1 AND \"user\" = ?2 AND kind = ?3");
    st.bind(1, campaign).bind(2, user).bind(3, kind);
    std::optional<Draft> out;
    if (st.step()) out = Draft{st.column_int(0), st.column_text(1), st.column_int(2)};
    st.reset();
    return out;
}

void drop_draft(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind) {
    auto& st = db.cached("DELETE FROM drafts WHERE campaign = ?1 AND \"user\" = ?2 AND kind = ?3");
    st.bind(1, campaign).bind(2, user).bind(3, kind);
    st.run();
    st.reset();
}

}  // namespace muster::store
