// The outbox and users' e-mail addresses (server/store/outbox.h; migrations/0002_notifications.sql; docs/protocol.md,
// "Notifications"), on a real SQLite file: an e-mail is written only for a verified address, a webhook's always;
// due, sent and failed messages; a verification token works once.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "server/app/notifier.h"
#include "server/app/outbound.h"
#include "server/store/accounts.h"
#include "server/store/migrations.h"
#include "server/store/outbox.h"

using namespace muster;
using namespace muster::store;
namespace fs = std::filesystem;

namespace {

struct Db {
    fs::path dir;
    std::unique_ptr<Database> db;
    std::int64_t bob = 0, carol = 0;
    Db() {
        std::random_device rd;
        dir = fs::temp_directory_path() / ("muster-outbox-test-" + std::to_string(rd()));
        fs::create_directories(dir);
        db = std::make_unique<Database>((dir / "m.db").string());
        migrate(*db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        bob = *create_user(*db, "bob", "x", 1);
        carol = *create_user(*db, "carol", "x", 1);
    }
    ~Db() {
        db.reset();
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

}  // namespace

TEST_CASE("outbox: an e-mail only to a verified address; a webhook post always; sent and failed", "[outbox]") {
    Db d;
    set_user_email(*d.db, d.bob, "bob@club.test", "hash-bob", 10);
    set_user_email(*d.db, d.carol, "carol@club.test", "hash-carol", 10);
    CHECK(verify_user_email(*d.db, "hash-bob") == d.bob);
    CHECK_FALSE(verify_user_email(*d.db, "hash-bob"));  // a link works once
    CHECK(user_email(*d.db, d.bob)->verified);
    CHECK_FALSE(user_email(*d.db, d.carol)->verified);
    add_to_outbox(*d.db,
                  {{7, d.bob, "email", "", "Flanders: your diary", "Write it."},
                   {7, d.carol, "email", "", "Flanders: your diary", "Write it."},
                   {7, 0, "webhook", "http://hook.test/x", "Flanders: The month is resolved.", ""}},
                  100);
    auto due = due_messages(*d.db, 100, 10);
    REQUIRE(due.size() == 2);  // Carol's address is not verified: nothing for her
    CHECK(due[0].address == "bob@club.test");
    CHECK(due[0].channel == "email");
    CHECK(due[1].address == "http://hook.test/x");
    mark_sent(*d.db, due[0].id, 150);
    mark_failed(*d.db, due[1].id, "webhook: HTTP 500", 100 + retry_delay_ms(0));
    CHECK(due_messages(*d.db, 200, 10).empty());           // tried again after a second
    REQUIRE(due_messages(*d.db, 1100, 10).size() == 1);
    CHECK(due_messages(*d.db, 1100, 10)[0].attempts == 1);
    remove_user_email(*d.db, d.bob);
    add_to_outbox(*d.db, {{7, d.bob, "email", "", "again", ""}}, 2000);
    CHECK(all_messages(*d.db).size() == 2);  // nothing more for a removed address
}

TEST_CASE("outbox: retries wait 2^n seconds, at most an hour", "[outbox]") {
    CHECK(retry_delay_ms(0) == 1000);
    CHECK(retry_delay_ms(3) == 8000);
    CHECK(retry_delay_ms(20) == 3600 * 1000);
}

TEST_CASE("outbox: a notice as an e-mail and a webhook post, the link to its page, one header line each", "[outbox]") {
    std::vector<campaign::Notice> n = {{5, "needs_you", "Ramillies: Bid for the tempo of game turn 1.", "battle", 1764590400000},
                                       {0, "battle_started", "The battle \"Ramillies\" has begun.", "battle", nullptr}};
    auto items = outbox_items(n, 3, "Flanders", "http://hook.test/x", "http://club.test/");
    REQUIRE(items.size() == 2);
    CHECK(items[0].subject == "Flanders: Ramillies: Bid for the tempo of game turn 1.");
    CHECK(items[0].body.find("Due: 2025-12-01 12:00 UTC.") != std::string::npos);
    CHECK(items[0].body.find("Open it: http://club.test/#/campaign/3/battle") != std::string::npos);
    CHECK(items[1].channel == "webhook");
    CHECK(outbox_items(n, 3, "Flanders", "", "http://club.test/").size() == 1);  // no webhook set: no post
    Config c;
    c.smtp_from = "muster@club.test";
    OutboxRow row{1, 3, 5, "email", "bob@club.test", "Line one\r\nBcc: evil@x", "a\nb\n", 0};
    const std::string msg = email_message(c, row, 0);
    CHECK(msg.find("Subject: Line one  Bcc: evil@x\r\n") != std::string::npos);  // no header can be smuggled in
    CHECK(msg.find("\r\n\r\na\r\nb\r\n") != std::string::npos);
}
