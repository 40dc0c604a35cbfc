#include "shared/rulesets/oth/musketry.h"

#include <algorithm>
#include <array>

namespace muster::oth {

// over-the-hills.txt, "Musketry": "1 2 3 4 5 6 / To Inflict TP: 6 5,6 4,5,6 4,5,6 3,4,5,6 2,3,4,5,6".
int musketry_score_needed(int value) {
    static constexpr std::array<int, 6> needed = {6, 5, 4, 4, 3, 2};
    return needed[static_cast<std::size_t>(std::clamp(value, 1, 6) - 1)];
}

// rules/README.md: read by the firing unit's Musketry rating; number of bases as the umpire's alternative.
int musketry_table_value(int musketry, int bases, const OthSettings& settings) {
    return settings.musketry_score_by == MusketryScoreBy::bases ? bases : musketry;
}

std::string score_text(int needed) {
    std::string out;
    for (int s = std::max(needed, 1); s <= 6; ++s) {
        if (!out.empty()) out += ',';
        out += std::to_string(s);
    }
    return out;
}

MusketryOutcome musketry(const MusketryFire& fire, double distance_cm, const OthSettings& settings, Dice& dice) {
    MusketryOutcome out;
    out.needed = musketry_score_needed(musketry_table_value(fire.musketry, fire.bases, settings));
    out.in_range = in_musketry_range(distance_cm, fire.musketry);
    if (!out.in_range) return out;
    out.die = dice.d6();
    // HOLD YOUR FIRE: "The closer the enemy, the more devastating the shooting" (a setting).
    out.modified = out.die + (fire.held_fire_until_close ? settings.hold_your_fire_bonus : 0);
    out.inflicted = out.modified >= out.needed;
    // "You get TPs for ... Receiving a volley of musketry" (setting every_volley_gives_tp).
    out.tp = (out.inflicted ? 1 : 0) + (settings.every_volley_gives_tp ? 1 : 0);
    return out;
}

}  // namespace muster::oth
