#include "server/store/campaign_index.h"

namespace muster::store {

void put_index(Database& db, const CampaignIndex& index) {
    auto& st = db.cached(
        "INSERT INTO campaign_index(campaign, directory, needs, alarm) VALUES(?, ?, ?, ?) "
        "ON CONFLICT(campaign) DO UPDATE SET directory = excluded.directory, needs = excluded.needs, alarm = excluded.alarm");
    st.bind(1, index.campaign).bind(2, index.directory.dump()).bind(3, index.needs.dump());
    if (index.alarm) st.bind(4, *index.alarm);
    else st.bind_null(4);
    st.run();
}

void for_each_index(Database& db, const std::function<void(const CampaignIndex&)>& each) {
    auto st = db.prepare("SELECT campaign, directory, needs, alarm FROM campaign_index ORDER BY campaign");
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
        each(row);
    }
}

std::vector<std::int64_t> campaigns_without_index(Database& db) {
    auto st = db.prepare(
        "SELECT id FROM campaigns WHERE id NOT IN (SELECT campaign FROM campaign_index) ORDER BY id");
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.column_int(0));
    return out;
}

}  // namespace muster::store
