// The movement step (over-the-hills.txt, "Movement"): the tests of newly digested orders, then each unit
// carries out its order at the table's rates.
#include <algorithm>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using battle::Leader;
using battle::Unit;

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
            int rate = movement_cm(type, MoveAction::forward, drill(u), s);
            double go = rate;
            // ADVANCE: "Move forward until within effective shooting distance": stop at 4 + MUS cm.
            if (Unit* enemy = nearest_enemy_in_front(t, u, -1)) {
                double d = t.cm(battle::distance_between(u, *enemy));
                go = std::clamp(d - musketry_range_cm(musketry_of(u)), 0.0, double(rate));
            }
            go = move_straight(t, u, go, rate);
            t.say(unit_label(u) + " advance.", u.side, {{"unit", u.id}, {"cm", go}});
        } else if (o == "charge") {
            int rate = movement_cm(type, MoveAction::rush_to_contact, drill(u), s);
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
            int rate = movement_cm(type, MoveAction::backward, drill(u), s);
            double gone = -move_straight(t, u, -rate, -rate);
            t.say(unit_label(u) + " fall back.", u.side, {{"unit", u.id}, {"cm", gone}});
        } else if (o == "run_away") {
            run_away_now(t, u);
            t.say(unit_label(u) + (u.removed ? " run off the table." : " run away."));
        } else if (o == "wheel_left" || o == "wheel_right") {
            int rate = movement_cm(type, MoveAction::wheel, drill(u), s);
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
            int rate = movement_cm(type, MoveAction::forward, drill(u), s);
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

}  // namespace muster::oth::detail
