#include "server/store/event_store.h"

namespace muster::store {

namespace {

std::string to_text(const nlohmann::json& value) {
    try {
        return value.dump();
    } catch (const nlohmann::json::exception& e) {  // e.g. a string that is not valid UTF-8
        throw StoreError(std::string("cannot store event JSON: ") + e.what());
    }
}

nlohmann::json from_text(const std::string& text, std::int64_t campaign, std::int64_t seq) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw StoreError("event " + std::to_string(seq) + " of campaign " + std::to_string(campaign) +
                         " holds bad JSON: " + e.what());
    }
}

}  // namespace

bool holds_event(Database& db, std::int64_t campaign, const Event& e) {
    auto& find = db.cached("SELECT type, actor, at, body, dice FROM events WHERE campaign = ? AND seq = ?");
    find.bind(1, campaign).bind(2, e.seq);
    const bool same = find.step() && find.column_text(0) == e.type && find.column_int(1) == e.actor &&
                      find.column_int(2) == e.at && find.column_text(3) == to_text(e.body) &&
                      find.column_text(4) == to_text(e.dice);
    find.reset();
    return same;
}

std::int64_t create_campaign(Database& db, const std::string& name, const std::string& seed_hex,
                             std::int64_t created_ms) {
    auto st = db.prepare("INSERT INTO campaigns(name, seed_hex, created) VALUES(?, ?, ?) RETURNING id");
    st.bind(1, name).bind(2, seed_hex).bind(3, created_ms);
    if (!st.step()) throw StoreError("a new campaign has no id");
    const std::int64_t id = st.column_int(0);
    st.run();
    return id;
}

bool create_campaign_with_id(Database& db, std::int64_t id, const std::string& name, const std::string& seed_hex,
                             std::int64_t created_ms) {
    auto st = db.prepare("INSERT INTO campaigns(id, name, seed_hex, created) VALUES(?, ?, ?, ?) ON CONFLICT DO NOTHING");
    st.bind(1, id).bind(2, name).bind(3, seed_hex).bind(4, created_ms);
    st.run();
    if (db.changes() != 1) return false;
    db.ids_given_by_hand("campaigns");
    return true;
}

std::optional<CampaignRow> find_campaign(Database& db, std::int64_t id) {
    auto st = db.prepare("SELECT id, name, seed_hex, created FROM campaigns WHERE id = ?");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return CampaignRow{st.column_int(0), st.column_text(1), st.column_text(2), st.column_int(3)};
}

std::vector<CampaignRow> list_campaigns(Database& db) {
    auto st = db.prepare("SELECT id, name, seed_hex, created FROM campaigns ORDER BY id");
    std::vector<CampaignRow> out;
    while (st.step()) out.push_back({st.column_int(0), st.column_text(1), st.column_text(2), st.column_int(3)});
    return out;
}

std::size_t append_events(Database& db, std::int64_t campaign, const std::vector<Event>& events) {
    if (events.empty()) return 0;
    // The primary key catches a duplicate but not a gap; a gap would break every reader that folds by seq.
    // One lookup on the primary key per batch is cheap next to the inserts.
    auto& last = db.cached("SELECT COALESCE(MAX(seq), 0) FROM events WHERE campaign = ?");
    last.bind(1, campaign);
    last.step();
    std::int64_t expected = last.column_int(0) + 1;
    last.reset();

    auto& insert = db.cached(
        "INSERT INTO events(campaign, seq, type, actor, at, body, dice) VALUES(?, ?, ?, ?, ?, ?, ?)");
    const std::int64_t stored = expected - 1;
    for (const Event& e : events) {
        // A retried append (its first try's commit may have landed before the connection was lost) is a success
        // when what is stored under its seq is the same event.
        if (e.seq <= stored && holds_event(db, campaign, e))
            continue;
        if (e.seq != expected)
            throw StoreError("event seq " + std::to_string(e.seq) + " for campaign " + std::to_string(campaign) +
                             " is not the next one (" + std::to_string(expected) + ")");
        insert.bind(1, campaign)
            .bind(2, e.seq)
            .bind(3, e.type)
            .bind(4, e.actor)
            .bind(5, e.at)
            .bind(6, to_text(e.body))
            .bind(7, to_text(e.dice))
            .run();
        insert.reset();
        ++expected;
    }
    return static_cast<std::size_t>(expected - stored - 1);
}

std::vector<Event> load_events(Database& db, std::int64_t campaign, std::int64_t after) {
    auto st = db.prepare("SELECT seq, type, actor, at, body, dice FROM events WHERE campaign = ? AND seq > ? ORDER BY seq");
    st.bind(1, campaign).bind(2, after);
    std::vector<Event> out;
    while (st.step()) {
        Event e;
        e.seq = st.column_int(0);
        e.type = st.column_text(1);
        e.actor = st.column_int(2);
        e.at = st.column_int(3);
        e.body = from_text(st.column_text(4), campaign, e.seq);
        e.dice = from_text(st.column_text(5), campaign, e.seq);
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace muster::store
