// Moving a name or a group of names in a bound (border-reivers.txt, "Move name or group of names +1", the
// terrain tables, and what happens when the move meets the enemy: a charge, or an ambush sprung or stumbled
// upon).
#include <algorithm>
#include <cmath>
#include <map>

#include "shared/battle/geometry.h"
#include "shared/core/fields.h"
#include "shared/rulesets/reivers/actions.h"
#include "shared/rulesets/reivers/movement.h"

namespace muster::reivers {

using nlohmann::json;
using battle::OverrideResult;

namespace {

std::variant<Error, std::vector<Unit*>> read_group(BattleEntry& e, const Leader& me, const json& body) {
    std::vector<std::int64_t> ids;
    if (body.contains("units")) {
        if (!body["units"].is_array() || body["units"].empty() || body["units"].size() > 20)
            return bad_request("\"units\" is a list of names in base contact.");
        for (const auto& x : body["units"]) {
            if (!x.is_number_integer()) return bad_request("\"units\" is a list of names in base contact.");
            ids.push_back(x.get<std::int64_t>());
        }
    } else {
        std::int64_t id = 0;
        if (auto err = read_id(body, "unit", id)) return *err;
        ids.push_back(id);
    }
    std::vector<Unit*> out;
    for (auto id : ids) {
        auto it = e.battle.units.find(id);
        if (it == e.battle.units.end() || it->second.side != me.side || it->second.removed)
            return not_found("You have no such name in this raid.");
        Unit& u = it->second;
        if (heidman_of(u) != 0 && heidman_of(u) != me.id) return Error{"not_your_name", u.name + " follows another heidman."};
        if (is_fleeing(u)) return Error{"fleeing", u.name + " is fleeing: rally it first."};
        if (std::find(out.begin(), out.end(), &u) == out.end()) out.push_back(&u);
    }
    return out;
}

// "a group of name in base contact": every name touches another of the group.
bool connected(const ReiversSettings& s, const std::vector<Unit*>& g) {
    std::vector<bool> in(g.size(), false);
    in[0] = true;
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t i = 0; i < g.size(); ++i)
            for (std::size_t j = 0; j < g.size() && !in[i]; ++j)
                if (in[j] && in_contact(s, *g[i], *g[j])) in[i] = grew = true;
    }
    return std::all_of(in.begin(), in.end(), [](bool b) { return b; });
}

bool on_road(const BattleEntry& e, Point a, Point b) {
    for (const auto& f : e.battle.terrain)
        if (f.kind == "road" && battle::inside(f.shape, a) && battle::inside(f.shape, b) &&
            battle::inside(f.shape, Point{(a.x + b.x) / 2, (a.y + b.y) / 2}))
            return true;
    return false;
}

// The craft the move costs: one, one more in starred ground its side knows of, one less on a road once a
// bound, one more beyond craft range.
int move_cost(const BattleEntry& e, const ReiversSettings& s, const std::vector<Unit*>& g, Point to, int reach_extra,
              bool road_used, bool& road) {
    int cost = CraftCosts::move + reach_extra;
    bool star = false;
    for (const Unit* u : g)
        for (const auto& f : e.battle.terrain)
            if ((battle::inside(f.shape, u->position) || battle::segment_crosses(f.shape, u->position, to)) &&
                known_effect(e, s, f, u->side).extra_craft)
                star = true;
    road = !road_used && g.size() >= 1 && on_road(e, g[0]->position, to);
    return cost + (star ? 1 : 0) + (road ? CraftCosts::road : 0);
}

}  // namespace

