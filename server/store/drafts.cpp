#include "server/store/drafts.h"

namespace muster::store {

void save_draft(Database& db, std::int64_t campaign, std::int64_t user, const DiaryDraft& draft) {
    auto& st = db.cached(
        "INSERT INTO diary_drafts(campaign, \"user\", turn, body, saved) VALUES(?1, ?2, ?3, ?4, ?5) "
        "ON CONFLICT(campaign, \"user\") DO UPDATE SET turn = excluded.turn, body = excluded.body, saved = excluded.saved");
    st.bind(1, campaign).bind(2, user).bind(3, draft.turn).bind(4, draft.body).bind(5, draft.saved);
    st.run();
    st.reset();
}

std::optional<DiaryDraft> draft_of(Database& db, std::int64_t campaign, std::int64_t user) {
    auto& st = db.cached("SELECT turn, body, saved FROM diary_drafts WHERE campaign = ?1 AND \"user\" = ?2");
    st.bind(1, campaign).bind(2, user);
    std::optional<DiaryDraft> out;
    if (st.step()) out = DiaryDraft{st.column_int(0), st.column_text(1), st.column_int(2)};
    st.reset();
    return out;
}

void drop_draft(Database& db, std::int64_t campaign, std::int64_t user) {
    auto& st = db.cached("DELETE FROM diary_drafts WHERE campaign = ?1 AND \"user\" = ?2");
    st.bind(1, campaign).bind(2, user);
    st.run();
    st.reset();
}

}  // namespace muster::store
