#pragma once
// Overall losses (over-the-hills.txt, "Overall Losses"): "At the end of the battle roll 1d6 x 5 +15 for each
// time the regiment ran away +10 for each turn of musketry it received. +5 for each turn it was fired on by
// cannons The resulting number is the percentage losses the regiment took in that battle."
#include "shared/core/dice.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

// What the battle did to a regiment, counted by the battle as it is fought.
struct BattleRecord {
    int times_ran_away = 0;
    int turns_of_musketry_received = 0;
    int turns_fired_on_by_cannon = 0;
};

struct LossesOutcome {
    int die = 0;
    int percent = 0;  // after the cap (settings.losses_cap_percent)
    int uncapped = 0;
};

// The formula for a given die, uncapped.
int losses_percent(int die, const BattleRecord& record);
// One d6 from `dice`.
LossesOutcome losses(const BattleRecord& record, const OthSettings& settings, Dice& dice);

}  // namespace muster::oth
