// The storage layer against real SQLite: files in a temporary directory (WAL needs a file) and :memory:.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "server/store/accounts.h"
#include "server/store/database.h"
#include "server/store/event_store.h"
#include "server/store/migrations.h"

using namespace muster;
using namespace muster::store;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;

namespace {

// A fresh directory under the system temp dir, removed (with any -wal/-shm files) at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("muster-store-test-" + std::to_string(rd()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::binary) << text;
    }
};

std::int64_t scalar_int(Database& db, const std::string& sql) {
    auto st = db.prepare(sql);
    REQUIRE(st.step());
    return st.column_int(0);
}

std::string scalar_text(Database& db, const std::string& sql) {
    auto st = db.prepare(sql);
    REQUIRE(st.step());
    return st.column_text(0);
}

bool table_exists(Database& db, const std::string& name) {
    auto st = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
    st.bind(1, name);
    return st.step();
}

// A database with the real schema applied.
void migrate_real(Database& db) {
    const auto all = load_migrations(MUSTER_SOURCE_DIR "/migrations");
    REQUIRE(migrate(db, all) == static_cast<int>(all.size()));
}

Event make_event(std::int64_t seq, const std::string& type, std::int64_t actor, std::int64_t at,
                 nlohmann::json body, nlohmann::json dice = nlohmann::json::array()) {
    Event e;
    e.seq = seq;
    e.type = type;
    e.actor = actor;
    e.at = at;
    e.body = std::move(body);
    e.dice = std::move(dice);
    return e;
}

}  // namespace

// --- Database, Statement, Transaction ---

TEST_CASE("a file database is in WAL mode with foreign keys, busy timeout and synchronous FULL", "[store][database]") {
    TempDir dir;
    Database db(dir.file("muster.db"));
    CHECK(scalar_text(db, "PRAGMA journal_mode") == "wal");
    CHECK(scalar_int(db, "PRAGMA foreign_keys") == 1);
    CHECK(scalar_int(db, "PRAGMA busy_timeout") == 5000);
    CHECK(scalar_int(db, "PRAGMA synchronous") == 2);  // 2 is FULL
    CHECK(fs::exists(dir.path / "muster.db"));
}

TEST_CASE("an in-memory database opens although it cannot be WAL", "[store][database]") {
    Database db(":memory:");
    CHECK(scalar_text(db, "PRAGMA journal_mode") == "memory");
    CHECK(scalar_int(db, "PRAGMA foreign_keys") == 1);
}

TEST_CASE("opening a database in a missing directory throws StoreError", "[store][database]") {
    TempDir dir;
    CHECK_THROWS_AS(Database(dir.file("no/such/dir/x.db")), StoreError);
}

TEST_CASE("statements bind and read integers, text and NULL", "[store][database]") {
    Database db(":memory:");
    db.exec("CREATE TABLE t(i INTEGER, s TEXT, n TEXT)");
    db.prepare("INSERT INTO t VALUES(?, ?, ?)").bind(1, std::int64_t{-9007199254740993}).bind(2, "héllo").bind_null(3).run();
    CHECK(db.changes() == 1);
    db.prepare("INSERT INTO t VALUES(?, ?, ?)").bind(1, 42).bind(2, std::string("a\0b", 3)).bind(3, "x").run();
    CHECK(db.changes() == 1);

    auto st = db.prepare("SELECT i, s, n FROM t ORDER BY rowid");
    REQUIRE(st.step());
    CHECK(st.column_int(0) == -9007199254740993);
    CHECK(st.column_text(1) == "héllo");
    CHECK(st.column_is_null(2));
    CHECK(st.column_text(2) == "");
    CHECK_FALSE(st.column_is_null(0));
    REQUIRE(st.step());
    CHECK(st.column_int(0) == 42);
    CHECK(st.column_text(1) == std::string("a\0b", 3));
    CHECK(st.column_text(2) == "x");
    CHECK_FALSE(st.step());
}

TEST_CASE("a statement can be reset and run again with new bindings", "[store][database]") {
    Database db(":memory:");
    db.exec("CREATE TABLE t(i INTEGER)");
    auto insert = db.prepare("INSERT INTO t VALUES(?)");
    for (int i = 1; i <= 3; ++i) {
        insert.bind(1, i * 10).run();
        insert.reset();
    }
    insert.run();  // reset cleared the binding: NULL
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 4);
    CHECK(scalar_int(db, "SELECT SUM(i) FROM t") == 60);
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM t WHERE i IS NULL") == 1);
}

