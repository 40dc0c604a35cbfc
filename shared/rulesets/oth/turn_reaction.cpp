// Reaction tests in the turn (over-the-hills.txt, "REACTION TEST RESULTS TABLES"): a test rolled with the
// circumstances read from the table, its result applied, and the reaction step: "A reaction test must be
// taken after each round of musketry or melee."
#include <algorithm>
#include <string>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/order_words.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth {

using nlohmann::json;
using battle::Unit;
using namespace detail;

namespace {

// "Ch Charge nearest enemy": the unit turns to face the nearest enemy it can see, unless it is at grips with an
// enemy already (it charges the one it is fighting).
void face_nearest_enemy(Turn& t, Unit& u) {
    for (const auto& [id, o] : t.b().units)
        if (!o.removed && o.side != u.side && battle::in_contact(u, o)) return;
    if (const Unit* e = nearest_enemy_seen(t, u, false))
        u = battle::turned(u, battle::bearing(u.position, battle::footprint(*e).centre()) - u.facing);
}

// "Enemy facing unit's Drill more than 2 better" after musketry: the enemy that shot the unit (the nearest, if
// several did), else the nearest enemy.
Unit* shooter_of(Turn& t, const Unit& u) {
    Unit* best = nullptr;
    double best_d = 0;
    const json by = t.facts.value("volleyed_by", json::object()).value(std::to_string(u.id), json::array());
    for (const auto& idj : by) {
        auto it = t.b().units.find(idj.get<std::int64_t>());
        if (it == t.b().units.end() || it->second.removed) continue;
        double d = battle::distance_between(u, it->second);
        if (!best || d < best_d) best = &it->second, best_d = d;
    }
    return best ? best : nearest_enemy(t, u);
}

// NA and FB end an ADVANCE, CHARGE or FOLLOW ME (docs/rules-notes.md, "The turn in play"): said in words, so
// that the unit standing still in the turns after is not a mystery.
void end_moving_order(Turn& t, Unit& u, const std::string& o, ReactionResult r) {
    if (!(o == "advance" || o == "charge" || o == "follow_me")) return;
    u.order.reset();
    t.say_of(u, order_card_name(o) + ": " + unit_label(u) + " give it up (" + std::string(reaction_result_code(r)) + ", \"" +
                    std::string(reaction_result_meaning(r, type_of(u))) + "\"): they stand until given a new order.");
}

}  // namespace

// Applies a reaction result to a unit (over-the-hills.txt, "REACTION TEST RESULTS TABLES", the keys).
void apply_result(Turn& t, Unit& u, ReactionResult r) {
    using R = ReactionResult;
    const std::string o = order_of(u);
    switch (r) {
        case R::ok: break;
        case R::na:  // "No advance closer to the enemy"
            end_moving_order(t, u, o, r);
            break;
        case R::fb: {  // "Fall back for a turn (take 1 TP)"
            add_tp(u, reaction_result_tp(r));
            int back = movement_cm(type_of(u), MoveAction::backward, drill(u), t.settings.oth);
            move_straight(t, u, -back, -back);
            end_moving_order(t, u, o, r);
            t.fact_add("fell_back", u.id);
            break;
        }
        case R::ra:  // "Run Away (take 1 TP)"
            add_tp(u, reaction_result_tp(r));
            break_and_run(t, u);
            break;
        case R::ch:  // "Charge nearest enemy"; a unit charging already charges on (one charge)
            if (o == "charge") break;
            face_nearest_enemy(t, u);
            impose(u, "charge");
            break;
        case R::cf: impose(u, "cease_fire", {{"obeyed", true}}); break;  // "Cease firing (and hide under guns)"
    }
}

// One reaction test and its result, logged.
ReactionResult test_unit(Turn& t, Unit& u, const Unit* enemy, const std::string& why,
                         std::optional<ReactionCircumstances> given) {
    auto c = given ? *given : circumstances(t, u, enemy);
    const int before = tp(u);
    auto out = reaction_test(type_of(u), before, c, t.dice);
    const std::size_t effects = t.b().log.size();
    apply_result(t, u, out.result);
    const std::size_t test_line = t.b().log.size();
    const TroopType type = type_of(u);
    t.say_of(u, reaction_line(unit_label(u), why, out.result, type),
             {{"unit", u.id}, {"test", why}, {"die", out.die}, {"modifier", out.modifier}, {"row", out.row},
              {"column", out.column}, {"result", std::string(reaction_result_code(out.result))},
              {"circumstances", circumstances_json(c)}, {"tension_points", tp(u)},
              {"how", reaction_how(type, why, c, out, tp(u))}});
    // The test's line first, then what its result led to (an order given up, friends seeing it run).
    auto& log = t.b().log;
    std::rotate(log.begin() + static_cast<std::ptrdiff_t>(effects), log.begin() + static_cast<std::ptrdiff_t>(test_line), log.end());
    return out.result;
}

// The nearest live enemy unit not concealed, at any range (the umpire's test when he names no enemy).
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

namespace detail {

void step_reaction(Turn& t) {
    // "A reaction test must be taken after each round of musketry or melee."
    std::vector<std::int64_t> volleyed;
    for (const auto& idj : t.facts.value("volleyed", json::array())) volleyed.push_back(idj.get<std::int64_t>());
    for (auto id : in_combat_order(t.b(), volleyed)) {
        Unit& u = t.b().units.at(id);
        if (u.removed) continue;
        test_unit(t, u, shooter_of(t, u), "under musketry");
    }
}

}  // namespace detail

}  // namespace muster::oth
