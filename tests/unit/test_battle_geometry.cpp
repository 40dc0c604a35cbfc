// The shared battle geometry (shared/battle/geometry.h): exact numbers for footprints, arcs at their edges,
// range, contact, "with a unit", leader adjacency, sight lines through terrain, moving and wheeling.
#include <catch2/catch.hpp>

#include <cmath>

#include "shared/battle/geometry.h"

using namespace muster::battle;

namespace {

Unit unit_at(Point position, double facing, Formation formation = Formation::line) {
    Unit u;
    u.id = 1;
    u.side = "british";
    u.troop_type = "formed_infantry";
    u.bases = 4;
    u.base_width = 4;
    u.base_depth = 2;
    u.formation = formation;
    u.position = position;
    u.facing = facing;
    return u;
}

void check_point(Point p, double x, double y) {
    CHECK(p.x == Approx(x).margin(1e-9));
    CHECK(p.y == Approx(y).margin(1e-9));
}

Shape polygon(std::vector<Point> points) {
    Shape s;
    s.kind = Shape::Kind::polygon;
    s.points = std::move(points);
    return s;
}

}  // namespace

TEST_CASE("distances, directions and bearings", "[battle]") {
    CHECK(distance({0, 0}, {3, 4}) == 5);
    check_point(direction(0), 0, 1);
    check_point(direction(90), 1, 0);
    check_point(direction(180), 0, -1);
    check_point(direction(270), -1, 0);
    CHECK(direction(90).y == 0);  // snapped, not 6e-17
    CHECK(normalize_degrees(-90) == 270);
    CHECK(normalize_degrees(720) == 0);
    CHECK(bearing({0, 0}, {0, 5}) == 0);
    CHECK(bearing({0, 0}, {5, 0}) == Approx(90));
    CHECK(bearing({0, 0}, {-5, -5}) == Approx(225));
    CHECK(distance_to_segment({5, 3}, {0, 0}, {10, 0}) == 3);
    CHECK(distance_to_segment({13, 4}, {0, 0}, {10, 0}) == 5);
}

TEST_CASE("footprints for each formation", "[battle]") {
    SECTION("line: bases side by side") {
        Footprint f = footprint(unit_at({50, 50}, 0));
        CHECK(f.frontage == 16);
        CHECK(f.depth == 2);
        check_point(f.front_left, 42, 50);
        check_point(f.front_right, 58, 50);
        check_point(f.rear_right, 58, 48);
        check_point(f.rear_left, 42, 48);
        check_point(f.centre(), 50, 49);
    }
    SECTION("column: one behind another") {
        Footprint f = footprint(unit_at({50, 50}, 0, Formation::column));
        CHECK(f.frontage == 4);
        CHECK(f.depth == 8);
        check_point(f.front_left, 48, 50);
        check_point(f.rear_right, 52, 42);
    }
    SECTION("square: 2 x 2") {
        Footprint f = footprint(unit_at({50, 50}, 0, Formation::square));
        CHECK(f.frontage == 8);
        CHECK(f.depth == 4);
        check_point(f.front_left, 46, 50);
        check_point(f.rear_right, 54, 46);
        Unit nine = unit_at({50, 50}, 0, Formation::square);
        nine.bases = 9;
        CHECK(footprint(nine).frontage == 12);
        nine.bases = 5;  // 3 x 3 block, one row short
        CHECK(footprint(nine).depth == 6);
    }
    SECTION("other formations lie as a line") {
        Unit u = unit_at({50, 50}, 0, Formation::other);
        u.formation_name = "skirmish";
        CHECK(footprint(u).frontage == 16);
    }
    SECTION("a line facing 90 degrees") {
        Footprint f = footprint(unit_at({50, 50}, 90));
        check_point(f.front_left, 50, 58);
        check_point(f.front_right, 50, 42);
        check_point(f.rear_right, 48, 42);
        check_point(f.rear_left, 48, 58);
    }
    SECTION("base outlines") {
        auto line = base_outlines(unit_at({50, 50}, 0));
        REQUIRE(line.size() == 4);
        check_point(line[0][0], 42, 50);
        check_point(line[3][1], 58, 50);
        auto column = base_outlines(unit_at({50, 50}, 0, Formation::column));
        check_point(column[3][2], 52, 42);
        auto square = base_outlines(unit_at({50, 50}, 0, Formation::square));
        check_point(square[3][0], 50, 48);
        check_point(square[3][2], 54, 46);
    }
}