TEST_CASE("a moved statement keeps working", "[store][database]") {
    Database db(":memory:");
    Statement a = db.prepare("SELECT 7");
    Statement b(std::move(a));
    REQUIRE(b.step());
    CHECK(b.column_int(0) == 7);
}

TEST_CASE("bad SQL throws StoreError with SQLite's message", "[store][database]") {
    Database db(":memory:");
    CHECK_THROWS_WITH(db.prepare("SELEC 1"), Contains("syntax error"));
    CHECK_THROWS_AS(db.prepare("SELECT * FROM missing"), StoreError);
    CHECK_THROWS_WITH(db.prepare("SELECT * FROM missing"), Contains("no such table: missing"));
    CHECK_THROWS_WITH(db.exec("CREATE TABLE t(x); SELEC 1"), Contains("syntax error"));
    CHECK_THROWS_AS(db.prepare("SELECT 1; SELECT 2"), StoreError);  // only one statement per prepare
    CHECK_THROWS_AS(db.prepare(""), StoreError);
}

TEST_CASE("a constraint failure on step throws and the statement can run again", "[store][database]") {
    Database db(":memory:");
    db.exec("CREATE TABLE t(i INTEGER PRIMARY KEY)");
    auto insert = db.prepare("INSERT INTO t VALUES(?)");
    insert.bind(1, 1).run();
    insert.reset();
    insert.bind(1, 1);
    CHECK_THROWS_WITH(insert.run(), Contains("UNIQUE constraint failed: t.i"));
    insert.reset();
    insert.bind(1, 2).run();
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 2);
}

TEST_CASE("reading a column out of range throws", "[store][database]") {
    Database db(":memory:");
    auto st = db.prepare("SELECT 1, 2");
    REQUIRE(st.step());
    CHECK(st.column_int(1) == 2);
    CHECK_THROWS_AS(st.column_int(2), StoreError);
    CHECK_THROWS_AS(st.column_text(-1), StoreError);
}

TEST_CASE("a transaction commits when committed and rolls back otherwise", "[store][database]") {
    TempDir dir;
    const std::string path = dir.file("tx.db");
    {
        Database db(path);
        db.exec("CREATE TABLE t(i INTEGER)");

        {
            Transaction tx(db);
            db.exec("INSERT INTO t VALUES(1)");
            tx.commit();
        }
        CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 1);

        {
            Transaction tx(db);
            db.exec("INSERT INTO t VALUES(2)");
            CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 2);  // visible inside
        }
        CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 1);

        try {
            Transaction tx(db);
            db.exec("INSERT INTO t VALUES(3)");
            throw StoreError("boom");
        } catch (const StoreError&) {
        }
        CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 1);

        Transaction tx(db);
        tx.commit();
        CHECK_THROWS_AS(tx.commit(), StoreError);
    }
    // Committed data survives closing and reopening; the rolled-back rows never reached the file.
    Database again(path);
    CHECK(scalar_int(again, "SELECT COUNT(*) FROM t") == 1);
    CHECK(scalar_int(again, "SELECT i FROM t") == 1);
}

TEST_CASE("a transaction takes the write lock at once", "[store][database]") {
    TempDir dir;
    Database a(dir.file("lock.db"));
    Database b(dir.file("lock.db"));
    b.exec("PRAGMA busy_timeout=0");  // fail fast instead of waiting five seconds
    Transaction tx(a);
    CHECK_THROWS_WITH(Transaction(b), Contains("locked"));
}

// --- migrations ---

TEST_CASE("migrations load sorted by version, ignoring other files", "[store][migrations]") {
    TempDir dir;
    dir.write("0010_ten.sql", "CREATE TABLE ten(x);");
    dir.write("0002_two.sql", "CREATE TABLE two(x);");
    dir.write("0001_one.sql", "CREATE TABLE one(x);");
    dir.write("README.md", "not a migration");
    auto ms = load_migrations(dir.path.string());
    REQUIRE(ms.size() == 3);
    CHECK(ms[0].version == 1);
    CHECK(ms[0].name == "0001_one.sql");
    CHECK(ms[0].sql == "CREATE TABLE one(x);");
    CHECK(ms[1].version == 2);
    CHECK(ms[1].name == "0002_two.sql");
    CHECK(ms[2].version == 10);
    CHECK(ms[2].name == "0010_ten.sql");
}

