// Ambushes in the turn (the book is silent; docs/rules-notes.md, "Ground, sight and ambushes"): a concealed
// unit shows itself, and the enemy that sees it may be surprised; hidden pieces come upon are discovered.
#include <functional>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth {

using battle::Point;
using battle::Unit;
using namespace detail;

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

namespace detail {

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

}  // namespace detail

}  // namespace muster::oth