TEST_CASE("arcs: front, flanks and rear, at their edges", "[battle]") {
    Unit u = unit_at({50, 50}, 0);  // front edge 42..58 at y = 50, rear edge at y = 48
    CHECK(arc_of(u, {50, 60}) == Arc::front);
    CHECK(arc_of(u, {68, 60}) == Arc::front);  // exactly on the 45-degree line from the front-right corner
    CHECK(arc_of(u, {68.001, 60}) == Arc::right_flank);
    CHECK(arc_of(u, {32, 60}) == Arc::front);
    CHECK(arc_of(u, {31.999, 60}) == Arc::left_flank);
    CHECK(arc_of(u, {50, 50}) == Arc::front);  // on the front edge
    CHECK(arc_of(u, {59, 50}) == Arc::right_flank);  // level with the front edge, beyond its end
    CHECK(arc_of(u, {50, 40}) == Arc::rear);
    CHECK(arc_of(u, {66, 40}) == Arc::rear);  // on the 45-degree line from the rear-right corner
    CHECK(arc_of(u, {66.01, 40}) == Arc::right_flank);
    CHECK(arc_of(u, {30, 49}) == Arc::left_flank);
    CHECK(to_string(Arc::left_flank) == "left_flank");

    ArcSettings straight{0, 0};
    CHECK(arc_of(u, {58, 80}, straight) == Arc::front);
    CHECK(arc_of(u, {58.01, 80}, straight) == Arc::right_flank);
    ArcSettings wide{90, 45};
    CHECK(arc_of(u, {200, 50.0}, wide) == Arc::front);

    Unit turned90 = unit_at({50, 50}, 90);  // facing +x: its right is -y
    CHECK(arc_of(turned90, {60, 50}) == Arc::front);
    CHECK(arc_of(turned90, {50, 30}) == Arc::right_flank);
    CHECK(arc_of(turned90, {50, 70}) == Arc::left_flank);
    CHECK(arc_of(turned90, {40, 50}) == Arc::rear);

    Unit square = unit_at({50, 50}, 0, Formation::square);
    CHECK(arc_of(square, {50, 10}) == Arc::front);  // a square faces out on every side
    CHECK(arc_of(square, {10, 48}) == Arc::front);
}

TEST_CASE("in front of and within range", "[battle]") {
    Unit u = unit_at({50, 50}, 0);
    CHECK(distance_from_front(u, {50, 60}) == 10);
    CHECK(distance_from_front(u, {68, 60}) == Approx(std::sqrt(200.0)));
    CHECK(in_front_within(u, {50, 60}, 10));
    CHECK_FALSE(in_front_within(u, {50, 60.01}, 10));
    CHECK_FALSE(in_front_within(u, {30, 51}, 100));  // in range but on the flank
    CHECK(in_front_within(u, {68, 60}, std::sqrt(200.0)));

    Unit enemy = unit_at({50, 62}, 180);  // its front edge 12 away, face to face
    CHECK(unit_in_front_within(u, enemy, 12));
    CHECK_FALSE(unit_in_front_within(u, enemy, 11.99));
    Unit off_to_the_side = unit_at({84, 60}, 180);  // spans x 76..92, its nearest corner (76, 60)
    CHECK_FALSE(unit_in_front_within(u, off_to_the_side, 100));
    Unit half_in = unit_at({74, 60}, 180);  // spans x 66..82: its corner (66, 60) is in the front arc
    CHECK(unit_in_front_within(u, half_in, 13));
    CHECK_FALSE(unit_in_front_within(u, half_in, 12.7));
}

