#pragma once
// A campaign's index row (migrations/0008_campaign_index.sql): its directory entry, what needs each member and
// its next clock, kept beside its log so that the server can list, join and wake a campaign it has not loaded.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/store/database.h"

namespace muster::store {

struct CampaignIndex {
    std::int64_t campaign = 0;
    nlohmann::json directory = nlohmann::json::object();  // {"name", "closed", "members", "codes"}
    nlohmann::json needs = nlohmann::json::object();      // {"<user>": {"count", "due"}}
    std::optional<std::int64_t> alarm;
    bool operator==(const CampaignIndex&) const = default;
};

void put_index(Database& db, const CampaignIndex& index);
// Each row in turn, so that a server of many campaigns never holds them all as JSON at once.
void for_each_index(Database& db, const std::function<void(const CampaignIndex&)>& each);
// The campaigns that have no index row yet (made before the table, or imported without one).
std::vector<std::int64_t> campaigns_without_index(Database& db);

}  // namespace muster::store
