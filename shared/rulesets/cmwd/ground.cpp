#include "shared/rulesets/cmwd/ground.h"

#include <cmath>
#include <limits>

#include "shared/battle/geometry.h"

namespace muster::cmwd {

using battle::Point;

namespace {

// The signed distance of p ahead of the line of u's front edge (negative: behind it).
double ahead_of_front(const Unit& u, Point p) {
    const Point d = battle::direction(u.facing);
    return (p.x - u.position.x) * d.x + (p.y - u.position.y) * d.y;
}

double facing_gap(double a, double b) {
    const double d = battle::normalize_degrees(a - b);
    return std::min(d, 360 - d);
}

}  // namespace

bool beside(const Unit& a, const Unit& b, double bw) {
    if (a.id == b.id || a.side != b.side || !battle::in_contact(a, b)) return false;
    if (facing_gap(a.facing, b.facing) > 10) return false;
    // Front edges on one line, their centres a base width apart (one beside the other, not behind it).
    return std::abs(ahead_of_front(a, b.position)) < bw / 4 &&
           std::abs(battle::distance(a.position, b.position) - (a.base_width + b.base_width) / 2) < bw / 4;
}

std::optional<std::string> fire_range(const CmwdSettings& s, const Battle& b, const Unit& firer, const Unit& target) {
    const double w = bw(s, b);
    if (battle::in_contact(firer, target) && battle::unit_in_front_within(firer, target, battle::epsilon * 10))
        return "point_blank";
    if (battle::unit_in_front_within(firer, target, s.close_bw * w)) return "close";
    if (firer.troop_type == "artillery" && battle::unit_in_front_within(firer, target, s.artillery_long_bw * w))
        return "long";
    return std::nullopt;
}

bool chargeable(const CmwdSettings& s, const Battle& b, const Unit& charger, const Unit& target) {
    battle::ArcSettings straight;
    straight.front_half_angle = 0;
    return battle::unit_in_front_within(charger, target, s.charge_bw * bw(s, b), straight);
}

bool flank_attack(const Unit& charger, const Unit& target) {
    const battle::Footprint f = battle::footprint(charger);
    return ahead_of_front(target, f.front_left) < -battle::epsilon || ahead_of_front(target, f.front_right) < -battle::epsilon;
}

bool secure_flanks(const Battle& b, const Unit& target, double bw) {
    const Point right = battle::direction(target.facing + 90);
    bool left_secure = false, right_secure = false;
    for (const auto& [id, u] : b.units) {
        if (!standing(u) || !beside(target, u, bw)) continue;
        const double side = (u.position.x - target.position.x) * right.x + (u.position.y - target.position.y) * right.y;
        (side > 0 ? right_secure : left_secure) = true;
    }
    return left_secure && right_secure;
}

std::vector<const Unit*> others(const Battle& b, const Unit& u) {
    std::vector<const Unit*> out;
    for (const auto& [id, o] : b.units)
        if (id != u.id && !o.removed) out.push_back(&o);
    return out;
}

void push_back(Battle& b, std::int64_t unit, double distance) {
    Unit& u = b.units.at(unit);
    const double go = battle::clear_distance(u, -distance, others(b, u));
    u = battle::moved(u, go);
}

double go_forward(Battle& b, std::int64_t unit, double distance) {
    Unit& u = b.units.at(unit);
    const double go = battle::clear_distance(u, distance, others(b, u));
    u = battle::moved(u, go);
    return go;
}

const Unit* nearest_friend(const Battle& b, const std::string& side, Point p) {
    const Unit* best = nullptr;
    double best_d = std::numeric_limits<double>::max();
    for (const auto& [id, u] : b.units) {
        if (u.side != side || !standing(u)) continue;
        const double d = battle::distance_to_unit(u, p);
        if (d < best_d) best = &u, best_d = d;
    }
    return best;
}

}  // namespace muster::cmwd
