#pragma once
// Geometry every battle rule set shares: distances, unit footprints, facings and arcs ("in front of"),
// range, contact, "with a unit", leader adjacency, line of sight through terrain, moving and wheeling.
//
// All lengths are in table units (the table's measure), as doubles; angles are degrees, facings clockwise
// from +y (see shape.h). Comparisons allow `epsilon`: two lengths that differ by no more than epsilon are
// equal, so a point exactly on an arc's edge or exactly at a range counts as in it, and two footprints whose
// edges touch are in contact. epsilon is far below anything a ruler on a table can tell apart (1e-6 of a
// cm, inch or pace), and far above the rounding of doubles for tables of a few thousand units.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "shared/battle/battle.h"

namespace muster::battle {

inline constexpr double epsilon = 1e-6;
inline constexpr double pi = 3.14159265358979323846;

double distance(Point a, Point b);
// The unit vector a facing points along: facing 0 is (0, 1), 90 is (1, 0).
Point direction(double facing);
// An angle in [0, 360).
double normalize_degrees(double degrees);
// The facing that points from `from` towards `to` (0 when they coincide).
double bearing(Point from, Point to);

double distance_to_segment(Point p, Point a, Point b);
// Whether two segments share a point (within epsilon).
bool segments_touch(Point a, Point b, Point c, Point d);
double segment_distance(Point a, Point b, Point c, Point d);
// Whether p lies inside a polygon or on its boundary (within epsilon).
bool inside_polygon(const std::vector<Point>& polygon, Point p);
// The distance from p to a polygon: 0 inside or on it.
double distance_to_polygon(const std::vector<Point>& polygon, Point p);
// The distance between two polygons: 0 when they touch or overlap.
double polygon_distance(const std::vector<Point>& a, const std::vector<Point>& b);

// A unit's footprint, from its bases and formation:
//   line:   its bases side by side: frontage = bases x base width, depth = base depth;
//   column: one behind another: frontage = base width, depth = bases x base depth;
//   square: the bases in a block k x k, k = ceil(sqrt(bases)) (2 x 2 for four bases), facing out:
//           frontage = k x base width, depth = k x base depth; every side of it is a front;
//   other (skirmish, mob...): as a line.
// `position` is the centre of the front edge; the footprint extends `depth` behind it.
struct Footprint {
    Point front_left, front_right, rear_right, rear_left;
    double frontage = 0;
    double depth = 0;
    std::vector<Point> corners() const { return {front_left, front_right, rear_right, rear_left}; }
    Point centre() const;
};
Footprint footprint(const Unit& unit);
// Each base's outline in the unit's formation (for drawing), front-left, front-right, rear-right, rear-left.
std::vector<std::array<Point, 4>> base_outlines(const Unit& unit);

// Arcs of a unit: the front arc is the ground ahead of the front edge, between lines drawn outward from the
// front corners at `front_half_angle` to straight ahead (45: the usual "in front of"; 0: straight ahead
// only; 90: everything ahead of the front edge's line). The rear arc likewise behind the rear edge. The
// rest is the left or right flank. Points on an arc's edge belong to the front (or rear) arc. A unit in
// square has no flank or rear: everything is its front.
enum class Arc { front, left_flank, right_flank, rear };
std::string to_string(Arc arc);
struct ArcSettings {
    double front_half_angle = 45;
    double rear_half_angle = 45;
};
Arc arc_of(const Unit& unit, Point p, const ArcSettings& settings = {});
bool in_front_of(const Unit& unit, Point p, const ArcSettings& settings = {});
// Distance from the unit's front edge to p.
double distance_from_front(const Unit& unit, Point p);
// In the unit's front arc and within `range` of its front edge.
bool in_front_within(const Unit& unit, Point p, double range, const ArcSettings& settings = {});
// Whether a target unit is in front of `unit` and within range: some point of the target's footprint
// (one of its corners, or the point of one of its edges nearest the unit's front corners or front centre)
// lies in the front arc within range of the front edge.
bool unit_in_front_within(const Unit& unit, const Unit& target, double range, const ArcSettings& settings = {});

// Distance from a point to a unit's footprint (0 inside it), and between two units' footprints.
double distance_to_unit(const Unit& unit, Point p);
double distance_between(const Unit& a, const Unit& b);
// Footprints touching or overlapping (within epsilon).
bool in_contact(const Unit& a, const Unit& b);
// Footprints overlapping: their insides share ground by more than epsilon (touching edges do not).
bool overlap(const Unit& a, const Unit& b);
// How far the unit can move straight along its facing, up to `want` (negative: backward), before its
// footprint would overlap one of `others`: it stops touching the first one in its way. A unit it overlaps
// already does not hold it (so two units pushed into each other by an override can part).
double clear_distance(const Unit& unit, double want, const std::vector<const Unit*>& others);

// How terrain holds up movement: the fraction of normal pace in each kind of terrain (1 where a kind is not
// listed; 0 impassable), and the kinds that carry a way across (a road or bridge over a river: pace 1).
struct TerrainPace {
    std::map<std::string, double> factor;
    std::vector<std::string> ways = {"road", "bridge", "ford"};
};
// The pace at a point: the slowest factor of the features holding it, 1 on a way.
double pace_at(const std::vector<TerrainFeature>& terrain, const TerrainPace& pace, Point p);
// How far the unit's leading edge (its front for `budget` > 0, its rear going backward) gets along its
// facing when it has |budget| of movement: each stretch of `step` costs its length divided by the pace at
// its middle, and it stops at the edge of impassable ground, or of a wall line of pace 0. Impassable ground
// it starts in is crossed at half pace (a unit the umpire put in a river wades out).
// Returns a signed distance like `budget`.
double distance_over_terrain(const Unit& unit, double budget, const std::vector<TerrainFeature>& terrain,
                             const TerrainPace& pace, double step);

// A leader is "with" a unit when his figure is within `reach` of the unit's footprint (0: touching it).
bool with_unit(const Leader& leader, const Unit& unit, double reach);
// Two leaders are adjacent when their figures are no more than `adjacency` apart.
bool leaders_adjacent(const Leader& a, const Leader& b, double adjacency);

// Whether p is inside a shape (boundary included). A polyline has an inside only if it has a width: the
// band within width / 2 of its line.
bool inside(const Shape& shape, Point p);
// Whether the segment a-b passes through a shape: through its inside for a polygon or a circle (touching
// the boundary at a point, or running along it, does not), within width / 2 of a polyline with a width,
// or meeting a polyline of width 0 (a wall) at any point.
bool segment_crosses(const Shape& shape, Point a, Point b);
// The first terrain feature of one of `kinds` that the sight line a-b crosses, or nullptr (a clear line).
// An empty `kinds` means every kind. A feature holding either end does not block: men at a wood's edge, in
// a town or on a hill see out and are seen (a rule set that limits sight inside a wood checks terrain_at).
const TerrainFeature* sight_blocked_by(const std::vector<TerrainFeature>& terrain, Point a, Point b,
                                       const std::vector<std::string>& kinds);
// The first feature of `kind` whose inside holds p, or nullptr.
const TerrainFeature* terrain_at(const std::vector<TerrainFeature>& terrain, Point p, const std::string& kind);

// The unit moved straight along its facing: forward for a positive distance, backward (still facing the
// same way) for a negative one.
Unit moved(const Unit& unit, double distance);
// The unit wheeled: it pivots on one front corner (the right for a wheel right, the left for a wheel left)
// while the other front corner travels `distance` along its arc; the facing turns by distance / frontage
// radians (clockwise for a wheel right).
enum class Wheel { left, right };
Unit wheeled(const Unit& unit, double distance, Wheel direction);
// The unit turned in place about the centre of its front edge (to face a flank or about face).
Unit turned(const Unit& unit, double degrees);

}  // namespace muster::battle
