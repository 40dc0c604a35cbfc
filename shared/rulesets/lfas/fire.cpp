// Phase 3, firing (loose-files-american-scramble.txt, "Roll one D6 for each company or group of three skirmishers
// firing, minus the number of DPs on the firing unit"; artillery "Per-gun D6 effect roll"), and the generals' risk.
#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/plan.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"
#include "shared/rulesets/lfas/words.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

std::string faces_words(const std::vector<int>& faces) {
    std::string s;
    for (int f : faces) s += (s.empty() ? "" : " ") + std::to_string(f);
    return s.empty() ? "none" : s;
}

void infantry_shot(BattleEntry& e, const Unit& f, const Unit& t, Dice& dice, const std::string& why) {
    const bool art_or_skirm = is_artillery(t) || is_skirmishers(t);
    const bool works = in_works(e.battle, t);
    const int n = fire_dice(f.bases, dps(f), art_or_skirm, works);
    const FireRoll r = roll_fire(n, is_skirmishers(f), dice);
    json details = {{"test", "fire"}, {"unit", f.id}, {"target", t.id}, {"companies", f.bases}, {"dps", dps(f)},
                    {"halved_for_target", art_or_skirm}, {"halved_for_works", works}, {"dice", n},
                    {"faces", r.faces}, {"rerolls", r.rerolls}, {"hits", r.dps}};
    log_line(e, why + f.name + " fires at " + t.name + ": " + std::to_string(f.bases) + " companies - " + std::to_string(dps(f)) +
                    " DP" + (art_or_skirm ? ", halved" : "") + (works ? ", halved again" : "") + " = " + std::to_string(n) +
                    " dice: " + faces_words(r.faces) + (r.rerolls.empty() ? "" : ", re-rolled " + faces_words(r.rerolls)) +
                    ": " + std::to_string(r.dps) + " DP.",
             details);
    if (r.dps > 0) {
        add_dps(e, t.id, r.dps, true);
        risk_to_generals(e, t.id, dice);
    }
}

void gun_shot(BattleEntry& e, const Unit& f, const Unit& t, Dice& dice, const std::string& why) {
    const bool close = battle::distance_between(f, t) < short_range;
    const std::string range = close ? "short" : "long";
    const json last = e.data.value("last_shot", json::object()).value(std::to_string(f.id), json());
    GunShot s;
    s.heavy = f.values.value("gun", "field") == "heavy";
    s.target_column_or_limbered = t.formation == battle::Formation::column || limbered(t);
    s.same_target_and_range = last.is_object() && last.value("target", std::int64_t{0}) == t.id && last.value("range", "") == range;
    s.new_target = !s.same_target_and_range && last.is_object() && last.value("target", std::int64_t{0}) != t.id;
    s.dps = dps(f);
    s.target_in_works_or_skirmish = in_works(e.battle, t) || in_skirmish_order(t) || t.troop_type == "skirmishers";
    const int mod = gun_modifier(s);
    json rolls = json::array();
    int total_dps = 0, total_cas = 0;
    for (int gun = 0; gun < f.bases; ++gun) {
        const int d = dice.roll(6);
        const GunEffect g = gun_effect(d + mod, close);
        rolls.push_back(d);
        total_dps += g.dps;
        total_cas += g.casualties;
    }
    e.data["last_shot"][std::to_string(f.id)] = {{"target", t.id}, {"range", range}};
    log_line(e, why + f.name + " fires at " + t.name + " at " + range + " range: " + std::to_string(f.bases) + " gun" +
                    (f.bases == 1 ? "" : "s") + ", " + (mod >= 0 ? "+" : "") + std::to_string(mod) + " each, rolling " +
                    faces_words(rolls.get<std::vector<int>>()) + ": " + std::to_string(total_dps) + " DP, " +
                    std::to_string(total_cas) + " casualt" + (total_cas == 1 ? "y." : "ies."),
             {{"test", "artillery"}, {"unit", f.id}, {"target", t.id}, {"range", range}, {"modifier", mod},
              {"modifiers", {{"heavy", s.heavy}, {"column_or_limbered", s.target_column_or_limbered},
                             {"same_target", s.same_target_and_range}, {"new_target", s.new_target}, {"dps", s.dps},
                             {"works_or_skirmish", s.target_in_works_or_skirmish}}},
              {"faces", rolls}, {"dps", total_dps}, {"casualties", total_cas}});
    add_dps(e, t.id, total_dps, true);
    add_casualties(e, t.id, total_cas);
    if (total_dps > 0 || total_cas > 0) risk_to_generals(e, t.id, dice);
}

}  // namespace

