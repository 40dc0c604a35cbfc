#include "shared/battle/shape.h"

namespace muster::battle {

std::string to_string(Shape::Kind kind) {
    switch (kind) {
        case Shape::Kind::polygon: return "polygon";
        case Shape::Kind::circle: return "circle";
        case Shape::Kind::polyline: return "polyline";
    }
    return "polygon";
}

bool shape_kind_from_string(const std::string& text, Shape::Kind& out) {
    if (text == "polygon") out = Shape::Kind::polygon;
    else if (text == "circle") out = Shape::Kind::circle;
    else if (text == "polyline") out = Shape::Kind::polyline;
    else return false;
    return true;
}

void to_json(nlohmann::json& j, const Point& p) {
    j = nlohmann::json::array();  // not from an initializer list: every piece of every view has a position
    j.push_back(p.x);
    j.push_back(p.y);
}

void from_json(const nlohmann::json& j, Point& p) {
    if (j.is_array()) {
        if (j.size() != 2) throw nlohmann::json::type_error::create(302, "a point is [x, y]", &j);
        p.x = j.at(0).get<double>();
        p.y = j.at(1).get<double>();
    } else {
        p.x = j.at("x").get<double>();
        p.y = j.at("y").get<double>();
    }
}

void to_json(nlohmann::json& j, const Shape& s) {
    j = nlohmann::json::object();
    j["shape"] = to_string(s.kind);
    if (s.kind == Shape::Kind::circle) {
        j["centre"] = s.centre;
        j["radius"] = s.radius;
    } else {
        j["points"] = s.points;
        if (s.kind == Shape::Kind::polyline) j["width"] = s.width;
    }
}

void from_json(const nlohmann::json& j, Shape& s) {
    s = Shape{};
    if (!shape_kind_from_string(j.at("shape").get<std::string>(), s.kind))
        throw nlohmann::json::type_error::create(302, "shape is polygon, circle or polyline", &j);
    if (s.kind == Shape::Kind::circle) {
        s.centre = j.at("centre").get<Point>();
        s.radius = j.at("radius").get<double>();
    } else {
        s.points = j.at("points").get<std::vector<Point>>();
        if (s.kind == Shape::Kind::polyline) s.width = j.value("width", 0.0);
    }
}

}  // namespace muster::battle
