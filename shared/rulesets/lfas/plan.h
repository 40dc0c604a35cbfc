#pragma once
// A player's sealed orders for a turn (docs/protocol.md, "Loose Files and American Scramble"): the fire of his
// units (phase 3), his command points spent (phase 4) and his units' movement dice, charges and formation changes
// (phase 5), checked as a whole when he submits them; the box keeps them from the other side until every player's
// are in ("ORDER OF PLAY IN A TURN (ALL MOVEMENT IS SIMULTANEOUS)").
#include "shared/battle/ruleset.h"
#include "shared/rulesets/lfas/army.h"

namespace muster::lfas {

battle::ItemCheck read_plan(const BattleEntry& e, const Leader& me, const nlohmann::json& body);
// The targets in range of a unit's fire now, and what its movement may be: the view's hints for its commander.
std::vector<std::int64_t> fire_targets(const BattleEntry& e, const Unit& u);
double fire_range(const Unit& u);
nlohmann::json unit_hints(const BattleEntry& e, const Unit& u);
// "a unit at top speed (four dice) can only slow to two dice next turn" / "Cavalry: May only change speed by one or
// two dice in a turn" (setting speed_limit_for): the fewest dice this unit may move with this turn (0: it may stop).
int least_dice(const BattleEntry& e, const Unit& u);
// The formations this unit may take: "Regulars may use line or column; militia and light infantry also skirmish."
std::vector<std::string> formations_for(const Unit& u);

}  // namespace muster::lfas
