#include "shared/rulesets/oth/battle_turn.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/cannon.h"
#include "shared/rulesets/oth/cease_fire.h"
#include "shared/rulesets/oth/melee.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/tension_points.h"

// The turn sequence of an Over the Hill battle (docs/protocol.md, "Status and the turn"), after the reveal:
//   1 orders    ORDER cards put pending orders on units (a turn to digest); MOVE moves the leader; ENGAGE marks him
//   2 movement  newly digested ADVANCE / CHARGE / RETREAT test first; units move by the table; the charged test
//   3 fire      musketry (FIRE, HOLD YOUR FIRE, CEASE FIRE) and cannon
//   4 reaction  every unit that received a volley tests ("A reaction test must be taken after each round of musketry")
//   5 melee     each pair of enemy units in contact fights a round; both then test
//   6 tension   inspiration, resting out of sight, enemy seen running, the rally roll; orders digest; next turn
// Ambushes show themselves after the orders and movement steps, and when they move or fire.

namespace muster::oth {

using nlohmann::json;
using battle::Battle;
using battle::Leader;
using battle::LogEntry;
using battle::Point;
using battle::Unit;

// --- unit helpers ---

int value_of(const Unit& u, const char* key, int fallback) {
    auto it = u.values.find(key);
    return it != u.values.end() && it->is_number_integer() ? it->get<int>() : fallback;
}
int drill(const Unit& u) { return value_of(u, "drill"); }
int musketry_of(const Unit& u) { return value_of(u, "musketry"); }
int effectiveness(const Unit& u) { return value_of(u, "effectiveness"); }
int tp(const Unit& u) { return u.marker(tp_marker); }
void add_tp(Unit& u, int delta) { u.markers[tp_marker] = oth::add_tension(tp(u), delta); }
oth::TroopType type_of(const Unit& u) {
    return oth::troop_type_from_name(u.troop_type).value_or(oth::TroopType::formed_infantry);
}
std::string order_of(const Unit& u) { return u.order ? u.order->name : std::string(); }
bool leader_down(const Leader& l) { return l.values.value("fate", std::string("unhurt")) == "killed"; }
std::string unit_label(const Unit& u) { return u.name.empty() ? "unit " + std::to_string(u.id) : u.name; }

void impose(Unit& u, const std::string& order, json details) {
    u.order = battle::Order{order, 0, std::move(details)};
    u.pending_order.reset();
}

// --- the turn ---

double Turn::cm(double table_units) const { return battle.table.to_cm(table_units); }
double Turn::units(double cm) const { return battle.table.from_cm(cm); }

void Turn::say(const std::string& text, const std::string& side, json details) {
    LogEntry pub;
    pub.turn = battle.turn;
    pub.phase = battle.phase;
    pub.text = text;
    battle.log.push_back(pub);
    if (!details.is_null()) {
        LogEntry det = pub;
        det.details = std::move(details);
        if (side.empty()) det.audience = LogEntry::Audience::umpire;
        else det.audience = LogEntry::Audience::side, det.side = side;
        battle.log.push_back(std::move(det));
    }
}

void Turn::say_about(bool concealed, const std::string& side, const std::string& text, json details) {
    if (!concealed) return say(text, side, std::move(details));
    LogEntry l;
    l.turn = battle.turn;
    l.phase = battle.phase;
    l.text = text;
    if (!details.is_null()) l.details = std::move(details);
    l.audience = LogEntry::Audience::side;
    l.side = side;
    battle.log.push_back(std::move(l));
}

void Turn::say_of(const Unit& u, const std::string& text, json details) {
    say_about(u.concealed, u.side, text, std::move(details));
}

void Turn::fact_add(const char* key, std::int64_t id) {
    json& list = facts[key];
    if (!list.is_array()) list = json::array();
    if (std::find(list.begin(), list.end(), json(id)) == list.end()) list.push_back(id);
}

bool Turn::fact_has(const char* key, std::int64_t id) const {
    auto it = facts.find(key);
    return it != facts.end() && std::find(it->begin(), it->end(), json(id)) != it->end();
}

const std::vector<std::string>& steps() {
    static const std::vector<std::string> names = {"orders", "movement", "fire", "reaction", "melee", "tension"};
    return names;
}

namespace {

std::vector<std::int64_t> live_units(const Battle& b) {
    std::vector<std::int64_t> ids;
    for (const auto& [id, u] : b.units)
        if (!u.removed) ids.push_back(id);
    return ids;
}

// over-the-hills.txt, "REACTION TEST RESULTS TABLES": "When in combat, always roll for the Jacobite forces
// before Government forces." Fire, the tests after it and melee take units in this order.
bool jacobite(const Unit& u) { return u.side == "jacobite" || u.side == "jacobites"; }
std::vector<std::int64_t> in_combat_order(const Battle& b, std::vector<std::int64_t> ids) {
    std::stable_partition(ids.begin(), ids.end(), [&](std::int64_t id) { return jacobite(b.units.at(id)); });
    return ids;
}

// The nearest live enemy unit in front of `u` within `range_cm` (any range when negative).
Unit* nearest_enemy_in_front(Turn& t, const Unit& u, double range_cm) {
    Unit* best = nullptr;
    double best_d = 0;
    double range = range_cm < 0 ? 1e12 : t.units(range_cm);
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.concealed || o.side == u.side || !battle::unit_in_front_within(u, o, range)) continue;
        double d = battle::distance_between(u, o);
        if (!best || d < best_d) best = &o, best_d = d;
    }
    return best;
}

