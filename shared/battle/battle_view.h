#pragma once
// What a viewer may see of a battle's pieces, the live ones or a turn's frame (the whole battle's view is
// shared/battle/entry_view.h, which calls these). A player sees his side's units fully; the enemy's as a person at the table would (where they stand, which
// way they face, what they are, their formation and bases), not their rule-set values or markers unless the
// rule set says a marker or value is on the table for all to see; concealed enemy units and leaders not at
// all. Umpires see everything. Observers see as a player of no side. Non-members see nothing.
// Generic over rule sets: each rule set passes its BattleVisibility.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/core/viewer.h"

namespace muster::battle {

struct BattleVisibility {
    std::vector<std::string> public_markers;  // markers shown on the table for all (e.g. disorder counters)
    std::vector<std::string> public_values;   // rule-set values everyone can see (e.g. "guns" of a battery)
    std::vector<std::string> public_orders;   // orders the enemy sees a unit act on (firing, falling back, running)
    bool side_sees_side = true;   // false: a player sees fully only the units he owns
    bool enemy_sees_names = true;  // false: enemy units' names are hidden (only "troop_type" shows)
    BoxVisibility boxes;          // who sees sealed submissions before they are revealed
};

// The units and leaders (as JSON arrays) a viewer may see of these pieces: the live ones or a turn's frame.
std::pair<nlohmann::json, nlohmann::json> visible_pieces(const std::map<std::int64_t, Unit>& units,
                                                         const std::map<std::int64_t, Leader>& leaders,
                                                         const Viewer& viewer, const std::string& viewer_side,
                                                         const BattleVisibility& visibility);

// One unit as a viewer of another side (or of none) sees it. Concealed units are not to be passed here.
nlohmann::json public_unit(const Unit& unit, const BattleVisibility& visibility);

}  // namespace muster::battle
