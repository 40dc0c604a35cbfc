#include "shared/rulesets/oth/losses.h"

#include <algorithm>

namespace muster::oth {

// over-the-hills.txt, "Overall Losses"
int losses_percent(int die, const BattleRecord& r) {
    return die * 5 + 15 * r.times_ran_away + 10 * r.turns_of_musketry_received + 5 * r.turns_fired_on_by_cannon;
}

LossesOutcome losses(const BattleRecord& record, const OthSettings& settings, Dice& dice) {
    LossesOutcome out;
    out.die = dice.d6();
    out.uncapped = losses_percent(out.die, record);
    out.percent = std::min(out.uncapped, settings.losses_cap_percent);
    return out;
}

}  // namespace muster::oth
