#pragma once
// Cannon fire (over-the-hills.txt, "Fighting", "Cannon Fire"): "Range: 15cm (grape) 50 cm (ball) Score to hit:
// 3,4,5,6 5,6 A hit adds a TP to the target unit. Formations more than 1 base deep +1 to die roll".
#include <string_view>

#include "shared/core/dice.h"

namespace muster::oth {

enum class CannonShot { none, grape, ball };  // none: out of range

inline constexpr int grape_range_cm = 15;
inline constexpr int ball_range_cm = 50;
inline constexpr int grape_score = 3;  // 3,4,5,6
inline constexpr int ball_score = 5;   // 5,6

std::string_view cannon_shot_name(CannonShot shot);

// Grape at 15 cm or less, ball beyond that up to 50 cm, nothing further.
CannonShot cannon_shot(double distance_cm);
// The score needed on the modified die (0 for none).
int cannon_score_needed(CannonShot shot);
// "+1 to die roll" against a formation more than one base deep.
int cannon_modifier(int target_depth_bases);

struct CannonOutcome {
    CannonShot shot = CannonShot::none;
    int needed = 0;
    int die = 0;       // 0 when out of range (no roll)
    int modified = 0;
    bool hit = false;  // "A hit adds a TP to the target unit."
    int tp = 0;
};

// One gun's shot at a target `distance_cm` away, drawn up `target_depth_bases` deep: one d6 when in range.
CannonOutcome cannon(double distance_cm, int target_depth_bases, Dice& dice);

}  // namespace muster::oth