TEST_CASE("contact, with a unit, leader adjacency", "[battle]") {
    Unit u = unit_at({50, 50}, 0);
    Unit apart = unit_at({50, 52}, 180);
    CHECK(distance_between(u, apart) == 2);
    CHECK_FALSE(in_contact(u, apart));
    Unit touching = unit_at({50, 50}, 180);
    CHECK(in_contact(u, touching));
    Unit corner = unit_at({62, 52}, 0);  // front-left corner... rear-left at (54, 50) on u's front edge
    CHECK(in_contact(u, corner));
    Unit overlapping = unit_at({52, 49}, 0);
    CHECK(distance_between(u, overlapping) == 0);
    Unit diagonal = unit_at({69, 53}, 0);  // rear-left corner (61, 51): 3 across and 1 up from (58, 50)
    CHECK(distance_between(u, diagonal) == Approx(std::sqrt(10.0)));

    Leader l;
    l.position = {50, 53};
    CHECK(distance_to_unit(u, l.position) == 3);
    CHECK(with_unit(l, u, 3));
    CHECK_FALSE(with_unit(l, u, 2.999));
    l.position = {50, 49};
    CHECK(with_unit(l, u, 0));  // inside the footprint
    l.position = {60, 50};
    CHECK(distance_to_unit(u, l.position) == 2);

    Leader a, b;
    a.position = {0, 0};
    b.position = {3, 4};
    CHECK(leaders_adjacent(a, b, 5));
    CHECK_FALSE(leaders_adjacent(a, b, 4.99));
}

TEST_CASE("sight lines and terrain", "[battle]") {
    Shape wood = polygon({{40, 60}, {60, 60}, {60, 80}, {40, 80}});
    CHECK(segment_crosses(wood, {50, 50}, {50, 90}));
    CHECK(segment_crosses(wood, {45, 50}, {45, 65}));  // ends inside
    CHECK(segment_crosses(wood, {45, 65}, {55, 75}));  // wholly inside
    CHECK_FALSE(segment_crosses(wood, {30, 50}, {30, 90}));
    CHECK_FALSE(segment_crosses(wood, {40, 50}, {40, 90}));  // along its edge
    CHECK_FALSE(segment_crosses(wood, {30, 70}, {50, 50}));  // through its corner only
    CHECK(segment_crosses(wood, {30, 70}, {50, 50.1}));       // just inside the corner

    Shape hill;
    hill.kind = Shape::Kind::circle;
    hill.centre = {100, 100};
    hill.radius = 10;
    CHECK_FALSE(segment_crosses(hill, {90, 80}, {90, 120}));  // a tangent
    CHECK(segment_crosses(hill, {91, 80}, {91, 120}));
    CHECK(inside(hill, {110, 100}));
    CHECK_FALSE(inside(hill, {110.01, 100}));

    Shape wall;
    wall.kind = Shape::Kind::polyline;
    wall.points = {{0, 0}, {0, 10}};
    CHECK(segment_crosses(wall, {-1, 5}, {1, 5}));
    CHECK(segment_crosses(wall, {-1, 10}, {1, 10}));  // meeting its end
    CHECK_FALSE(segment_crosses(wall, {1, 5}, {2, 5}));
    CHECK_FALSE(inside(wall, {0, 5}));  // a line has no inside

    Shape river;
    river.kind = Shape::Kind::polyline;
    river.points = {{0, 20}, {50, 20}, {100, 20}};
    river.width = 4;
    CHECK(segment_crosses(river, {50, 0}, {50, 30}));
    CHECK_FALSE(segment_crosses(river, {50, 0}, {50, 18}));  // up to its bank
    CHECK(inside(river, {50, 21.9}));
    CHECK(inside(river, {75, 22}));
    CHECK_FALSE(inside(river, {50, 22.1}));

    std::vector<TerrainFeature> terrain;
    terrain.push_back({1, "wood", "Big wood", wood, nlohmann::json::object()});
    terrain.push_back({2, "hill", "", hill, nlohmann::json::object()});
    terrain.push_back({3, "river", "", river, nlohmann::json::object()});
    CHECK(sight_blocked_by(terrain, {50, 50}, {50, 90}, {"wood"})->id == 1);
    CHECK(sight_blocked_by(terrain, {50, 50}, {50, 90}, {"hill"}) == nullptr);
    CHECK(sight_blocked_by(terrain, {95, 80}, {95, 120}, {})->id == 2);
    CHECK(sight_blocked_by(terrain, {0, 50}, {0, 90}, {}) == nullptr);
    CHECK(sight_blocked_by(terrain, {50, 70}, {50, 90}, {"wood"}) == nullptr);  // from inside the wood, out
    CHECK(sight_blocked_by(terrain, {50, 50}, {50, 79}, {"wood"}) == nullptr);  // to men inside it
    CHECK(terrain_at(terrain, {50, 70}, "wood")->id == 1);
    CHECK(terrain_at(terrain, {40, 60}, "wood")->id == 1);  // its edge is in it
    CHECK(terrain_at(terrain, {50, 70}, "marsh") == nullptr);
    CHECK(terrain_at(terrain, {10, 19}, "river")->id == 3);
    CHECK(inside_polygon(wood.points, {60, 80}));
    CHECK_FALSE(inside_polygon(wood.points, {60.01, 80}));
}

