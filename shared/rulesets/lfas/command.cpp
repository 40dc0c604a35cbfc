// Phase 4, command points (loose-files-american-scramble.txt, "Costs: move one die x inches 1 CP; give an order to a
// unit (or several in a brigade doing the same thing) within 6" 1 CP; write an order in multiplayer games 2 CPs;
// rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs, the last two requiring adjacency to the unit's
// command group").
#include <algorithm>
#include <cmath>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/tables.h"
#include "shared/rulesets/lfas/turn.h"
#include "shared/rulesets/lfas/words.h"

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

int cost_of(const json& c) {
    const std::string what = c.value("spend", "");
    if (what == "move") return c.value("dice", 0) * cp_move_per_die;
    return what == "order" ? cp_order : what == "write" ? cp_write : what == "rally" ? cp_rally : cp_inspire;
}

std::string spend_words(const BattleEntry& e, const json& c) {
    const std::string what = c.value("spend", "");
    if (what == "move") return "ride";
    std::string names;
    for (const auto& id : c.contains("units") ? c["units"] : json::array({c.value("unit", std::int64_t{0})}))
        if (const Unit* u = e.battle.unit(id.get<std::int64_t>())) names += (names.empty() ? "" : ", ") + u->name;
    if (what == "order") return "order " + names;
    if (what == "write") return "write an order to " + names;
    return what + " " + names;
}

// "Orders given directly by a commander require the unit to be within 6" command range": a unit beyond it (his ride
// fell short) gets no order; the movement step says why it stands.
void give_order(BattleEntry& e, Leader& g, const json& c) {
    spend(e, g, cp_order);
    std::string given, lost;
    for (const auto& id : c["units"]) {
        const Unit* u = e.battle.unit(id.get<std::int64_t>());
        if (!u || u->removed) continue;
        const double d = battle::distance_to_unit(*u, g.position);
        if (d <= command_range + battle::epsilon) {
            turn_add(e, "ordered", u->id);
            given += (given.empty() ? "" : ", ") + u->name;
            continue;
        }
        lost += (lost.empty() ? "" : ", ") + u->name + " (" + inches_words(d) + " from him)";
        note_unreached(e, u->id, "it was " + inches_words(d) + " from " + g.name + ", beyond his " + inches_words(command_range) +
                                     " command range, and his order did not reach it");
    }
    log_line(e, g.name + " orders " + (given.empty() ? "nobody" : given) +
                    (lost.empty() ? "" : "; beyond his " + inches_words(command_range) + " command range: " + lost) + ".",
             {{"leader", g.id}});
}

// "rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs, the last two requiring adjacency to the unit's
// command group".
void by_the_unit(BattleEntry& e, Leader& g, const std::string& what, const Unit& u) {
    if (!adjacent(e, g, u)) {
        log_line(e, g.name + " cannot " + what + " " + u.name + ": he is " +
                        inches_words(battle::distance_to_unit(u, g.position)) + " from it, not with its command group (\"" + what +
                        " ... requiring adjacency to the unit's command group\").",
                 {{"leader", g.id}, {"unit", u.id}});
        return;
    }
    if (what == "rally") {
        Unit& m = e.battle.units.at(u.id);
        if (dps(m) == 0) {
            log_line(e, g.name + " does not rally " + u.name + ": it has no DP to remove; no points spent.", {{"leader", g.id}, {"unit", u.id}});
            return;
        }
        spend(e, g, cp_rally);
        m.markers["dp"] = dps(m) - 1;
        log_line(e, g.name + " rallies " + u.name + ": one DP less.");
    } else if (what == "inspire") {
        spend(e, g, cp_inspire);
        const LfasSettings s = settings_from(e.settings);
        e.data["turn"]["inspired"][std::to_string(u.id)] = is_c_in_c(g) ? s.c_in_c_bonus : s.inspire_bonus;
        e.data["turn"]["attached"][std::to_string(g.id)] = u.id;
        log_line(e, g.name + " joins " + u.name + " to inspire it in combat.");
    }
}

void one(BattleEntry& e, Leader& g, const json& c, Dice& dice) {
    const std::string what = c.value("spend", "");
    // A general's light wound ("Lose 2 CPs") may leave him short of what he wrote: he cannot spend points he no
    // longer has. His points are his side's secret, so the why is his side's line; everyone reads that he did not.
    const int left = e.data["cp"][std::to_string(g.id)].value("left", 0);
    if (cost_of(c) > left) {
        e.battle.add_line(g.name + " cannot " + spend_words(e, c) + ": it costs " + std::to_string(cost_of(c)) +
                              " command points and he has " + std::to_string(left) + " left" +
                              (g.values.value("wound", "") == "light" ? " since his light wound (\"Lose 2 CPs\")." : "."),
                          {{"leader", g.id}, {"cost", cost_of(c)}, {"left", left}}, g.side);
        if (what == "order")
            for (const auto& id : c["units"])
                note_unreached(e, id.get<std::int64_t>(), g.name + " did not give it the order he wrote");
        else log_line(e, g.name + " does not " + spend_words(e, c) + " as he wrote.", {{"leader", g.id}});
        return;
    }
    if (what == "move") return move_commander(e, g, c, dice);
    if (what == "order") return give_order(e, g, c);
    const Unit* u = e.battle.unit(c.value("unit", std::int64_t{0}));
    if (!u || u->removed) return;
    if (what == "write") {
        spend(e, g, cp_write);
        e.data["written"].push_back({{"unit", u->id}, {"from_turn", e.battle.turn + 1}});
        log_line(e, g.name + " writes an order to " + u->name + ": it acts on it next turn.");
        return;
    }
    by_the_unit(e, g, what, *u);
}

// A commander wounded out of the field or killed in this turn's firing gives none of the orders he wrote.
void fallen(BattleEntry& e, const Leader& g, const std::vector<json>& spending) {
    const std::string wound = g.values.value("wound", "");
    log_line(e, g.name + " spends no command points this turn: " +
                    (wound == "killed" ? "he has been killed." : "his serious wound has taken him from the field."),
             {{"leader", g.id}});
    for (const auto& c : spending)
        if (c.value("spend", "") == "order" && c.value("leader", std::int64_t{0}) == g.id)
            for (const auto& id : c["units"])
                note_unreached(e, id.get<std::int64_t>(), g.name + ", who gave its order, is " +
                                                              (wound == "killed" ? "killed" : "carried from the field"));
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
        std::set<std::int64_t> told;
        for (const auto& c : spending) {
            auto it = e.battle.leaders.find(c.value("leader", std::int64_t{0}));
            if (it == e.battle.leaders.end()) continue;
            if (leader_out(it->second)) {
                if (told.insert(it->first).second) fallen(e, it->second, spending);
                continue;
            }
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