bool leader_with(Turn& t, const Unit& u) {
    for (const auto& [id, l] : t.b().leaders)
        if (l.side == u.side && !leader_down(l) && battle::with_unit(l, u, t.units(t.settings.with_unit_cm)))
            return true;
    return false;
}

oth::ReactionCircumstances circumstances(Turn& t, const Unit& u, const Unit* enemy) {
    oth::ReactionCircumstances c;
    const double near = t.units(t.settings.outnumbered_cm);
    int friends = 0, enemies = 0;
    for (const auto& [id, o] : t.b().units) {
        if (o.removed || battle::distance_between(u, o) > near) continue;
        if (o.side == u.side) ++friends;
        else if (o.concealed) continue;  // an ambush not yet seen weighs on no one
        else {
            ++enemies;
            if (battle::arc_of(u, battle::footprint(o).centre()) != battle::Arc::front) c.outflanked = true;
        }
    }
    c.outnumbered = enemies > friends;
    if (enemy) {
        c.enemy_drill_more_than_2_better = oth::drill_more_than_2_better(drill(*enemy), drill(u));
        auto o = order_of(*enemy);
        c.enemy_falling_back = o == "retreat" || o == "run_away" || t.fact_has("fell_back", enemy->id);
    }
    c.leader_with_unit = leader_with(t, u);
    if (type_of(u) == oth::TroopType::gunners)
        for (const auto& [id, o] : t.b().units)
            if (!o.removed && o.id != u.id && o.side == u.side && oth::is_foot(type_of(o)) &&
                battle::distance_between(u, o) <= t.units(t.settings.adjacent_cm))
                c.supported = true;
    return c;
}

json circumstances_json(const oth::ReactionCircumstances& c) {
    return {{"outnumbered", c.outnumbered},
            {"outflanked", c.outflanked},
            {"enemy_drill_more_than_2_better", c.enemy_drill_more_than_2_better},
            {"leader_with_unit", c.leader_with_unit},
            {"supported", c.supported},
            {"enemy_falling_back", c.enemy_falling_back},
            {"umpire_modifier", c.umpire_modifier}};
}

// Each adjacent friendly unit takes a TP (over-the-hills.txt, "How is it Handled?": "Each adjacent friendly
// unit running away or charging forward").
void adjacent_friends_take_tp(Turn& t, const Unit& u, const std::string& why) {
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.id == u.id || o.side != u.side) continue;
        if (battle::distance_between(u, o) > t.units(t.settings.adjacent_cm)) continue;
        add_tp(o, 1);
        // The line names both: it stays with their side while either is concealed (an umpire's result on an ambush).
        t.say_about(o.concealed || u.concealed, o.side, unit_label(o) + " see " + unit_label(u) + " " + why + ".",
                    {{"unit", o.id}, {"tp", 1}, {"tension_points", tp(o)}});
    }
}

// --- moving over the ground, sight ---

// The book gives no terrain effects; these readings are docs/rules-notes.md, "Ground, sight and ambushes".
// Terrain is sampled every quarter of a cm as a unit moves: finer than any ruler at the table.
constexpr double move_step_cm = 0.25;

