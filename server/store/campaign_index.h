#pragma once
// A campaign's index row (migrations/0008_campaign_index.sql): its directory entry, what needs each member and
// its next clock, kept beside its log so that the server can list, join and wake a campaign it has not loaded.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/store/database.h"

namespace muster::store {

struct CampaignIndex {
    std::int64_t campaign = 0;
    nlohmann::json directory = nlohmann::json::object();  // {"name", "closed", "members", "codes", "deadline"}
    nlohmann::json needs = nlohmann::json::object();      // {"<user>": {"count", "due"}}
    std::optional<std::int64_t> alarm;
    std::int64_t updated = 0;  // when last written, unix ms of the writer's wall clock (set by put_index)
    bool operator==(const CampaignIndex&) const = default;
};

void put_index(Database& db, const CampaignIndex& index);
// Each row in turn, so that a server of many campaigns never holds them all as JSON at once.
void for_each_index(Database& db, const std::function<void(const CampaignIndex&)>& each);
// The rows written since `since_ms` (by their writer's wall clock), oldest first.
void for_each_index_since(Database& db, std::int64_t since_ms, const std::function<void(const CampaignIndex&)>& each);
// The campaigns whose clock is due by `now_ms` and whose lease is free, run out or `node`'s own: those a node that
// stopped left behind. {campaign, alarm}.
std::vector<std::pair<std::int64_t, std::int64_t>> due_unkept(Database& db, std::int64_t now_ms, const std::string& node);
// The month's deadline of a campaign as its index row keeps it now: `kept` false when the row keeps none (no row
// yet, or one written before rows kept it); else `at`, unix ms, or nothing when the month has no deadline.
struct IndexDeadline {
    bool kept = false;
    std::optional<std::int64_t> at;
};
IndexDeadline index_deadline(Database& db, std::int64_t campaign);
// The campaigns that have no index row yet (made before the table, or imported without one).
std::vector<std::int64_t> campaigns_without_index(Database& db);

}  // namespace muster::store
