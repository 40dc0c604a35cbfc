#pragma once
// chosen-men-well-disposed.txt, "Tempo Bidding" and "Using Tempo points" (named, not printed; the settings say
// how, docs/rules-notes.md): each side's tempo points for the game turn, the sealed bids, the tempo side, and the
// points a brigade is ordered with.
#include "shared/core/dice.h"
#include "shared/rulesets/cmwd/army.h"

namespace muster::cmwd {

// Each side's tempo points as a game turn opens: tempo_dice d6 + tempo_bonus, seen by that side only.
void roll_tempo_points(BattleEntry& e, Dice& dice);
int points_left(const BattleEntry& e, const std::string& side);
// The sealed bid of a side's commander: {"bid": n}, or why not.
battle::ItemCheck read_bid(const BattleEntry& e, const Leader& me, const nlohmann::json& body);
// The reveal's fields: {"line", "tempo_side", "bids": {side: n}} from the revealed items.
nlohmann::json reveal_bids(const BattleEntry& e, const nlohmann::json& items);
void apply_bids(BattleEntry& e, const nlohmann::json& body);

}  // namespace muster::cmwd
