#pragma once
// CEASE FIRE (over-the-hills.txt, "2. Give Orders"): "Stop shooting (this is quite hard to do since it is hard
// to hear the order!)". The book gives no number: a d6 of settings.cease_fire_score or more and the unit stops
// (default 4, an even chance); otherwise it fires on this turn and tries again the next.
#include "shared/core/dice.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

struct CeaseFireOutcome {
    int die = 0;
    bool obeyed = false;
};

CeaseFireOutcome cease_fire(const OthSettings& settings, Dice& dice);

}  // namespace muster::oth
