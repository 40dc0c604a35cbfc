#pragma once
// What a viewer's battle page may draw without knowing Over the Hill's rules (docs/protocol.md, "Battles":
// `hints`): the reach of his leader's Move card, the units a unit order may go to, the leaders a Talk card
// reaches, and the ranges of the units he may know the values of. The browser copies no rule: where a rule
// reaches is said here, by the code that applies it, and only what the viewer may know (never an enemy's
// values, never a concealed enemy).
#include <string>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/core/viewer.h"
#include "shared/rulesets/oth/battle_settings.h"

namespace muster::oth {

// {"move_reach": table units | null, "with_units": [unit id], "talk_to": [leader id],
//  "ranges": {"<unit id>": [{"kind": "musketry" | "hold_your_fire" | "grape" | "ball", "cm", "range"}]},
//  "leader_reach": [{"kind": "with" | "talk", "cm", "range"}],
//  "nearest_unit_cm": cm | null (a player whose leader is with none of his side's units),
//  "leaders_alone": [{"leader", "nearest_unit_cm"}] (umpires: players' leaders with no unit)}
// viewer_side: the viewer's side in the battle (empty for umpires and observers). A player gets his own
// leader's reach and targets and his side's ranges; umpires every unit's ranges and the leaders with no unit;
// everyone the battle's "with" and talk distances.
nlohmann::json battle_hints(const battle::Battle& b, const BattleSettings& s, const Viewer& viewer,
                            const std::string& viewer_side);

}  // namespace muster::oth
