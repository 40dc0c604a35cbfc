#pragma once
// Diary drafts (migrations/0007_diary_drafts.sql): a player's diary as he writes it, one per campaign, kept apart
// from the campaign's events.
#include <cstdint>
#include <optional>
#include <string>

#include "server/store/database.h"

namespace muster::store {

struct DiaryDraft {
    std::int64_t turn = 0;
    std::string body;  // JSON text
    std::int64_t saved = 0;
};

void save_draft(Database& db, std::int64_t campaign, std::int64_t user, const DiaryDraft& draft);
std::optional<DiaryDraft> draft_of(Database& db, std::int64_t campaign, std::int64_t user);
void drop_draft(Database& db, std::int64_t campaign, std::int64_t user);

}  // namespace muster::store
