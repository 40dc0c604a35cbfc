#include "shared/rulesets/reivers/combat.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "shared/battle/geometry.h"
#include "shared/rulesets/reivers/actions.h"
#include "shared/rulesets/reivers/movement.h"

namespace muster::reivers {

using nlohmann::json;

const std::vector<std::string>& steps() {
    static const std::vector<std::string> all = {"fire", "melee", "incidents", "aftermath"};
    return all;
}

namespace {

int combat_die(const ReiversSettings& s, Dice& dice) {
    if (s.combat_die == "none") return 0;
    if (s.combat_die == "d10") return dice.d10();
    if (s.combat_die == "average") return dice.average();
    return dice.d6();
}

bool heidman_with(const BattleEntry& e, const ReiversSettings& s, const Unit& u) {
    for (const auto& [id, l] : e.battle.leaders)
        if (l.side == u.side && !heidman_down(l) && battle::distance_to_unit(u, l.position) <= s.with_paces) return true;
    return false;
}

TacticalSituation situation(const BattleEntry& e, const ReiversSettings& s, const Unit& u, bool flanked) {
    TacticalSituation t;
    t.overlapped_or_flanked = flanked;
    t.heidman_with = heidman_with(e, s, u);
    t.mounted_in_poor_ground = is_mounted(u) && poor_ground_for_mounted(e, s, u.position);
    if (!is_mounted(u)) t.foot_cover = cover_of(e, s, u);
    return t;
}

// "8 (mounted 2, heidman's name in combat +1, die 5)": a score with its factor, tactical factors and die, as the
// log shows every roll with what went into it.
std::string words(const Score& sc, const std::string& factor) {
    std::string out = std::to_string(sc.total) + " (" + factor + " " + std::to_string(sc.factor);
    for (const auto& m : sc.tactical) out += ", " + m.why + " " + (m.value > 0 ? "+" : "") + std::to_string(m.value);
    return out + (sc.die_rolled ? ", die " + std::to_string(sc.die) : "") + ")";
}
std::string column(const ReiversSettings& s, const Unit& u, const Unit& enemy) {
    return (s.factor_column == "enemy" ? is_mounted(enemy) : is_mounted(u)) ? "mounted" : "foot";
}

json score_json(const Score& sc) {
    json t = json::array();
    for (const auto& m : sc.tactical) t.push_back({{"why", m.why}, {"value", m.value}});
    return {{"factor", sc.factor}, {"tactical", t}, {"die", sc.die}, {"total", sc.total}};
}

// Flanked: "Overlap or flank or rear contact": more than one enemy touching it, or this one not before its front.
bool flanked_by(BattleEntry& e, const ReiversSettings& s, const Unit& u, const Unit& enemy) {
    if (enemies_in_contact(e, s, u).size() > 1) return true;
    return battle::arc_of(u, battle::footprint(enemy).centre()) != battle::Arc::front;
}

void apply_result(BattleEntry& e, const ReiversSettings& s, CombatResult r, Unit& loser, const Unit& winner, Dice& dice) {
    loser.markers["lost"] = 1;
    if (r == CombatResult::recoil) recoil(e, s, loser, winner.position, dice);
    if (r == CombatResult::flee) flee(e, s, loser, winner.position, dice, "beaten by " + winner.name);
    if (r == CombatResult::destroyed) {
        loser.removed = true;
        loser.markers["destroyed"] = 1;
        log_line(e, loser.name + " is destroyed.", {{"unit", loser.id}});
    }
}

// Why a bow or musketeer name has no mark ("Only bows and musketeers may fire at range", Range 100): the nearest enemy
// name in sight is beyond its range, or not before it. Names in ambush are not seen, so not told of.
std::string no_mark(const BattleEntry& e, const Unit& shooter, int range) {
    const Unit* nearest = nullptr;
    for (const auto& [id, t] : e.battle.units)
        if (t.side != shooter.side && on_table(t) && !t.concealed &&
            (!nearest || paces_between(shooter, t) < paces_between(shooter, *nearest)))
            nearest = &t;
    if (!nearest) return "no enemy name in sight";
    const double d = paces_between(shooter, *nearest);
    if (d > range + battle::epsilon)
        return "the nearest enemy name, " + nearest->name + ", is " + std::to_string(static_cast<int>(std::lround(d))) +
               " paces off, beyond their range of " + std::to_string(range);
    return "no enemy name before them within " + std::to_string(range) + " paces (" + nearest->name + " is not before them)";
}

void fire(BattleEntry& e, const ReiversSettings& s, const std::string& side, Dice& dice) {
    for (auto& [id, shooter] : e.battle.units) {
        const CombatFactors f = combat_factors(type_of(shooter));
        if (shooter.side != side || !on_table(shooter) || shooter.concealed || is_fleeing(shooter) || f.range_paces == 0) continue;
        if (!enemies_in_contact(e, s, shooter).empty()) continue;
        // "Only bows and musketeers may fire at range": at the nearest enemy name before them within range.
        Unit* target = nullptr;
        for (auto& [tid, t] : e.battle.units)
            if (t.side != side && on_table(t) && !t.concealed &&
                battle::unit_in_front_within(shooter, t, f.range_paces) &&
                (!target || paces_between(shooter, t) < paces_between(shooter, *target)))
                target = &t;
        if (!target) {
            log_line(e, shooter.name + " do not shoot: " + no_mark(e, shooter, f.range_paces) + ".", {{"unit", shooter.id}});
            continue;
        }
        Score a = ranged_score(e, s, shooter, dice), b = ranged_score(e, s, *target, dice);
        target->markers["under_fire"] = e.battle.turn;
        std::string text = shooter.name + " shoots at " + target->name + ": " + words(a, "ranged") + " against " +
                           words(b, "ranged");
        CombatResult r = CombatResult::continuing;
        if (a.total > b.total) r = combat_result(b.total, a.total, false, s.recoil_flanked == "destroyed");
        // "Equal | Continuing combat ... If ranged combat, both may move normally"; the shooters beaten, nothing either.
        const std::string none = a.total == b.total ? ": equal, no effect (\"If ranged combat, both may move normally\")."
                                                    : ": no effect, " + target->name + " outscore them.";
        log_line(e, text + (r == CombatResult::continuing ? none : ": " + to_string(r) + "."),
                 {{"shooter", shooter.id}, {"target", target->id}, {"scores", {score_json(a), score_json(b)}},
                  {"result", to_string(r)}});
        if (r != CombatResult::continuing) apply_result(e, s, r, *target, shooter, dice);
    }
}

// "winner may follow up": "The winners may chose to close up and engage in another bound of close combat, or
// break off". With follow_up "close" the winner of a melee closes up on a loser that recoiled, when no other enemy
// holds it, so the two fight again at the next bound's end; its heidman breaks off by moving it away in his bound.
void follow_up(BattleEntry& e, const ReiversSettings& s, Unit& winner, const Unit& loser, Point loser_was, Dice& dice) {
    const Point shift{loser.position.x - loser_was.x, loser.position.y - loser_was.y};
    if (s.follow_up != "close" || !on_table(loser) || is_fleeing(loser) || !on_table(winner) || is_fleeing(winner) ||
        std::hypot(shift.x, shift.y) < battle::epsilon || !enemies_in_contact(e, s, winner).empty())
        return;
    const double facing = winner.facing;
    const Walk w = walk(e, s, winner, {winner.position.x + shift.x, winner.position.y + shift.y}, dice);
    winner.position = w.end;
    winner.facing = facing;
    log_line(e, winner.name + " follows up " + std::to_string(static_cast<int>(std::lround(w.reached))) + " paces.",
             {{"unit", winner.id}});
}

void fight(BattleEntry& e, const ReiversSettings& s, Unit& a, Unit& b, Dice& dice) {
    const bool fa = flanked_by(e, s, a, b), fb = flanked_by(e, s, b, a);
    Score sa = close_score(e, s, a, b, fa, dice), sb = close_score(e, s, b, a, fb, dice);
    a.markers["fought"] = b.markers["fought"] = 1;
    Unit& loser = sa.total < sb.total ? a : b;
    Unit& winner = sa.total < sb.total ? b : a;
    const int lo = std::max(0, std::min(sa.total, sb.total)), hi = std::max(0, std::max(sa.total, sb.total));
    CombatResult r = combat_result(lo, hi, &loser == &a ? fa : fb, s.recoil_flanked == "destroyed");
    log_line(e, a.name + " " + words(sa, column(s, a, b)) + " fights " + b.name + " " + words(sb, column(s, b, a)) +
                    ": " + (r == CombatResult::continuing ? "equal, the combat goes on (\"Equal | Continuing combat\")." : loser.name + " " + to_string(r) + "."),
             {{"units", {a.id, b.id}}, {"scores", {score_json(sa), score_json(sb)}}, {"result", to_string(r)},
              {"loser", r == CombatResult::continuing ? json(nullptr) : json(loser.id)}});
    if (r != CombatResult::continuing) {
        loser.markers["lost_melee"] = 1;
        const Point was = loser.position;
        apply_result(e, s, r, loser, winner, dice);
        if (r == CombatResult::recoil) follow_up(e, s, winner, loser, was, dice);
    }
}

void melee(BattleEntry& e, const ReiversSettings& s, const std::string& side, Dice& dice) {
    // A name in ambush touching an enemy lies still ("lies_still": it attacks only by springing or moving, which
    // show it), or shows itself and fights ("fights").
    if (s.hidden_in_contact == "fights")
        for (auto& [id, u] : e.battle.units)
            if (u.concealed && on_table(u) && !enemies_in_contact(e, s, u).empty()) {
                show(u);
                log_line(e, u.name + " breaks from ambush to fight.", {{"unit", id}});
            }
    std::vector<std::int64_t> order;
    for (const auto& [id, u] : e.battle.units)
        if (u.side == side) order.push_back(id);
    for (const auto& [id, u] : e.battle.units)
        if (u.side != side) order.push_back(id);
    for (auto id : order) {
        Unit& a = e.battle.units.at(id);
        if (!on_table(a) || a.concealed || a.marker("fought") > 0) continue;
        for (Unit* b : enemies_in_contact(e, s, a))
            if (b->marker("fought") == 0 && !b->concealed) {
                fight(e, s, a, *b, dice);
                break;
            }
    }
}

// The name a heidman is with in combat: the nearest within reach that fought this bound.
Unit* name_in_combat(BattleEntry& e, const ReiversSettings& s, const Leader& l) {
    Unit* best = nullptr;
    for (auto& [id, u] : e.battle.units)
        if (u.side == l.side && !u.removed && u.marker("fought") > 0 && battle::distance_to_unit(u, l.position) <= s.with_paces &&
            (!best || battle::distance_to_unit(u, l.position) < battle::distance_to_unit(*best, l.position)))
            best = &u;
    return best;
}

Unit* nearest_enemy(BattleEntry& e, const Unit& u) {
    Unit* best = nullptr;
    for (auto& [id, o] : e.battle.units)
        if (o.side != u.side && on_table(o) && !o.concealed && (!best || paces_between(u, o) < paces_between(u, *best)))
            best = &o;
    return best;
}

// Incident 5, "Captured | Test fyrbrand. Flee if failed, attack if passed": the name rides at its nearest enemy
// in sight with its full move, a charge it has tested for already; an enemy it reaches tests to stand, and the
// two fight at the next bound's end.
void attack(BattleEntry& e, const ReiversSettings& s, const Leader& l, Unit& name, Unit* enemy, Dice& dice) {
    if (!enemy) return;
    if (in_contact(s, name, *enemy)) {
        log_line(e, name.name + " fights on to win back " + l.name + ".", {{"unit", name.id}});
        return;
    }
    const Walk w = walk(e, s, name, enemy->position, dice);
    name.position = w.end;
    show(name);
    log_line(e, name.name + " attacks " + enemy->name + " to win back " + l.name + ": " +
                    std::to_string(static_cast<int>(std::lround(w.reached))) + " paces" +
                    (w.contact ? "." : ", not reaching them: " + (w.stopped_by.empty() ? "the move runs out" : stop_words(e, w)) + "."),
             {{"unit", name.id}, {"against", enemy->id}});
    if (w.contact) meet(e, s, name, false, *w.contact, dice, true);
}

void incident_on_names(BattleEntry& e, const ReiversSettings& s, const Leader& l, Unit& name, const Incident& inc, Dice& dice) {
    Unit* enemy = nearest_enemy(e, name);
    const battle::Point from = enemy ? enemy->position : l.position;
    if (inc.names == "flee") flee(e, s, name, from, dice, "its heidman is down");
    else if (inc.names == "recoil") recoil(e, s, name, from, dice);
    else if (inc.names == "fyrebrand_up") name.markers["fyrebrand_up"] += 1;
    else {
        FyrebrandTest t = name_test(e, s, name, enemy, {}, dice, "after the incident");
        if (!t.passed) flee(e, s, name, from, dice, "its heidman is lost");
        else if (inc.names == "test_flee_or_attack") attack(e, s, l, name, enemy, dice);
    }
}

void incidents(BattleEntry& e, const ReiversSettings& s, Dice& dice) {
    for (auto& [id, l] : e.battle.leaders) {
        if (heidman_down(l)) continue;
        Unit* name = name_in_combat(e, s, l);
        if (!name) continue;
        const int a = dice.d6(), b = dice.d6();
        const int roll = incident_roll(a + b, is_fleeing(*name), name->marker("recoiled") > 0);
        if (!is_incident(roll)) {
            log_line(e, l.name + " rolls " + std::to_string(roll) + " for an incident: none.", {{"leader", id}, {"dice", {a, b}}});
            continue;
        }
        const Incident inc = incident_row(dice.d6());
        if (inc.heidman == "death") l.values["fate"] = "dead";
        if (inc.heidman == "captured") l.values["fate"] = "captured";
        if (inc.heidman == "wounded") l.values["wounded"] = true;
        log_line(e, l.name + " rolls " + std::to_string(roll) + ": an incident! " + std::to_string(inc.roll) + ": " +
                        (inc.heidman == "none" ? "no harm to him" : inc.heidman == "death" ? "he is killed" : "he is " + inc.heidman) + ".",
                 {{"leader", id}, {"dice", {a, b}}, {"incident", inc.roll}, {"heidman", inc.heidman}, {"names", inc.names}});
        incident_on_names(e, s, l, *name, inc, dice);
    }
}

void take_herds(BattleEntry& e, const ReiversSettings& s) {
    for (auto& [id, h] : e.battle.units) {
        if (h.removed || fights(type_of(h))) continue;
        Unit* taker = nullptr;
        bool guarded = false;
        for (auto& [oid, o] : e.battle.units) {
            if (!on_table(o) || is_fleeing(o) || !in_contact(s, h, o)) continue;
            if (o.side == h.side) guarded = true;
            else if (!o.concealed) taker = &o;
        }
        if (!taker || guarded) continue;
        h.side = taker->side;
        h.owner = taker->owner;
        h.values["heidman"] = heidman_of(*taker);
        h.markers["taken"] = 1;
        log_line(e, taker->name + " takes " + h.name + ".", {{"units", {taker->id, id}}});
    }
}

void aftermath(BattleEntry& e, const ReiversSettings& s, const std::string& side, Dice& dice) {
    // "If not rallied, the name will flee again in the sides next bound."
    for (auto& [id, u] : e.battle.units)
        if (u.side == side && !u.removed && is_fleeing(u) && u.marker("fleeing") < e.battle.turn) {
            Unit* enemy = nearest_enemy(e, u);
            flee(e, s, u, enemy ? enemy->position : battle::Point{u.position.x, u.position.y - 1}, dice, "not rallied");
        }
    take_herds(e, s);
    // "Under fire" lasts until the shooters' next bound ends ("round": a name shot at may be charged by them
    // while still under fire, as in the book's example), or until its own next bound ends ("bound").
    const int under_fire_bounds = s.under_fire_lasts == "round" ? std::max<int>(1, static_cast<int>(e.battle.sides.size())) : 1;
    for (auto& [id, u] : e.battle.units) {
        for (const char* m : {"fought", "lost", "lost_melee", "recoiled"}) u.markers.erase(m);
        if (u.marker("under_fire") > 0 && e.battle.turn - u.marker("under_fire") >= under_fire_bounds) u.markers.erase("under_fire");
    }
    e.data["craft"] = json::object();
    throw_bound_craft(e, s, side_of_bound(e, s, e.battle.turn + 1), dice);
}

}  // namespace

Score close_score(const BattleEntry& e, const ReiversSettings& s, const Unit& u, const Unit& enemy, bool flanked, Dice& dice) {
    Score sc;
    sc.factor = close_factor(type_of(u), is_mounted(u), is_mounted(enemy), s.factor_column != "enemy");
    const TacticalSituation t = situation(e, s, u, flanked);
    sc.tactical = tactical_factors(t);
    sc.die = combat_die(s, dice);
    sc.die_rolled = s.combat_die != "none";
    sc.total = sc.factor + tactical_total(t) + sc.die;
    return sc;
}

Score ranged_score(const BattleEntry& e, const ReiversSettings& s, const Unit& u, Dice& dice) {
    Score sc;
    sc.factor = combat_factors(type_of(u)).ranged;
    const TacticalSituation t = situation(e, s, u, false);
    sc.tactical = tactical_factors(t);
    sc.die = combat_die(s, dice);
    sc.die_rolled = s.combat_die != "none";
    sc.total = sc.factor + tactical_total(t) + sc.die;
    return sc;
}

void run_step(BattleEntry& e, const std::string& step, Dice& dice) {
    const ReiversSettings s = settings_from(e.settings);
    const std::string side = active_side(e, s);
    // Every step opens with a line to everyone, so what a viewer reads of a step never turns on lines sealed
    // from him (a heidman in ambush rolling for an incident).
    static const std::map<std::string, std::string> heading = {
        {"fire", "Fire at range."}, {"melee", "Melee."}, {"incidents", "Incidents."}, {"aftermath", "The bound's end."}};
    log_line(e, heading.at(step), json::object());
    if (step == "fire") fire(e, s, side, dice);
    else if (step == "melee") melee(e, s, side, dice);
    else if (step == "incidents") incidents(e, s, dice);
    else if (step == "aftermath") aftermath(e, s, side, dice);
}

}  // namespace muster::reivers