TEST_CASE("a badly named or duplicate migration is refused", "[store][migrations]") {
    SECTION("a name without a number") {
        TempDir dir;
        dir.write("0001_one.sql", "");
        dir.write("init.sql", "");
        CHECK_THROWS_WITH(load_migrations(dir.path.string()), Contains("init.sql"));
    }
    SECTION("a number without an underscore") {
        TempDir dir;
        dir.write("0001.sql", "");
        CHECK_THROWS_AS(load_migrations(dir.path.string()), StoreError);
    }
    SECTION("version zero") {
        TempDir dir;
        dir.write("0000_zero.sql", "");
        CHECK_THROWS_AS(load_migrations(dir.path.string()), StoreError);
    }
    SECTION("two files with one version") {
        TempDir dir;
        dir.write("0001_a.sql", "");
        dir.write("1_b.sql", "");
        CHECK_THROWS_WITH(load_migrations(dir.path.string()), Contains("two migrations have version 1"));
    }
    SECTION("a missing directory") {
        TempDir dir;
        CHECK_THROWS_AS(load_migrations(dir.file("nope")), StoreError);
    }
}

TEST_CASE("migrations apply in order, are recorded, and a second run applies none", "[store][migrations]") {
    TempDir dir;
    dir.write("0001_create.sql", "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES(1);");
    // Needs 0001 to have run first.
    dir.write("0002_more.sql", "INSERT INTO t SELECT x + 1 FROM t;");
    const auto ms = load_migrations(dir.path.string());

    Database db(dir.file("m.db"));
    CHECK(schema_version(db) == 0);
    CHECK(migrate(db, ms) == 2);
    CHECK(schema_version(db) == 2);
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 2);
    CHECK(scalar_int(db, "SELECT SUM(x) FROM t") == 3);

    auto st = db.prepare("SELECT version, name, applied_at FROM schema_migrations ORDER BY version");
    REQUIRE(st.step());
    CHECK(st.column_int(0) == 1);
    CHECK(st.column_text(1) == "0001_create.sql");
    CHECK(st.column_int(2) > 1'600'000'000'000);  // unix ms
    REQUIRE(st.step());
    CHECK(st.column_int(0) == 2);
    CHECK(st.column_text(1) == "0002_more.sql");
    CHECK_FALSE(st.step());

    CHECK(migrate(db, ms) == 0);
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM t") == 2);
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM schema_migrations") == 2);
}

TEST_CASE("a new migration file is applied to an older database", "[store][migrations]") {
    TempDir dir;
    dir.write("0001_a.sql", "CREATE TABLE a(x);");
    Database db(":memory:");
    CHECK(migrate(db, load_migrations(dir.path.string())) == 1);
    dir.write("0002_b.sql", "CREATE TABLE b(x);");
    CHECK(migrate(db, load_migrations(dir.path.string())) == 1);
    CHECK(schema_version(db) == 2);
    CHECK(table_exists(db, "b"));
}

TEST_CASE("a database newer than the migration files is refused", "[store][migrations]") {
    TempDir dir;
    dir.write("0001_a.sql", "CREATE TABLE a(x);");
    dir.write("0002_b.sql", "CREATE TABLE b(x);");
    Database db(dir.file("newer.db"));
    CHECK(migrate(db, load_migrations(dir.path.string())) == 2);

    fs::remove(dir.path / "0002_b.sql");
    const auto older = load_migrations(dir.path.string());
    REQUIRE(older.size() == 1);
    CHECK_THROWS_WITH(migrate(db, older), "database schema version 2 is newer than this server knows (1)");
    CHECK_THROWS_WITH(migrate(db, {}), Contains("newer"));
    CHECK(schema_version(db) == 2);
}

TEST_CASE("a failing migration rolls back entirely and is not recorded", "[store][migrations]") {
    TempDir dir;
    dir.write("0001_ok.sql", "CREATE TABLE ok(x);");
    dir.write("0002_bad.sql", "CREATE TABLE half(x); INSERT INTO ok VALUES(1); INSERT INTO nowhere VALUES(1);");
    Database db(dir.file("fail.db"));
    CHECK_THROWS_WITH(migrate(db, load_migrations(dir.path.string())),
                      Contains("0002_bad.sql") && Contains("no such table: nowhere"));
    CHECK(schema_version(db) == 1);
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM schema_migrations") == 1);
    CHECK(table_exists(db, "ok"));
    CHECK_FALSE(table_exists(db, "half"));
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM ok") == 0);

    // Fixed, it applies on the next start.
    dir.write("0002_bad.sql", "CREATE TABLE half(x);");
    CHECK(migrate(db, load_migrations(dir.path.string())) == 1);
    CHECK(table_exists(db, "half"));
}

