#pragma once
// Drafts (migrations/0012_drafts.sql): what a player composes and has not sent (his diary, his choice for a battle's
// turn), one per campaign and kind, kept apart from the campaign's events.
#include <cstdint>
#include <optional>
#include <string>

#include "server/store/database.h"

namespace muster::store {

// The most drafts one player keeps in one campaign: saving another drops his oldest.
inline constexpr int drafts_per_player = 16;

struct Draft {
    std::int64_t turn = 0;
    std::string body;  // JSON text
    std::int64_t saved = 0;
};

void save_draft(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind, const Draft& draft);
std::optional<Draft> draft_of(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind);
void drop_draft(Database& db, std::int64_t campaign, std::int64_t user, const std::string& kind);

}  // namespace muster::store
