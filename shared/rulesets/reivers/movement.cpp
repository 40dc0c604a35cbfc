#include "shared/rulesets/reivers/movement.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "shared/battle/geometry.h"

namespace muster::reivers {

using nlohmann::json;

namespace {

constexpr double stretch = 5;  // paces: the path is walked in stretches this long

Point lerp(Point a, Point b, double t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

bool is_line(const TerrainFeature& f) {
    return f.shape.kind == battle::Shape::Kind::polyline && f.shape.width <= 0;
}

double speed_in(const TerrainEffect& eff, bool mounted) { return mounted ? eff.mounted_speed : eff.foot_speed; }
bool may_enter(const TerrainEffect& eff, bool mounted) {
    return !eff.impassable && (mounted ? eff.mounted_may : eff.foot_may);
}
std::string named(const TerrainFeature& f) { return f.name.empty() ? "the " + f.kind : f.name; }

// The name at p facing `facing`.
Unit at(const Unit& u, Point p, double facing) {
    Unit v = u;
    v.position = p;
    v.facing = facing;
    return v;
}

}  // namespace

Walk walk(BattleEntry& e, const ReiversSettings& s, Unit& u, Point to, Dice& dice,
          const std::vector<std::int64_t>& others_move) {
    Walk w;
    const Point from = u.position;
    const double d = battle::distance(from, to);
    if (d > battle::epsilon) u.facing = battle::bearing(from, to);
    const bool mounted = is_mounted(u);
    const double budget = base_move_paces(type_of(u), mounted);
    std::set<std::int64_t> entered;
    for (const TerrainFeature* f : features_at(e.battle, from)) entered.insert(f->id);
    double spent = 0, line_factor = 1;
    w.end = from;
    const int n = std::max(1, static_cast<int>(std::ceil(d / stretch)));
    for (int i = 1; i <= n && d > battle::epsilon; ++i) {
        const Point a = lerp(from, to, double(i - 1) / n), b = lerp(from, to, double(i) / n);
        const double length = battle::distance(a, b);
        // The ground this stretch enters or crosses, in the order of the terrain list.
        for (const auto& f : e.battle.terrain) {
            const bool reaches = is_line(f) ? battle::segment_crosses(f.shape, a, b) : battle::inside(f.shape, b);
            if (!reaches || entered.count(f.id)) continue;
            if (enter(e, f, u.side, dice)) w.discovered = true;
            const TerrainEffect eff = known_effect(e, s, f, u.side);
            if (!may_enter(eff, mounted)) {
                w.stopped_by = named(f) + (eff.text.empty() ? "" : ": " + eff.text);
                w.reached = battle::distance(from, w.end);
                return w;
            }
            if (is_line(f)) line_factor = std::min(line_factor, speed_in(eff, mounted));
            entered.insert(f.id);
        }
        double area_speed = 1;
        for (const TerrainFeature* f : features_at(e.battle, lerp(a, b, 0.5)))
            area_speed = std::min(area_speed, speed_in(known_effect(e, s, *f, u.side), mounted));
        const double allowance = budget * line_factor;
        const double cost = area_speed > 0 ? length / area_speed : allowance + 1;
        if (spent + cost > allowance + battle::epsilon) {
            const double part = std::max(0.0, (allowance - spent) * area_speed);
            w.end = lerp(a, b, length > 0 ? std::min(1.0, part / length) : 0);
            w.reached = battle::distance(from, w.end);
            w.stopped_by = "the end of its move";
            return w;
        }
        // Contact: an enemy name (seen or in ambush) this stretch brings it to stops it there.
        const Unit moved = at(u, b, u.facing);
        for (auto& [id, other] : e.battle.units) {
            if (other.side == u.side || other.removed) continue;
            if (std::find(others_move.begin(), others_move.end(), id) != others_move.end()) continue;
            if (!in_contact(s, moved, other)) continue;
            w.end = b;
            w.reached = battle::distance(from, b);
            w.contact = &other;
            return w;
        }
        spent += cost;
        w.end = b;
    }
    w.reached = battle::distance(from, w.end);
    w.whole = true;
    return w;
}

namespace {

// Moves u straight away from `from` by `paces`, stopping at ground it may not enter (unless the setting
// flee_obstacles is "pass") and at enemy names. Leaving the table takes it off.
void back_away(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, double paces, Dice& dice) {
    double away = battle::bearing(from, u.position);
    if (battle::distance(from, u.position) < battle::epsilon) away = battle::normalize_degrees(u.facing + 180);
    const Point dir = battle::direction(away);
    const Point start = u.position;
    const bool mounted = is_mounted(u);
    const int n = std::max(1, static_cast<int>(std::ceil(paces / stretch)));
    for (int i = 1; i <= n; ++i) {
        const double t = paces * i / n;
        const Point p{start.x + dir.x * t, start.y + dir.y * t};
        if (!e.battle.table.contains(p.x, p.y)) {
            u.removed = true;
            log_line(e, u.name + " flees the field.", {{"unit", u.id}});
            return;
        }
        if (s.flee_obstacles == "stop") {
            bool blocked = false;
            for (const TerrainFeature* f : features_at(e.battle, p)) {
                enter(e, *f, u.side, dice);
                if (!may_enter(true_effect(e, s, *f), mounted)) blocked = true;
            }
            if (blocked) return;
        }
        // It stops where it would run into an enemy name it was not already touching.
        const Unit moved = at(u, p, u.facing);
        for (const auto& [id, other] : e.battle.units) {
            if (other.side == u.side || other.removed) continue;
            const double now = battle::distance_between(moved, other);
            if (now <= battle::epsilon && now < battle::distance_between(u, other)) return;
        }
        u.position = p;
    }
}

}  // namespace

void recoil(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice) {
    const double facing = u.facing;
    back_away(e, s, u, from, u.base_depth, dice);
    u.facing = facing;
    u.markers["recoiled"] = 1;
}

void flee(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice, const std::string& why) {
    std::vector<std::int64_t> swept;
    // Friends near it before it goes: "Any friends encountered will be swept along by the fleeing name, except
    // pike or those in difficult ground or behind obstacles."
    for (const auto& [id, f] : e.battle.units) {
        if (id == u.id || f.side != u.side || !on_table(f) || is_fleeing(f) || f.concealed) continue;
        if (type_of(f) == NameType::pike || !in_contact(s, u, f)) continue;
        bool difficult = false;
        for (const TerrainFeature* t : features_at(e.battle, f.position))
            if (speed_in(true_effect(e, s, *t), is_mounted(f)) < 1) difficult = true;
        for (const auto& t : e.battle.terrain)
            if (is_line(t) && battle::segment_crosses(t.shape, u.position, f.position)) difficult = true;
        if (!difficult) swept.push_back(id);
    }
    const bool was_fleeing = is_fleeing(u);
    back_away(e, s, u, from, u.base_depth + base_move_paces(type_of(u), is_mounted(u)) + 50, dice);
    u.facing = battle::bearing(from, u.position);
    u.markers["fleeing"] = e.battle.turn;
    if (!was_fleeing) u.markers["fyrebrand_up"] += 1;
    if (!u.removed) log_line(e, u.name + " flees" + (why.empty() ? "" : " (" + why + ")") + ".", {{"unit", u.id}});
    for (auto id : swept) {
        Unit& f = e.battle.units.at(id);
        if (!is_fleeing(f) && !f.removed) flee(e, s, f, from, dice, "swept along by " + u.name);
    }
}

}  // namespace muster::reivers
