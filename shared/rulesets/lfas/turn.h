#pragma once
// The seven phases of a turn (loose-files-american-scramble.txt, "ORDER OF PLAY IN A TURN"), as the steps that
// follow the reveal of every player's sealed orders: 3 firing, 4 command points, 5 movement with charges, 6 combat,
// 7 re-dressing ranks; then phases 1 and 2 of the next turn, compulsory retreats and routs and their morale
// effects, so that the players see them before they write their next orders.
#include <string>
#include <vector>

#include "shared/core/dice.h"
#include "shared/rulesets/lfas/army.h"

namespace muster::lfas {

const std::vector<std::string>& steps();  // fire, command, movement, combat, redress, retreats, morale
void run_step(BattleEntry& e, const std::string& step, Dice& dice);

// The revealed orders of every player, in the box's order: [{"user", "side", "item"}].
std::vector<nlohmann::json> plans(const BattleEntry& e);

void fire_step(BattleEntry& e, Dice& dice);
void command_step(BattleEntry& e, Dice& dice);
void movement_step(BattleEntry& e, Dice& dice);
void combat_step(BattleEntry& e, Dice& dice);
void redress_step(BattleEntry& e, Dice& dice);
void retreats_step(BattleEntry& e, Dice& dice);
void morale_step(BattleEntry& e, Dice& dice);

// Each commander's command points for the turn now opening ("Commander-in-chief CPs = Average Dice + 1;
// Brigadiers = Average Dice").
void roll_command_points(BattleEntry& e, Dice& dice);
// "If the unit takes a DP from fire or any casualty, roll d6 (max once per turn)": each general attached to it.
void risk_to_generals(BattleEntry& e, std::int64_t unit, Dice& dice);
// A unit's shot at another in the firing phase or as defensive fire: infantry by its fire dice, guns by the gun.
// `as_was`: the firer as the phase began (fire in the firing phase is simultaneous: DPs taken in it do not lower
// the dice of a unit that has not yet fired); null: as it stands now.
void shoot(BattleEntry& e, std::int64_t firer, std::int64_t target, Dice& dice, const std::string& why,
           const Unit* as_was = nullptr);

}  // namespace muster::lfas
