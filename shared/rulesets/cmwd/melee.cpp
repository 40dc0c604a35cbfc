// The melee step (chosen-men-well-disposed.txt, "Hand to hand combat" as the example fights it): each pair of bases
// in contact rolls a d6, +2 charging, -1 having fired during the charge, -1 slowed by fire, -1 a shaken level; a
// small difference is no result and the combat goes on next combat round; more, the loser recoils 1BD and the
// winner follows up, remaining in contact; more still, the loser breaks.
#include "shared/battle/geometry.h"
#include "shared/rulesets/cmwd/combat.h"
#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/ground.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

TestSide fighter(const BattleEntry& e, const Unit& u, const json& m) {
    const CmwdSettings s = settings_from(e.settings);
    const bool first_round = m.value("round", 1) == 1;
    TestSide side(u.id);
    auto it = s.melee_factor.find(u.troop_type);
    side.add(u.troop_type, it == s.melee_factor.end() ? 0 : it->second);
    if (first_round && in_list(m.value("charging", json::array()), u.id)) side.add("charging", charging_bonus);
    if (first_round && in_list(m.value("fired", json::array()), u.id)) side.add("fired during the charge", -fired_in_charge_penalty);
    if (first_round && in_list(m.value("slowed", json::array()), u.id)) side.add("slowed by fire", -slowed_penalty);
    if (shaken(u) > 0) side.add("shaken", -shaken_penalty * shaken(u));
    return side;
}

// One round; false when the combat is over.
bool fight(BattleEntry& e, json& m, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    const auto aid = m["a"].get<std::int64_t>(), bid = m["b"].get<std::int64_t>();
    const Unit* a = e.battle.unit(aid);
    const Unit* b = e.battle.unit(bid);
    if (!a || !b || !standing(*a) || !standing(*b) || !battle::in_contact(*a, *b)) return false;
    TestSide sa = fighter(e, *a, m), sb = fighter(e, *b, m);
    sa.die = dice.roll(6);
    sb.die = dice.roll(6);
    const int diff = sa.total() - sb.total();
    const int margin = diff < 0 ? -diff : diff;
    const MeleeEffect effect = melee_effect(margin, s.melee_no_result_upto, s.melee_recoil_upto);
    const std::int64_t winner = diff >= 0 ? aid : bid, loser = diff >= 0 ? bid : aid;
    const std::string loser_name = e.battle.units.at(loser).name;
    const std::string result = effect == MeleeEffect::no_result ? to_string(effect) : loser_name + " " + to_string(effect);
    log_line(e, "Hand to hand: " + sa.words(e.battle) + "; " + sb.words(e.battle) + ": difference " + std::to_string(margin) +
                    ", " + result + ".",
             test_details("melee", sa, sb, result));
    const bool breaks = effect == MeleeEffect::breaks;
    risk_to_generals(e, winner, false, dice);
    risk_to_generals(e, loser, breaks, dice);
    m["round"] = m.value("round", 1) + 1;
    if (effect == MeleeEffect::no_result) return true;
    if (breaks) {
        break_base(e, loser);
        return false;
    }
    push_back(e.battle, loser, bd(e));
    go_forward(e.battle, winner, bd(e));
    return battle::in_contact(e.battle.units.at(aid), e.battle.units.at(bid));
}

}  // namespace

void melee_step(BattleEntry& e, Dice& dice) {
    json melees = e.data.value("melees", json::array());
    json still = json::array();
    for (auto& m : melees) {
        if (fight(e, m, dice)) still.push_back(m);
        // A break mid-step already dropped its pairs from data.melees: keep only those still standing.
    }
    json& now = data_list(e, "melees");
    json kept = json::array();
    for (const auto& m : still) {
        const Unit* a = e.battle.unit(m["a"].get<std::int64_t>());
        const Unit* b = e.battle.unit(m["b"].get<std::int64_t>());
        if (a && b && standing(*a) && standing(*b)) kept.push_back(m);
    }
    now = kept;
    check_captures(e, dice);
}

}  // namespace muster::cmwd
