#pragma once
// The combat steps (chosen-men-well-disposed.txt, "Ranged Combat", "Cavalry test to charge", "Firing during
// charges", "Hand to hand combat", "Brigade and Army morale"), each a step of the stage after the acting side
// finishes: fire, charges, melee, morale; and turn_end as the game turn ends.
#include <string>
#include <vector>

#include "shared/core/dice.h"
#include "shared/rulesets/cmwd/army.h"
#include "shared/rulesets/cmwd/tables.h"

namespace muster::cmwd {

const std::vector<std::string>& all_steps();  // fire, charges, melee, morale, turn_end
std::vector<std::string> steps_of(const BattleEntry& e);
void run_step(BattleEntry& e, const std::string& step, Dice& dice);

void fire_step(BattleEntry& e, Dice& dice);
void charges_step(BattleEntry& e, Dice& dice);
void melee_step(BattleEntry& e, Dice& dice);
void morale_step(BattleEntry& e, Dice& dice);
void turn_end_step(BattleEntry& e, Dice& dice);

// --- shared by the steps ---
// One side of a test: its factors named, its die and total (the log line's details).
struct TestSide {
    explicit TestSide(std::int64_t u = 0) : unit(u) {}
    std::int64_t unit = 0;
    std::vector<std::pair<std::string, int>> factors;
    int die = 0;
    void add(const std::string& why, int value) {
        if (value != 0 || factors.empty()) factors.emplace_back(why, value);
    }
    int total() const;
    nlohmann::json to_json() const;
    std::string words(const Battle& b) const;  // "P: 3 point blank +1 first fire + die 3 = 7"
};
nlohmann::json test_details(const std::string& test, const TestSide& a, const TestSide& b, const std::string& result);
// The fire effect on a base: recoil 1BD, recoil shaken 1BD (a shaken level more), or break (moved back 2BW).
void apply_fire_effect(BattleEntry& e, std::int64_t unit, FireEffect effect);
void break_base(BattleEntry& e, std::int64_t unit);
void add_shaken(BattleEntry& e, std::int64_t unit);
// The brigade lost a base broken or shaken this stage: it tests its morale in the morale step.
void mark_loss(BattleEntry& e, const Unit& u);

}  // namespace muster::cmwd
