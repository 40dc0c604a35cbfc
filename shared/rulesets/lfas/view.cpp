#include "shared/rulesets/lfas/ruleset.h"

#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/plan.h"
#include "shared/rulesets/lfas/tables.h"

namespace muster::lfas {

using nlohmann::json;

// What a viewer sees of the book's own fields (docs/protocol.md, "Loose Files and American Scramble", the view),
// built from nothing: his side's command points, what each unit he commands may do (its movement dice, the DP risk
// of each die, its targets), the standoffs and pending retreats every one at the table sees.
json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    const bool umpire = viewer.is_umpire();
    json cp = json::object();
    const json all_cp = e.data.value("cp", json::object());
    for (const auto& [id, l] : e.battle.leaders) {
        if (!umpire && (side.empty() || l.side != side)) continue;
        const json c = all_cp.value(std::to_string(id), json());
        if (c.is_object()) cp[std::to_string(id)] = {{"points", c.value("points", 0)}, {"left", c.value("left", 0)}};
    }
    json standoffs = e.data.value("standoffs", json::array());
    json written = json::array();
    for (const auto& w : e.data.value("written", json::array())) {
        const Unit* u = e.battle.unit(w.value("unit", std::int64_t{0}));
        if (u && (umpire || u->side == side)) written.push_back(w);
    }
    json hints = json::object();
    const Leader* me = viewer.role == Role::player ? e.battle.leader_of(viewer.user) : nullptr;
    if (me && e.status == "cards")
        for (const auto& [id, u] : e.battle.units) {
            if (u.removed || !commands(*me, u)) continue;
            json h = unit_hints(e, u);
            // "Orders given directly by a commander require the unit to be within 6" command range": how far from
            // his commander it stands now, so that his page offers an order only to those within it.
            const double d = battle::distance_to_unit(u, me->position);
            h["command_inches"] = std::round(d * 10) / 10;
            h["in_command_range"] = d <= command_range + battle::epsilon;
            hints[std::to_string(id)] = std::move(h);
        }
    const std::string acting = acting_side(e);
    const bool may_act = me && e.status == "cards" && !leader_out(*me) && (acting.empty() || acting == me->side);
    return {{"lfas", {{"cp", std::move(cp)}, {"standoffs", std::move(standoffs)}, {"written", std::move(written)},
                      {"units", std::move(hints)},
                      {"acting_side", acting.empty() ? json(nullptr) : json(acting)},
                      {"costs", {{"move", cp_move_per_die}, {"order", cp_order}, {"write", cp_write}, {"rally", cp_rally},
                                 {"inspire", cp_inspire}, {"command_range", command_range}}}}},
            {"hints", {{"may_act", may_act}}}};
}

}  // namespace muster::lfas
