#pragma once
// Why an order did what it did, in words (over-the-hills.txt, "Command & Control", "2. Give Orders",
// "Movement", "Musketry"): the lines the turn writes when a unit's order had no effect, or less than the
// player chose, so the log says why in the book's words and never leaves a player guessing.
#include <string>
#include <string_view>

#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

// The card's name for an order as Annex B prints it: "Advance", "FIRE", "Hold your fire" (the order's own
// name if no card gives it).
std::string order_card_name(std::string_view order);
// FIRE, HOLD YOUR FIRE and CEASE FIRE act in the fire step; the other orders in the movement step.
bool is_fire_order(std::string_view order);

// "Advance: 33rd Foot are still digesting the order ("It takes one turn for a unit to digest a new order"):
// they act on it from turn 2." With `carrying_on` (the order they act on meanwhile, a card name), ";
// meanwhile they carry on with FIRE" before the full stop.
std::string digesting_line(const std::string& unit, std::string_view order, int from_turn,
                           const std::string& carrying_on = "");

// ADVANCE, "Move forward until within effective shooting distance": the firing range 4 + MUS in words,
// "effective shooting distance (4 + MUS 2 = 6 cm)". A unit's ratings are its own side's to know: this goes in a
// line's details (`how`), never in its public text.
std::string shooting_distance_words(int musketry);

// The table's rate a move was made at, for a line's `how`: "Forward movement (keeping formation): foot 8 + DRI 2
// = 10 cm a turn." / "... : horse 15 cm a turn." (Drill is the unit's side's to know, like MUS.)
std::string move_rate_how(MoveAction action, TroopType type, int drill, int rate_cm);

}  // namespace muster::oth
