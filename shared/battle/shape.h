#pragma once
// Points and shapes on a battle table, in table units (the table's measuring unit: cm, inches or paces).
// Coordinates: the origin is a corner of the table, x runs along its width, y along its depth.
// Facings are degrees measured clockwise from +y: 0 faces +y, 90 faces +x, 180 faces -y, 270 faces -x
// (clockwise as seen with y drawn upwards; a browser drawing y downwards mirrors it).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace muster::battle {

struct Point {
    double x = 0;
    double y = 0;
    bool operator==(const Point&) const = default;
};

// A terrain outline: a closed polygon (wood, hill, town, marsh...), a circle, or an open polyline
// (river, road, wall, hedge) with an optional width (a polyline of width 0 is a line: nothing is inside it).
struct Shape {
    enum class Kind { polygon, circle, polyline };
    Kind kind = Kind::polygon;
    std::vector<Point> points;  // polygon: its corners in order (closed implicitly); polyline: its points
    Point centre;               // circle only
    double radius = 0;          // circle only
    double width = 0;           // polyline only: the full width of a river or road (0 for a wall line)
    bool operator==(const Shape&) const = default;
};

std::string to_string(Shape::Kind kind);
bool shape_kind_from_string(const std::string& text, Shape::Kind& out);

void to_json(nlohmann::json& j, const Point& p);
void from_json(const nlohmann::json& j, Point& p);  // [x, y] or {"x", "y"}
void to_json(nlohmann::json& j, const Shape& s);
void from_json(const nlohmann::json& j, Shape& s);  // throws nlohmann::json::exception on bad input

}  // namespace muster::battle
