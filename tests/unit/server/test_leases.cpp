// Campaigns owned by one node at a time (server/store/leases.h), on a real SQLite database with the project's
// migrations; the same SQL runs on PostgreSQL in the integration tests' PostgreSQL runs.
#include <catch2/catch.hpp>

#include "server/store/event_store.h"
#include "server/store/leases.h"
#include "server/store/migrations.h"

using namespace muster::store;
using Catch::Matchers::Contains;

namespace {

struct Db {
    Database db{":memory:"};
    std::int64_t campaign = 0;
    Db() {
        migrate(db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        campaign = create_campaign(db, "Leased", std::string(64, '0'), 1);
    }
};

constexpr std::int64_t TTL = 10'000;

}  // namespace

TEST_CASE("a lease: one node at a time, taken over only when it ran out, with a higher epoch", "[store][leases]") {
    Db d;
    const auto a = take_lease(d.db, d.campaign, "node-a", 1'000, TTL);
    REQUIRE(a);
    CHECK(*a == Lease{"node-a", 1});
    CHECK_FALSE(take_lease(d.db, d.campaign, "node-b", 10'999, TTL));  // still A's until 11,000
    check_lease(d.db, d.campaign, *a);

    // A renews; B must wait for the new time to run out.
    CHECK(renew_leases(d.db, "node-a", 5'000, TTL) == std::vector<std::int64_t>{d.campaign});
    CHECK_FALSE(take_lease(d.db, d.campaign, "node-b", 14'000, TTL));
    const auto b = take_lease(d.db, d.campaign, "node-b", 15'001, TTL);
    REQUIRE(b);
    CHECK(*b == Lease{"node-b", 2});

    // A, not knowing, tries to write on: refused, naming who writes now.
    CHECK_THROWS_WITH(check_lease(d.db, d.campaign, *a), Contains("lease lost") && Contains("node-b (epoch 2)"));
    check_lease(d.db, d.campaign, *b);
    CHECK(renew_leases(d.db, "node-a", 16'000, TTL).empty());
}

TEST_CASE("a lease: a restarted node takes its own back at once; a released one is free", "[store][leases]") {
    Db d;
    const auto first = take_lease(d.db, d.campaign, "node-a", 1'000, TTL);
    const auto again = take_lease(d.db, d.campaign, "node-a", 2'000, TTL);
    REQUIRE(again);
    CHECK(again->epoch == first->epoch + 1);
    CHECK_THROWS_WITH(check_lease(d.db, d.campaign, *first), Contains("lease lost"));  // the old process's

    release_lease(d.db, d.campaign, *first);  // a stale release changes nothing
    CHECK_FALSE(take_lease(d.db, d.campaign, "node-b", 3'000, TTL));
    release_lease(d.db, d.campaign, *again);
    const auto b = take_lease(d.db, d.campaign, "node-b", 3'000, TTL);
    REQUIRE(b);
    CHECK(lease_of(d.db, d.campaign)->lease == *b);
    CHECK(lease_of(d.db, d.campaign)->expires == 13'000);
    CHECK_FALSE(lease_of(d.db, 999));
}
