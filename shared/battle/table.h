#pragma once
// The table a battle is fought on: its size and the unit every distance on it is measured in.
// Over the Hill measures in cm (over-the-hills.txt, movement table); Chosen Men and Loose Files in
// inches; Border Reivers in paces at 1" to 50 paces (border-reivers.txt, "1” to 50 paces looks about right").
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace muster::battle {

enum class Measure { cm, inches, paces };

inline constexpr double cm_per_inch = 2.54;
inline constexpr double default_paces_per_inch = 50;  // border-reivers.txt, ground scale

std::string to_string(Measure m);
std::optional<Measure> measure_from_string(const std::string& text);  // "cm" | "inches" | "paces"

struct Table {
    double width = 180;  // along x, in `measure`
    double depth = 120;  // along y, in `measure`
    Measure measure = Measure::cm;
    double paces_per_inch = default_paces_per_inch;  // the ground scale, used only with paces

    // A length on this table expressed in another unit, and back.
    double to_cm(double length) const;
    double from_cm(double cm) const;
    double convert(double length, Measure to) const;  // a length in this table's unit, in `to`
    bool contains(double x, double y) const { return x >= 0 && y >= 0 && x <= width && y <= depth; }
    bool operator==(const Table&) const = default;
};

void to_json(nlohmann::json& j, const Table& t);
void from_json(const nlohmann::json& j, Table& t);

}  // namespace muster::battle