// Moves u straight along its facing: at most `want_cm` (negative: backward) and no farther than `budget_cm`
// of movement takes it over the terrain (terrain_movement); with `blocked`, it stops against any other unit
// in its way, friend or foe. Returns the cm it went (signed).
double move_straight(Turn& t, Unit& u, double want_cm, double budget_cm, bool blocked = true) {
    if (want_cm == 0) return 0;
    const double sign = want_cm < 0 ? -1 : 1;
    battle::TerrainPace pace;
    pace.factor = t.settings.terrain_movement;
    double reach = battle::distance_over_terrain(u, sign * t.units(std::abs(budget_cm)), t.b().terrain, pace,
                                                 t.units(move_step_cm));
    double go = sign * std::min(std::abs(reach), t.units(std::abs(want_cm)));
    if (blocked) {
        std::vector<const Unit*> others;
        for (const auto& [id, o] : t.b().units)
            if (!o.removed && o.id != u.id) others.push_back(&o);
        go = battle::clear_distance(u, go, others);
    }
    u = battle::moved(u, go);
    return t.cm(go);
}

// Whether the line a-b is clear of terrain that blocks sight (blocks_sight; none listed: nothing blocks).
bool sight_clear(Turn& t, Point a, Point b) {
    const auto& kinds = t.settings.blocks_sight;
    return kinds.empty() || battle::sight_blocked_by(t.b().terrain, a, b, kinds) == nullptr;
}

// Whether unit `a` sees unit `b`: near enough (sight_cm) and a clear line between their middles.
bool sees(Turn& t, const Unit& a, const Unit& b) {
    return t.cm(battle::distance_between(a, b)) <= t.settings.sight_cm + battle::epsilon &&
           sight_clear(t, battle::footprint(a).centre(), battle::footprint(b).centre());
}

void run_away_now(Turn& t, Unit& u) {
    int rate = oth::movement_cm(type_of(u), oth::MoveAction::run_away, drill(u), t.settings.oth);
    if (!(u.order && u.order->name == "run_away" && u.order->details.value("turned", false)))
        u = battle::turned(u, 180);
    // Men running away stream past their friends: terrain holds them up, other units do not.
    move_straight(t, u, rate, rate, false);
    impose(u, "run_away", {{"turned", true}});
    const auto& table = t.b().table;
    if (!table.contains(u.position.x, u.position.y)) u.removed = true;
}

}  // namespace

// Applies a reaction result to a unit (over-the-hills.txt, "REACTION TEST RESULTS TABLES", the keys).
void apply_result(Turn& t, Unit& u, oth::ReactionResult r) {
    using R = oth::ReactionResult;
    const std::string o = order_of(u);
    switch (r) {
        case R::ok: break;
        case R::na:  // "No advance closer to the enemy"
            if (o == "advance" || o == "charge" || o == "follow_me") u.order.reset();
            break;
        case R::fb: {  // "Fall back for a turn (take 1 TP)"
            add_tp(u, oth::reaction_result_tp(r));
            int back = oth::movement_cm(type_of(u), oth::MoveAction::backward, drill(u), t.settings.oth);
            move_straight(t, u, -back, -back);
            if (o == "advance" || o == "charge" || o == "follow_me") u.order.reset();
            t.fact_add("fell_back", u.id);
            break;
        }
        case R::ra: {  // "Run Away (take 1 TP)"; "+15 for each time the regiment ran away"
            add_tp(u, oth::reaction_result_tp(r));
            if (order_of(u) != "run_away") t.tallies[u.id].times_ran_away += 1;
            const Unit stood = u;  // the friends beside it where it stood see it go
            run_away_now(t, u);
            t.fact_add("ran", u.id);
            adjacent_friends_take_tp(t, stood, "run away");
            break;
        }
        case R::ch: impose(u, "charge"); break;  // "Charge nearest enemy"
        case R::cf: impose(u, "cease_fire", {{"obeyed", true}}); break;  // "Cease firing (and hide under guns)"
    }
}

