// The charges step (chosen-men-well-disposed.txt, "Cavalry test to charge", "Flank Attacks", "Firing during
// charges"): each declared charge in the order the attacker chose, tested per base, the target countercharging,
// standing or breaking, pistols and close fire when the charge covers 1BD or more, and contact.
#include <cmath>
#include <optional>

#include "shared/battle/geometry.h"
#include "shared/rulesets/cmwd/combat.h"
#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/ground.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

bool passed(const BattleEntry& e, const std::string& brigade) {
    for (const auto& b : e.data.value("passed", json::array()))
        if (b == brigade) return true;
    return false;
}

// The test to charge: the charger's side and the target's, factors named.
std::pair<TestSide, TestSide> charge_test(const BattleEntry& e, const Unit& c, const Unit& t, bool flank) {
    const CmwdSettings s = settings_from(e.settings);
    TestSide tester(c.id), target(t.id);
    tester.add("cavalry", cavalry_charge_factor);
    tester.add(quality_of(c), quality_modifier(quality_of(c)));
    if (passed(e, brigade_of(c))) tester.add("a base of the brigade has passed", brigade_passed_bonus);
    if (flank) tester.add("flank or rear", flank_or_rear_bonus);
    if (shaken(c) > 0) tester.add("shaken", -shaken_penalty * shaken(c));
    if (t.troop_type == "infantry" && secure_flanks(e.battle, t, bw(e))) tester.add("infantry with two secure flanks", -secure_flanks_penalty);
    if (c.troop_type == "dragoons" && t.troop_type == "horse") tester.add("facing heavier cavalry", -heavier_cavalry_penalty);
    auto def = s.charge_defence.find(t.troop_type);
    target.add("defence", def == s.charge_defence.end() ? 0 : def->second);
    target.add(quality_of(t), quality_modifier(quality_of(t)));
    if (shaken(t) > 0) target.add("shaken", -shaken_penalty * shaken(t));
    // "If Cavalry facing heavier cavalry": the target too, unless the setting keeps it the tester's.
    if (s.heavier_cavalry == "either" && t.troop_type == "dragoons" && c.troop_type == "horse")
        target.add("facing heavier cavalry", -heavier_cavalry_penalty);
    return {tester, target};
}

// One shot during the charge: pistols at 1BD, or infantry and artillery at close range from their front.
struct Shot {
    bool fired = false;
    FireEffect effect = FireEffect::none;
};

Shot shoot(BattleEntry& e, const Unit& f, const Unit& t, bool target_countercharging, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    TestSide firer(f.id), defender(t.id);
    if (is_cavalry(f)) {
        firer.add("pistols at 1BD", s.fire_factor.count("pistol") ? s.fire_factor.at("pistol") : 0);
    } else {
        const std::string kind = f.troop_type == "infantry" ? school_of(f) : f.troop_type;
        auto it = s.fire_factor.find(kind + ".close");
        firer.add("close range", it == s.fire_factor.end() ? 0 : it->second);
    }
    auto def = s.fire_defence.find(t.troop_type);
    defender.add("defence", def == s.fire_defence.end() ? 0 : def->second);
    if (target_countercharging) defender.add("countercharging", countercharging_defence_bonus);
    if (shaken(t) > 0) defender.add("shaken", -shaken_penalty * shaken(t));
    firer.die = dice.roll(6);
    defender.die = dice.roll(6);
    Shot shot{true, fire_effect(firer.total() - defender.total())};
    log_line(e, f.name + " fires during the charge. " + firer.words(e.battle) + "; " + defender.words(e.battle) + ": " +
                    t.name + " " + to_string(shot.effect) + ".",
             test_details("charge_fire", firer, defender, to_string(shot.effect)));
    return shot;
}

