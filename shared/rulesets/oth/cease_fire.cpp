#include "shared/rulesets/oth/cease_fire.h"

namespace muster::oth {

// over-the-hills.txt, "2. Give Orders", CEASE FIRE (setting cease_fire_score).
CeaseFireOutcome cease_fire(const OthSettings& settings, Dice& dice) {
    CeaseFireOutcome out;
    out.die = dice.d6();
    out.obeyed = out.die >= settings.cease_fire_score;
    return out;
}

}  // namespace muster::oth
