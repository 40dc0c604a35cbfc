#include "shared/battle/geometry.h"

#include <algorithm>
#include <cmath>

namespace muster::battle {

namespace {

Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
Point operator*(Point a, double k) { return {a.x * k, a.y * k}; }
double dot(Point a, Point b) { return a.x * b.x + a.y * b.y; }
double cross(Point a, Point b) { return a.x * b.y - a.y * b.x; }
double radians(double degrees) { return degrees * pi / 180.0; }
double degrees(double radians) { return radians * 180.0 / pi; }

// The unit's right-hand direction: the facing turned 90 degrees clockwise.
Point right_of(double facing) { return direction(facing + 90); }

// Rotates v clockwise by `deg` degrees (facing-wise: direction(f) becomes direction(f + deg)).
Point rotate_clockwise(Point v, double deg) {
    double c = std::cos(radians(deg)), s = std::sin(radians(deg));
    return {v.x * c + v.y * s, -v.x * s + v.y * c};
}

Point closest_on_segment(Point p, Point a, Point b) {
    Point ab = b - a;
    double len2 = dot(ab, ab);
    if (len2 <= 0) return a;
    double t = std::clamp(dot(p - a, ab) / len2, 0.0, 1.0);
    return a + ab * t;
}

// Snaps sin/cos noise (6.1e-17 for cos 90) to exact values so that results at right angles are exact.
double clean(double v) {
    double r = std::round(v);
    return std::abs(v - r) < 1e-12 ? r : v;
}

struct Local {
    double ahead;    // along the facing from the front edge's line
    double lateral;  // to the right of the centre line
};

Local local(const Unit& unit, Point p) {
    Point d = p - unit.position;
    return {dot(d, direction(unit.facing)), dot(d, right_of(unit.facing))};
}

// Whether a point `beyond` past an edge's line and `outside` past the end of that edge lies within lines
// drawn outward at half_angle from the edge's ends.
bool within_wedge(double beyond, double outside, double half_angle) {
    if (beyond < -epsilon) return false;
    if (outside <= epsilon) return true;
    if (half_angle >= 90) return true;
    if (half_angle <= 0) return false;
    return outside <= beyond * std::tan(radians(half_angle)) + epsilon;
}

std::vector<Point> polygon_of(const Shape& shape) { return shape.points; }

}  // namespace

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

Point direction(double facing) { return {clean(std::sin(radians(facing))), clean(std::cos(radians(facing)))}; }

double normalize_degrees(double deg) {
    double r = std::fmod(deg, 360.0);
    if (r < 0) r += 360.0;
    if (r >= 360.0) r -= 360.0;
    return r;
}

double bearing(Point from, Point to) {
    Point d = to - from;
    if (d.x == 0 && d.y == 0) return 0;
    return normalize_degrees(degrees(std::atan2(d.x, d.y)));
}

double distance_to_segment(Point p, Point a, Point b) { return distance(p, closest_on_segment(p, a, b)); }

bool segments_touch(Point a, Point b, Point c, Point d) {
    Point r = b - a, s = d - c;
    double denom = cross(r, s);
    if (std::abs(denom) > 1e-12) {
        double t = cross(c - a, s) / denom;
        double u = cross(c - a, r) / denom;
        double lr = std::sqrt(dot(r, r)), ls = std::sqrt(dot(s, s));
        double et = lr > 0 ? epsilon / lr : 0, eu = ls > 0 ? epsilon / ls : 0;
        if (t >= -et && t <= 1 + et && u >= -eu && u <= 1 + eu) return true;
    }
    // Parallel, or meeting only within epsilon of an end: fall back to end-point distances.
    return distance_to_segment(a, c, d) <= epsilon || distance_to_segment(b, c, d) <= epsilon ||
           distance_to_segment(c, a, b) <= epsilon || distance_to_segment(d, a, b) <= epsilon;
}

double segment_distance(Point a, Point b, Point c, Point d) {
    if (segments_touch(a, b, c, d)) return 0;
    return std::min({distance_to_segment(a, c, d), distance_to_segment(b, c, d), distance_to_segment(c, a, b),
                     distance_to_segment(d, a, b)});
}

namespace {

bool on_boundary(const std::vector<Point>& polygon, Point p) {
    for (std::size_t i = 0; i < polygon.size(); ++i)
        if (distance_to_segment(p, polygon[i], polygon[(i + 1) % polygon.size()]) <= epsilon) return true;
    return false;
}

// Strictly inside by the even-odd rule (the boundary is handled by the callers).
bool inside_even_odd(const std::vector<Point>& polygon, Point p) {
    bool in = false;
    for (std::size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const Point& a = polygon[i];
        const Point& b = polygon[j];
        if ((a.y > p.y) != (b.y > p.y)) {
            double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) in = !in;
        }
    }
    return in;
}

bool strictly_inside_polygon(const std::vector<Point>& polygon, Point p) {
    return polygon.size() >= 3 && !on_boundary(polygon, p) && inside_even_odd(polygon, p);
}

}  // namespace

