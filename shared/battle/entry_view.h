#pragma once
// What a viewer sees of one battle (DESIGN.md, "Hidden information"): the one place a battle is filtered.
// The view is built from nothing, field by field, adding what this viewer may see, driven by the rule set's
// declarations (its BattleVisibility, item filter and own fields):
// - pieces: his side's in full; the enemy's as a person at the table sees them; concealed ones not at all;
// - the players, the box's submitters and the revealed items: none that would name a concealed piece or the
//   person who commands it;
// - terrain: a feature's nature only to the sides that know it;
// - log lines by their audience (sealed when written: log_audience.cpp), revealed items in them filtered;
// - replay frames like the live pieces; talk and channels he is part of;
// - the outcome: his side's rows, a regiment's companies only to its colonel.
// Umpires see everything; non-members nothing but the id.
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/core/viewer.h"

namespace muster::battle {

// The viewer's side in this battle: a player's side, empty for anyone else.
std::string side_in(const Battle& b, const Viewer& viewer);

// A `light` view has its "log" and "history" empty: they only grow, so a server diffs light views and appends
// what the viewer may read of the entries added since (log_entries_from, frames_from).
nlohmann::json view(const BattleEntry& e, const Viewer& viewer, bool light = false);
// What this viewer must do in this battle now, and by when: {"what", "due", "tab"}, or null (docs/protocol.md,
// "What needs you").
nlohmann::json needs_you(const BattleEntry& e, const Viewer& viewer);
nlohmann::json log_entries_from(const BattleEntry& e, std::size_t from, const Viewer& viewer);
// The sides that may read a revealed item {"user", "side", "item"} as the pieces stand now ("" for a viewer of
// no side): a reveal's log line keeps them with each item, so the line reads the same once a piece is revealed or
// concealed later, and a battle's log only ever grows.
nlohmann::json readers_of(const BattleEntry& e, const nlohmann::json& card);
nlohmann::json frames_from(const BattleEntry& e, std::size_t from, const Viewer& viewer);

}  // namespace muster::battle
