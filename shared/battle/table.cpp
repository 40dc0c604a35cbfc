#include "shared/battle/table.h"

namespace muster::battle {

std::string to_string(Measure m) {
    switch (m) {
        case Measure::cm: return "cm";
        case Measure::inches: return "inches";
        case Measure::paces: return "paces";
    }
    return "cm";
}

std::optional<Measure> measure_from_string(const std::string& text) {
    if (text == "cm") return Measure::cm;
    if (text == "inches") return Measure::inches;
    if (text == "paces") return Measure::paces;
    return std::nullopt;
}

double Table::to_cm(double length) const {
    switch (measure) {
        case Measure::cm: return length;
        case Measure::inches: return length * cm_per_inch;
        case Measure::paces: return length / paces_per_inch * cm_per_inch;
    }
    return length;
}

double Table::from_cm(double cm) const {
    switch (measure) {
        case Measure::cm: return cm;
        case Measure::inches: return cm / cm_per_inch;
        case Measure::paces: return cm / cm_per_inch * paces_per_inch;
    }
    return cm;
}

double Table::convert(double length, Measure to) const {
    Table other = *this;
    other.measure = to;
    return other.from_cm(to_cm(length));
}

void to_json(nlohmann::json& j, const Table& t) {
    j = {{"width", t.width}, {"depth", t.depth}, {"measure", to_string(t.measure)}};
    if (t.measure == Measure::paces) j["paces_per_inch"] = t.paces_per_inch;
}

void from_json(const nlohmann::json& j, Table& t) {
    t = Table{};
    t.width = j.at("width").get<double>();
    t.depth = j.at("depth").get<double>();
    auto m = measure_from_string(j.at("measure").get<std::string>());
    if (!m) throw nlohmann::json::type_error::create(302, "measure is cm, inches or paces", &j);
    t.measure = *m;
    t.paces_per_inch = j.value("paces_per_inch", default_paces_per_inch);
}

}  // namespace muster::battle
