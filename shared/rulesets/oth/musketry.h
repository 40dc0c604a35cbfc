#pragma once
// Musketry (over-the-hills.txt, "Musketry"): "All musketry takes place at firing range of 4+ MUS centimetres
// range or less ... Roll 1d6 and score" the table's value "To Inflict TP".
#include <string>

#include "shared/core/dice.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

// "firing range of 4+ MUS centimetres range or less"
inline int musketry_range_cm(int musketry) { return 4 + musketry; }
inline bool in_musketry_range(double distance_cm, int musketry) { return distance_cm <= musketry_range_cm(musketry); }

// The table "1 2 3 4 5 6 / To Inflict TP: 6 5,6 4,5,6 4,5,6 3,4,5,6 2,3,4,5,6": the lowest d6 score that
// inflicts a TP, for a value 1..6 (values outside are read as 1 or 6).
int musketry_score_needed(int value);
// The value the table is read by: the firing unit's Musketry rating, or (MusketryScoreBy::bases) its bases.
int musketry_table_value(int musketry, int bases, const OthSettings& settings);
// As the Records chart writes it: 5 -> "5,6".
std::string score_text(int needed);

struct MusketryFire {
    int musketry = 2;                     // the firing unit's MUS (1..6)
    int bases = 4;                        // its bases ("a regiment always has four")
    bool held_fire_until_close = false;   // the first volley after HOLD YOUR FIRE, the enemy close
};

struct MusketryOutcome {
    bool in_range = false;
    int needed = 0;         // the score needed on the die
    int die = 0;            // 0 when out of range (no roll)
    int modified = 0;       // die + the HOLD YOUR FIRE bonus
    bool inflicted = false;  // the roll scored
    int tp = 0;             // TPs the target takes: the scored TP, plus one per volley (setting)
};

// One volley at a target `distance_cm` away: one d6 from `dice` when in range.
MusketryOutcome musketry(const MusketryFire& fire, double distance_cm, const OthSettings& settings, Dice& dice);

}  // namespace muster::oth
