#pragma once
// What the side whose stage it is does (battle.act, docs/protocol.md "Chosen Men, Well Disposed"): brigades
// ordered with tempo points, bases moved, wheeled or turned, charges and fire declared for the combat steps.
#include "shared/battle/ruleset.h"
#include "shared/core/dice.h"
#include "shared/rulesets/cmwd/army.h"

namespace muster::cmwd {

// `umpire`: the umpire acting for the side the body names (the stage and tempo points not enforced).
battle::OverrideResult act(BattleEntry& e, const Leader* me, const nlohmann::json& body, bool umpire);
// What this leader may do now: {"order": [brigades], "move": {unit: BW}, "fire": {unit: [targets]},
// "charge": {unit: [targets]}}; empty lists when it is not his side's stage.
nlohmann::json hints(const BattleEntry& e, const Leader& me);
// Why this base may not fire or declare a charge now ("" when it may), and the enemies in its reach.
std::vector<std::int64_t> fire_targets(const BattleEntry& e, const CmwdSettings& s, const Unit& u);
std::vector<std::int64_t> charge_targets(const BattleEntry& e, const CmwdSettings& s, const Unit& u);

}  // namespace muster::cmwd
