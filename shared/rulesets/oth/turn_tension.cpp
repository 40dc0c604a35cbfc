// The tension step (over-the-hills.txt, "How is it Handled?", "Command & Control"): TPs removed, orders digest.
#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/tension_points.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using nlohmann::json;
using battle::Leader;
using battle::Unit;

namespace {

// "Resting out of sight of the enemy": no enemy unit it can see (a hidden ambush is not seen).
bool enemy_in_sight(Turn& t, const Unit& u) {
    for (const auto& [id, o] : t.b().units)
        if (!o.removed && !o.concealed && o.side != u.side && sees(t, u, o)) return true;
    return false;
}

}  // namespace

void step_tension(Turn& t) {
    const auto& s = t.settings.oth;
    // "Inspiration from a leader -1"
    for (const auto& lj : t.facts.value("inspiring", json::array())) {
        const Leader* l = t.b().leader(lj.get<std::int64_t>());
        if (!l || leader_down(*l)) continue;
        bool any = false;
        for (auto& [id, u] : t.b().units)
            if (!u.removed && u.side == l->side && battle::with_unit(*l, u, t.units(t.settings.with_unit_cm))) {
                any = true;
                u.markers[tp_marker] = apply_tension(tp(u), TensionCause::inspired, s);
                say_of_with_leader(t, u, *l, l->name + " inspires " + unit_label(u) + ".",
                                   {{"unit", u.id}, {"tension_points", tp(u)}});
            }
        // "Leaders had to go to the front": with none of his units, his speech reaches no one.
        if (!any)
            t.say_about(l->concealed, l->side, l->name + " inspires no one: none of his units is with him.");
    }
    // The lines below are written only for a unit with TPs: its own side reads them, or they would tell the
    // enemy that it has some.
    for (auto id : live_units(t.b())) {
        Unit& u = t.b().units.at(id);
        // "Resting out of sight of the enemy -1 per turn"
        if (!enemy_in_sight(t, u) && tp(u) > 0) {
            u.markers[tp_marker] = apply_tension(tp(u), TensionCause::rested_out_of_sight, s);
            t.say_about(true, u.side, unit_label(u) + " rest out of sight.",
                        {{"unit", u.id}, {"tension_points", tp(u)}});
        }
        // "Sight of enemy units running away (any number)": one it saw break this turn (break_and_run).
        if (t.fact_has("saw_running", u.id) && tp(u) > 0 && s.enemy_running_removes_tp) {
            u.markers[tp_marker] = apply_tension(tp(u), TensionCause::saw_enemy_running, s);
            t.say_about(true, u.side, unit_label(u) + " cheer the sight of the enemy running.",
                        {{"unit", u.id}, {"tension_points", tp(u)}});
        }
        // "Roll 1d6 and score Regimental Effectiveness or less"
        if (s.rally_roll_each_turn && tp(u) > 0) {
            auto r = rally_roll(tp(u), effectiveness(u), t.dice);
            u.markers[tp_marker] = r.tension_points;
            t.say_about(true, u.side, rally_line(unit_label(u), r),
                        {{"unit", u.id}, {"rally_die", r.die}, {"removed", r.removed}, {"tension_points", tp(u)},
                         {"how", rally_how(effectiveness(u), r)}});
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

}  // namespace muster::oth::detail