TEST_CASE("the real 0001_init.sql applies to a fresh database", "[store][migrations]") {
    TempDir dir;
    Database db(dir.file("real.db"));
    const auto ms = load_migrations(MUSTER_SOURCE_DIR "/migrations");
    REQUIRE_FALSE(ms.empty());
    CHECK(ms[0].version == 1);
    CHECK(ms[0].name == "0001_init.sql");
    CHECK(migrate(db, ms) == static_cast<int>(ms.size()));
    CHECK(schema_version(db) == ms.back().version);
    for (const char* table : {"users", "sessions", "campaigns", "events", "campaign_snapshots", "schema_migrations"})
        CHECK(table_exists(db, table));
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'events'") == 2);
    CHECK(scalar_text(db, "PRAGMA journal_mode") == "wal");  // unchanged by the migration
    CHECK(scalar_int(db, "PRAGMA foreign_keys") == 1);
    CHECK(scalar_text(db, "PRAGMA integrity_check") == "ok");
    CHECK(migrate(db, ms) == 0);
}

// --- the event log ---

TEST_CASE("campaigns are created and listed", "[store][events]") {
    Database db(":memory:");
    migrate_real(db);
    const std::string seed(64, 'a');
    const auto a = create_campaign(db, "Talavera", seed, 1000);
    const auto b = create_campaign(db, "Salamanca", std::string(64, 'b'), 2000);
    CHECK(a == 1);
    CHECK(b == 2);
    const auto all = list_campaigns(db);
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == 1);
    CHECK(all[0].name == "Talavera");
    CHECK(all[0].seed_hex == seed);
    CHECK(all[0].created == 1000);
    CHECK(all[1].id == 2);
    CHECK(all[1].name == "Salamanca");
    CHECK(all[1].created == 2000);
}

TEST_CASE("events round-trip through append and load", "[store][events]") {
    TempDir dir;
    Database db(dir.file("events.db"));
    migrate_real(db);
    const auto c = create_campaign(db, "Vitoria", std::string(64, '0'), 1);
    const auto other = create_campaign(db, "Other", std::string(64, '1'), 1);

    const nlohmann::json body = {{"text", "Forward, the 95th! ünïcødé"}, {"n", 3}, {"nested", {{"ok", true}}}};
    const nlohmann::json dice = nlohmann::json::array({{{"sides", 6}, {"value", 4}}, {{"sides", 6}, {"value", 1}}});
    {
        Transaction tx(db);
        append_events(db, c, {make_event(1, "chat.said", 7, 1'700'000'000'123, body, dice),
                               make_event(2, "campaign.opened", 0, 1'700'000'000'456, nlohmann::json::object())});
        tx.commit();
    }
    {
        Transaction tx(db);
        append_events(db, c, {make_event(3, "chat.said", 8, 1'700'000'000'789, {{"text", "x"}})});
        append_events(db, other, {make_event(1, "chat.said", 9, 5, {{"text", "elsewhere"}})});
        tx.commit();
    }
    append_events(db, c, {});  // nothing to do

    const auto events = load_events(db, c);
    REQUIRE(events.size() == 3);
    CHECK(events[0].seq == 1);
    CHECK(events[0].type == "chat.said");
    CHECK(events[0].actor == 7);
    CHECK(events[0].at == 1'700'000'000'123);
    CHECK(events[0].body == body);
    CHECK(events[0].dice == dice);
    CHECK(events[1].seq == 2);
    CHECK(events[1].type == "campaign.opened");
    CHECK(events[1].actor == 0);
    CHECK(events[1].at == 1'700'000'000'456);
    CHECK(events[1].body == nlohmann::json::object());
    CHECK(events[1].dice == nlohmann::json::array());
    CHECK(events[2].seq == 3);
    CHECK(events[2].actor == 8);
    CHECK(events[2].body == nlohmann::json{{"text", "x"}});

    const auto others = load_events(db, other);
    REQUIRE(others.size() == 1);
    CHECK(others[0].body["text"] == "elsewhere");
    CHECK(load_events(db, 99).empty());

    CHECK(scalar_text(db, "SELECT dice FROM events WHERE campaign = 1 AND seq = 2") == "[]");
}

