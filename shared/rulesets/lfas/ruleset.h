#pragma once
// Loose Files and American Scramble (loose-files-american-scramble.txt) behind the battle rule-set seam
// (shared/battle/ruleset.h): units of companies with a class and disorder points (army.h); each turn every player's
// orders sealed in the box "orders" (plan.h) and resolved in the book's seven phases (turn.h); or, as the
// author's afterthoughts suggest, one side at a time (setting `sequence`: igougo).
#include "shared/battle/ruleset.h"
#include "shared/core/viewer.h"

namespace muster::lfas {

const battle::RuleSet& ruleset();
nlohmann::json scenarios();  // a set-up to play (scenarios.cpp)
// The umpire's overrides (overrides.cpp): "dp", "casualties", "cp", "wound", "formation", "limber", "part".
battle::OverrideResult override_rule(battle::BattleEntry& e, const std::string& what, const nlohmann::json& body);
nlohmann::json view_fields(const battle::BattleEntry& e, const Viewer& viewer, const std::string& side);

}  // namespace muster::lfas
