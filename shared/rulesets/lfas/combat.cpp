// Phase 6, combat (loose-files-american-scramble.txt: "Combat occurs when a unit advances within 4" of an opponent"):
// each side an average die and its modifiers, every one named; the margin read on the result bands for each side.
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"
#include "shared/rulesets/lfas/words.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

struct Side {
    std::vector<std::int64_t> units;
    std::vector<std::pair<std::string, int>> factors;
    std::vector<int> dice;
    int total = 0;
    void add(const std::string& why, int v) {
        if (v != 0) factors.emplace_back(why, v);
    }
    json to_json() const {
        json f = json::array();
        for (const auto& [why, v] : factors) f.push_back({{"why", why}, {"value", v}});
        return {{"units", units}, {"factors", f}, {"dice", dice}, {"total", total}};
    }
};

int best_class(const Battle& b, const std::vector<std::int64_t>& ids) {
    int best = 5;
    for (auto id : ids) best = std::min(best, class_of(b.units.at(id)));
    return best;
}

double strength_of(const Battle& b, const std::vector<std::int64_t>& ids) {
    double s = 0;
    for (auto id : ids) s += strength(b.units.at(id));
    return s;
}

// One unit's own factors and die: DPs, casualties, skirmish order, a general's inspiration.
int unit_factors(BattleEntry& e, const Unit& u, Side& side, Dice& dice) {
    const int d = roll_average(dice);
    side.dice.push_back(d);
    int t = d - per_dp_penalty * dps(u) - per_casualty_penalty * casualties(u);
    side.add(u.name + " DPs", -per_dp_penalty * dps(u));
    side.add(u.name + " casualties", -per_casualty_penalty * casualties(u));
    if (in_skirmish_order(u) || u.troop_type == "skirmishers") t -= skirmish_penalty, side.add(u.name + " in skirmish order", -skirmish_penalty);
    const int inspired = e.data["turn"].value("inspired", json::object()).value(std::to_string(u.id), 0);
    if (inspired) t += inspired, side.add("a general with " + u.name, inspired);
    return t;
}

void apply_result(BattleEntry& e, const Side& s, Outcome o, bool defender_spared, std::int64_t away_from, Dice& dice) {
    const LfasSettings set = settings_from(e.settings);
    const std::string key = to_string(o) == "easy victory" ? "easy_victory" : to_string(o) == "successful action" ? "successful_action"
                          : to_string(o) == "driven back" ? "driven_back" : to_string(o);
    for (auto id : s.units) {
        Unit& u = e.battle.units.at(id);
        if (u.removed) continue;
        add_dps(e, id, set.results.at(key + ".dp"), false);
        if (!defender_spared) add_casualties(e, id, set.results.at(key + ".casualties"));
        if (set.results.at(key + ".casualties") > 0 && !defender_spared) risk_to_generals(e, id, dice);
        if (o == Outcome::driven_back || o == Outcome::defeated || o == Outcome::routed)
            e.data["retreats"].push_back({{"unit", id}, {"kind", key}, {"away_from", away_from}});
    }
}

void fight(BattleEntry& e, const std::vector<std::int64_t>& attackers, std::int64_t defender, bool bayonet, Dice& dice) {
    const Battle& b = e.battle;
    const Unit& d = b.units.at(defender);
    Side a, def;
    a.units = attackers;
    def.units = {defender};
    int at = 0;
    for (auto id : attackers) at += unit_factors(e, b.units.at(id), a, dice);
    int dt = unit_factors(e, d, def, dice);
    // "For two units attacking one, the attackers total up all their factors and divide by two."
    if (attackers.size() > 1) at = static_cast<int>(std::lround(static_cast<double>(at) / attackers.size()));
    const int ga = best_class(b, attackers), gd = class_of(d);  // "using the highest grade for training comparison"
    if (ga < gd) at += per_grade * (gd - ga), a.add("training", per_grade * (gd - ga));
    if (gd < ga) dt += per_grade * (ga - gd), def.add("training", per_grade * (ga - gd));
    if (on_ground(b, d.position, "fort")) dt += fort_bonus, def.add("defending a fort", fort_bonus);
    else if (on_ground(b, d.position, "fieldwork")) dt += fieldwork_bonus, def.add("defending a fieldwork", fieldwork_bonus);
    else if (in_cover(b, d)) dt += terrain_bonus, def.add("terrain", terrain_bonus);
    bool flank = false;
    for (auto id : attackers) flank = flank || battle::arc_of(d, b.units.at(id).position) != battle::Arc::front;
    if (flank) dt -= flank_penalty, def.add("attacked in flank or rear", -flank_penalty);
    const double sa = strength_of(b, attackers), sd = strength(d);
    const int pa = outnumbered_penalty(sa, sd), pd = outnumbered_penalty(sd, sa);
    at += pa, a.add("outnumbered", pa);
    dt += pd, def.add("outnumbered", pd);
    if (bayonet) at += bayonet_bonus, a.add("bayonet attack", bayonet_bonus);
    a.total = at;
    def.total = dt;
    const int margin = at - dt;
    Outcome oa = outcome(margin), od = outcome(-margin);
    // "Cavalry getting a standoff against infantry or artillery act as if driven back."
    bool cavalry_only = true;
    for (auto id : attackers) cavalry_only = cavalry_only && is_cavalry(b.units.at(id));
    if (oa == Outcome::standoff && cavalry_only && !is_cavalry(d)) oa = Outcome::driven_back;
    std::string names;
    for (auto id : attackers) names += (names.empty() ? "" : " and ") + b.units.at(id).name;
    log_line(e, "Combat: " + names + " " + std::to_string(at) + " against " + d.name + " " + std::to_string(dt) + ": " + names + " " +
                    to_string(oa) + ", " + d.name + " " + to_string(od) + ".",
             {{"test", "combat"}, {"attackers", a.to_json()}, {"defender", def.to_json()}, {"margin", margin},
              {"attacker_result", to_string(oa)}, {"defender_result", to_string(od)}});
    for (auto id : attackers) turn_add(e, "in_combat", id);
    turn_add(e, "in_combat", defender);
    // "if the result is a standoff the defender takes no casualty" after a bayonet attack.
    apply_result(e, a, oa, false, defender, dice);
    apply_result(e, def, od, bayonet && od == Outcome::standoff, attackers.front(), dice);
    if (oa == Outcome::standoff && od == Outcome::standoff)
        e.data["standoffs"].push_back({{"attackers", attackers}, {"defender", defender}});
    // "4th/5th class pursue": an easy victor of those classes follows the beaten.
    if (oa == Outcome::easy_victory)
        for (auto id : attackers)
            if (class_of(b.units.at(id)) >= 4) e.data["pursuits"].push_back({{"unit", id}, {"after", defender}});
}

