#pragma once
// Why an order did nothing, or less than the player wrote, in the book's words (loose-files-american-scramble.txt:
// fire, "Orders given directly by a commander require the unit to be within 6" command range", "a unit takes one
// full turn to react to a written order", "limbering/unlimbering takes two turns", "Combat occurs when a unit
// advances within 4" of an opponent"): the reasons the turn's lines give, naming the unit. Nothing in LFAS is
// hidden once the orders are revealed, so these go to everyone; a side's command points left stay its own.
#include <string>

#include "shared/rulesets/lfas/army.h"

namespace muster::lfas {

// A length to a tenth of an inch, a whole one without its ".0": "9\"", "10.2\"".
std::string inches_words(double inches);
// The firer's reach in the book's words: "musket range (0-8\")", "rifle range (0-10\")", "the heavy gun's long range
// (10-42\")".
std::string range_words(const Unit& firer);
// Why `firer` cannot fire at `target` now, or "" if it can: "Militia is 9\" away, beyond musket range (0-8\")",
// "Militia is not in front of it", "Militia is out of its sight behind Hood's Wood", "it is limbered".
std::string no_shot_reason(const BattleEntry& e, const Unit& firer, const Unit& target);

// The turn's note of why a unit's order did not reach it (command step), read by the movement step:
// data.turn.unreached[unit] = the reason in words.
void note_unreached(BattleEntry& e, std::int64_t unit, const std::string& why);
std::string unreached_reason(const BattleEntry& e, std::int64_t unit);

}  // namespace muster::lfas