bool inside_polygon(const std::vector<Point>& polygon, Point p) {
    if (polygon.size() < 3) return false;
    return on_boundary(polygon, p) || inside_even_odd(polygon, p);
}

double distance_to_polygon(const std::vector<Point>& polygon, Point p) {
    if (polygon.empty()) return 0;
    if (inside_polygon(polygon, p)) return 0;
    double best = distance(p, polygon[0]);
    for (std::size_t i = 0; i < polygon.size(); ++i)
        best = std::min(best, distance_to_segment(p, polygon[i], polygon[(i + 1) % polygon.size()]));
    return best;
}

double polygon_distance(const std::vector<Point>& a, const std::vector<Point>& b) {
    if (a.empty() || b.empty()) return 0;
    for (const auto& p : a)
        if (inside_polygon(b, p)) return 0;
    for (const auto& p : b)
        if (inside_polygon(a, p)) return 0;
    double best = distance(a[0], b[0]);
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j)
            best = std::min(best, segment_distance(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()]));
    return best <= epsilon ? 0 : best;
}

Point Footprint::centre() const {
    return {(front_left.x + rear_right.x) / 2, (front_left.y + rear_right.y) / 2};
}

namespace {

int square_side(int bases) {
    int k = 1;
    while (k * k < bases) ++k;
    return k;
}

// Frontage (in bases) and depth (in bases) of the formation's block.
std::pair<int, int> block(const Unit& unit) {
    int n = std::max(unit.bases, 1);
    switch (unit.formation) {
        case Formation::column: return {1, n};
        case Formation::square: {
            int k = square_side(n);
            return {k, k};
        }
        case Formation::line:
        case Formation::other: break;
    }
    return {n, 1};
}

}  // namespace

Footprint footprint(const Unit& unit) {
    auto [across, deep] = block(unit);
    Footprint f;
    f.frontage = across * unit.base_width;
    f.depth = deep * unit.base_depth;
    Point fwd = direction(unit.facing), right = right_of(unit.facing);
    f.front_left = unit.position - right * (f.frontage / 2);
    f.front_right = unit.position + right * (f.frontage / 2);
    f.rear_right = f.front_right - fwd * f.depth;
    f.rear_left = f.front_left - fwd * f.depth;
    return f;
}

std::vector<std::array<Point, 4>> base_outlines(const Unit& unit) {
    auto [across, deep] = block(unit);
    (void)deep;
    Footprint f = footprint(unit);
    Point fwd = direction(unit.facing), right = right_of(unit.facing);
    std::vector<std::array<Point, 4>> out;
    for (int i = 0; i < unit.bases; ++i) {
        int col = i % across, row = i / across;
        Point fl = f.front_left + right * (col * unit.base_width) - fwd * (row * unit.base_depth);
        Point fr = fl + right * unit.base_width;
        out.push_back({fl, fr, fr - fwd * unit.base_depth, fl - fwd * unit.base_depth});
    }
    return out;
}