// "inspire troops in combat (+1) 3 CPs": points spent on a unit that then fights no combat this turn are spent for
// nothing, and the log says so.
void uninspired(BattleEntry& e) {
    const json inspired = e.data["turn"].value("inspired", json::object());
    const json attached = e.data["turn"].value("attached", json::object());
    for (auto it = inspired.begin(); it != inspired.end(); ++it) {
        const Unit* u = e.battle.unit(std::stoll(it.key()));
        if (!u || u->removed || turn_has(e, "in_combat", u->id)) continue;
        std::string who = "its general";
        for (auto g = attached.begin(); g != attached.end(); ++g)
            if (*g == u->id)
                if (const Leader* l = e.battle.leader(std::stoll(g.key()))) who = l->name;
        log_line(e, who + "'s inspiring of " + u->name + " comes to nothing: it fights no combat this turn.", {{"unit", u->id}});
    }
}

}  // namespace

void combat_step(BattleEntry& e, Dice& dice) {
    const json standoffs = e.data.value("standoffs", json::array());
    e.data["standoffs"] = json::array();
    e.data["retreats"] = json::array();
    e.data["pursuits"] = json::array();
    // Attacks this turn on each defender, and the standoffs going on from last turn.
    std::map<std::int64_t, std::vector<std::int64_t>> on;
    std::map<std::int64_t, bool> bayonet;
    const json charges = e.data["turn"].value("charges", json::array());
    for (const auto& c : charges) {
        const auto uid = c["unit"].get<std::int64_t>(), tid = c["target"].get<std::int64_t>();
        const Unit* u = e.battle.unit(uid);
        const Unit* t = e.battle.unit(tid);
        if (!u || !t || u->removed || t->removed) continue;
        if (const double d = battle::distance_between(*u, *t); d > combat_range + battle::epsilon) {
            log_line(e, u->name + "'s charge falls short: it ends " + inches_words(d) + " from " + t->name +
                            ", and \"Combat occurs when a unit advances within 4\" of an opponent\": no combat.",
                     {{"unit", uid}, {"target", tid}});
            continue;
        }
        // "a unit starting outside 8" musket range and ending within 4" avoids defensive fire before combat"
        if (c.value("started_in_musket_range", false) && !turn_has(e, "fired", tid) && !is_cavalry(*t))
            shoot(e, tid, uid, dice, "Defensive fire: ");
        if (e.battle.units.at(uid).removed) continue;
        on[tid].push_back(uid);
        bayonet[tid] = bayonet[tid] || c.value("bayonet", false);
    }
    for (const auto& s : standoffs) {
        const auto tid = s["defender"].get<std::int64_t>();
        for (const auto& a : s["attackers"]) {
            const Unit* u = e.battle.unit(a.get<std::int64_t>());
            if (u && !u->removed && std::find(on[tid].begin(), on[tid].end(), u->id) == on[tid].end()) on[tid].push_back(u->id);
        }
    }
    for (const auto& [tid, attackers] : on) {
        const Unit* t = e.battle.unit(tid);
        if (!t || t->removed || attackers.empty()) continue;
        fight(e, attackers, tid, bayonet[tid], dice);
    }
    uninspired(e);
}

}  // namespace muster::lfas
