#pragma once
// Movement (over-the-hills.txt, "Movement"): "Movement depends on the type of action being contemplated and
// the DRILL factor (DRI)". Distances in cm.
#include <optional>
#include <string_view>

#include "shared/rulesets/oth/settings.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

enum class MoveAction {
    forward,          // "Forward movement (keeping formation)"          foot 8 + DRI, horse 15
    rush_to_contact,  // "Rush to contact (not bothering with formation)" foot 20, horse 45
    backward,         // "Backward movement (in good order)"              foot DRI, horse 5
    run_away,         // "Run away (back to enemy)"                        foot 20, horse 50
    wheel,            // "Wheeling or other complex manoeuvre"             foot DRI, horse 3
};

inline constexpr MoveAction all_move_actions[] = {MoveAction::forward, MoveAction::rush_to_contact,
                                                  MoveAction::backward, MoveAction::run_away, MoveAction::wheel};

std::string_view move_action_name(MoveAction action);
std::optional<MoveAction> move_action_from_name(std::string_view name);

// "Leader movement - 40 cm"; "Leaders can move 40cm per turn on horseback."
inline constexpr int leader_movement_cm = 40;

// The distance a unit of this type may move in a turn for the action. `drill` is the unit's Drill (1..6);
// horse ignore it. Gunners, for whom the table has no column, move as foot with settings.gunner_drill, or
// (gunner_movement immobile) only run away, at the foot's rate.
int movement_cm(TroopType type, MoveAction action, int drill, const OthSettings& settings = {});

}  // namespace muster::oth
