// The outbox and users' e-mail addresses (server/store/outbox.h; migrations/0002_notifications.sql; docs/protocol.md,
// "Notifications"), on a real SQLite file: an e-mail is written only for a verified address, a webhook's always;
// due, sent and failed messages; a verification token works once.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "server/app/notifier.h"
#include "server/app/outbound.h"
#include "server/app/time_zones.h"
#include "server/store/accounts.h"
#include "server/store/migrations.h"
#include "server/store/outbox.h"

using namespace muster;
using namespace muster::store;
namespace fs = std::filesystem;

namespace {

struct OutboxDb {
    fs::path dir;
    std::unique_ptr<Database> db;
    std::int64_t bob = 0, carol = 0;
    OutboxDb() {
        std::random_device rd;
        dir = fs::temp_directory_path() / ("muster-outbox-test-" + std::to_string(rd()));
        fs::create_directories(dir);
        db = std::make_unique<Database>((dir / "m.db").string());
        migrate(*db, load_migrations(MUSTER_SOURCE_DIR "/migrations"));
        bob = *create_user(*db, "bob", "x", 1);
        carol = *create_user(*db, "carol", "x", 1);
    }
    ~OutboxDb() {
        db.reset();
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

}  // namespace

TEST_CASE("outbox: an e-mail only to a verified address; a webhook post always; sent and failed", "[outbox]") {
    OutboxDb d;
    set_user_email(*d.db, d.bob, "bob@club.test", "hash-bob", 10, "unsub-" + std::to_string(__LINE__));
    set_user_email(*d.db, d.carol, "carol@club.test", "hash-carol", 10, "unsub-" + std::to_string(__LINE__));
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

TEST_CASE("outbox: a notice to the page's list, as an e-mail and as a webhook post, the link to its page", "[outbox]") {
    std::vector<campaign::Notice> n = {{5, "needs_you", "Ramillies: Bid for the tempo of game turn 1.", "battle", 1764590400000},
                                       {0, "battle_started", "The battle \"Ramillies\" has begun.", "battle", nullptr}};
    const Outbound out{"http://club.test/", nullptr, 20};
    campaign::CampaignState state;
    state.name = "Flanders";
    state.webhook = "http://hook.test/x";
    auto items = outbox_items(n, state, 3, out, 0);
    REQUIRE(items.size() == 3);
    CHECK(items[0].channel == "page");
    CHECK(items[0].subject == "Ramillies: Bid for the tempo of game turn 1.");
    CHECK(items[0].tab == "battle");
    CHECK(items[1].channel == "email");
    CHECK(items[1].subject == "Flanders: Ramillies: Bid for the tempo of game turn 1.");
    CHECK(items[1].due == 1764590400000);
    CHECK(items[1].cap == 20);
    CHECK(items[1].body.find("Open it: http://club.test/#/campaign/3/battle") != std::string::npos);
    CHECK(items[2].channel == "webhook");
    CHECK(items[2].body.find("Due: ") == std::string::npos);  // the webhook's notice has no deadline
    state.webhook = "";
    CHECK(outbox_items(n, state, 3, out, 0).size() == 2);  // no webhook set: no post
    Config c;
    c.smtp_from = "muster@club.test";
    c.public_url = "http://club.test/";
    OutboxRow row;
    row.id = 1;
    row.campaign = 3;
    row.user = 5;
    row.channel = "email";
    row.address = "bob@club.test";
    row.subject = "Line one\r\nBcc: evil@x";
    row.body = "a\nb\n";
    const std::string msg = email_message(c, row, 0);
    CHECK(msg.find("Subject: Line one  Bcc: evil@x\r\n") != std::string::npos);  // no header can be smuggled in
    CHECK(msg.find("\r\n\r\na\r\nb\r\n") != std::string::npos);
    // The deadline in the reader's time zone under the first line; his unsubscribe link, in the body and a header.
    row.due = 1764590400000;
    row.time_zone = "Asia/Tokyo";
    row.unsubscribe = "abc123";
    const std::string text = email_text(c, row);
    CHECK(text.rfind("a\nDue: 2025-12-01 21:00 JST (Asia/Tokyo).\nb\n", 0) == 0);
    CHECK(text.find("http://club.test/unsubscribe?token=abc123") != std::string::npos);
    CHECK(email_message(c, row, 0).find("List-Unsubscribe: <http://club.test/unsubscribe?token=abc123>\r\n") != std::string::npos);
}

TEST_CASE("outbox: each user's choice: every e-mail at once, held for his digest, or none; a day's cap", "[outbox]") {
    OutboxDb d;
    for (auto [user, token] : {std::pair{d.bob, "hash-bob"}, std::pair{d.carol, "hash-carol"}}) {
        set_user_email(*d.db, user, "x@club.test", token, 10, std::string("unsub-") + token);
        verify_user_email(*d.db, token);
    }
    CHECK(user_email(*d.db, d.bob)->mode == "immediate");
    REQUIRE(set_email_choices(*d.db, d.carol, "digest", 20, "Europe/London"));
    auto mail = [&](std::int64_t user, int cap, std::int64_t at) {
        OutboxItem it{7, user, "email", "", "Flanders: news", "News.\n\nOpen it: http://club.test/#/campaign/7\n"};
        it.cap = cap;
        add_to_outbox(*d.db, {it}, at);
    };
    mail(d.bob, 2, 100);
    mail(d.bob, 2, 200);
    mail(d.bob, 2, 300);  // the third in a day, over the cap of 2: held for a digest
    mail(d.carol, 2, 100);
    auto due = due_messages(*d.db, 1000, 10);
    REQUIRE(due.size() == 2);
    CHECK((due[0].user == d.bob && due[1].user == d.bob));
    const auto held = held_users(*d.db);
    REQUIRE(held.size() == 2);
    CHECK(held[1].user == d.carol);
    CHECK(held[1].digest_hour == 20);
    CHECK(held[1].time_zone == "Europe/London");
    REQUIRE(held_messages(*d.db, d.carol).size() == 1);
    write_digest(*d.db, d.carol, digest_subject(held_messages(*d.db, d.carol).size()), "- Flanders: news\n", 5000);
    CHECK(held_messages(*d.db, d.carol).empty());
    due = due_messages(*d.db, 5000, 10);
    REQUIRE(due.size() == 3);
    CHECK(due[2].subject == "Muster: your digest (1 notice)");
    CHECK(digest_subject(3) == "Muster: your digest (3 notices)");

    // "off": nothing is written, and what waited for a digest is dropped.
    REQUIRE(set_email_choices(*d.db, d.bob, "off", 18, "UTC"));
    CHECK(held_messages(*d.db, d.bob).empty());
    const auto before = all_messages(*d.db).size();
    mail(d.bob, 0, 6000);
    CHECK(all_messages(*d.db).size() == before);
    CHECK_FALSE(set_email_choices(*d.db, 999, "off", 18, "UTC"));  // no address
}

TEST_CASE("outbox: the unsubscribe link turns e-mail off; the page's list of notifications", "[outbox]") {
    OutboxDb d;
    set_user_email(*d.db, d.bob, "bob@club.test", "hash-bob", 10, "0123456789abcdef0123456789abcdef");
    verify_user_email(*d.db, "hash-bob");
    add_to_outbox(*d.db, {{7, d.bob, "email", "", "s", "b"}}, 100);
    const auto token = due_messages(*d.db, 100, 10).at(0).unsubscribe;
    REQUIRE(token == "0123456789abcdef0123456789abcdef");
    CHECK_FALSE(unsubscribe(*d.db, "nonsense"));
    CHECK(unsubscribe(*d.db, token));
    CHECK(user_email(*d.db, d.bob)->mode == "off");

    OutboxItem page{7, d.bob, "page", "", "Write your diary for March 174-.", "", 5000};
    page.tab = "diary";
    add_to_outbox(*d.db, {page, page}, 200);
    auto list = notifications_of(*d.db, d.bob, 50);
    REQUIRE(list.size() == 2);
    CHECK(list[0].id > list[1].id);  // newest first
    CHECK(list[0].tab == "diary");
    CHECK(list[0].due == 5000);
    CHECK_FALSE(list[0].seen);
    mark_seen(*d.db, d.bob, list[1].id);
    list = notifications_of(*d.db, d.bob, 50);
    CHECK_FALSE(list[0].seen);
    CHECK(list[1].seen);
    CHECK(notifications_of(*d.db, d.carol, 50).empty());
}

TEST_CASE("time zones: a deadline in the reader's zone; his digest hour across a change of the clocks", "[outbox]") {
    // 2026-03-28 12:00 UTC: London is on GMT; the clocks go forward on Sunday 29 March at 01:00 UTC.
    const std::int64_t saturday = 1774699200000;
    CHECK(local_words(saturday, "Europe/London") == "2026-03-28 12:00 GMT (Europe/London)");
    CHECK(local_words(saturday, "America/New_York") == "2026-03-28 08:00 EDT (America/New_York)");
    CHECK(local_words(saturday, "Nowhere/Atlantis") == "2026-03-28 12:00 UTC (UTC)");
    CHECK(valid_time_zone("Europe/London"));
    CHECK_FALSE(valid_time_zone("Nowhere/Atlantis"));
    CHECK_FALSE(valid_time_zone(""));
    const std::int64_t hour = 3'600'000;
    CHECK(next_local_hour(saturday, 20, "Europe/London") == saturday + 8 * hour);  // 20:00 GMT that day
    // On Sunday 20:00 in London is 19:00 UTC (BST).
    CHECK(next_local_hour(saturday + 9 * hour, 20, "Europe/London") == saturday + 31 * hour);
    // 01:00 does not exist on the Sunday in London: the first instant after the gap.
    CHECK(next_local_hour(saturday + 9 * hour, 1, "Europe/London") == saturday + 13 * hour);
}

TEST_CASE("outbox: a digest gives the month's deadline as it stands now, in the words of a single e-mail", "[outbox]") {
    auto row = [](std::string tab, std::optional<std::int64_t> due) {
        OutboxRow r;
        r.campaign = 7;
        r.subject = "Flanders: " + tab;
        r.body = "Text.\n\nOpen it: http://club.test/#/campaign/7/" + tab + "\n";
        r.due = due;
        return r;
    };
    const std::int64_t old_due = 1764590400000, new_due = old_due + 86400000, lot = old_due - 3600000;
    const std::vector<OutboxRow> held{row("diary", std::nullopt), row("diary", old_due), row("auction", lot)};
    const std::string zone = "America/New_York";
    const std::string now_line = "  " + due_line(new_due, zone) + "\n";
    // The index keeps the month's deadline: the diary's items give it (held before it was set, or before it moved);
    // the lot keeps its own countdown.
    const std::string body = digest_body(held, zone, {{7, IndexDeadline{true, new_due}}});
    CHECK(due_line(new_due, zone) == "Due: 2025-12-02 07:00 EST (America/New_York).");
    CHECK(body.find("- Flanders: diary\n" + now_line + "  Open it:") != std::string::npos);
    CHECK(body.find(local_words(old_due, zone)) == std::string::npos);
    CHECK(body.find("- Flanders: auction\n  " + due_line(lot, zone) + "\n") != std::string::npos);
    // A month with no deadline now: no Due line; an index that keeps none (an older row): each item's own.
    CHECK(digest_body(held, zone, {{7, IndexDeadline{true, std::nullopt}}}).find(local_words(old_due, zone)) == std::string::npos);
    const std::string unknown = digest_body(held, zone, {});
    CHECK(unknown.find("- Flanders: diary\n  Open it:") != std::string::npos);
    CHECK(unknown.find("  " + due_line(old_due, zone) + "\n") != std::string::npos);

    // A row that keeps its tab is known by it, whatever its link says (the link is read only for older rows).
    OutboxRow kept = row("battle", old_due);
    kept.tab = "diary";
    CHECK(digest_body({kept}, zone, {{7, IndexDeadline{true, new_due}}}).find(now_line) != std::string::npos);
    OutboxRow linked = row("diary", old_due);
    linked.tab = "auction";
    CHECK(digest_body({linked}, zone, {{7, IndexDeadline{true, new_due}}}).find("  " + due_line(old_due, zone) + "\n") != std::string::npos);
}