bool meet(BattleEntry& e, const ReiversSettings& s, Unit& u, bool was_hidden, Unit& enemy, Dice& dice, bool tested) {
    if (enemy.concealed) {
        // Stumbled upon: the ambush is out, and the name that walked into it is surprised.
        show(enemy);
        log_line(e, u.name + " runs into " + enemy.name + " lying in ambush!", {{"units", {u.id, enemy.id}}});
        FyrebrandModifiers m;
        m.surprised = true;
        if (!name_test(e, s, u, &enemy, m, dice, "when surprised").passed) flee(e, s, u, enemy.position, dice, "surprised");
        return true;
    }
    if (was_hidden) {
        log_line(e, u.name + " bursts from ambush upon " + enemy.name + "!", {{"units", {u.id, enemy.id}}});
        FyrebrandModifiers m;
        m.surprised = true;
        if (!name_test(e, s, enemy, &u, m, dice, "when surprised").passed) flee(e, s, enemy, u.position, dice, "surprised");
        return true;
    }
    // "In order to attempt something more dangerous ... a roll on a d10 is made."
    if (!tested && s.test_to_charge && !name_test(e, s, u, &enemy, {}, dice, "to close with " + enemy.name).passed) return false;
    if (!fights(type_of(enemy)) || is_fleeing(enemy)) return true;
    if (name_test(e, s, enemy, &u, {}, dice, "to stand").passed) return true;
    if (s.stand_failed == "flee") flee(e, s, enemy, u.position, dice, "would not stand");
    else recoil(e, s, enemy, u.position, dice);
    return true;
}

namespace {

// Where a group's move ends: each name walks the same way on a copy of the battle (nothing is kept of a move
// refused), and the group stops where its first name to stop does.
struct GroupWalk {
    double fraction = 1;       // of the way asked
    bool discovered = false;   // a terrain roll was learned on the way
    std::string stopped;       // why it stopped short
    Walk stop;                 // the walk of the name that stopped first (its contact pointer left null)
    std::int64_t contact = 0;  // the enemy name it meets, and the name of the group that meets it
    std::int64_t contact_by = 0;
    std::map<std::int64_t, double> facing;
    json terrain;              // the terrain rolls after the walk
};

GroupWalk walk_group(const BattleEntry& e, const ReiversSettings& s, const std::vector<Unit*>& group, Point shift, Dice& dice) {
    GroupWalk g;
    std::vector<std::int64_t> ids;
    for (const Unit* u : group) ids.push_back(u->id);
    BattleEntry trial = e;
    double contact_at = 1;
    for (const Unit* u : group) {
        Unit& tu = trial.battle.units.at(u->id);
        const Point dest{u->position.x + shift.x, u->position.y + shift.y};
        Walk w = walk(trial, s, tu, dest, dice, ids);
        const double want = battle::distance(u->position, dest);
        const double f = want > 0 ? w.reached / want : 1;
        g.discovered = g.discovered || w.discovered;
        g.facing[u->id] = tu.facing;
        if (f < g.fraction - battle::epsilon || (!w.whole && g.stopped.empty())) {
            g.fraction = std::min(g.fraction, f);
            g.stopped = w.stopped_by;
            g.stop = w;
            g.stop.contact = nullptr;  // it points into the trial copy
        }
        if (w.contact && (g.contact == 0 || f < contact_at)) g.contact = w.contact->id, g.contact_by = u->id, contact_at = f;
    }
    if (g.contact != 0 && contact_at > g.fraction + 1e-9) g.contact = 0;  // the group stops before it gets there
    g.terrain = trial.data.value("terrain", json::object());
    return g;
}

// The group moves as walked (its heidman with it if he was with one of its names), shows itself, and meets the
// enemy it came upon; a charger that thinks better of it halts short, his heidman with him.
void make_move(BattleEntry& e, const ReiversSettings& s, const Leader& me, const std::vector<Unit*>& group, Point shift,
               const GroupWalk& w, Dice& dice) {
    Leader& heidman = e.battle.leaders.at(me.id);
    const Point heidman_from = heidman.position;
    const bool heidman_with = std::any_of(group.begin(), group.end(), [&](const Unit* u) {
        return battle::distance_to_unit(*u, heidman.position) <= s.with_paces;
    });
    auto place = [&](const std::vector<Point>& from, double f) {
        for (std::size_t i = 0; i < group.size(); ++i) group[i]->position = {from[i].x + shift.x * f, from[i].y + shift.y * f};
        if (heidman_with) heidman.position = {heidman_from.x + shift.x * f, heidman_from.y + shift.y * f};
    };
    std::vector<Point> start;
    bool was_hidden = false;
    json moved = json::array();
    for (Unit* u : group) {
        start.push_back(u->position);
        if (u->id == w.contact_by) was_hidden = u->concealed;
        u->facing = w.facing.at(u->id);
        show(*u);  // moving gives an ambush away
        moved.push_back(u->id);
    }
    place(start, w.fraction);
    const double length = std::hypot(shift.x, shift.y);
    const auto paces = [](double x) { return std::to_string(static_cast<int>(std::lround(x))); };
    std::string text = group[0]->name + (group.size() > 1 ? " and " + std::to_string(group.size() - 1) + " more" : "") +
                       " move " + paces(w.fraction * length) + " paces";
    // The ground that cut the move short is named, as anyone at the table sees it; its terrain roll is the mover's
    // side's (border-reivers.txt, "When the other side moves into a new terrain area, the terrain effect rolled is
    // revealed"), told in a line of its own.
    const bool cut = w.fraction < 1 - 1e-9 && w.contact == 0;
    if (cut) text += " of the " + paces(length) + " he sent them: " + stop_words(e, w.stop);
    log_line(e, text + ".", {{"leader", me.id}, {"units", moved}});
    if (cut) tell_ground(e, s, *group[0], w.stop);
    if (w.contact == 0) return;
    Unit& enemy = e.battle.units.at(w.contact);
    Unit& charger = e.battle.units.at(w.contact_by);
    if (meet(e, s, charger, was_hidden, enemy, dice)) return;
    // "Otherwise, a safer course of action must be taken": it halts short of the enemy.
    place(start, std::max(0.0, w.fraction - (s.contact_paces + 5) / std::max(length, battle::epsilon)));
    log_line(e, group[0]->name + " halts short of " + enemy.name + ": " + (&charger == group[0] ? "it" : charger.name) +
                    " failed the fyrebrand test to close (\"Otherwise, a safer course of action must be taken\").",
             {{"units", moved}});
}

}  // namespace

