#include "shared/battle/table_settings.h"

#include <cmath>
#include <functional>

namespace muster::battle {

using nlohmann::json;

namespace {

using Setter = std::function<std::optional<std::string>(TableSettings&, const json&)>;

Setter number(double TableSettings::*field, double lo, double hi) {
    return [=](TableSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number()) return "must be a number";
        double d = v.get<double>();
        if (!std::isfinite(d) || d < lo || d > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = d;
        return std::nullopt;
    };
}
Setter whole(int TableSettings::*field, int lo, int hi) {
    return [=](TableSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number_integer()) return "must be a whole number";
        auto n = v.get<long long>();
        if (n < lo || n > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = static_cast<int>(n);
        return std::nullopt;
    };
}
Setter flag(bool TableSettings::*field) {
    return [=](TableSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_boolean()) return "must be true or false";
        s.*field = v.get<bool>();
        return std::nullopt;
    };
}
Setter kinds(std::vector<std::string> TableSettings::*field) {
    return [=](TableSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_array() || v.size() > 50) return "must be a list of terrain kinds";
        std::vector<std::string> out;
        for (const auto& k : v) {
            if (!k.is_string() || k.get<std::string>().empty() || k.get<std::string>().size() > 40)
                return "must be a list of terrain kinds (words)";
            out.push_back(k.get<std::string>());
        }
        s.*field = out;
        return std::nullopt;
    };
}
Setter factors(std::map<std::string, double> TableSettings::*field) {
    return [=](TableSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_object() || v.size() > 50) return "must be an object: terrain kind -> a factor from 0 to 1";
        std::map<std::string, double> out;
        for (const auto& [k, f] : v.items()) {
            if (k.empty() || k.size() > 40 || !f.is_number() || !(f.get<double>() >= 0 && f.get<double>() <= 1))
                return "must be an object: terrain kind -> a factor from 0 to 1";
            out[k] = f.get<double>();
        }
        s.*field = out;
        return std::nullopt;
    };
}

const std::map<std::string, Setter>& setters() {
    static const std::map<std::string, Setter> table = {
        {"talk_cm", number(&TableSettings::talk_cm, 0, 1000)},
        {"blocks_sight", kinds(&TableSettings::blocks_sight)},
        {"terrain_movement", factors(&TableSettings::terrain_movement)},
        {"spot_cm", number(&TableSettings::spot_cm, 0, 10000)},
        {"auto_run", flag(&TableSettings::auto_run)},
        {"turn_seconds", whole(&TableSettings::turn_seconds, 0, 86400)},
        {"chat_closed", flag(&TableSettings::chat_closed)},
        {"apply_losses", flag(&TableSettings::apply_losses)},
    };
    return table;
}

}  // namespace

void add_to_json(json& j, const TableSettings& s) {
    j["talk_cm"] = s.talk_cm;
    j["blocks_sight"] = s.blocks_sight;
    j["terrain_movement"] = s.terrain_movement;
    j["spot_cm"] = s.spot_cm;
    j["auto_run"] = s.auto_run;
    j["turn_seconds"] = s.turn_seconds;
    j["chat_closed"] = s.chat_closed;
    j["apply_losses"] = s.apply_losses;
}

std::optional<Error> read_changes(TableSettings& s, const json& changes) {
    if (!changes.is_object()) return bad_request("The settings must be an object.");
    for (const auto& [name, set] : setters()) {
        auto it = changes.find(name);
        if (it == changes.end()) continue;
        if (auto why = set(s, *it)) return bad_request("The setting \"" + name + "\" " + *why + ".");
    }
    return std::nullopt;
}

bool is_table_setting(const std::string& name) { return setters().count(name) > 0; }

TableSettings table_settings_of(const json& settings) {
    TableSettings s;
    if (!settings.is_object()) return s;
    for (const auto& [name, set] : setters())
        if (auto it = settings.find(name); it != settings.end()) set(s, *it);
    return s;
}

}  // namespace muster::battle
