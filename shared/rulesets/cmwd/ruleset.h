#pragma once
// Chosen Men, Well Disposed (chosen-men-well-disposed.txt) behind the battle rule-set seam (shared/battle/ruleset.h):
// bases in brigades under generals (army.h), each game turn three battle turns: the sealed tempo bids in the box
// "orders" (tempo.h), then each side in turn orders brigades, moves and declares fire and charges (orders.h) and
// fights the combat steps (combat.h); risk to generals (generals.h); the French army generator (generator.h).
#include "shared/battle/ruleset.h"

namespace muster::cmwd {

const battle::RuleSet& ruleset();
nlohmann::json scenarios();  // the book's own set-ups (scenarios.cpp)

// The umpire's overrides (overrides.cpp): "marker", "fate", "rank", "tempo", "spent", "moving", "part", "act".
battle::OverrideResult override_rule(battle::BattleEntry& e, const std::string& what, const nlohmann::json& body);

}  // namespace muster::cmwd
