#pragma once
// The append-only event log and the campaigns table. All SQL about campaigns lives here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.h"
#include "shared/core/event.h"

namespace muster::store {

struct CampaignRow {
    std::int64_t id = 0;
    std::string name;
    std::string seed_hex;    // the dice seed (64 hex chars); revealed only when the campaign closes
    std::int64_t created = 0;
};

// Inserts a campaign row; returns its id.
std::int64_t create_campaign(Database& db, const std::string& name, const std::string& seed_hex,
                             std::int64_t created_ms);
std::vector<CampaignRow> list_campaigns(Database& db);
std::optional<CampaignRow> find_campaign(Database& db, std::int64_t id);
// Inserts a campaign row with this id (an imported campaign); false when the id is taken.
bool create_campaign_with_id(Database& db, std::int64_t id, const std::string& name, const std::string& seed_hex,
                             std::int64_t created_ms);

// Appends events to a campaign's log. Each event's seq must be the next one (the hub assigns them;
// the primary key (campaign, seq) refuses a duplicate), except that an event already stored under its seq, the
// same in every field, is taken as written (a retried append). Returns how many were new. The caller holds the
// transaction.
std::size_t append_events(Database& db, std::int64_t campaign, const std::vector<Event>& events);

// A campaign's log in seq order: the whole of it, or the events after seq `after` (those a snapshot does not hold).
std::vector<Event> load_events(Database& db, std::int64_t campaign, std::int64_t after = 0);

// True when the log holds exactly this event under its seq, every field the same.
bool holds_event(Database& db, std::int64_t campaign, const Event& e);

}  // namespace muster::store