// One reaction test and its result, logged.
oth::ReactionResult test_unit(Turn& t, Unit& u, const Unit* enemy, const std::string& why,
                              std::optional<oth::ReactionCircumstances> given) {
    auto c = given ? *given : circumstances(t, u, enemy);
    const int before = tp(u);
    auto out = oth::reaction_test(type_of(u), before, c, t.dice);
    apply_result(t, u, out.result);
    std::string code(oth::reaction_result_code(out.result));
    std::string text = unit_label(u) + " (" + why + "): ";
    switch (out.result) {
        case oth::ReactionResult::ok: text += "they hold"; break;
        case oth::ReactionResult::na: text += "they will not advance"; break;
        case oth::ReactionResult::fb: text += "they fall back"; break;
        case oth::ReactionResult::ra: text += "they run away"; break;
        case oth::ReactionResult::ch: text += "they charge"; break;
        case oth::ReactionResult::cf: text += "they cease firing"; break;
    }
    t.say_of(u, text + ".",
             {{"unit", u.id}, {"test", why}, {"die", out.die}, {"modifier", out.modifier}, {"row", out.row},
              {"column", out.column}, {"result", code}, {"circumstances", circumstances_json(c)},
              {"tension_points", tp(u)}});
    return out.result;
}

// --- ambushes ---

// A concealed unit shows itself: the line is public, and each enemy unit that sees it may be surprised
// (over-the-hills.txt, "A Reaction Test is taken when ... 4. When surprised by new events"; ambush_surprise).
void reveal(Turn& t, Unit& u, const std::string& how) {
    if (!u.concealed) return;
    u.concealed = false;
    t.fact_add("revealed", u.id);
    t.say("An ambush! " + unit_label(u) + " " + how + ".", u.side, {{"unit", u.id}});
    if (!t.settings.ambush_surprise) return;
    for (auto id : live_units(t.b())) {
        Unit& o = t.b().units.at(id);
        if (o.removed || o.side == u.side || o.concealed || t.fact_has("surprised", o.id) || !sees(t, o, u)) continue;
        t.fact_add("surprised", o.id);
        test_unit(t, o, &u, "surprised by an ambush");
    }
}

