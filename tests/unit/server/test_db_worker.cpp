// The database worker's batches of appends (server/app/db_worker.h), on a real SQLite database with the project's
// migrations: appends that queue together share one transaction, and one that cannot be stored fails alone.
#include <catch2/catch.hpp>

#include <future>

#include "server/app/db_worker.h"
#include "server/store/event_store.h"
#include "server/store/migrations.h"

using namespace muster;
using Catch::Matchers::Contains;

namespace {

Event chat(std::int64_t seq) {
    Event e;
    e.seq = seq;
    e.type = "chat.said";
    e.actor = 1;
    e.at = 1'000 + seq;
    e.body = {{"text", "line " + std::to_string(seq)}};
    return e;
}

struct Worker {
    std::int64_t a = 0, b = 0;
    std::unique_ptr<DbWorker> worker;
    Worker() {
        auto db = std::make_unique<store::Database>(":memory:");
        store::migrate(*db, store::load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        a = store::create_campaign(*db, "A", std::string(64, '0'), 1);
        b = store::create_campaign(*db, "B", std::string(64, '1'), 1);
        worker = std::make_unique<DbWorker>(std::move(db));
    }
    std::future<std::optional<AppendError>> append(std::int64_t campaign, Event e) {
        auto done = std::make_shared<std::promise<std::optional<AppendError>>>();
        auto result = done->get_future();
        worker->append(campaign, {std::move(e)}, [done](std::optional<AppendError> error) { done->set_value(error); });
        return result;
    }
    // Appends queued while the worker waits on the gate are taken as one batch once it opens.
    std::promise<void> hold() {
        std::promise<void> gate;
        worker->run([opened = gate.get_future().share()](store::Database&) { opened.wait(); });
        return gate;
    }
    std::vector<std::int64_t> seqs(std::int64_t campaign) {
        std::promise<std::vector<std::int64_t>> out;
        worker->run([&](store::Database& db) {
            std::vector<std::int64_t> seqs;
            for (const auto& e : store::load_events(db, campaign, 0)) seqs.push_back(e.seq);
            out.set_value(seqs);
        });
        return out.get_future().get();
    }
};

}  // namespace

TEST_CASE("a batch of appends is stored whole, and one that breaks its campaign's order fails alone", "[server][db_worker]") {
    Worker w;
    // The first append of each campaign takes its lease.
    REQUIRE_FALSE(w.append(w.a, chat(1)).get());
    REQUIRE_FALSE(w.append(w.b, chat(1)).get());

    SECTION("every append good: all stored") {
        auto gate = w.hold();
        auto a2 = w.append(w.a, chat(2)), b2 = w.append(w.b, chat(2)), a3 = w.append(w.a, chat(3));
        gate.set_value();
        CHECK_FALSE(a2.get());
        CHECK_FALSE(b2.get());
        CHECK_FALSE(a3.get());
        CHECK(w.seqs(w.a) == std::vector<std::int64_t>{1, 2, 3});
        CHECK(w.seqs(w.b) == std::vector<std::int64_t>{1, 2});
    }

    SECTION("one append leaves a gap in its campaign's events: it alone is refused, the others before and after it stored") {
        auto gate = w.hold();
        auto a2 = w.append(w.a, chat(2)), b5 = w.append(w.b, chat(5)), a3 = w.append(w.a, chat(3));
        gate.set_value();
        CHECK_FALSE(a2.get());
        const auto refused = b5.get();
        REQUIRE(refused);
        CHECK_THAT(refused->what, Contains("event seq 5") && Contains("not the next one (2)"));
        CHECK_FALSE(a3.get());
        CHECK(w.seqs(w.a) == std::vector<std::int64_t>{1, 2, 3});
        CHECK(w.seqs(w.b) == std::vector<std::int64_t>{1});
    }
}
