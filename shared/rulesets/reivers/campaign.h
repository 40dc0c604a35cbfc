#pragma once
// A string of raids (border-reivers.txt, "in a campaign game, an injured party ... may declare feud"; the March
// law "serves to set a context of the whole campaign"): what a new raid carries from an ended one, and the
// campaign's page of the names' history. Scenarios: scenarios.cpp.
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/viewer.h"
#include "shared/rulesets/reivers/raid.h"

namespace muster::reivers {

// The book's own set-ups (scenarios.cpp).
nlohmann::json scenarios();

// Names, heidmen and feuds carried from `from` into `to`: a name destroyed stays gone, a herd stays with the
// side that took it, a dead heidman is gone and his names follow no one, a captured or wounded one stays so,
// feuds are carried by name. With no pieces set up in `to`, every survivor of `from` comes, where it ended.
void carry(const BattleEntry& from, BattleEntry& to);

// {"names": [{"name", "side", "raids": [{"battle", "raid", "state", "taken", "heidman", "heidman_fate"}]}]}:
// each name's part in every ended raid, as anyone at the table saw it (a name still in ambush at the end is
// its side's to know).
nlohmann::json roster(const std::vector<const BattleEntry*>& battles, const Viewer& viewer);

}  // namespace muster::reivers
