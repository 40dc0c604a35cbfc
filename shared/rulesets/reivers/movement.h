#pragma once
// Moving names over the table (border-reivers.txt, "Name Type | Movement (paces)" and the terrain tables):
// a move walks the path in short stretches, rolling the terrain of each area its side enters for the first
// time; recoiling and fleeing after combat. Distances in paces.
#include <string>

#include "shared/rulesets/reivers/raid.h"

namespace muster::reivers {

// Where a move along the straight path from the name's position to `to` ends.
struct Walk {
    Point end;
    double reached = 0;          // paces made good
    bool whole = false;          // it got to `to`
    bool discovered = false;     // its side learned a terrain roll on the way (so the move stands, cut short)
    std::string stopped_by;      // why it stopped short, in words ("the Tarras Moss: Impassable – low cover")
    std::int64_t barred_by = 0;  // the feature it may not enter, when that stopped it
    std::int64_t slowed_by = 0;  // the slowest feature on its way, when its move ran out in slow ground
    Unit* contact = nullptr;     // the enemy name it came into contact with (visible or in ambush), if any
};

// Walks `u` towards `to` with its full move (base_move_paces, less the terrain), rolling terrain it enters.
// The name is not moved; its facing is turned towards `to`. `others_move`: names moving with it (a group),
// ignored for contact.
Walk walk(BattleEntry& e, const ReiversSettings& s, Unit& u, Point to, Dice& dice,
          const std::vector<std::int64_t>& others_move = {});

// "Loser recoils: loser moved one base depth to rear". Away from `from`, facing kept.
void recoil(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice);
// "Loser flees: the loser recoils, as above, and then moves one full move plus 50 paces to rear, avoiding any
// obstacles, finishing the move with rear to enemy ... Any friends encountered will be swept along by the
// fleeing name, except pike or those in difficult ground or behind obstacles. The fyrbrand of the fleeing
// name is increased by one for the remainder of the game."
void flee(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice, const std::string& why);

// The public words for a move that stopped short (the feature's name, what anyone at the table sees), and the
// words of its terrain roll for the side that knows it: "Tarras Wood bars the way", "Solway Moss slows them and
// the move runs out"; "Tarras Wood, as Armstrongs find it (terrain roll 1): \"Impassable – high cover *\"".
std::string stop_words(const BattleEntry& e, const Walk& w);
// Tells the mover's side (a line of its own: the roll is its secret, border-reivers.txt, "the side with the
// knowledge may roll for the terrain in secret") what the ground that stopped or slowed it is.
void tell_ground(BattleEntry& e, const ReiversSettings& s, const Unit& u, const Walk& w);

}  // namespace muster::reivers
