#pragma once
// The end of a side's bound (border-reivers.txt: "Combat is then resolved, parts 5-7 above. Side 2 then
// undertakes the same procedure."), as four steps: "fire" (bows and musketeers at range), "melee" (names in
// contact), "incidents" (each heidman in combat rolls 2d6), "aftermath" (names still fleeing flee again, herds
// are taken, the bound's marks are cleared).
#include <string>
#include <vector>

#include "shared/rulesets/reivers/raid.h"

namespace muster::reivers {

const std::vector<std::string>& steps();
void run_step(BattleEntry& e, const std::string& step, Dice& dice);

// The score of a name in one combat: its factor, the tactical factors and the combat die (the setting
// combat_die), with the parts for the log.
struct Score {
    int factor = 0;
    std::vector<Modifier> tactical;
    int die = 0;
    bool die_rolled = false;  // the setting combat_die is not "none"
    int total = 0;
};
Score close_score(const BattleEntry& e, const ReiversSettings& s, const Unit& u, const Unit& enemy, bool flanked, Dice& dice);
Score ranged_score(const BattleEntry& e, const ReiversSettings& s, const Unit& u, Dice& dice);

}  // namespace muster::reivers