TEST_CASE("a duplicate or skipped seq is refused", "[store][events]") {
    Database db(":memory:");
    migrate_real(db);
    const auto c = create_campaign(db, "C", std::string(64, '0'), 1);
    append_events(db, c, {make_event(1, "a", 0, 1, {}), make_event(2, "b", 0, 2, {})});

    CHECK_THROWS_WITH(append_events(db, c, {make_event(2, "dup", 0, 3, {})}), Contains("is not the next one (3)"));
    // The same events again (a retry after a commit whose answer was lost) are a success and add nothing; with a
    // new one after them, only that one is added.
    append_events(db, c, {make_event(1, "a", 0, 1, {}), make_event(2, "b", 0, 2, {})});
    CHECK(load_events(db, c).size() == 2);
    CHECK_THROWS_WITH(append_events(db, c, {make_event(2, "b", 0, 9, {})}), Contains("is not the next one (3)"));
    CHECK_THROWS_AS(append_events(db, c, {make_event(4, "gap", 0, 3, {})}), StoreError);
    {
        Transaction tx(db);
        CHECK_THROWS_AS(append_events(db, c, {make_event(3, "ok", 0, 3, {}), make_event(3, "dup", 0, 3, {})}),
                        StoreError);
    }
    // The primary key refuses a duplicate even when written by hand.
    CHECK_THROWS_WITH(db.exec("INSERT INTO events(campaign, seq, type, actor, at, body) VALUES(1, 2, 'x', 0, 0, '{}')"),
                      Contains("UNIQUE constraint failed"));
    // A refused batch leaves nothing when the caller's transaction rolls back.
    {
        Transaction tx(db);
        CHECK_THROWS(append_events(db, c, {make_event(3, "ok", 0, 3, {}), make_event(5, "gap", 0, 3, {})}));
    }
    REQUIRE(load_events(db, c).size() == 2);
    CHECK(load_events(db, c)[1].type == "b");
}

TEST_CASE("events need an existing campaign", "[store][events]") {
    Database db(":memory:");
    migrate_real(db);
    CHECK_THROWS_WITH(append_events(db, 42, {make_event(1, "a", 0, 1, {})}), Contains("FOREIGN KEY constraint failed"));
}

TEST_CASE("the event log cannot be updated or deleted", "[store][events]") {
    Database db(":memory:");
    migrate_real(db);
    const auto c = create_campaign(db, "C", std::string(64, '0'), 1);
    append_events(db, c, {make_event(1, "a", 0, 1, {{"k", 1}})});
    CHECK_THROWS_WITH(db.exec("UPDATE events SET body = '{}'"), "the event log is append-only");
    CHECK_THROWS_WITH(db.exec("DELETE FROM events"), "the event log is append-only");
    CHECK_THROWS_WITH(db.exec("DELETE FROM campaigns"), Contains("FOREIGN KEY constraint failed"));
    const auto events = load_events(db, c);
    REQUIRE(events.size() == 1);
    CHECK(events[0].body == nlohmann::json{{"k", 1}});
}

TEST_CASE("JSON that cannot be stored throws StoreError", "[store][events]") {
    Database db(":memory:");
    migrate_real(db);
    const auto c = create_campaign(db, "C", std::string(64, '0'), 1);
    CHECK_THROWS_AS(append_events(db, c, {make_event(1, "a", 0, 1, {{"bad", "\xff\xfe"}})}), StoreError);
    CHECK(load_events(db, c).empty());
}

// --- users and sessions ---

TEST_CASE("users are unique regardless of case and found regardless of case", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto id = create_user(db, "Wellington", "hash-1", 1000);
    REQUIRE(id.has_value());
    CHECK(*id == 1);
    CHECK_FALSE(create_user(db, "wellington", "hash-2", 2000).has_value());
    CHECK_FALSE(create_user(db, "WELLINGTON", "hash-3", 3000).has_value());
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM users") == 1);

    const auto found = find_user(db, "wELLINGTON");
    REQUIRE(found.has_value());
    CHECK(found->id == 1);
    CHECK(found->username == "Wellington");  // kept as typed
    CHECK(found->password_hash == "hash-1");
    CHECK(scalar_text(db, "SELECT username_key FROM users") == "wellington");
    CHECK(scalar_int(db, "SELECT created FROM users") == 1000);

    const auto by_id = find_user_by_id(db, 1);
    REQUIRE(by_id.has_value());
    CHECK(by_id->username == "Wellington");
    CHECK_FALSE(find_user_by_id(db, 2).has_value());
    CHECK_FALSE(find_user(db, "Soult").has_value());

    const auto second = create_user(db, "Soult", "hash-4", 4000);
    REQUIRE(second.has_value());
    CHECK(*second == 2);
    // Only ASCII folds: these are different names.
    CHECK(create_user(db, "ÉLAN", "h", 1).has_value());
    CHECK(create_user(db, "élan", "h", 1).has_value());
}

