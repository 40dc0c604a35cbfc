#pragma once
// chosen-men-well-disposed.txt, "Risk to Generals": the 2D6 risk each time a base a general touches is fired on
// or fights, the D6 of what befalls a general hit, capture when enemy troops reach his figure, and successors.
#include "shared/core/dice.h"
#include "shared/rulesets/cmwd/army.h"

namespace muster::cmwd {

// Every general in contact with the base risks a hit (`breaks`: the base broke, -2).
void risk_to_generals(BattleEntry& e, std::int64_t unit, bool breaks, Dice& dice);
// Every general whose figure an enemy base now touches dices for capture; one who eludes it goes to the nearest
// friendly troops.
void check_captures(BattleEntry& e, Dice& dice);
// As a game turn ends: successors appointed to generals lost long enough ago ("Roll on the random table in Ranks
// and grades of general": the setting general_table).
void appoint_successors(BattleEntry& e, Dice& dice);
// The general's fate befalls him now (an override, or a hit): how long he is out, when his successor comes.
void befall(BattleEntry& e, Leader& g, const std::string& fate);

}  // namespace muster::cmwd
