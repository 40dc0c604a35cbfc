#pragma once
// A snapshot of a campaign's whole state (DESIGN.md, "The core loop": "State can always be rebuilt from the log
// (plus snapshots for speed)"): restore(snapshot(state)) is the state, every field of it, so that a node may load a
// campaign from its latest snapshot and the events after it instead of the whole log. The snapshot depends on the
// state alone (no clock, no dice), so the same state always gives the same JSON.
//
// The format ("format": 1) is ours: each struct as an object of its fields, maps as objects keyed by their keys
// (numbers written as decimal strings), an empty std::optional as an absent key. Its serializers live in
// snapshot.cpp (the campaign's own fields), snapshot_year.cpp, snapshot_colonels.cpp, snapshot_battles.cpp and
// snapshot_expeditions.cpp; tests/unit/test_snapshot.cpp proves the round trip on random play of every part.
#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster::campaign {

// The format this build writes, and the only one restore reads.
inline constexpr int snapshot_format = 1;

nlohmann::json snapshot(const CampaignState& state);

// The state a snapshot holds. Throws std::invalid_argument for a snapshot of another format (a newer server's,
// say) or one it cannot read (a field missing or of the wrong type): the caller then replays the whole log.
CampaignState restore(const nlohmann::json& snapshot);

}  // namespace muster::campaign