void shoot(BattleEntry& e, std::int64_t firer, std::int64_t target, Dice& dice, const std::string& why, const Unit* as_was) {
    const Unit f = as_was ? *as_was : e.battle.units.at(firer), t = e.battle.units.at(target);
    turn_add(e, "under_fire", target);
    turn_add(e, "fired", firer);
    if (is_artillery(f)) gun_shot(e, f, t, dice, why);
    else infantry_shot(e, f, t, dice, why);
}

// Fire in the firing phase is simultaneous: each unit fires as it stood when the phase began. A shot that cannot be
// made says why ("musket range 0-8\", rifle 0-10\""; a target in front, in sight).
void fire_step(BattleEntry& e, Dice& dice) {
    const std::map<std::int64_t, Unit> before = e.battle.units;
    for (const auto& p : plans(e))
        for (const auto& f : p["item"].value("fire", json::array())) {
            const auto fid = f["unit"].get<std::int64_t>(), tid = f["target"].get<std::int64_t>();
            const Unit* u = e.battle.unit(fid);
            const Unit* t = e.battle.unit(tid);
            if (!u || !t || !before.count(fid) || before.at(fid).removed) continue;
            if (u->removed) {
                log_line(e, u->name + " does not fire at " + t->name + ": it was destroyed before it could.", {{"unit", fid}, {"target", tid}});
                continue;
            }
            const std::string why = no_shot_reason(e, *u, *t);
            if (!why.empty()) {
                log_line(e, u->name + " holds its fire at " + t->name + ": " + why + ".", {{"unit", fid}, {"target", tid}});
                continue;
            }
            shoot(e, fid, tid, dice, "", &before.at(fid));
        }
}

void risk_to_generals(BattleEntry& e, std::int64_t unit, Dice& dice) {
    const LfasSettings s = settings_from(e.settings);
    const Unit& u = e.battle.units.at(unit);
    for (auto& [id, g] : e.battle.leaders) {
        if (g.side != u.side || leader_out(g) || !battle::with_unit(g, u, s.adjacent_inches)) continue;
        if (turn_has(e, "risked", -id)) continue;  // "max once per turn"
        turn_add(e, "risked", -id);
        const int first = dice.roll(6);
        const int second = first == 1 ? dice.roll(6) : 0;
        const GeneralHit hit = general_hit(first, second);
        json details = {{"test", "general"}, {"leader", id}, {"dice", first == 1 ? json{first, second} : json{first}},
                        {"result", to_string(hit)}};
        if (hit == GeneralHit::none) {
            log_line(e, g.name + " rolls " + std::to_string(first) + " with " + u.name + ": unhurt.", details);
            continue;
        }
        json& cp = e.data["cp"][std::to_string(id)];
        if (hit == GeneralHit::light) cp["left"] = std::max(0, cp.value("left", 0) - 2);
        else cp["left"] = 0;
        g.values["wound"] = hit == GeneralHit::light ? "light" : hit == GeneralHit::serious ? "serious" : "killed";
        log_line(e, g.name + " is hit with " + u.name + " (" + std::to_string(first) + ", then " + std::to_string(second) + "): " +
                        to_string(hit) + (hit == GeneralHit::light ? ", losing 2 command points." : hit == GeneralHit::serious
                                                                                             ? "; he retires from the field."
                                                                                             : "."),
                 details);
    }
}

}  // namespace muster::lfas