namespace {

// Concealed units and leaders are seen once an enemy unit or leader comes within spot_cm of them.
void spot_ambushes(Turn& t) {
    const double near = t.units(t.settings.spot_cm) + battle::epsilon;
    auto enemy_near = [&](const std::string& side, const std::function<double(const Unit&)>& to_unit,
                          const std::function<double(Point)>& to_point) {
        for (const auto& [id, o] : t.b().units)
            if (!o.removed && !o.concealed && o.side != side && to_unit(o) <= near) return true;
        for (const auto& [id, l] : t.b().leaders)
            if (!l.concealed && !leader_down(l) && l.side != side && to_point(l.position) <= near) return true;
        return false;
    };
    for (auto id : live_units(t.b())) {
        Unit& u = t.b().units.at(id);
        if (u.concealed && enemy_near(u.side, [&](const Unit& o) { return battle::distance_between(u, o); },
                                      [&](Point p) { return battle::distance_to_unit(u, p); }))
            reveal(t, u, "are discovered");
    }
    for (auto& [id, l] : t.b().leaders) {
        const Point at = l.position;
        if (l.concealed && enemy_near(l.side, [&](const Unit& o) { return battle::distance_to_unit(o, at); },
                                      [&](Point p) { return battle::distance(at, p); })) {
            l.concealed = false;
            t.say(l.name + " is discovered.");
        }
    }
}

// --- the steps ---

void step_orders(Turn& t) {
    const auto cards = t.facts.value("cards", json::array());
    for (const auto& c : cards) {
        auto user = c.at("user").get<std::int64_t>();
        const json& item = c.at("item");
        const Leader* l = t.b().leader_of(user);
        if (!l) continue;
        Leader& leader = t.b().leaders.at(l->id);
        const std::string card = item.value("card", "");
        const oth::OrderCard* oc = oth::find_card(card);
        if (!oc) continue;
        if (oc->kind == oth::CardKind::order && oc->order) {
            auto it = t.b().units.find(item.value("unit", std::int64_t{0}));
            if (it == t.b().units.end() || it->second.removed) continue;
            Unit& u = it->second;
            std::string name(oth::order_name(*oc->order));
            json details = {{"leader", leader.id}, {"new", true}};
            // over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
            if (t.settings.oth.digest_turns <= 0) impose(u, name, details);
            else u.pending_order = battle::Order{name, t.settings.oth.digest_turns, details};
            t.say_of(u, leader.name + " orders " + unit_label(u) + ": " + std::string(oc->name) + ".",
                     {{"unit", u.id}, {"order", name}, {"digest", t.settings.oth.digest_turns}});
        } else if (oc->kind == oth::CardKind::move && item.contains("to")) {
            // "Leaders can move 40cm per turn on horseback."
            Point to = item.at("to").get<Point>();
            double d = battle::distance(leader.position, to), max = t.units(oth::leader_movement_cm);
            if (d > max && d > 0) {
                double k = max / d;
                to = {leader.position.x + (to.x - leader.position.x) * k, leader.position.y + (to.y - leader.position.y) * k};
            }
            leader.position = to;
            t.say_about(leader.concealed, leader.side, leader.name + " rides to a new position.");
        } else if (oc->kind == oth::CardKind::engage) {
            t.fact_add("engaged", leader.id);
            t.say_about(leader.concealed, leader.side, leader.name + " joins the fight.");
        } else if (oc->kind == oth::CardKind::inspire) {
            t.fact_add("inspiring", leader.id);
        }
    }
    spot_ambushes(t);
}

void step_movement(Turn& t) {
    const auto& s = t.settings.oth;
    for (auto id : live_units(t.b())) {
        Unit& u = t.b().units.at(id);
        if (u.removed || !u.order) continue;
        const std::string o = u.order->name;
        // Reaction tests "Ordered to advance/charge" and "Ordered to fall back in the face of the enemy".
        if (u.order->details.value("new", false)) {
            u.order->details["new"] = false;
            if (o == "advance" || o == "charge" || (o == "retreat" && nearest_enemy_in_front(t, u, 50))) {
                Unit* enemy = nearest_enemy_in_front(t, u, -1);
                test_unit(t, u, enemy, o == "retreat" ? "ordered to fall back" : "ordered to " + o);
                if (u.removed || !u.order || u.order->name != o) continue;
            }
        }
        const auto type = type_of(u);
        // A concealed unit that moves shows itself.
        static const std::set<std::string> moving = {"advance", "charge", "retreat", "run_away", "wheel_left",
                                                     "wheel_right", "follow_me"};
        if (u.concealed && moving.count(o)) {
            reveal(t, u, o == "charge" ? "charge from cover" : "break cover");
            if (u.removed || !u.order || u.order->name != o) continue;
        }
        if (o == "advance") {
            int rate = oth::movement_cm(type, oth::MoveAction::forward, drill(u), s);
            double go = rate;
            // ADVANCE: "Move forward until within effective shooting distance": stop at 4 + MUS cm.
            if (Unit* enemy = nearest_enemy_in_front(t, u, -1)) {
                double d = t.cm(battle::distance_between(u, *enemy));
                go = std::clamp(d - oth::musketry_range_cm(musketry_of(u)), 0.0, double(rate));
            }
            go = move_straight(t, u, go, rate);
            t.say(unit_label(u) + " advance.", u.side, {{"unit", u.id}, {"cm", go}});
        } else if (o == "charge") {
            int rate = oth::movement_cm(type, oth::MoveAction::rush_to_contact, drill(u), s);
            Unit* enemy = nearest_enemy_in_front(t, u, rate);
            double go = rate;
            if (enemy) go = std::min(double(rate), t.cm(battle::distance_between(u, *enemy)));
            const Unit stood = u;  // the friends beside it where it stood see it go
            go = move_straight(t, u, go, rate);
            t.say(unit_label(u) + " charge!", u.side, {{"unit", u.id}, {"cm", go}});
            adjacent_friends_take_tp(t, stood, "charge forward");
            if (enemy && battle::in_contact(u, *enemy)) {
                t.fact_add("charged", enemy->id);
                // "A Reaction Test is taken when ... 1. Enemy charging towards you"
                test_unit(t, *enemy, &u, "charged");
            }
        } else if (o == "retreat") {
            int rate = oth::movement_cm(type, oth::MoveAction::backward, drill(u), s);
            double gone = -move_straight(t, u, -rate, -rate);
            t.say(unit_label(u) + " fall back.", u.side, {{"unit", u.id}, {"cm", gone}});
        } else if (o == "run_away") {
            run_away_now(t, u);
            t.say(unit_label(u) + (u.removed ? " run off the table." : " run away."));
        } else if (o == "wheel_left" || o == "wheel_right") {
            int rate = oth::movement_cm(type, oth::MoveAction::wheel, drill(u), s);
            u = battle::wheeled(u, t.units(rate), o == "wheel_left" ? battle::Wheel::left : battle::Wheel::right);
            t.say(unit_label(u) + " wheel.", u.side, {{"unit", u.id}, {"cm", rate}});
        } else if (o == "form_square" || o == "form_column" || o == "form_line") {
            auto f = o == "form_square" ? battle::Formation::square
                     : o == "form_column" ? battle::Formation::column : battle::Formation::line;
            if (u.formation != f) {
                u.formation = f;
                u.formation_name.clear();
                t.say_of(u, unit_label(u) + " form " + o.substr(5) + ".");
            }
        } else if (o == "follow_me") {
            const Leader* l = t.b().leader(u.order->details.value("leader", std::int64_t{0}));
            if (!l || battle::with_unit(*l, u, t.units(t.settings.with_unit_cm))) continue;
            u = battle::turned(u, battle::bearing(u.position, l->position) - u.facing);
            int rate = oth::movement_cm(type, oth::MoveAction::forward, drill(u), s);
            double go = std::min(double(rate), t.cm(battle::distance(u.position, l->position)));
            go = move_straight(t, u, go, rate);
            // "The unit will follow wherever you go, but will tend to become disorganised."
            add_tp(u, t.settings.follow_me_tp);
            t.say(unit_label(u) + " follow their leader.", u.side,
                  {{"unit", u.id}, {"cm", go}, {"tp", t.settings.follow_me_tp}, {"tension_points", tp(u)}});
        }
    }
    spot_ambushes(t);
}

int depth_in_bases(const Unit& u) {
    auto f = battle::footprint(u);
    return static_cast<int>(std::lround(f.depth / u.base_depth));
}

void step_fire(Turn& t) {
    const auto& s = t.settings.oth;
    for (auto id : in_combat_order(t.b(), live_units(t.b()))) {
        Unit& u = t.b().units.at(id);
        if (u.removed) continue;
        const std::string o = order_of(u);
        if (type_of(u) == oth::TroopType::gunners) {
            if (!(o.empty() || o == "fire")) continue;
            Unit* target = nearest_enemy_in_front(t, u, oth::ball_range_cm);
            if (!target) continue;
            if (u.concealed) {
                reveal(t, u, "open fire from cover");
                target = u.removed ? nullptr : nearest_enemy_in_front(t, u, oth::ball_range_cm);
                if (!target) continue;
            }
            double d = t.cm(battle::distance_between(u, *target));
            int guns = std::max(1, value_of(u, "guns", 1));
            int hits = 0;
            json shots = json::array();
            for (int g = 0; g < guns; ++g) {
                auto c = oth::cannon(d, depth_in_bases(*target), t.dice);
                shots.push_back({{"shot", oth::cannon_shot_name(c.shot)}, {"die", c.die}, {"modified", c.modified},
                                 {"needed", c.needed}, {"hit", c.hit}});
                hits += c.tp;
            }
            add_tp(*target, hits);
            if (!t.fact_has("cannon_targets", target->id)) t.tallies[target->id].turns_fired_on_by_cannon += 1;
            t.fact_add("cannon_targets", target->id);
            t.say(unit_label(u) + " fire on " + unit_label(*target) + ".", u.side,
                  {{"unit", u.id}, {"target", target->id}, {"cm", d}, {"shots", shots}, {"hits", hits}});
            continue;
        }
        bool held = false;
        double range = oth::musketry_range_cm(musketry_of(u));
        if (o == "hold_your_fire") {
            // "The unit will wait until the enemy is close before starting to shoot."
            range = std::min(range, t.settings.hold_fire_close_cm);
            held = true;
        } else if (o == "cease_fire") {
            if (u.order->details.value("obeyed", false)) continue;
            auto cf = oth::cease_fire(s, t.dice);
            t.say_of(u, unit_label(u) + (cf.obeyed ? " cease firing." : " do not hear the order to cease fire."),
                     {{"unit", u.id}, {"cease_fire_die", cf.die}, {"obeyed", cf.obeyed}});
            if (cf.obeyed) {
                u.order->details["obeyed"] = true;
                continue;
            }
        } else if (o != "fire") {
            continue;
        }
        Unit* target = nearest_enemy_in_front(t, u, range);
        if (!target) continue;
        if (u.concealed) {
            // Showing itself may send the target back (its surprise test): aim again.
            reveal(t, u, "open fire from cover");
            target = u.removed ? nullptr : nearest_enemy_in_front(t, u, range);
            if (!target) continue;
        }
        double d = t.cm(battle::distance_between(u, *target));
        oth::MusketryFire fire{musketry_of(u), u.bases, held};
        auto m = oth::musketry(fire, d, s, t.dice);
        if (held) impose(u, "fire");
        add_tp(*target, m.tp);
        // "+10 for each turn of musketry it received"
        if (!t.fact_has("volleyed", target->id)) t.tallies[target->id].turns_of_musketry_received += 1;
        t.fact_add("volleyed", target->id);
        t.say(unit_label(u) + " fire a volley at " + unit_label(*target) + ".", u.side,
              {{"unit", u.id}, {"target", target->id}, {"cm", d}, {"die", m.die}, {"modified", m.modified},
               {"needed", m.needed}, {"inflicted", m.inflicted}, {"tp", m.tp}});
    }
}

}  // namespace

