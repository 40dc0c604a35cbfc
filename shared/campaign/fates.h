#pragma once
// A colonel's fate in battle. over-the-hills.txt, "Set Up": "The colonel should be regarded as being the
// player in person so risk to the colonel in battle is risk to the player." A colonel whose leader figure is
// wounded, captured or killed in a battle (house rule colonel_fates: a battle of an expedition, or any) is laid
// up for months, held until exchanged, or dead until his player names a successor (docs/rules-notes.md,
// "A colonel's fate in battle"; docs/protocol.md, "Battles").
#include <vector>

#include "shared/battle/lifecycle.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::campaign {

struct CampaignState;

namespace fates {

// The colonel.fell events of a battle that has just ended: one for each colonel of the campaign whose leader
// figure's book reads as wounded, captured or killed. `on_expedition`: the battle was fought on one.
std::vector<Event> fell_in_battle(const CampaignState& state, const battle::BattleEntry& battle, bool on_expedition,
                                  const Viewer& viewer);

}  // namespace fates
}  // namespace muster::campaign
