#pragma once
// The tables chosen-men-well-disposed.txt prints, as pure functions: the fire effect table, the cavalry test to
// charge (factors, modifiers, effect), risk to generals, capture, and brigade morale. Numbers the extract names
// but does not print are settings (settings.h).
#include <string>

namespace muster::cmwd {

// "Ranged Combat", fire effect: "Defender's total is higher or scores equal: No effect. Firer score higher by 1
// or 2: Defender recoils 1BD. Firer score higher by 3 or 4: Defender recoils shaken 1BD. Firer score higher by 5
// or more: Defender breaks."
enum class FireEffect { none, recoil, recoil_shaken, breaks };
FireEffect fire_effect(int firer_minus_defender);
std::string to_string(FireEffect e);  // "no effect", "recoils 1BD", "recoils shaken 1BD", "breaks"

// "Ranged Combat" (the example's factors): +1 first time firing, +1 a prest advancing to fire, +1 supported.
inline constexpr int first_fire_bonus = 1;
inline constexpr int a_prest_advancing_bonus = 1;
inline constexpr int support_bonus = 1;
inline constexpr int countercharging_defence_bonus = 1;  // "G's defence factor is 2, +1 as he is countercharging"
inline constexpr int shaken_penalty = 1;                 // "-1 as he is shaken", per level

// "Cavalry test to charge": "The cavalry factor is 3, plus the D6 roll, plus or minus any relevant modifiers."
inline constexpr int cavalry_charge_factor = 3;
// Modifiers: "Plus One If Veterans. A base in same brigade has successfully passed charge test this game turn.
// Plus Two Testing to charge enemy flank or rear. Minus One If Raw. For each shaken level. If testing to charge
// infantry with two secure flanks. If Cavalry facing heavier cavalry (e.g. dragoons facing horse)."
inline constexpr int veteran_bonus = 1;
inline constexpr int raw_penalty = 1;
inline constexpr int brigade_passed_bonus = 1;
inline constexpr int flank_or_rear_bonus = 2;
inline constexpr int secure_flanks_penalty = 1;
inline constexpr int heavier_cavalry_penalty = 1;
int quality_modifier(const std::string& quality);  // veteran +1, raw -1, trained 0

// "Charge test effect": "Testers lose: Refuse to charge. Remain stationary this game turn. No difference or
// testers win by 1 or 2: Testers charge. If target is cavalry, these will countercharge ... Other troop types will
// stand to receive charge. Testers win by 3 or 4: Testers charge. Target receives attack stationary and is shaken.
// Testers win by 5 or more: Target breaks before contact."
enum class ChargeEffect { refuse, charge, charge_target_shaken, target_breaks };
ChargeEffect charge_effect(int testers_minus_target);
std::string to_string(ChargeEffect e);

// "Hand to hand combat" (the example): "+2 for charging, -1 for having fired during the charge", "-1 for being
// slowed (recoiled) by fire during the charge"; a shaken level counts ("Shaken levels inflicted by this firing ...
// are taken into account during hand to hand combat").
inline constexpr int charging_bonus = 2;
inline constexpr int fired_in_charge_penalty = 1;
inline constexpr int slowed_penalty = 1;
enum class MeleeEffect { no_result, recoil, breaks };
MeleeEffect melee_effect(int winner_margin, int no_result_upto, int recoil_upto);
std::string to_string(MeleeEffect e);

// "Risk to Generals": "roll 2D6. +1 if lethargic general; -1 if vigorous general. -2 if the general is in contact
// with a base which breaks. If the result is 3 or less, the general may have been hit."
int risk_modifier(const std::string& rank);
inline constexpr int risk_breaks_penalty = 2;
inline constexpr int risk_hit_upto = 3;
// "If hit, roll a further 1D6": what befalls him, and for how many game turns he neither moves nor orders.
struct HitResult {
    std::string fate;   // aide | horse | bruise | slight | severe | killed
    std::string words;  // the book's line, shortened
    int no_move_turns = 0;    // "No movement in next game turn"
    int no_orders_turns = 0;  // "No orders given for two game turns"
    bool lost = false;        // a successor is appointed
};
HitResult hit_result(int d6);
// "If a Vigorous general rolls 1, he is captured. If an Active general rolls 1 or 2 ... Lethargic ... 1,2 or 3".
bool captured(const std::string& rank, int d6);
// "a successor is appointed after one game turn if severely wounded, two game turns if killed or captured."
int successor_after(const std::string& fate);

// "Brigade and Army morale" (the example): 2 points per broken base, 1 per shaken one; the d6 adjustment; spent
// "if the morale test had resulted in a score exceeding the number of bases in the brigade".
inline constexpr int morale_per_broken = 2;
inline constexpr int morale_per_shaken = 1;

}  // namespace muster::cmwd
