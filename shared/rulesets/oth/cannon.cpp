#include "shared/rulesets/oth/cannon.h"

namespace muster::oth {

std::string_view cannon_shot_name(CannonShot shot) {
    switch (shot) {
        case CannonShot::none: return "none";
        case CannonShot::grape: return "grape";
        case CannonShot::ball: return "ball";
    }
    return "";
}

// over-the-hills.txt, "Cannon Fire": "Range: 15cm (grape) 50 cm (ball)".
CannonShot cannon_shot(double distance_cm) {
    if (distance_cm < 0) return CannonShot::none;
    if (distance_cm <= grape_range_cm) return CannonShot::grape;
    if (distance_cm <= ball_range_cm) return CannonShot::ball;
    return CannonShot::none;
}

// "Score to hit: 3,4,5,6 5,6"
int cannon_score_needed(CannonShot shot) {
    switch (shot) {
        case CannonShot::grape: return grape_score;
        case CannonShot::ball: return ball_score;
        case CannonShot::none: return 0;
    }
    return 0;
}

// "Formations more than 1 base deep +1 to die roll"
int cannon_modifier(int target_depth_bases) { return target_depth_bases > 1 ? 1 : 0; }

CannonOutcome cannon(double distance_cm, int target_depth_bases, Dice& dice) {
    CannonOutcome out;
    out.shot = cannon_shot(distance_cm);
    if (out.shot == CannonShot::none) return out;
    out.needed = cannon_score_needed(out.shot);
    out.die = dice.d6();
    out.modified = out.die + cannon_modifier(target_depth_bases);
    out.hit = out.modified >= out.needed;
    out.tp = out.hit ? 1 : 0;
    return out;
}

}  // namespace muster::oth