// The enemy nearest to u among those that fired on it (for "Enemy facing unit's Drill more than 2 better").
Unit* nearest_enemy(Turn& t, const Unit& u) {
    Unit* best = nullptr;
    double best_d = 0;
    for (auto& [id, o] : t.b().units) {
        if (o.removed || o.concealed || o.side == u.side) continue;
        double d = battle::distance_between(u, o);
        if (!best || d < best_d) best = &o, best_d = d;
    }
    return best;
}

namespace {

void step_reaction(Turn& t) {
    // "A reaction test must be taken after each round of musketry or melee."
    std::vector<std::int64_t> volleyed;
    for (const auto& idj : t.facts.value("volleyed", json::array())) volleyed.push_back(idj.get<std::int64_t>());
    for (auto id : in_combat_order(t.b(), volleyed)) {
        Unit& u = t.b().units.at(id);
        if (u.removed) continue;
        test_unit(t, u, nearest_enemy(t, u), "under musketry");
    }
}


bool engaged_leader(Turn& t, const Unit& u, Leader** who) {
    for (auto& [id, l] : t.b().leaders)
        if (l.side == u.side && !leader_down(l) && t.fact_has("engaged", l.id) &&
            battle::with_unit(l, u, t.units(t.settings.with_unit_cm))) {
            *who = &l;
            return true;
        }
    return false;
}

void step_melee(Turn& t) {
    const auto& s = t.settings.oth;
    auto ids = live_units(t.b());
    for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j) {
            Unit* a = &t.b().units.at(ids[i]);
            Unit* b = &t.b().units.at(ids[j]);
            if (a->removed || b->removed || a->side == b->side || !battle::in_contact(*a, *b)) continue;
            if (jacobite(*b) && !jacobite(*a)) std::swap(a, b);
            Leader* la = nullptr;
            Leader* lb = nullptr;
            auto side_of = [&](Unit& u, Leader** l) {
                oth::MeleeSide m;
                m.kind = oth::melee_kind(type_of(u), s, u.values.value("battle_cavalry", false));
                m.drill = drill(u);
                m.effectiveness = effectiveness(u);
                m.leader_engaged = engaged_leader(t, u, l);
                return m;
            };
            auto ma = side_of(*a, &la), mb = side_of(*b, &lb);
            auto out = oth::melee_round(ma, mb, s, t.dice);
            auto settle = [&](Unit& u, Leader* l, const oth::MeleeSideOutcome& o) {
                add_tp(u, o.tp_total());
                const bool leader_hit = l && o.leader != oth::LeaderFate::unhurt;
                if (leader_hit) l->values["fate"] = std::string(oth::leader_fate_name(o.leader));
                const std::string fate =
                    leader_hit ? "; " + l->name + " is " + std::string(oth::leader_fate_name(o.leader)) : std::string();
                t.say_of(u, unit_label(u) + " fight hand to hand" + fate + ".",
                         {{"unit", u.id}, {"rolled", o.rolled}, {"die", o.die}, {"target", o.target},
                          {"inflicts_extra", o.inflicts_extra}, {"leader_hit_die", o.leader_hit_die},
                          {"leader_fate_die", o.leader_fate_die}, {"tp", o.tp_total()}, {"tension_points", tp(u)}});
            };
            settle(*a, la, out.first);
            settle(*b, lb, out.second);
            test_unit(t, *a, b, "after melee");
            test_unit(t, *b, a, "after melee");
        }
}

