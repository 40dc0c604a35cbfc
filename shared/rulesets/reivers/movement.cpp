#include "shared/rulesets/reivers/movement.h"

#include <algorithm>
#include <cmath>
#include <optional>
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
                w.barred_by = f.id;
                w.reached = battle::distance(from, w.end);
                return w;
            }
            if (is_line(f) && speed_in(eff, mounted) < line_factor) line_factor = speed_in(eff, mounted), w.slowed_by = f.id;
            entered.insert(f.id);
        }
        double area_speed = 1;
        for (const TerrainFeature* f : features_at(e.battle, lerp(a, b, 0.5))) {
            const double v = speed_in(known_effect(e, s, *f, u.side), mounted);
            if (v < area_speed) area_speed = v, w.slowed_by = f->id;
        }
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

// Ground u's kind may not enter at p, as its side knows it (what it has not rolled is open ground).
bool barred(const BattleEntry& e, const ReiversSettings& s, const Unit& u, Point p) {
    for (const TerrainFeature* f : features_at(e.battle, p))
        if (side_knows(e, f->id, u.side) && !may_enter(true_effect(e, s, *f), is_mounted(u))) return true;
    return false;
}

Point ahead(Point from, double bearing, double paces) {
    const Point d = battle::direction(bearing);
    return {from.x + d.x * paces, from.y + d.y * paces};
}

// The next stretch of a flight that goes round what bars it ("avoiding any obstacles"): straight to the rear
// if it can; else the least turn off the rear line, 5 degrees at a time and never more than 90 (it keeps to the
// rear: never back towards the enemy), turning first to `hand` (+1 clockwise, -1 anticlockwise), then, if `both`, to the other hand. The
// turn made, or nothing when every way to the rear is barred.
std::optional<double> next_turn(const BattleEntry& e, const ReiversSettings& s, const Unit& u, Point from, double rear,
                                double len, int hand, bool both) {
    if (!barred(e, s, u, ahead(from, rear, len))) return 0.0;
    for (int h : {hand, -hand}) {
        for (int turn = 5; turn <= 90; turn += 5)
            if (!barred(e, s, u, ahead(from, rear + h * turn, len))) return double(h * turn);
        if (!both) break;
    }
    return std::nullopt;
}

// How far to the rear a flight round by `hand` gets in `paces`, on the ground its side knows.
double gain_by(const BattleEntry& e, const ReiversSettings& s, const Unit& u, Point from, double rear, double paces, int hand) {
    Point p = from;
    for (double left = paces; left > battle::epsilon; left -= stretch) {
        const double len = std::min(stretch, left);
        auto turn = next_turn(e, s, u, p, rear, len, hand, false);
        if (!turn) break;
        p = ahead(p, rear + *turn, len);
    }
    const Point d = battle::direction(rear);
    return (p.x - from.x) * d.x + (p.y - from.y) * d.y;
}

// Moves u away from `from` by `paces` of path, and returns the points it passed. It stops short of an enemy
// name it would run into, and leaving the table takes it off. Ground its kind may not enter (rolled as it
// runs into it) is met as the setting flee_obstacles says: "round" it goes round by the shortest way that keeps
// to the rear, "stop" it stops at its edge, "pass" it runs through.
std::vector<Point> back_away(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, double paces, Dice& dice,
                             std::string& stopped) {
    double rear = battle::bearing(from, u.position);
    if (battle::distance(from, u.position) < battle::epsilon) rear = battle::normalize_degrees(u.facing + 180);
    std::vector<Point> path{u.position};
    int hand = 0;  // the hand it goes round by, while it goes round
    double left = paces;
    for (int guard = 0; left > battle::epsilon && guard < 10000; ++guard) {
        const double len = std::min(stretch, left);
        double turn = 0;
        if (s.flee_obstacles == "round") {
            if (hand == 0 && barred(e, s, u, ahead(u.position, rear, len)))
                hand = gain_by(e, s, u, u.position, rear, left, -1) > gain_by(e, s, u, u.position, rear, left, 1) + battle::epsilon ? -1 : 1;
            auto t = next_turn(e, s, u, u.position, rear, len, hand == 0 ? 1 : hand, true);
            if (!t) {
                stopped = "ground it may not enter bars every way to the rear";
                break;  // hemmed in
            }
            turn = *t;
        }
        const Point p = ahead(u.position, rear + turn, len);
        if (!e.battle.table.contains(p.x, p.y)) {
            u.removed = true;
            log_line(e, u.name + " flees the field.", {{"unit", u.id}});
            break;
        }
        if (s.flee_obstacles != "pass") {
            bool learned = false;
            for (const TerrainFeature* f : features_at(e.battle, p)) learned = enter(e, *f, u.side, dice) || learned;
            if (barred(e, s, u, p)) {
                if (s.flee_obstacles == "stop" || !learned) {
                    const auto here = features_at(e.battle, p);
                    stopped = (here.empty() ? std::string("the ground") : named(*here.front())) + " bars the way";
                    break;
                }
                continue;  // ground just found bars it: look for the way round again
            }
        }
        // It stops where it would run into an enemy name it was not already touching.
        const Unit moved = at(u, p, u.facing);
        bool blocked = false;
        for (const auto& [id, other] : e.battle.units) {
            if (other.side == u.side || other.removed) continue;
            const double now = battle::distance_between(moved, other);
            if (now <= battle::epsilon && now < battle::distance_between(u, other)) blocked = true;
        }
        if (blocked) {
            stopped = "an enemy name is in the way";
            break;
        }
        u.position = p;
        path.push_back(p);
        left -= len;
        if (turn == 0) hand = 0;
    }
    return path;
}

