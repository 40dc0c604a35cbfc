// Drafts in the store (server/store/drafts.h; migrations/0012_drafts.sql), on a real SQLite database with the
// project's migrations; the same SQL runs on PostgreSQL in tests/integration/drafts.test.mjs's PostgreSQL run.
#include <catch2/catch.hpp>

#include "server/store/accounts.h"
#include "server/store/drafts.h"
#include "server/store/event_store.h"
#include "server/store/migrations.h"

using namespace muster;
using namespace muster::store;

namespace {

struct DraftsDb {
    Database db{":memory:"};
    std::int64_t campaign = 0;
    std::int64_t kemp = 0;
    std::int64_t hay = 0;
    explicit DraftsDb(int up_to = 0) {
        auto all = load_migrations(MUSTER_SOURCE_DIR "/migrations");
        if (up_to > 0) std::erase_if(all, [&](const Migration& m) { return m.version > up_to; });
        migrate(db, all);
        campaign = create_campaign(db, "Drafts", std::string(64, '0'), 1);
        kemp = *create_user(db, "kemp", "x", 1);
        hay = *create_user(db, "hay", "x", 1);
    }
};

}  // namespace

TEST_CASE("a draft is kept per player, campaign and kind, replaced by the next save and dropped", "[store][drafts]") {
    DraftsDb d;
    CHECK_FALSE(draft_of(d.db, d.campaign, d.kemp, "battle-3"));
    save_draft(d.db, d.campaign, d.kemp, "battle-3", Draft{2, R"({"stage":"cards","choice":{"card":"inspire"}})", 100});
    save_draft(d.db, d.campaign, d.kemp, "diary", Draft{4, R"({"text":"Dear diary"})", 101});
    save_draft(d.db, d.campaign, d.hay, "battle-3", Draft{2, R"({"stage":"cards","choice":{"card":"engage"}})", 102});
    auto mine = draft_of(d.db, d.campaign, d.kemp, "battle-3");
    REQUIRE(mine);
    CHECK(mine->turn == 2);
    CHECK(mine->body == R"({"stage":"cards","choice":{"card":"inspire"}})");
    CHECK(mine->saved == 100);
    CHECK(draft_of(d.db, d.campaign, d.kemp, "diary")->turn == 4);
    CHECK(draft_of(d.db, d.campaign, d.hay, "battle-3")->body.find("engage") != std::string::npos);

    save_draft(d.db, d.campaign, d.kemp, "battle-3", Draft{3, R"({"stage":"cards","choice":{}})", 110});
    CHECK(draft_of(d.db, d.campaign, d.kemp, "battle-3")->turn == 3);
    drop_draft(d.db, d.campaign, d.kemp, "battle-3");
    CHECK_FALSE(draft_of(d.db, d.campaign, d.kemp, "battle-3"));
    CHECK(draft_of(d.db, d.campaign, d.kemp, "diary"));      // his other draft stays
    CHECK(draft_of(d.db, d.campaign, d.hay, "battle-3"));    // and the other player's
}

TEST_CASE("a player keeps at most drafts_per_player drafts in a campaign: the oldest goes first", "[store][drafts]") {
    DraftsDb d;
    for (int i = 1; i <= drafts_per_player + 2; ++i)
        save_draft(d.db, d.campaign, d.kemp, "battle-" + std::to_string(i), Draft{1, "{}", 1000 + i});
    save_draft(d.db, d.campaign, d.hay, "battle-1", Draft{1, "{}", 1});
    CHECK_FALSE(draft_of(d.db, d.campaign, d.kemp, "battle-1"));
    CHECK_FALSE(draft_of(d.db, d.campaign, d.kemp, "battle-2"));
    for (int i = 3; i <= drafts_per_player + 2; ++i) CHECK(draft_of(d.db, d.campaign, d.kemp, "battle-" + std::to_string(i)));
    CHECK(draft_of(d.db, d.campaign, d.hay, "battle-1"));  // another player's are his own count
}

TEST_CASE("0012 carries the diary drafts written before it over as the kind \"diary\"", "[store][drafts][migrations]") {
    DraftsDb d(11);
    auto st = d.db.prepare("INSERT INTO diary_drafts(campaign, user, turn, body, saved) VALUES(?1, ?2, 5, '{\"text\":\"Old\"}', 77)");
    st.bind(1, d.campaign).bind(2, d.kemp);
    st.run();
    migrate(d.db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
    auto carried = draft_of(d.db, d.campaign, d.kemp, "diary");
    REQUIRE(carried);
    CHECK(carried->turn == 5);
    CHECK(carried->body == R"({"text":"Old"})");
    CHECK(carried->saved == 77);
}
