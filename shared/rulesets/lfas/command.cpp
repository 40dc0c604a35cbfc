// Phase 4, command points (loose-files-american-scramble.txt, "Costs: move one die x inches 1 CP; give an order to a
// unit (or several in a brigade doing the same thing) within 6" 1 CP; write an order in multiplayer games 2 CPs;
// rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs, the last two requiring adjacency to the unit's
// command group").
#include <algorithm>
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

void spend(BattleEntry& e, const Leader& g, int cost) {
    json& cp = e.data["cp"][std::to_string(g.id)];
    cp["left"] = std::max(0, cp.value("left", 0) - cost);
}

bool adjacent(const BattleEntry& e, const Leader& g, const Unit& u) {
    return battle::with_unit(g, u, settings_from(e.settings).adjacent_inches);
}

void move_commander(BattleEntry& e, Leader& g, const json& c, Dice& dice) {
    int inches = 0;
    json faces = json::array();
    for (int i = 0; i < c["dice"].get<int>(); ++i) {
        const int f = roll_average(dice);  // "Average Dice ... are used for movement"
        faces.push_back(f);
        inches += f;
    }
    const Point to = c["to"].get<Point>();
    const double d = battle::distance(g.position, to);
    const double go = std::min<double>(inches, d);
    if (d > 0) g.position = {g.position.x + (to.x - g.position.x) * go / d, g.position.y + (to.y - g.position.y) * go / d};
    spend(e, g, c["dice"].get<int>() * cp_move_per_die);
    std::string words;
    for (const auto& f : faces) words += (words.empty() ? "" : ", ") + std::to_string(f.get<int>());
    log_line(e, g.name + " rides " + std::to_string(static_cast<int>(std::round(go))) + "\" (average dice " + words + ").",
             {{"test", "commander_move"}, {"leader", g.id}, {"faces", faces}, {"inches", inches}});
}

void one(BattleEntry& e, Leader& g, const json& c, Dice& dice) {
    const std::string what = c.value("spend", "");
    if (what == "move") return move_commander(e, g, c, dice);
    if (what == "order") {
        spend(e, g, cp_order);
        std::string given, lost;
        for (const auto& id : c["units"]) {
            const Unit* u = e.battle.unit(id.get<std::int64_t>());
            if (!u || u->removed) continue;
            if (battle::distance_to_unit(*u, g.position) <= command_range + battle::epsilon) {
                turn_add(e, "ordered", u->id);
                given += (given.empty() ? "" : ", ") + u->name;
            } else {
                lost += (lost.empty() ? "" : ", ") + u->name;
            }
        }
        log_line(e, g.name + " orders " + (given.empty() ? "nobody" : given) + (lost.empty() ? "" : "; beyond 6\": " + lost) + ".");
        return;
    }
    const Unit* u = e.battle.unit(c.value("unit", std::int64_t{0}));
    if (!u || u->removed) return;
    if (what == "write") {
        spend(e, g, cp_write);
        e.data["written"].push_back({{"unit", u->id}, {"from_turn", e.battle.turn + 1}});
        log_line(e, g.name + " writes an order to " + u->name + ": it acts on it next turn.");
        return;
    }
    if (!adjacent(e, g, *u)) {
        log_line(e, g.name + " is not with " + u->name + "'s command group: no " + what + ".");
        return;
    }
    if (what == "rally") {
        spend(e, g, cp_rally);
        Unit& m = e.battle.units.at(u->id);
        m.markers["dp"] = std::max(0, dps(m) - 1);
        log_line(e, g.name + " rallies " + u->name + ": one DP less.");
    } else if (what == "inspire") {
        spend(e, g, cp_inspire);
        const LfasSettings s = settings_from(e.settings);
        e.data["turn"]["inspired"][std::to_string(u->id)] = is_c_in_c(g) ? s.c_in_c_bonus : s.inspire_bonus;
        e.data["turn"]["attached"][std::to_string(g.id)] = u->id;
        log_line(e, g.name + " joins " + u->name + " to inspire it in combat.");
    }
}

}  // namespace

void command_step(BattleEntry& e, Dice& dice) {
    if (!e.data.contains("written") || !e.data["written"].is_array()) e.data["written"] = json::array();
    // Phase 4, "allocate Command Points and move commanders/couriers", in no order within it (setting
    // command_range_from): "after_ride", his rides first, so his orders reach the units within 6" of where he ends;
    // "before_ride", his orders first, from where he stands. The rest in the order he wrote them.
    const std::string first = settings_from(e.settings).command_range_from == "after_ride" ? "move" : "order";
    for (const auto& p : plans(e)) {
        std::vector<json> spending;
        for (const auto& c : p["item"].value("command", json::array())) spending.push_back(c);
        std::stable_partition(spending.begin(), spending.end(), [&](const json& c) { return c.value("spend", "") == first; });
        for (const auto& c : spending) {
            auto it = e.battle.leaders.find(c.value("leader", std::int64_t{0}));
            if (it == e.battle.leaders.end() || leader_out(it->second)) continue;
            one(e, it->second, c, dice);
        }
    }
}

void roll_command_points(BattleEntry& e, Dice& dice) {
    json cp = json::object();
    for (const auto& [id, l] : e.battle.leaders) {
        if (leader_out(l)) continue;
        const int p = command_points(is_c_in_c(l), dice);
        cp[std::to_string(id)] = {{"points", p}, {"left", p}};
        // The umpire sees every roll; a side its own commanders' (their points are its secret, as the view's).
        const std::string how = is_c_in_c(l) ? " (the average die + 1)" : " (the average die)";
        e.battle.add_line(l.name + "'s command points: " + std::to_string(p) + how + ".",
                          {{"test", "command_points"}, {"leader", id}, {"c_in_c", is_c_in_c(l)}, {"face", p - (is_c_in_c(l) ? 1 : 0)}, {"points", p}}, l.side);
    }
    e.data["cp"] = cp;
}

}  // namespace muster::lfas
