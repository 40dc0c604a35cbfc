// The keys of committed sends in the store (server/store/sent_keys.h; migrations/0013_sent_keys.sql), on a real
// SQLite database with the project's migrations; the same SQL runs on PostgreSQL in
// tests/integration/sent_twice.test.mjs's PostgreSQL run.
#include <catch2/catch.hpp>

#include "server/store/accounts.h"
#include "server/store/event_store.h"
#include "server/store/migrations.h"
#include "server/store/sent_keys.h"

using namespace muster;
using namespace muster::store;

namespace {

struct SentKeysDb {
    Database db{":memory:"};
    std::int64_t campaign = 0;
    std::int64_t other_campaign = 0;
    std::int64_t kemp = 0;
    std::int64_t hay = 0;
    SentKeysDb() {
        migrate(db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        campaign = create_campaign(db, "Keys", std::string(64, '0'), 1);
        other_campaign = create_campaign(db, "Other", std::string(64, '0'), 1);
        kemp = *create_user(db, "kemp", "x", 1);
        hay = *create_user(db, "hay", "x", 1);
    }
};

}  // namespace

TEST_CASE("a send's key is kept per campaign and member; the same key again is left as it was", "[store][sent_keys]") {
    SentKeysDb d;
    put_sent_key(d.db, d.campaign, {d.kemp, "card-1"}, 10, 1000);
    put_sent_key(d.db, d.campaign, {d.hay, "card-1"}, 11, 1001);
    put_sent_key(d.db, d.other_campaign, {d.kemp, "diary-1"}, 3, 1002);
    put_sent_key(d.db, d.campaign, {d.kemp, "card-1"}, 12, 1003);  // a retried append
    using Keys = std::set<std::pair<std::int64_t, std::string>>;
    CHECK(sent_keys(d.db, d.campaign) == Keys{{d.kemp, "card-1"}, {d.hay, "card-1"}});
    CHECK(sent_keys(d.db, d.other_campaign) == Keys{{d.kemp, "diary-1"}});
}

TEST_CASE("a member keeps his newest keys in a campaign; another's are untouched", "[store][sent_keys]") {
    SentKeysDb d;
    put_sent_key(d.db, d.campaign, {d.hay, "hay-1"}, 1, 1);
    for (int i = 0; i < sent_keys_per_member + 5; ++i)
        put_sent_key(d.db, d.campaign, {d.kemp, "k" + std::to_string(i)}, 2 + i, 2 + i);
    const auto keys = sent_keys(d.db, d.campaign);
    CHECK(keys.size() == static_cast<std::size_t>(sent_keys_per_member) + 1);
    CHECK(keys.count({d.hay, "hay-1"}) == 1);
    CHECK(keys.count({d.kemp, "k4"}) == 0);  // his five oldest are gone
    CHECK(keys.count({d.kemp, "k5"}) == 1);
    CHECK(keys.count({d.kemp, "k" + std::to_string(sent_keys_per_member + 4)}) == 1);
}
