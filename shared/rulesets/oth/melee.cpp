#include "shared/rulesets/oth/melee.h"

namespace muster::oth {

std::string_view melee_kind_name(MeleeKind kind) {
    switch (kind) {
        case MeleeKind::highlanders: return "highlanders";
        case MeleeKind::battle_cavalry: return "battle_cavalry";
        case MeleeKind::ordinary_horse: return "ordinary_horse";
        case MeleeKind::foot: return "foot";
        case MeleeKind::gunners: return "gunners";
    }
    return "";
}

std::string_view leader_fate_name(LeaderFate fate) {
    switch (fate) {
        case LeaderFate::unhurt: return "unhurt";
        case LeaderFate::wounded: return "wounded";
        case LeaderFate::killed: return "killed";
    }
    return "";
}

MeleeKind melee_kind(TroopType type, const OthSettings& settings, bool battle_cavalry) {
    switch (type) {
        case TroopType::horse: return battle_cavalry ? MeleeKind::battle_cavalry : MeleeKind::ordinary_horse;
        case TroopType::irregulars:
            return settings.irregulars_fight_as_highlanders ? MeleeKind::highlanders : MeleeKind::foot;
        case TroopType::formed_infantry:
        case TroopType::militia: return MeleeKind::foot;
        case TroopType::gunners: return MeleeKind::gunners;  // "No use in a melee" ("Morale/Reaction", 5.)
    }
    return MeleeKind::foot;
}

namespace {

// over-the-hills.txt, "Melee": the extra TP.
void roll_extra(const MeleeSide& side, const OthSettings& settings, Dice& dice, MeleeSideOutcome& out) {
    int bonus = side.leader_engaged ? settings.leader_fight_bonus : 0;
    switch (side.kind) {
        case MeleeKind::highlanders:
        case MeleeKind::battle_cavalry: out.inflicts_extra = true; return;
        case MeleeKind::gunners: return;
        case MeleeKind::ordinary_horse:
            out.rolled = true;
            out.target = 4 - bonus;  // "score 4,5,6"
            out.die = dice.d6();
            out.inflicts_extra = out.die >= out.target;
            return;
        case MeleeKind::foot:
            out.rolled = true;
            out.target = average_drill_effectiveness(side.drill, side.effectiveness) + bonus;  // "Roll less than"
            out.die = dice.d6();
            out.inflicts_extra = out.die < out.target;
            return;
    }
}

// "Engage in A Fight ... might be killed or wounded in the process!" (settings leader_hit_on, leader_killed_on)
void roll_leader(const MeleeSide& side, const OthSettings& settings, Dice& dice, MeleeSideOutcome& out) {
    if (!side.leader_engaged || settings.leader_hit_on <= 0) return;
    out.leader_hit_die = dice.d6();
    if (out.leader_hit_die > settings.leader_hit_on) return;
    out.leader_fate_die = dice.d6();
    out.leader = out.leader_fate_die <= settings.leader_killed_on ? LeaderFate::killed : LeaderFate::wounded;
    out.tp_leader_lost = 1;  // "Seeing your leader killed/incapacitated"
}

}  // namespace

MeleeOutcome melee_round(const MeleeSide& first, const MeleeSide& second, const OthSettings& settings, Dice& dice) {
    MeleeOutcome out;
    roll_extra(first, settings, dice, out.first);
    roll_extra(second, settings, dice, out.second);
    roll_leader(first, settings, dice, out.first);
    roll_leader(second, settings, dice, out.second);
    // "Both sides take a TP automatically"; each takes the extra TP the other inflicts.
    out.first.tp_extra = out.second.inflicts_extra ? 1 : 0;
    out.second.tp_extra = out.first.inflicts_extra ? 1 : 0;
    return out;
}

}  // namespace muster::oth