// What a shot does to a base in the charge: a recoil (its reach cut by 1BD), a shaken level, or broken.
void take_shot(BattleEntry& e, const Unit& u, const Shot& shot, double& reach, bool& recoiled, Dice& dice) {
    if (!shot.fired) return;
    // "Each time a base with which a general is in contact is fired upon": whatever the fire's effect.
    risk_to_generals(e, u.id, shot.effect == FireEffect::breaks, dice);
    if (shot.effect == FireEffect::none) return;
    if (shot.effect == FireEffect::breaks) return break_base(e, u.id);
    if (shot.effect == FireEffect::recoil_shaken) add_shaken(e, u.id);
    reach -= bd(e);
    recoiled = true;
}

// A charge that went ahead of its test, carried through the firing and the contact.
struct Charge {
    std::int64_t cid = 0, tid = 0;
    bool flank = false, countercharge = false;
    double gap = 0;  // between the two as the charge commenced
    double reach_c = 0, reach_t = 0;
    bool recoiled_c = false, recoiled_t = false;  // a recoil result from the fire during the charge
    Shot at_target, at_charger;
};

// The test and its effect. A charge that goes on to contact is returned for the firing and the moves.
std::optional<Charge> test_charge(BattleEntry& e, const CmwdSettings& s, std::int64_t cid, std::int64_t tid, Dice& dice) {
    const Unit c0 = e.battle.units.at(cid), t0 = e.battle.units.at(tid);
    const bool flank = flank_attack(c0, t0);
    auto [tester, target] = charge_test(e, c0, t0, flank);
    tester.die = dice.roll(6);
    target.die = dice.roll(6);
    const ChargeEffect effect = charge_effect(tester.total() - target.total());
    const bool countercharge = effect == ChargeEffect::charge && is_cavalry(t0) && !flank;
    std::string result = to_string(effect);
    if (effect == ChargeEffect::charge) result += is_cavalry(t0) ? (flank ? "; the target turns to face them" : "; the target countercharges") : "; the target stands";
    log_line(e, c0.name + " tests to charge " + t0.name + (flank ? " in flank" : "") + ". " + tester.words(e.battle) + "; " +
                    target.words(e.battle) + ": " + result + ".",
             test_details("charge", tester, target, result));
    if (effect == ChargeEffect::refuse) return std::nullopt;
    data_list(e, "passed").push_back(brigade_of(c0));
    const double reach = s.charge_bw * bw(e);
    if (effect == ChargeEffect::target_breaks) {
        risk_to_generals(e, tid, true, dice);  // a general with a base that breaks: "-2"
        break_base(e, tid);
        go_forward(e.battle, cid, reach);  // "the chargers continue their move to the end"
        return std::nullopt;
    }
    if (effect == ChargeEffect::charge_target_shaken) add_shaken(e, tid);
    if (flank && is_cavalry(t0) && effect == ChargeEffect::charge)
        e.battle.units.at(tid).facing = battle::bearing(t0.position, c0.position);
    Charge ch;
    ch.cid = cid, ch.tid = tid, ch.flank = flank, ch.countercharge = countercharge;
    ch.gap = battle::distance_between(c0, t0);
    ch.reach_c = reach;
    ch.reach_t = countercharge ? reach : 0;
    return ch;
}

// "If the cavalry charge will cover 1BD or more before making contact with the enemy, both charger and target may
// fire"; with a countercharge each side covers half the gap.
void charge_fire(BattleEntry& e, Charge& ch, Dice& dice) {
    const Unit& c = e.battle.units.at(ch.cid);
    const Unit& t = e.battle.units.at(ch.tid);
    if (!standing(c) || !standing(t)) return;
    const double covers = ch.countercharge ? ch.gap / 2 : ch.gap;
    if (covers < bd(e) - battle::epsilon) return;
    if (c.values.value("pistols", false) == true) ch.at_target = shoot(e, c, t, ch.countercharge, dice);
    const bool fires_back = is_cavalry(t) ? t.values.value("pistols", false) == true : (can_fire(t) && !ch.flank);
    if (fires_back) ch.at_charger = shoot(e, t, c, false, dice);
    take_shot(e, e.battle.units.at(ch.tid), ch.at_target, ch.reach_t, ch.recoiled_t, dice);
    take_shot(e, e.battle.units.at(ch.cid), ch.at_charger, ch.reach_c, ch.recoiled_c, dice);
}

