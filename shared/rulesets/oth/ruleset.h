#pragma once
// Over the Hill (over-the-hills.txt, the battle rules and Annex B) behind the battle rule-set seam
// (shared/battle/ruleset.h): its units (D:M:E, troop types), its order cards as the turn's box, its six
// steps (battle_turn.h), its overrides, its losses and Records chart, and what a viewer sees of its fields.
#include <map>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/rulesets/oth/battle_settings.h"
#include "shared/rulesets/oth/losses.h"

namespace muster::oth {

const battle::RuleSet& ruleset();

// The battle's settings and tallies as the turn reads them (the entry keeps them as JSON).
BattleSettings settings_of(const battle::BattleEntry& e);
std::map<std::int64_t, BattleRecord> tallies_of(const nlohmann::json& data);
nlohmann::json tallies_json(const std::map<std::int64_t, BattleRecord>& tallies);

// The umpire's overrides of Over the Hill's rules (ruleset_overrides.cpp): "tp", "order", "result",
// "reaction_test", "record", "leader", "reveal", "conceal".
battle::OverrideResult override_rule(battle::BattleEntry& e, const std::string& what, const nlohmann::json& body,
                                     Dice& dice);
// An order card from a player (card.play), checked against Annex B and the table.
battle::ItemCheck read_card(const battle::BattleEntry& e, const battle::Leader& me, const nlohmann::json& body);

}  // namespace muster::oth