TEST_CASE("find_session returns the session with its username and touches last_seen", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto user = *create_user(db, "Picton", "h", 0);
    const auto sid = create_session(db, user, "tokenhash-a", 1000);
    CHECK(sid == 1);

    const auto s = find_session(db, "tokenhash-a", 1500, 10'000, 100'000);
    REQUIRE(s.has_value());
    CHECK(s->id == sid);
    CHECK(s->user == user);
    CHECK(s->username == "Picton");
    CHECK(s->created == 1000);
    CHECK(s->last_seen == 1500);
    CHECK(scalar_int(db, "SELECT last_seen FROM sessions WHERE id = 1") == 1500);

    CHECK_FALSE(find_session(db, "no-such-hash", 1500, 10'000, 100'000).has_value());

    touch_session(db, sid, 2500);
    CHECK(scalar_int(db, "SELECT last_seen FROM sessions WHERE id = 1") == 2500);
    touch_session(db, sid, 2000);  // the clock went back: last_seen stays
    CHECK(scalar_int(db, "SELECT last_seen FROM sessions WHERE id = 1") == 2500);
}

TEST_CASE("an idle session expires and is deleted when found", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto user = *create_user(db, "Hill", "h", 0);
    create_session(db, user, "t", 1000);
    // Exactly idle_ms idle is still alive; it touches last_seen to 2000.
    REQUIRE(find_session(db, "t", 2000, 1000, 1'000'000).has_value());
    CHECK_FALSE(find_session(db, "t", 3001, 1000, 1'000'000).has_value());
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sessions") == 0);
    CHECK_FALSE(find_session(db, "t", 3002, 1000, 1'000'000).has_value());
}

TEST_CASE("a session expires at its absolute lifetime however active", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto user = *create_user(db, "Craufurd", "h", 0);
    create_session(db, user, "t", 1000);
    for (std::int64_t now = 1500; now <= 6000; now += 500) REQUIRE(find_session(db, "t", now, 1000, 5000).has_value());
    CHECK_FALSE(find_session(db, "t", 6001, 1000, 5000).has_value());
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sessions") == 0);
}

TEST_CASE("expire_sessions deletes exactly the expired sessions and returns their ids", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto user = *create_user(db, "Beresford", "h", 0);
    const auto idle = create_session(db, user, "idle", 1000);          // last_seen 1000
    const auto fresh = create_session(db, user, "fresh", 9000);        // recent
    const auto old = create_session(db, user, "old", 0);               // too old, although active
    const auto boundary = create_session(db, user, "boundary", 8000);  // idle exactly idle_ms
    touch_session(db, old, 9500);

    const auto ids = expire_sessions(db, 10'000, 2000, 9000);
    CHECK(ids == std::vector<std::int64_t>{idle, old});
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sessions") == 2);
    CHECK(find_session(db, "fresh", 10'000, 2000, 9000)->id == fresh);
    CHECK(find_session(db, "boundary", 10'000, 2000, 9000)->id == boundary);
    CHECK(expire_sessions(db, 10'000, 2000, 9000).empty());
}

TEST_CASE("sessions are deleted on logout and with their user", "[store][accounts]") {
    Database db(":memory:");
    migrate_real(db);
    const auto a = *create_user(db, "A", "h", 0);
    const auto b = *create_user(db, "B", "h", 0);
    const auto sa = create_session(db, a, "ta", 0);
    create_session(db, b, "tb", 0);
    create_session(db, b, "tb2", 0);

    delete_session(db, sa);
    CHECK_FALSE(find_session(db, "ta", 1, 100, 100).has_value());
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sessions") == 2);
    delete_session(db, sa);  // already gone: no error
    CHECK_THROWS_WITH(create_session(db, a, "tb", 0), Contains("UNIQUE constraint failed: sessions.token_hash"));
    CHECK_THROWS_WITH(create_session(db, 99, "tz", 0), Contains("FOREIGN KEY constraint failed"));

    db.exec("DELETE FROM users WHERE id = " + std::to_string(b));
    CHECK(scalar_int(db, "SELECT COUNT(*) FROM sessions") == 0);
}
