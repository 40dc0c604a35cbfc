// The melee step (over-the-hills.txt, "Melee", "4. Engage in A Fight"): each pair of enemy units in contact
// fights a round, Jacobites first; both then test.
#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/melee.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using battle::Leader;
using battle::Unit;

namespace {

bool engaged_leader(Turn& t, const Unit& u, Leader** who) {
    for (auto& [id, l] : t.b().leaders)
        if (l.side == u.side && !leader_down(l) && t.fact_has("engaged", l.id) &&
            battle::with_unit(l, u, t.units(t.settings.with_unit_cm))) {
            *who = &l;
            t.fact_add("fought", l.id);
            return true;
        }
    return false;
}

}  // namespace

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
                MeleeSide m;
                m.kind = melee_kind(type_of(u), s, u.values.value("battle_cavalry", false));
                m.drill = drill(u);
                m.effectiveness = effectiveness(u);
                m.leader_engaged = engaged_leader(t, u, l);
                return m;
            };
            auto ma = side_of(*a, &la), mb = side_of(*b, &lb);
            auto out = melee_round(ma, mb, s, t.dice);
            auto settle = [&](Unit& u, Leader* l, const MeleeSide& m, const MeleeSideOutcome& o) {
                add_tp(u, o.tp_total());
                const bool leader_hit = l && o.leader != LeaderFate::unhurt;
                if (leader_hit) l->values["fate"] = std::string(leader_fate_name(o.leader));
                t.say_of(u, unit_label(u) + " fight hand to hand.",
                         {{"unit", u.id}, {"rolled", o.rolled}, {"die", o.die}, {"target", o.target},
                          {"inflicts_extra", o.inflicts_extra}, {"leader_hit_die", o.leader_hit_die},
                          {"leader_fate_die", o.leader_fate_die}, {"tp", o.tp_total()}, {"tension_points", tp(u)},
                          {"how", melee_how(m, o, s, tp(u))}});
                // A line of its own: it names the leader, who may be hidden from the enemy though his men are not.
                if (leader_hit)
                    say_of_with_leader(t, u, *l, l->name + " is " + std::string(leader_fate_name(o.leader)) + ".");
            };
            settle(*a, la, ma, out.first);
            settle(*b, lb, mb, out.second);
            test_unit(t, *a, b, "after melee");
            test_unit(t, *b, a, "after melee");
        }
    // "4. Engage in A Fight": a leader who played the card but found none of his men at grips with the enemy.
    for (const auto& lj : t.facts.value("engaged", nlohmann::json::array())) {
        const Leader* l = t.b().leader(lj.get<std::int64_t>());
        if (!l || leader_down(*l) || t.fact_has("fought", l->id)) continue;
        t.say_about(l->concealed, l->side, l->name + " finds no fight to join: no unit he is with is in hand to hand combat.");
    }
}

}  // namespace muster::oth::detail