double path_length(const std::vector<Point>& path) {
    double d = 0;
    for (std::size_t i = 1; i < path.size(); ++i) d += battle::distance(path[i - 1], path[i]);
    return d;
}

// "X recoils 40 paces." / "X recoils only 5 of 40 paces: an enemy name is in the way."
std::string distance_words(const std::string& verb, const std::vector<Point>& path, double wanted, const std::string& stopped) {
    const double made = path_length(path);
    const auto whole = [](double x) { return std::to_string(static_cast<int>(std::lround(x))); };
    if (made + 1 >= wanted || stopped.empty()) return verb + " " + whole(made) + " paces";
    return verb + " only " + whole(made) + " of " + whole(wanted) + " paces: " + stopped;
}

}  // namespace

// "Loser recoils: loser moved one base depth to rear".
void recoil(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice) {
    const double facing = u.facing;
    std::string stopped;
    const auto path = back_away(e, s, u, from, u.base_depth, dice, stopped);
    u.facing = facing;
    u.markers["recoiled"] = 1;
    if (!u.removed)
        log_line(e, u.name + " " + distance_words("recoils", path, u.base_depth, stopped) + " (\"one base depth to rear\").",
                 {{"unit", u.id}});
}

namespace {

// A friend met by a fleeing name at p: "Any friends encountered will be swept along by the fleeing name, except
// pike or those in difficult ground or behind obstacles."
bool swept_along(const BattleEntry& e, const ReiversSettings& s, const Unit& f, Point p) {
    if (type_of(f) == NameType::pike) return false;
    for (const TerrainFeature* t : features_at(e.battle, f.position))
        if (speed_in(true_effect(e, s, *t), is_mounted(f)) < 1) return false;
    for (const auto& t : e.battle.terrain)
        if (is_line(t) && battle::segment_crosses(t.shape, p, f.position)) return false;
    return true;
}

}  // namespace

void flee(BattleEntry& e, const ReiversSettings& s, Unit& u, Point from, Dice& dice, const std::string& why) {
    const bool was_fleeing = is_fleeing(u);
    const double facing = u.facing;
    const double wanted = u.base_depth + base_move_paces(type_of(u), is_mounted(u)) + 50;
    std::string stopped;
    const std::vector<Point> path = back_away(e, s, u, from, wanted, dice, stopped);
    u.facing = battle::bearing(from, u.position);
    u.markers["fleeing"] = e.battle.turn;
    if (!was_fleeing) u.markers["fyrebrand_up"] += 1;
    // "one full move plus 50 paces to rear, avoiding any obstacles": a flight cut short says why.
    const bool short_of = !stopped.empty() && path_length(path) + 1 < wanted;
    if (!u.removed)
        log_line(e, u.name + " flees" + (why.empty() ? "" : " (" + why + ")") +
                        (short_of ? ", " + distance_words("but goes", path, wanted, stopped) : "") + ".",
                 {{"unit", u.id}});
    // The friends it touches where it breaks and on its way.
    std::vector<std::int64_t> swept;
    for (const auto& [id, f] : e.battle.units) {
        if (id == u.id || f.side != u.side || !on_table(f) || is_fleeing(f) || f.concealed) continue;
        for (Point p : path)
            if (in_contact(s, at(u, p, facing), f)) {
                if (swept_along(e, s, f, p)) swept.push_back(id);
                break;
            }
    }
    for (auto id : swept) {
        Unit& f = e.battle.units.at(id);
        if (!is_fleeing(f) && !f.removed) flee(e, s, f, from, dice, "swept along by " + u.name);
    }
}

std::string stop_words(const BattleEntry& e, const Walk& w) {
    const auto name_of = [&](std::int64_t id) {
        for (const auto& f : e.battle.terrain)
            if (f.id == id) return named(f);
        return std::string("the ground");
    };
    if (w.barred_by) return name_of(w.barred_by) + " bars the way";
    if (w.slowed_by) return name_of(w.slowed_by) + " slows them and the move runs out";
    return "the move runs out";
}

void tell_ground(BattleEntry& e, const ReiversSettings& s, const Unit& u, const Walk& w) {
    const std::int64_t id = w.barred_by ? w.barred_by : w.slowed_by;
    for (const auto& f : e.battle.terrain) {
        if (f.id != id) continue;
        const auto roll = terrain_roll(e, f.id);
        const TerrainEffect eff = known_effect(e, s, f, u.side);
        if (!roll || eff.text.empty()) return;
        log_line(e, named(f) + ", as " + u.name + " find it (terrain roll " + std::to_string(*roll) + "): \"" + eff.text + "\".",
                 {{"unit", u.id}, {"feature", f.id}, {"roll", *roll}}, u.side);
    }
}

}  // namespace muster::reivers
