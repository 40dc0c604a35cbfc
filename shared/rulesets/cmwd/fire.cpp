// The fire step (chosen-men-well-disposed.txt, "Ranged Combat"): each declared fire in the order the player chose,
// the firer's factor plus a d6 against the defender's factor plus a d6, read on the fire effect table.
#include "shared/rulesets/cmwd/combat.h"
#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/ground.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

std::string band_words(const std::string& band) {
    if (band == "point_blank") return "point blank";
    if (band == "close") return "close range";
    return "long range";
}

// The firer's factor for its kind at this range: an infantry base by its school ("a prest at point blank range").
int range_factor(const CmwdSettings& s, const Unit& u, const std::string& band) {
    const std::string kind = u.troop_type == "infantry" ? school_of(u) : u.troop_type;
    auto it = s.fire_factor.find(kind + "." + band);
    return it == s.fire_factor.end() ? 0 : it->second;
}

// The "Fire effect Example": a base beside the firer that fires at nothing supports it; a base beside the
// defender that nothing fires at supports it. Each supports once, the first it can.
const Unit* supporter(const Battle& b, const Unit& u, const std::vector<std::int64_t>& busy, std::vector<std::int64_t>& used,
                      double w) {
    for (const auto& [id, s] : b.units) {
        if (!standing(s) || !beside(u, s, w)) continue;
        if (std::find(busy.begin(), busy.end(), id) != busy.end()) continue;
        if (std::find(used.begin(), used.end(), id) != used.end()) continue;
        used.push_back(id);
        return &s;
    }
    return nullptr;
}

}  // namespace

void fire_step(BattleEntry& e, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    const json plan = e.data.value("declared", json::array());
    std::vector<std::int64_t> firers, targets, fire_support, defence_support;
    for (const auto& d : plan)
        if (d.value("action", "") == "fire") {
            firers.push_back(d["unit"].get<std::int64_t>());
            targets.push_back(d["target"].get<std::int64_t>());
        }
    const json advanced = e.data.value("advanced", json::array());
    for (const auto& d : plan) {
        if (d.value("action", "") != "fire") continue;
        const auto fid = d["unit"].get<std::int64_t>(), tid = d["target"].get<std::int64_t>();
        const Unit* f = e.battle.unit(fid);
        const Unit* t = e.battle.unit(tid);
        if (!f || !t || !standing(*f) || !standing(*t)) {
            log_line(e, (f ? f->name : std::string("A base")) + " holds its fire: its target is gone.");
            continue;
        }
        const auto band = fire_range(s, e.battle, *f, *t);
        if (!band) {
            log_line(e, f->name + " holds its fire: " + t->name + " is out of range now.");
            continue;
        }
        TestSide firer(fid), defender(tid);
        firer.add(band_words(*band), range_factor(s, *f, *band));
        if (f->marker("fired") == 0) firer.add("first time firing", first_fire_bonus);
        if (f->troop_type == "infantry" && school_of(*f) == "a_prest" && in_list(advanced, fid))
            firer.add("a prest advancing", a_prest_advancing_bonus);
        if (const Unit* sup = supporter(e.battle, *f, firers, fire_support, bw(e))) firer.add("supported by " + sup->name, support_bonus);
        auto def = s.fire_defence.find(t->troop_type);
        defender.add("defence", def == s.fire_defence.end() ? 0 : def->second);
        if (shaken(*t) > 0) defender.add("shaken", -shaken_penalty * shaken(*t));
        if (const Unit* sup = supporter(e.battle, *t, targets, defence_support, bw(e)))
            defender.add("supported by " + sup->name, support_bonus);
        firer.die = dice.roll(6);
        defender.die = dice.roll(6);
        const FireEffect effect = fire_effect(firer.total() - defender.total());
        const std::string fname = f->name, tname = t->name;
        e.battle.units.at(fid).markers["fired"] = 1;
        log_line(e, fname + " fires at " + tname + ". " + firer.words(e.battle) + "; " + defender.words(e.battle) + ": " +
                        tname + " " + to_string(effect) + ".",
                 test_details("fire", firer, defender, to_string(effect)));
        risk_to_generals(e, tid, effect == FireEffect::breaks, dice);  // while he still stands by the base
        if (s.risk_when_firing) risk_to_generals(e, fid, false, dice);
        apply_fire_effect(e, tid, effect);
    }
    check_captures(e, dice);
}

}  // namespace muster::cmwd