std::string to_string(Arc arc) {
    switch (arc) {
        case Arc::front: return "front";
        case Arc::left_flank: return "left_flank";
        case Arc::right_flank: return "right_flank";
        case Arc::rear: return "rear";
    }
    return "front";
}

Arc arc_of(const Unit& unit, Point p, const ArcSettings& settings) {
    if (unit.formation == Formation::square) return Arc::front;
    Footprint f = footprint(unit);
    Local l = local(unit, p);
    double outside = std::abs(l.lateral) - f.frontage / 2;
    if (within_wedge(l.ahead, outside, settings.front_half_angle)) return Arc::front;
    if (within_wedge(-l.ahead - f.depth, outside, settings.rear_half_angle)) return Arc::rear;
    return l.lateral < 0 ? Arc::left_flank : Arc::right_flank;
}

bool in_front_of(const Unit& unit, Point p, const ArcSettings& settings) {
    return arc_of(unit, p, settings) == Arc::front;
}

double distance_from_front(const Unit& unit, Point p) {
    Footprint f = footprint(unit);
    return distance_to_segment(p, f.front_left, f.front_right);
}

bool in_front_within(const Unit& unit, Point p, double range, const ArcSettings& settings) {
    return in_front_of(unit, p, settings) && distance_from_front(unit, p) <= range + epsilon;
}

bool unit_in_front_within(const Unit& unit, const Unit& target, double range, const ArcSettings& settings) {
    Footprint f = footprint(unit);
    std::vector<Point> t = footprint(target).corners();
    std::vector<Point> candidates;
    for (std::size_t i = 0; i < t.size(); ++i) {
        Point a = t[i], b = t[(i + 1) % t.size()];
        for (Point from : {f.front_left, f.front_right, unit.position}) candidates.push_back(closest_on_segment(from, a, b));
        candidates.push_back(a);
    }
    for (const auto& c : candidates)
        if (in_front_within(unit, c, range, settings)) return true;
    return false;
}

double distance_to_unit(const Unit& unit, Point p) { return distance_to_polygon(footprint(unit).corners(), p); }

double distance_between(const Unit& a, const Unit& b) {
    return polygon_distance(footprint(a).corners(), footprint(b).corners());
}

bool in_contact(const Unit& a, const Unit& b) { return distance_between(a, b) <= epsilon; }

bool with_unit(const Leader& leader, const Unit& unit, double reach) {
    return distance_to_unit(unit, leader.position) <= reach + epsilon;
}

bool leaders_adjacent(const Leader& a, const Leader& b, double adjacency) {
    return distance(a.position, b.position) <= adjacency + epsilon;
}

namespace {

double distance_to_polyline(const std::vector<Point>& line, Point p) {
    if (line.empty()) return 0;
    if (line.size() == 1) return distance(p, line[0]);
    double best = distance_to_segment(p, line[0], line[1]);
    for (std::size_t i = 1; i + 1 < line.size(); ++i) best = std::min(best, distance_to_segment(p, line[i], line[i + 1]));
    return best;
}

// Parameters along a-b where it meets the polygon's edges.
std::vector<double> crossings(const std::vector<Point>& polygon, Point a, Point b) {
    std::vector<double> ts{0.0, 1.0};
    Point r = b - a;
    double len2 = dot(r, r);
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        Point c = polygon[i], d = polygon[(i + 1) % polygon.size()];
        Point s = d - c;
        double denom = cross(r, s);
        if (std::abs(denom) > 1e-12) {
            double t = cross(c - a, s) / denom;
            double u = cross(c - a, r) / denom;
            if (t >= 0 && t <= 1 && u >= 0 && u <= 1) ts.push_back(t);
        } else if (len2 > 0) {  // parallel: the edge's ends projected on a-b
            ts.push_back(std::clamp(dot(c - a, r) / len2, 0.0, 1.0));
            ts.push_back(std::clamp(dot(d - a, r) / len2, 0.0, 1.0));
        }
    }
    std::sort(ts.begin(), ts.end());
    return ts;
}

}  // namespace