OverrideResult move_names(BattleEntry& e, const ReiversSettings& s, const Leader& me, const json& body, Dice& dice,
                          json& craft) {
    auto got = read_group(e, me, body);
    if (auto* err = std::get_if<Error>(&got)) return *err;
    std::vector<Unit*> group = std::get<std::vector<Unit*>>(got);
    if (group.size() > 1 && !connected(s, group)) return bad_request("A group moves together only in base contact.");
    Point to;
    if (auto err = read_point(body, "to", e.battle.table, to)) return *err;
    double nearest = 1e18;
    for (const Unit* u : group) nearest = std::min(nearest, battle::distance_to_unit(*u, me.position));
    Reach r = reach_to(e, s, me, nearest);
    if (r.error) return *r.error;
    bool road = false;
    const int cost = std::max(0, move_cost(e, s, group, to, r.extra, craft.value("road_used", false), road));
    if (cost > craft["left"].get<int>())
        return Error{"no_craft", "That move costs " + std::to_string(cost) + " craft; " + me.name + " has " +
                                     std::to_string(craft["left"].get<int>()) + " left this bound."};
    const Point shift{to.x - group[0]->position.x, to.y - group[0]->position.y};
    const GroupWalk w = walk_group(e, s, group, shift, dice);
    // A move the side could have known to fall short is refused; one cut short by ground just found stands.
    if (w.fraction < 1 - 1e-9 && !w.discovered && w.contact == 0)
        return Error{"too_far", group[0]->name + " can go only " +
                                    std::to_string(static_cast<int>(w.fraction * battle::distance(group[0]->position, to))) +
                                    " paces that way (" + w.stopped + ")."};
    e.data["terrain"] = w.terrain;
    json& paid = e.data["craft"][std::to_string(me.id)];
    paid["left"] = paid["left"].get<int>() - cost;
    if (road) paid["road_used"] = true;
    make_move(e, s, me, group, shift, w, dice);
    return std::string();
}

}  // namespace muster::reivers
