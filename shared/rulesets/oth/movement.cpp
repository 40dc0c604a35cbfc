#include "shared/rulesets/oth/movement.h"

namespace muster::oth {

std::string_view move_action_name(MoveAction action) {
    switch (action) {
        case MoveAction::forward: return "forward";
        case MoveAction::rush_to_contact: return "rush_to_contact";
        case MoveAction::backward: return "backward";
        case MoveAction::run_away: return "run_away";
        case MoveAction::wheel: return "wheel";
    }
    return "";
}

std::optional<MoveAction> move_action_from_name(std::string_view name) {
    for (auto a : all_move_actions)
        if (move_action_name(a) == name) return a;
    return std::nullopt;
}

namespace {

// over-the-hills.txt, "Movement", the "Foot" column.
int foot_cm(MoveAction action, int drill) {
    switch (action) {
        case MoveAction::forward: return 8 + drill;
        case MoveAction::rush_to_contact: return 20;
        case MoveAction::backward: return drill;
        case MoveAction::run_away: return 20;
        case MoveAction::wheel: return drill;
    }
    return 0;
}

// over-the-hills.txt, "Movement", the "Horse" column.
int horse_cm(MoveAction action) {
    switch (action) {
        case MoveAction::forward: return 15;
        case MoveAction::rush_to_contact: return 45;
        case MoveAction::backward: return 5;
        case MoveAction::run_away: return 50;
        case MoveAction::wheel: return 3;
    }
    return 0;
}

}  // namespace

int movement_cm(TroopType type, MoveAction action, int drill, const OthSettings& settings) {
    if (type == TroopType::horse) return horse_cm(action);
    if (type == TroopType::gunners) {
        // Reading (docs/rules-notes.md): the book gives gunners no column.
        if (settings.gunner_movement == GunnerMovement::immobile)
            return action == MoveAction::run_away ? foot_cm(action, settings.gunner_drill) : 0;
        return foot_cm(action, settings.gunner_drill);
    }
    return foot_cm(action, drill);
}

}  // namespace muster::oth