bool inside(const Shape& shape, Point p) {
    switch (shape.kind) {
        case Shape::Kind::polygon: return inside_polygon(shape.points, p);
        case Shape::Kind::circle: return distance(p, shape.centre) <= shape.radius + epsilon;
        case Shape::Kind::polyline:
            return shape.width > 0 && distance_to_polyline(shape.points, p) <= shape.width / 2 + epsilon;
    }
    return false;
}

bool segment_crosses(const Shape& shape, Point a, Point b) {
    switch (shape.kind) {
        case Shape::Kind::polygon: {
            const auto polygon = polygon_of(shape);
            if (polygon.size() < 3) return false;
            // The segment passes through the inside if some stretch of it between two crossings of the
            // boundary has its middle strictly inside.
            auto ts = crossings(polygon, a, b);
            double length = distance(a, b);
            for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
                if ((ts[i + 1] - ts[i]) * length <= epsilon) continue;
                Point mid = a + (b - a) * ((ts[i] + ts[i + 1]) / 2);
                if (strictly_inside_polygon(polygon, mid)) return true;
            }
            // A segment shorter than epsilon: its point strictly inside.
            return length <= epsilon && strictly_inside_polygon(polygon, a);
        }
        case Shape::Kind::circle: return distance_to_segment(shape.centre, a, b) < shape.radius - epsilon;
        case Shape::Kind::polyline:
            for (std::size_t i = 0; i + 1 < shape.points.size(); ++i) {
                Point c = shape.points[i], d = shape.points[i + 1];
                if (shape.width > 0) {
                    if (segment_distance(a, b, c, d) < shape.width / 2 - epsilon) return true;
                } else if (segments_touch(a, b, c, d)) {
                    return true;
                }
            }
            return false;
    }
    return false;
}

const TerrainFeature* sight_blocked_by(const std::vector<TerrainFeature>& terrain, Point a, Point b,
                                       const std::vector<std::string>& kinds) {
    for (const auto& t : terrain) {
        if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), t.kind) == kinds.end()) continue;
        if (inside(t.shape, a) || inside(t.shape, b)) continue;
        if (segment_crosses(t.shape, a, b)) return &t;
    }
    return nullptr;
}

const TerrainFeature* terrain_at(const std::vector<TerrainFeature>& terrain, Point p, const std::string& kind) {
    for (const auto& t : terrain)
        if (t.kind == kind && inside(t.shape, p)) return &t;
    return nullptr;
}

namespace {

// Separating axes: two convex polygons overlap unless, along some edge's normal, their shadows are apart
// or only touch.
bool convex_overlap(const std::vector<Point>& a, const std::vector<Point>& b) {
    for (const auto* poly : {&a, &b}) {
        for (std::size_t i = 0; i < poly->size(); ++i) {
            Point e = (*poly)[(i + 1) % poly->size()] - (*poly)[i];
            Point n{-e.y, e.x};
            double len = std::hypot(n.x, n.y);
            if (len <= 0) continue;
            n = n * (1 / len);
            double amin = 1e300, amax = -1e300, bmin = 1e300, bmax = -1e300;
            for (Point p : a) amin = std::min(amin, dot(p, n)), amax = std::max(amax, dot(p, n));
            for (Point p : b) bmin = std::min(bmin, dot(p, n)), bmax = std::max(bmax, dot(p, n));
            if (amax <= bmin + epsilon || bmax <= amin + epsilon) return false;
        }
    }
    return true;
}

bool overlaps_any(const Unit& u, const std::vector<const Unit*>& others) {
    for (const Unit* o : others)
        if (overlap(u, *o)) return true;
    return false;
}

}  // namespace

bool overlap(const Unit& a, const Unit& b) { return convex_overlap(footprint(a).corners(), footprint(b).corners()); }