TEST_CASE("moving and wheeling", "[battle]") {
    Unit u = unit_at({50, 50}, 0);
    check_point(moved(u, 10).position, 50, 60);
    check_point(moved(u, -3).position, 50, 47);
    CHECK(moved(u, -3).facing == 0);
    check_point(moved(unit_at({50, 50}, 90), 10).position, 60, 50);
    check_point(moved(unit_at({0, 0}, 45), std::sqrt(2.0)).position, 1, 1);

    SECTION("a quarter wheel right pivots on the right") {
        Unit w = wheeled(u, 16 * pi / 2, Wheel::right);  // the left flank travels a quarter circle of radius 16
        CHECK(w.facing == Approx(90));
        check_point(w.position, 58, 58);
        check_point(footprint(w).front_right, 58, 50);  // the pivot stays put
        check_point(footprint(w).front_left, 58, 66);
    }
    SECTION("a quarter wheel left pivots on the left") {
        Unit w = wheeled(u, 16 * pi / 2, Wheel::left);
        CHECK(w.facing == Approx(270));
        check_point(w.position, 42, 58);
        check_point(footprint(w).front_left, 42, 50);
        check_point(footprint(w).front_right, 42, 66);
    }
    SECTION("a short wheel turns by distance / frontage radians") {
        Unit w = wheeled(u, 4, Wheel::right);  // 0.25 rad
        CHECK(w.facing == Approx(0.25 * 180 / pi));
        Footprint f = footprint(w);
        check_point(f.front_right, 58, 50);
        CHECK(distance(f.front_left, f.front_right) == Approx(16));
        check_point(f.front_left, 58 - 16 * std::cos(0.25), 50 + 16 * std::sin(0.25));
    }
    SECTION("a column wheels on its one base's frontage") {
        Unit c = unit_at({50, 50}, 0, Formation::column);
        Unit w = wheeled(c, 4 * pi, Wheel::right);  // half a turn about (52, 50)
        CHECK(w.facing == Approx(180));
        check_point(w.position, 54, 50);
    }
    CHECK(turned(u, -90).facing == 270);
    check_point(turned(u, 180).position, 50, 50);
}