void charge_home(BattleEntry& e, const Charge& ch) {
    const Unit& c = e.battle.units.at(ch.cid);
    const Unit& t = e.battle.units.at(ch.tid);
    if (!standing(c) || !standing(t)) return;
    // "If cavalry receive a recoil result whilst charging infantry or artillery, they will move back to their
    // starting point without making contact." "If both sides recoil, they will not contact each other."
    if (ch.recoiled_c && (!is_cavalry(t) || ch.recoiled_t)) {
        log_line(e, c.name + " is driven back to where it started; no contact.");
        return;
    }
    if (ch.countercharge) {
        // "The two meet midway between their starting points": each covers half the gap if its move allows;
        // a side slowed short of it goes what it can, and the other the rest its move allows.
        go_forward(e.battle, ch.cid, std::min(ch.reach_c, std::max(ch.gap / 2, ch.gap - ch.reach_t)));
        go_forward(e.battle, ch.tid, ch.reach_t);
    } else {
        go_forward(e.battle, ch.cid, ch.reach_c);
    }
    if (!battle::in_contact(e.battle.units.at(ch.cid), e.battle.units.at(ch.tid))) {
        // Why, in the book's words: a recoil from the fire during the charge ("deduct 1BD from their move
        // distance"), else the charge move ("charge_bw") over this ground ends before contact.
        log_line(e, c.name + " falls short of " + t.name +
                        (ch.recoiled_c ? ": the fire during the charge cut its move by 1BD."
                                       : ": its charge move over this ground ends before contact."));
        return;
    }
    json charging = json::array({ch.cid});
    if (ch.countercharge) charging.push_back(ch.tid);
    json fired = json::array(), slowed = json::array();
    if (ch.at_target.fired) fired.push_back(ch.cid);
    if (ch.at_charger.fired) fired.push_back(ch.tid);
    // "Cavalry receiving a recoil result while charging or countercharging other cavalry will deduct 1BD from their
    // move distance but may still charge to contact, deducting 1 point from their hand to hand combat factor": the
    // charger (whose target here is cavalry: one recoiled charging foot or guns went back above) and a target that
    // countercharged. A target charged that stood, or turned to face a flank attack, was not charging: no point.
    if (ch.recoiled_c) slowed.push_back(ch.cid);
    if (ch.recoiled_t && ch.countercharge) slowed.push_back(ch.tid);
    data_list(e, "melees").push_back(
        {{"a", ch.cid}, {"b", ch.tid}, {"round", 1}, {"charging", charging}, {"fired", fired}, {"slowed", slowed}});
    log_line(e, c.name + " and " + t.name + " meet hand to hand.");
}

}  // namespace

// The book's order ("Example of Combat", p.31-32): every charge is tested in the order the attacker chose, then
// the pistols and fire during the charges, then the moves to contact ("Shaken levels inflicted by this firing do
// not affect the charge test result").
void charges_step(BattleEntry& e, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    const json plan = e.data.value("declared", json::array());
    std::vector<Charge> going;
    for (const auto& d : plan) {
        if (d.value("action", "") != "charge") continue;
        const auto cid = d["unit"].get<std::int64_t>(), tid = d["target"].get<std::int64_t>();
        const Unit* c = e.battle.unit(cid);
        const Unit* t = e.battle.unit(tid);
        if (!c || !t || !standing(*c) || !standing(*t)) {
            log_line(e, (c ? c->name : std::string("A base")) + " does not charge: it or its target has gone.");
            continue;
        }
        if (!chargeable(s, e.battle, *c, *t)) {
            log_line(e, c->name + " does not charge: " + t->name + " is no longer straight ahead within reach.");
            continue;
        }
        if (auto ch = test_charge(e, s, cid, tid, dice)) going.push_back(*ch);
        check_captures(e, dice);
    }
    for (auto& ch : going) charge_fire(e, ch, dice);
    check_captures(e, dice);
    for (const auto& ch : going) {
        charge_home(e, ch);
        check_captures(e, dice);
    }
}

}  // namespace muster::cmwd