// "Resting out of sight of the enemy": no enemy unit it can see (a hidden ambush is not seen).
bool enemy_in_sight(Turn& t, const Unit& u) {
    for (const auto& [id, o] : t.b().units)
        if (!o.removed && !o.concealed && o.side != u.side && sees(t, u, o)) return true;
    return false;
}

void step_tension(Turn& t) {
    const auto& s = t.settings.oth;
    // "Inspiration from a leader -1"
    for (const auto& lj : t.facts.value("inspiring", json::array())) {
        const Leader* l = t.b().leader(lj.get<std::int64_t>());
        if (!l || leader_down(*l)) continue;
        for (auto& [id, u] : t.b().units)
            if (!u.removed && u.side == l->side && battle::with_unit(*l, u, t.units(t.settings.with_unit_cm))) {
                u.markers[tp_marker] = oth::apply_tension(tp(u), oth::TensionCause::inspired, s);
                t.say_of(u, l->name + " inspires " + unit_label(u) + ".", {{"unit", u.id}, {"tension_points", tp(u)}});
            }
    }
    std::set<std::string> sides_running;
    for (const auto& r : t.facts.value("ran", json::array()))
        if (const Unit* u = t.b().unit(r.get<std::int64_t>())) sides_running.insert(u->side);
    for (auto id : live_units(t.b())) {
        Unit& u = t.b().units.at(id);
        // "Resting out of sight of the enemy -1 per turn"
        if (!enemy_in_sight(t, u) && tp(u) > 0) {
            u.markers[tp_marker] = oth::apply_tension(tp(u), oth::TensionCause::rested_out_of_sight, s);
            t.say_of(u, unit_label(u) + " rest out of sight.", {{"unit", u.id}, {"tension_points", tp(u)}});
        }
        // "Sight of enemy units running away (any number)"
        bool enemy_ran = false;
        for (const auto& side : sides_running)
            if (side != u.side) enemy_ran = true;
        if (enemy_ran && tp(u) > 0 && s.enemy_running_removes_tp) {
            u.markers[tp_marker] = oth::apply_tension(tp(u), oth::TensionCause::saw_enemy_running, s);
            t.say_of(u, unit_label(u) + " cheer the sight of the enemy running.",
                     {{"unit", u.id}, {"tension_points", tp(u)}});
        }
        // "Roll 1d6 and score Regimental Effectiveness or less"
        if (s.rally_roll_each_turn && tp(u) > 0) {
            auto r = oth::rally_roll(tp(u), effectiveness(u), t.dice);
            u.markers[tp_marker] = r.tension_points;
            t.say_of(u, unit_label(u) + " steady themselves.",
                     {{"unit", u.id}, {"rally_die", r.die}, {"removed", r.removed}, {"tension_points", tp(u)}});
        }
    }
    // Orders digest: "It takes one turn for a unit to digest a new order."
    for (auto& [id, u] : t.b().units) {
        if (!u.pending_order) continue;
        u.pending_order->digest -= 1;
        if (u.pending_order->digest <= 0) {
            u.order = battle::Order{u.pending_order->name, 0, u.pending_order->details};
            u.pending_order.reset();
        }
    }
}

}  // namespace

void run_step(Turn& t, const std::string& step) {
    t.battle.phase = step;
    const std::size_t before = t.battle.log.size();
    if (step == "orders") step_orders(t);
    else if (step == "movement") step_movement(t);
    else if (step == "fire") step_fire(t);
    else if (step == "reaction") step_reaction(t);
    else if (step == "melee") step_melee(t);
    else if (step == "tension") step_tension(t);
    // Every step leaves a public line, so all can follow the turn even when nothing happens (or only an
    // ambush's side knows what did).
    bool public_line = false;
    for (std::size_t i = before; i < t.battle.log.size(); ++i)
        if (t.battle.log[i].audience == LogEntry::Audience::all) public_line = true;
    if (!public_line) {
        std::string name = step;
        name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
        t.say(name + ": nothing to see.");
    }
}

}  // namespace muster::oth
