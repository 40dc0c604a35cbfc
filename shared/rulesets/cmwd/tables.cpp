#include "shared/rulesets/cmwd/tables.h"

namespace muster::cmwd {

FireEffect fire_effect(int d) {
    if (d <= 0) return FireEffect::none;
    if (d <= 2) return FireEffect::recoil;
    if (d <= 4) return FireEffect::recoil_shaken;
    return FireEffect::breaks;
}

std::string to_string(FireEffect e) {
    switch (e) {
        case FireEffect::none: return "no effect";
        case FireEffect::recoil: return "recoils 1BD";
        case FireEffect::recoil_shaken: return "recoils shaken 1BD";
        case FireEffect::breaks: return "breaks";
    }
    return "";
}

int quality_modifier(const std::string& quality) {
    if (quality == "veteran") return veteran_bonus;
    if (quality == "raw") return -raw_penalty;
    return 0;
}

ChargeEffect charge_effect(int d) {
    if (d < 0) return ChargeEffect::refuse;
    if (d <= 2) return ChargeEffect::charge;
    if (d <= 4) return ChargeEffect::charge_target_shaken;
    return ChargeEffect::target_breaks;
}

std::string to_string(ChargeEffect e) {
    switch (e) {
        case ChargeEffect::refuse: return "refuses to charge";
        case ChargeEffect::charge: return "charges";
        case ChargeEffect::charge_target_shaken: return "charges; the target receives it stationary and shaken";
        case ChargeEffect::target_breaks: return "charges; the target breaks before contact";
    }
    return "";
}

MeleeEffect melee_effect(int margin, int no_result_upto, int recoil_upto) {
    if (margin <= no_result_upto) return MeleeEffect::no_result;
    if (margin <= recoil_upto) return MeleeEffect::recoil;
    return MeleeEffect::breaks;
}

std::string to_string(MeleeEffect e) {
    switch (e) {
        case MeleeEffect::no_result: return "no result: the combat goes on";
        case MeleeEffect::recoil: return "recoils 1BD, the winner following up";
        case MeleeEffect::breaks: return "breaks";
    }
    return "";
}

int risk_modifier(const std::string& rank) {
    if (rank == "lethargic") return 1;
    if (rank == "vigorous") return -1;
    return 0;
}

HitResult hit_result(int d6) {
    switch (d6) {
        case 1: return {"aide", "an aide close by is neatly decapitated; the general strikes a phlegmatic pose", 0, 0, false};
        case 2: return {"horse", "his horse is killed: no movement next game turn", 1, 0, false};
        case 3: return {"bruise", "a spent bullet knocks him over: no movement next game turn", 1, 0, false};
        case 4: return {"slight", "a slight wound: no movement next game turn", 1, 0, false};
        case 5: return {"severe", "a severe wound: no movement or orders next game turn; a successor is appointed", 1, 1, true};
        default: return {"killed", "killed instantly: no orders for two game turns until his successor is found", 2, 2, true};
    }
}

bool captured(const std::string& rank, int d6) {
    if (rank == "vigorous") return d6 <= 1;
    if (rank == "lethargic") return d6 <= 3;
    return d6 <= 2;
}

int successor_after(const std::string& fate) {
    if (fate == "severe") return 1;
    if (fate == "killed" || fate == "captured") return 2;
    return 0;
}

}  // namespace muster::cmwd
