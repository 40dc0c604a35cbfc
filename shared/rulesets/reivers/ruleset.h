#pragma once
// Border Reivers (border-reivers.txt) behind the battle rule-set seam (shared/battle/ruleset.h): names and
// heidmen, a bound per side with each heidman's craft spent on actions (actions.h), the heidmen finishing in
// the box "bound", combat at the end of the bound (combat.h), the secret terrain rolls and ambushes kept on the
// server (raid.h), and what a viewer sees of them (view.h).
#include "shared/battle/ruleset.h"

namespace muster::reivers {

const battle::RuleSet& ruleset();

// The umpire's overrides (overrides.cpp): "act", "feud", "unfeud", "terrain", "fate", "marker", "reveal",
// "conceal".
battle::OverrideResult override_rule(battle::BattleEntry& e, const std::string& what, const nlohmann::json& body,
                                     Dice& dice);

}  // namespace muster::reivers
