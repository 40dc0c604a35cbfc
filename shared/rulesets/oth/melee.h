#pragma once
// Melee (over-the-hills.txt, "Melee"): "If there is a melee: Both sides take a TP automatically
// Highlanders/Battle Cavalry automatically inflict an extra TP Ordinary Horse score 4,5,6 to inflict an extra TP.
// Roll less than Average (DRILL + EFFECTIVENESS) to inflict extra TP", and the leader who engages in the fight
// ("What Does A Leader Do?", "4. Engage in A Fight").
#include <string_view>

#include "shared/core/dice.h"
#include "shared/rulesets/oth/settings.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

// How a unit inflicts the extra TP.
enum class MeleeKind {
    highlanders,     // automatically
    battle_cavalry,  // automatically
    ordinary_horse,  // on 4,5,6
    foot,            // a d6 less than the average of Drill and Effectiveness
    gunners,         // "No use in a melee": never
};

std::string_view melee_kind_name(MeleeKind kind);

// The kind for a troop type: horse are ordinary horse unless the umpire makes them battle cavalry;
// irregulars fight as highlanders (setting irregulars_fight_as_highlanders), else as foot.
MeleeKind melee_kind(TroopType type, const OthSettings& settings, bool battle_cavalry = false);

// "Average (DRILL + EFFECTIVENESS)", rounded up: the Records chart gives Drill 2, Effectiveness 3 the average 3.
inline int average_drill_effectiveness(int drill, int effectiveness) { return (drill + effectiveness + 1) / 2; }

struct MeleeSide {
    MeleeKind kind = MeleeKind::foot;
    int drill = 2;
    int effectiveness = 2;
    bool leader_engaged = false;  // a leader who played "Engage in the fight" with this unit
};

enum class LeaderFate { unhurt, wounded, killed };
std::string_view leader_fate_name(LeaderFate fate);

struct MeleeSideOutcome {
    // Inflicting the extra TP on the enemy.
    bool rolled = false;          // false for automatic (highlanders, battle cavalry) and gunners
    int die = 0;                  // the d6, when rolled
    int target = 0;               // foot: the die must be less than this; ordinary horse: at least this
    bool inflicts_extra = false;
    // The leader's risk, when engaged.
    int leader_hit_die = 0;
    int leader_fate_die = 0;
    LeaderFate leader = LeaderFate::unhurt;
    // TPs this side takes: the automatic one, the enemy's extra one, one for seeing its leader fall.
    int tp_melee = 1;
    int tp_extra = 0;
    int tp_leader_lost = 0;
    int tp_total() const { return tp_melee + tp_extra + tp_leader_lost; }
};

struct MeleeOutcome {
    MeleeSideOutcome first;
    MeleeSideOutcome second;
};

// One round of melee. Dice in this order: the first side's extra-TP die, the second's, then the first side's
// leader dice, then the second's ("When in combat, always roll for the Jacobite forces before Government
// forces": pass the Jacobites first).
MeleeOutcome melee_round(const MeleeSide& first, const MeleeSide& second, const OthSettings& settings, Dice& dice);

}  // namespace muster::oth