double clear_distance(const Unit& unit, double want, const std::vector<const Unit*>& others) {
    if (want == 0) return 0;
    std::vector<const Unit*> in_way;
    for (const Unit* o : others)
        if (o != &unit && o->id != unit.id && !overlap(unit, *o)) in_way.push_back(o);
    const double sign = want < 0 ? -1 : 1, total = std::abs(want);
    Footprint f = footprint(unit);
    // Steps no longer than a quarter of the thinnest footprint about, so no unit is jumped over.
    double thinnest = std::max(f.depth, epsilon);
    for (const Unit* o : in_way) thinnest = std::min(thinnest, std::max(footprint(*o).depth, epsilon));
    double step = std::min(total, thinnest / 4);
    double clear = 0;
    for (double d = step;; d += step) {
        d = std::min(d, total);
        if (overlaps_any(moved(unit, sign * d), in_way)) {
            double lo = clear, hi = d;
            for (int i = 0; i < 60 && hi - lo > epsilon / 4; ++i) {
                double mid = (lo + hi) / 2;
                (overlaps_any(moved(unit, sign * mid), in_way) ? hi : lo) = mid;
            }
            return sign * lo;
        }
        clear = d;
        if (d >= total) return sign * total;
    }
}

double pace_at(const std::vector<TerrainFeature>& terrain, const TerrainPace& pace, Point p) {
    double slowest = 1;
    for (const auto& t : terrain) {
        if (!inside(t.shape, p)) continue;
        if (std::find(pace.ways.begin(), pace.ways.end(), t.kind) != pace.ways.end()) return 1;
        auto it = pace.factor.find(t.kind);
        if (it != pace.factor.end()) slowest = std::min(slowest, it->second);
    }
    return slowest;
}

double distance_over_terrain(const Unit& unit, double budget, const std::vector<TerrainFeature>& terrain,
                             const TerrainPace& pace, double step) {
    if (budget == 0 || step <= 0) return 0;
    const double sign = budget < 0 ? -1 : 1;
    const Point dir = direction(unit.facing) * sign;
    const Point start = sign > 0 ? unit.position : unit.position - direction(unit.facing) * footprint(unit).depth;
    // Impassable ground the unit already stands in (put there by the umpire) does not hold it: it wades out
    // at half pace, so it is never stuck.
    TerrainPace here = pace;
    for (const auto& t : terrain) {
        auto it = here.factor.find(t.kind);
        if (it != here.factor.end() && it->second <= 0 && inside(t.shape, start)) it->second = 0.5;
    }
    double left = std::abs(budget), gone = 0;
    while (left > epsilon) {
        double len = std::min(step, left);
        Point from = start + dir * gone, to = start + dir * (gone + len);
        // A wall line (nothing inside it) of pace 0 stops the unit where it would cross.
        bool walled = false;
        for (const auto& t : terrain) {
            auto it = pace.factor.find(t.kind);
            if (it != pace.factor.end() && it->second <= 0 && t.shape.kind == Shape::Kind::polyline &&
                t.shape.width <= 0 && segment_crosses(t.shape, from, to))
                walled = true;
        }
        // The pace of a stretch is read at its middle, so a stretch ending on a wood's edge is not in it.
        double k = pace_at(terrain, here, from + dir * (len / 2));
        if (walled || k <= 0) break;
        double cost = len / k;
        if (cost > left + epsilon) {
            gone += left * k;
            break;
        }
        gone += len;
        left -= cost;
    }
    return sign * gone;
}

Unit moved(const Unit& unit, double dist) {
    Unit u = unit;
    u.position = unit.position + direction(unit.facing) * dist;
    return u;
}

Unit wheeled(const Unit& unit, double dist, Wheel dir) {
    Footprint f = footprint(unit);
    if (f.frontage <= 0) return unit;
    double angle = degrees(dist / f.frontage);
    if (dir == Wheel::left) angle = -angle;
    Point pivot = dir == Wheel::right ? f.front_right : f.front_left;
    Unit u = unit;
    u.position = pivot + rotate_clockwise(unit.position - pivot, angle);
    u.facing = normalize_degrees(unit.facing + angle);
    return u;
}

Unit turned(const Unit& unit, double deg) {
    Unit u = unit;
    u.facing = normalize_degrees(unit.facing + deg);
    return u;
}

}  // namespace muster::battle
