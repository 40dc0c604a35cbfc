// Campaign snapshots in the store (server/store/snapshots.h), on a real SQLite database with the project's
// migrations; the same SQL runs on PostgreSQL in the integration tests' PostgreSQL runs.
#include <catch2/catch.hpp>

#include "server/store/event_store.h"
#include "server/store/migrations.h"
#include "server/store/snapshots.h"

using namespace muster;
using namespace muster::store;

namespace {

Event event(std::int64_t seq, const std::string& type, std::int64_t at) {
    Event e;
    e.seq = seq;
    e.type = type;
    e.at = at;
    e.body = {{"n", seq}};
    e.dice = nlohmann::json::array();
    return e;
}

struct SnapshotDb {
    Database db{":memory:"};
    std::int64_t campaign = 0;
    std::vector<Event> log;
    SnapshotDb() {
        migrate(db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        campaign = create_campaign(db, "Snap", std::string(64, '0'), 1);
        for (std::int64_t seq = 1; seq <= 5; ++seq) log.push_back(event(seq, "chat.said", seq * 10));
        append_events(db, campaign, log);
    }
};

std::int64_t scalar_count(Database& db) {
    auto st = db.prepare("SELECT COUNT(*) FROM campaign_snapshots");
    st.step();
    return st.column_int(0);
}

}  // namespace

TEST_CASE("a snapshot is kept only for an event the log holds as it is", "[store][snapshots]") {
    SnapshotDb d;
    CHECK_FALSE(latest_snapshot(d.db, d.campaign));

    REQUIRE(put_snapshot(d.db, d.campaign, d.log[2], 1, R"({"at":3})", 100));
    auto row = latest_snapshot(d.db, d.campaign);
    REQUIRE(row);
    CHECK(row->seq == 3);
    CHECK(row->format == 1);
    CHECK(row->body == R"({"at":3})");

    // An event not in the log (its append failed), or another under the same seq (another node wrote it): not kept.
    CHECK_FALSE(put_snapshot(d.db, d.campaign, event(6, "chat.said", 60), 1, R"({"at":6})", 101));
    auto other = d.log[4];
    other.body = {{"n", "another"}};
    CHECK_FALSE(put_snapshot(d.db, d.campaign, other, 1, R"({"at":5})", 101));
    CHECK(latest_snapshot(d.db, d.campaign)->seq == 3);

    // A later one replaces it; an earlier one never does.
    REQUIRE(put_snapshot(d.db, d.campaign, d.log[4], 1, R"({"at":5})", 102));
    CHECK_FALSE(put_snapshot(d.db, d.campaign, d.log[3], 1, R"({"at":4})", 103));
    row = latest_snapshot(d.db, d.campaign);
    REQUIRE(row);
    CHECK(row->seq == 5);
    CHECK(row->body == R"({"at":5})");
    CHECK(scalar_count(d.db) == 1);

    // One of another format (a newer server's) at the same event gives way to this server's.
    REQUIRE(put_snapshot(d.db, d.campaign, d.log[4], 2, R"({"format":2})", 104));
    CHECK(latest_snapshot(d.db, d.campaign)->format == 2);
    CHECK_FALSE(put_snapshot(d.db, d.campaign, d.log[4], 2, R"({"again":2})", 105));
    REQUIRE(put_snapshot(d.db, d.campaign, d.log[4], 1, R"({"at":5})", 106));
    CHECK(latest_snapshot(d.db, d.campaign)->format == 1);
}

TEST_CASE("the events after a snapshot are read without those before", "[store][snapshots]") {
    SnapshotDb d;
    const auto after = load_events(d.db, d.campaign, 3);
    REQUIRE(after.size() == 2);
    CHECK(after[0].seq == 4);
    CHECK(after[1].seq == 5);
    CHECK(load_events(d.db, d.campaign, 5).empty());
    CHECK(load_events(d.db, d.campaign).size() == 5);
}
