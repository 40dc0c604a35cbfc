#include "shared/rulesets/lfas/tables.h"

#include <algorithm>

namespace muster::lfas {

namespace {

// "Halves round up."
int half_up(int n) { return (n + 1) / 2; }

// 1st-3rd Class or 4th/5th Class; a class outside 1-5 reads the nearest.
bool lower_classes(int klass) { return klass >= 4; }

// A foot unit's allowance before skirmishers or cavalry add their d6.
MoveDice base_allowance(int klass, bool hessian) {
    MoveDice m;
    if (hessian) {
        m.plus_two = true;  // "Hessian infantry move one AV.D or one AV.D +2""
    } else if (lower_classes(klass)) {
        m.d6_max = 1;  // "4th/5th Class one AV.D or one AV.D plus one d6"
    } else {
        m.av_max = 2;  // "1st-3rd Class move one or two Average Dice x inches (player's choice)"
    }
    return m;
}

}  // namespace

// --- the average die ---

// loose-files-american-scramble.txt, "'Average Dice'? (six-sided, but numbered 2/3/3/4/4/5 ...)".
// A roll outside 1-6 reads the nearest face.
int average_face(int d6) {
    static constexpr int faces[6] = {2, 3, 3, 4, 4, 5};
    return faces[std::clamp(d6, 1, 6) - 1];
}

int roll_average(Dice& dice) { return average_face(dice.roll(6)); }

// --- movement ---

// loose-files-american-scramble.txt, "1st-3rd Class move one or two Average Dice x inches (player's choice);
// 4th/5th Class one AV.D or one AV.D plus one d6. Skirmishers may add a d6, cavalry one or two d6; Hessian
// infantry move one AV.D or one AV.D +2"". Artillery and an unknown type move as infantry; "Hessian" is read
// for foot (infantry and skirmishers), not for cavalry or artillery.
MoveDice move_dice(const std::string& type, int klass, bool hessian) {
    const bool mounted = type == "cavalry";
    const bool foot = !mounted && type != "artillery";
    MoveDice m = base_allowance(klass, hessian && foot);
    if (type == "skirmishers") m.d6_max += 1;  // "Skirmishers may add a d6"
    if (mounted) m.d6_max += 2;                // "cavalry one or two d6"
    return m;
}

// loose-files-american-scramble.txt, "Cavalry: May only change speed by one or two dice in a turn (i.e., if a
// unit is at rest, it may only move off at up to two dice x inches".
bool speed_change_ok(int last, int dice) {
    const int change = dice - last;
    return change >= -2 && change <= 2;
}

// loose-files-american-scramble.txt, "All troops except skirmishers take l DP for each 1 or 2 rolled. In woods,
// take 1 DP for each 1, 2, or 3 rolled." (The caller leaves skirmishers out.)
bool movement_dp(int face, bool in_woods) { return face <= (in_woods ? 3 : 2); }

// --- infantry fire ---

// loose-files-american-scramble.txt, "Roll one D6 for each company or group of three skirmishers firing, minus
// the number of DPs on the firing unit." / "Halve the total if firing at artillery or skirmishers, halve again if
// target in fieldwork or building. Halves round up."
int fire_dice(int companies, int dps, bool target_artillery_or_skirmishers, bool target_in_works) {
    int n = std::max(0, companies - dps);
    if (target_artillery_or_skirmishers) n = half_up(n);
    if (target_in_works) n = half_up(n);
    return n;
}

// loose-files-american-scramble.txt, "Each 6 inflicts 1 DP; skirmishers re-roll 5s and inflict 1 DP on a
// subsequent 4-6." A re-roll is not re-rolled again.
FireRoll roll_fire(int dice_count, bool skirmishers, Dice& dice) {
    FireRoll r;
    for (int i = 0; i < dice_count; ++i) {
        const int face = dice.roll(6);
        r.faces.push_back(face);
        if (face == 6) {
            ++r.dps;
        } else if (face == 5 && skirmishers) {
            const int again = dice.roll(6);
            r.rerolls.push_back(again);
            if (again >= 4) ++r.dps;
        }
    }
    return r;
}

// --- artillery ---

// loose-files-american-scramble.txt, "long range 10-36" (-6" light, +6" heavy)". An unknown gun reads as field.
double long_range(const std::string& gun) {
    if (gun == "light") return 36 - 6;
    if (gun == "heavy") return 36 + 6;
    return 36;
}

// loose-files-american-scramble.txt, "Modifiers include +1 heavy, +1 target in column or limbered, +1 same target
// and range as last turn, -1 new target, -1 per DP, -2 target in fieldwork or skirmish order."
int gun_modifier(const GunShot& s) {
    int m = 0;
    if (s.heavy) m += 1;
    if (s.target_column_or_limbered) m += 1;
    if (s.same_target_and_range) m += 1;
    if (s.new_target) m -= 1;
    m -= s.dps;
    if (s.target_in_works_or_skirmish) m -= 2;
    return m;
}

// loose-files-american-scramble.txt, "At long range inflict 1 DP for final total of 4 or over." / "short range:
// 2-3 1 DP, 4-5 2 DPs, 6+ 1 DP and 1 casualty."
GunEffect gun_effect(int total, bool short_range_shot) {
    if (!short_range_shot) return total >= 4 ? GunEffect{1, 0} : GunEffect{};
    if (total >= 6) return {1, 1};
    if (total >= 4) return {2, 0};
    if (total >= 2) return {1, 0};
    return {};
}

// --- command points ---

// loose-files-american-scramble.txt, "the number of Command Points = Average Dice roll + l. Subordinate
// commanders (Brigadiers) always have an Average Dice x CPs."
int command_points(bool commander_in_chief, Dice& dice) {
    return roll_average(dice) + (commander_in_chief ? 1 : 0);
}

// --- combat ---

// loose-files-american-scramble.txt, "Outnumbered -1, 3:2 -2, 2:1 -3, 3:1 or more -5". Negative: it is added to
// the side's total. Compared by cross-multiplying, so 3:2 is exactly 3:2.
int outnumbered_penalty(double mine, double theirs) {
    if (mine <= 0) return theirs > 0 ? -5 : 0;
    if (theirs >= 3 * mine) return -5;
    if (theirs >= 2 * mine) return -3;
    if (2 * theirs >= 3 * mine) return -2;
    if (theirs > mine) return -1;
    return 0;
}

// loose-files-american-scramble.txt, "Winner by +4 or more takes an easy victory; +2/3 a successful action; +1 to
// -1 a standoff that continues next turn; -2 to -4 driven back; -5 to -8 defeated; -9 or worse routed".
Outcome outcome(int margin) {
    if (margin >= 4) return Outcome::easy_victory;
    if (margin >= 2) return Outcome::successful_action;
    if (margin >= -1) return Outcome::standoff;
    if (margin >= -4) return Outcome::driven_back;
    if (margin >= -8) return Outcome::defeated;
    return Outcome::routed;
}

std::string to_string(Outcome o) {
    switch (o) {
        case Outcome::easy_victory: return "easy victory";
        case Outcome::successful_action: return "successful action";
        case Outcome::standoff: return "standoff";
        case Outcome::driven_back: return "driven back";
        case Outcome::defeated: return "defeated";
        case Outcome::routed: return "routed";
    }
    return "";
}

// --- disorder and morale ---

// loose-files-american-scramble.txt, "Troops ignore retreats of lower-grade units but take 1 DP if one routs past
// within 6". An equal/higher grade unit retreating past within 6" gives 2 DPs; an equal-grade unit routing past
// gives 2 DPs and 1 casualty" / "If higher grade unit routs past within 6" take 3 DPs and l Casualty."
// A lower class number is a higher grade.
PassedBy passed_by(int my_class, int their_class, bool routing) {
    if (their_class > my_class) return routing ? PassedBy{1, 0} : PassedBy{};
    if (!routing) return {2, 0};
    if (their_class == my_class) return {2, 1};
    return {3, 1};
}

// loose-files-american-scramble.txt, "1st Class units may remove up to 2 DPs per turn, if stationary and not in
// combat." / "2nd Class 1 DP if stationary and not in combat; 3rd Class 1 DP if also not under fire; 4th Class
// only via a commander's CPs; 5th Class only via the commander-in-chief's CPs."
int redress(int klass, bool stationary, bool in_combat, bool under_fire) {
    if (!stationary || in_combat) return 0;
    switch (klass) {
        case 1: return 2;
        case 2: return 1;
        case 3: return under_fire ? 0 : 1;
        default: return 0;
    }
}

// --- generals ---

// loose-files-american-scramble.txt, "1 = Hit. Roll again: 4/5/6 = Light wound. Lose 2 CPs. 2/3 = Serious wound.
// Retire from field. Loses all CPs. 1 = Killed."
GeneralHit general_hit(int first, int second) {
    if (first != 1) return GeneralHit::none;
    if (second >= 4) return GeneralHit::light;
    if (second >= 2) return GeneralHit::serious;
    return GeneralHit::killed;
}

std::string to_string(GeneralHit h) {
    switch (h) {
        case GeneralHit::none: return "";
        case GeneralHit::light: return "light wound";
        case GeneralHit::serious: return "serious wound";
        case GeneralHit::killed: return "killed";
    }
    return "";
}

}  // namespace muster::lfas
