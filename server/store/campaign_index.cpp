#include "server/store/campaign_index.h"

#include <chrono>

namespace muster::store {

namespace {

// The wall clock, not a test's (server/app/clock.h): `updated` orders writes between nodes, it is not game time.
std::int64_t wall_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

void each_row(Statement& st, const std::function<void(const CampaignIndex&)>& each) {
    while (st.step()) {
        CampaignIndex row;
        row.campaign = st.column_int(0);
        try {
            row.directory = nlohmann::json::parse(st.column_text(1));
            row.needs = nlohmann::json::parse(st.column_text(2));
        } catch (const nlohmann::json::exception& e) {
            throw StoreError("the index of campaign " + std::to_string(row.campaign) + " holds bad JSON: " + e.what());
        }
        if (!st.column_is_null(3)) row.alarm = st.column_int(3);
        row.updated = st.column_int(4);
        each(row);
    }
}

}  // namespace

void put_index(Database& db, const CampaignIndex& index) {
    auto& st = db.cached(
        "INSERT INTO campaign_index(campaign, directory, needs, alarm, updated) VALUES(?, ?, ?, ?, ?) "
        "ON CONFLICT(campaign) DO UPDATE SET directory = excluded.directory, needs = excluded.needs, "
        "alarm = excluded.alarm, updated = excluded.updated");
    st.bind(1, index.campaign).bind(2, index.directory.dump()).bind(3, index.needs.dump());
    if (index.alarm) st.bind(4, *index.alarm);
    else st.bind_null(4);
    st.bind(5, wall_ms());
    st.run();
}

void for_each_index(Database& db, const std::function<void(const CampaignIndex&)>& each) {
    auto st = db.prepare("SELECT campaign, directory, needs, alarm, updated FROM campaign_index ORDER BY campaign");
    each_row(st, each);
}

void for_each_index_since(Database& db, std::int64_t since_ms, const std::function<void(const CampaignIndex&)>& each) {
    auto st = db.prepare(
        "SELECT campaign, directory, needs, alarm, updated FROM campaign_index WHERE updated >= ? ORDER BY updated");
    st.bind(1, since_ms);
    each_row(st, each);
}

std::vector<std::pair<std::int64_t, std::int64_t>> due_unkept(Database& db, std::int64_t now_ms, const std::string& node) {
    auto st = db.prepare(
        "SELECT i.campaign, i.alarm FROM campaign_index i LEFT JOIN campaign_leases l ON l.campaign = i.campaign "
        "WHERE i.alarm IS NOT NULL AND i.alarm <= ? AND (l.campaign IS NULL OR l.expires < ? OR l.node = ?) "
        "ORDER BY i.alarm");
    st.bind(1, now_ms).bind(2, now_ms).bind(3, node);
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    while (st.step()) out.emplace_back(st.column_int(0), st.column_int(1));
    return out;
}

IndexDeadline index_deadline(Database& db, std::int64_t campaign) {
    auto& st = db.cached("SELECT directory FROM campaign_index WHERE campaign = ?1");
    st.bind(1, campaign);
    IndexDeadline out;
    if (st.step()) {
        const auto directory = nlohmann::json::parse(st.column_text(0), nullptr, false);
        if (directory.is_object() && directory.contains("deadline")) {
            out.kept = true;
            if (directory["deadline"].is_number_integer()) out.at = directory["deadline"].get<std::int64_t>();
        }
    }
    st.reset();
    return out;
}

std::vector<std::int64_t> campaigns_without_index(Database& db) {
    auto st = db.prepare(
        "SELECT id FROM campaigns WHERE id NOT IN (SELECT campaign FROM campaign_index) ORDER BY id");
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.column_int(0));
    return out;
}

}  // namespace muster::store