TEST_CASE("overlap, and how far a unit moves before another is in its way", "[battle]") {
    // A line facing +y: its footprint from x 42 to 58, y 18 to 20.
    Unit a = unit_at({50, 20}, 0);
    Unit b = unit_at({50, 27}, 0);  // y 25 to 27, straight ahead
    b.id = 2;
    Unit side_by_side = unit_at({66, 20}, 0);  // x 58 to 74: touching a's right edge
    side_by_side.id = 3;
    CHECK_FALSE(overlap(a, b));
    CHECK_FALSE(overlap(a, side_by_side));  // touching is not overlapping
    CHECK(overlap(a, unit_at({55, 19}, 0)));
    // Forward 11 stops touching b after 5; a touching neighbour does not hold it; backward is clear.
    CHECK(clear_distance(a, 11, {&b, &side_by_side}) == Approx(5).margin(1e-6));
    CHECK(clear_distance(a, 4, {&b}) == Approx(4).margin(1e-9));
    CHECK(clear_distance(a, -3, {&b}) == Approx(-3).margin(1e-9));
    // A unit it already overlaps does not hold it.
    Unit stuck = unit_at({50, 19}, 0);
    stuck.id = 4;
    CHECK(clear_distance(a, 11, {&stuck}) == Approx(11).margin(1e-9));
    // A thin unit across the path is not jumped over.
    Unit thin = unit_at({50, 30.1}, 0);  // one base 40 wide and 0.1 deep: y 30 to 30.1
    thin.id = 5;
    thin.base_depth = 0.1;
    thin.bases = 1;
    thin.base_width = 40;
    CHECK(clear_distance(a, 30, {&thin}) == Approx(10).margin(1e-6));
}

TEST_CASE("movement over terrain: slow ground, impassable ground, a way across", "[battle]") {
    Unit a = unit_at({50, 20}, 0);
    TerrainFeature wood;
    wood.kind = "wood";
    wood.shape = polygon({{0, 25}, {100, 25}, {100, 100}, {0, 100}});
    TerrainPace pace;
    pace.factor = {{"wood", 0.5}, {"river", 0}};
    // 5 cm to the wood's edge at full pace, the other 6 of 11 at half pace: 3 cm in.
    CHECK(distance_over_terrain(a, 11, {wood}, pace, 0.25) == Approx(8).margin(1e-9));
    CHECK(pace_at({wood}, pace, {50, 30}) == 0.5);
    CHECK(pace_at({wood}, pace, {50, 10}) == 1);
    // Backward, the rear edge leads (y 18): out of the wood it goes the whole way.
    CHECK(distance_over_terrain(a, -4, {wood}, pace, 0.25) == Approx(-4).margin(1e-9));
    // A river band from y 30 to 32: the unit stops on its bank...
    TerrainFeature river;
    river.kind = "river";
    river.shape.kind = Shape::Kind::polyline;
    river.shape.points = {{0, 31}, {100, 31}};
    river.shape.width = 2;
    CHECK(distance_over_terrain(a, 20, {river}, pace, 0.25) == Approx(10).margin(1e-9));
    // ...unless a road crosses it where it goes.
    TerrainFeature road;
    road.kind = "road";
    road.shape.kind = Shape::Kind::polyline;
    road.shape.points = {{50, 0}, {50, 100}};
    road.shape.width = 4;
    CHECK(distance_over_terrain(a, 20, {river, road}, pace, 0.25) == Approx(20).margin(1e-9));
    // A unit standing in the river wades out at half pace (2 cm of river for 4 of movement), then goes on.
    Unit wading = unit_at({50, 30}, 0);
    CHECK(distance_over_terrain(wading, 6, {river}, pace, 0.25) == Approx(4).margin(1e-9));
    // A wall line of pace 0 stops it where it would cross.
    TerrainFeature wall;
    wall.kind = "wall";
    wall.shape.kind = Shape::Kind::polyline;
    wall.shape.points = {{0, 26}, {100, 26}};
    pace.factor["wall"] = 0;
    CHECK(distance_over_terrain(a, 20, {wall}, pace, 0.25) == Approx(5.75).margin(1e-9));
    // Terrain not listed does not slow it.
    wood.kind = "orchard";
    CHECK(distance_over_terrain(a, 11, {wood}, pace, 0.25) == Approx(11).margin(1e-9));
}
