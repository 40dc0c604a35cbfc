#pragma once
// Tension points (over-the-hills.txt, "How is it Handled?"): "As things affect units, so they will accumulate
// TENSION POINTS ... TPs are accumulated (up to a maximum of 8)."
#include <string_view>

#include "shared/core/dice.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

inline constexpr int min_tension_points = 0;
inline constexpr int max_tension_points = 8;  // "up to a maximum of 8"

// Why a unit's tension points change.
enum class TensionCause {
    // "You get TPs for the following reasons:"
    cannon_hit,              // "Receiving hit from cannon fire"                                    +1 per hit
    volley,                  // "Receiving a volley of musketry"                                    +1
    melee_round,             // "Involved in a round of Hand to Hand combat"                        +1
    adjacent_friend_ran_away,  // "Each adjacent friendly unit running away or charging forward"    +1 each
    adjacent_friend_charged,   //                                                                    +1 each
    leader_lost,             // "Seeing your leader killed/incapacitated"                           +1
    fell_back,               // "Falling back or running away as a result of a reaction test"      +1
    ran_away,                //   (the same TP the tables' key gives: "take 1 TP"; count it once)   +1
    // "You remove TPs by:"
    rested_out_of_sight,     // "Resting out of sight of the enemy -1 per turn"                     -1
    inspired,                // "Inspiration from a leader -1"                                      -1
    saw_enemy_running,       // "Sight of enemy units running away (any number) +1": a setting      -1 or 0
    rallied,                 // "Roll 1d6 and score Regimental Effectiveness or less" (rally_roll)   -1
};

std::string_view tension_cause_name(TensionCause cause);

// The change one occurrence of the cause makes, before clamping.
int tension_change(TensionCause cause, const OthSettings& settings);
// Adds `delta` and keeps the result in 0..8.
int add_tension(int tension_points, int delta);
// Applies `count` occurrences of the cause (e.g. three cannon hits), clamped to 0..8.
int apply_tension(int tension_points, TensionCause cause, const OthSettings& settings, int count = 1);

// "Roll 1d6 and score Regimental Effectiveness or less": one d6; on Effectiveness or less one TP goes.
// A unit with no TPs has nothing to remove and does not roll (die 0).
struct RallyOutcome {
    int die = 0;
    bool removed = false;
    int tension_points = 0;  // after
};
RallyOutcome rally_roll(int tension_points, int effectiveness, Dice& dice);

}  // namespace muster::oth
