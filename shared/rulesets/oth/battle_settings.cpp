#include "shared/rulesets/oth/battle_settings.h"

#include <cmath>
#include <functional>
#include <optional>

namespace muster::oth {

using nlohmann::json;

namespace {

using SettingSetter = std::function<std::optional<std::string>(BattleSettings&, const json&)>;

SettingSetter number(double BattleSettings::*field, double lo, double hi) {
    return [=](BattleSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number()) return "must be a number";
        double d = v.get<double>();
        if (!std::isfinite(d) || d < lo || d > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = d;
        return std::nullopt;
    };
}
SettingSetter whole(int BattleSettings::*field, int lo, int hi) {
    return [=](BattleSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number_integer()) return "must be a whole number";
        auto n = v.get<long long>();
        if (n < lo || n > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = static_cast<int>(n);
        return std::nullopt;
    };
}
SettingSetter flag(bool BattleSettings::*field) {
    return [=](BattleSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_boolean()) return "must be true or false";
        s.*field = v.get<bool>();
        return std::nullopt;
    };
}

SettingSetter kinds(std::vector<std::string> BattleSettings::*field) {
    return [=](BattleSettings& s, const json& v) -> std::optional<std::string> {
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
SettingSetter factors(std::map<std::string, double> BattleSettings::*field) {
    return [=](BattleSettings& s, const json& v) -> std::optional<std::string> {
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

const std::map<std::string, SettingSetter>& setting_setters() {
    static const std::map<std::string, SettingSetter> table = {
        {"talk_cm", number(&BattleSettings::talk_cm, 0, 1000)},
        {"with_unit_cm", number(&BattleSettings::with_unit_cm, 0, 1000)},
        {"adjacent_cm", number(&BattleSettings::adjacent_cm, 0, 1000)},
        {"hold_fire_close_cm", number(&BattleSettings::hold_fire_close_cm, 0, 1000)},
        {"outnumbered_cm", number(&BattleSettings::outnumbered_cm, 0, 10000)},
        {"sight_cm", number(&BattleSettings::sight_cm, 0, 10000)},
        {"blocks_sight", kinds(&BattleSettings::blocks_sight)},
        {"terrain_movement", factors(&BattleSettings::terrain_movement)},
        {"spot_cm", number(&BattleSettings::spot_cm, 0, 10000)},
        {"ambush_surprise", flag(&BattleSettings::ambush_surprise)},
        {"follow_me_tp", whole(&BattleSettings::follow_me_tp, 0, 8)},
        {"auto_run", flag(&BattleSettings::auto_run)},
        {"turn_seconds", whole(&BattleSettings::turn_seconds, 0, 86400)},
        {"chat_closed", flag(&BattleSettings::chat_closed)},
        {"apply_losses", flag(&BattleSettings::apply_losses)},
    };
    return table;
}

}  // namespace

json to_json(const BattleSettings& s) {
    json j = oth::to_json(s.oth);
    j["talk_cm"] = s.talk_cm;
    j["with_unit_cm"] = s.with_unit_cm;
    j["adjacent_cm"] = s.adjacent_cm;
    j["hold_fire_close_cm"] = s.hold_fire_close_cm;
    j["outnumbered_cm"] = s.outnumbered_cm;
    j["sight_cm"] = s.sight_cm;
    j["blocks_sight"] = s.blocks_sight;
    j["terrain_movement"] = s.terrain_movement;
    j["spot_cm"] = s.spot_cm;
    j["ambush_surprise"] = s.ambush_surprise;
    j["follow_me_tp"] = s.follow_me_tp;
    j["auto_run"] = s.auto_run;
    j["turn_seconds"] = s.turn_seconds;
    j["chat_closed"] = s.chat_closed;
    j["apply_losses"] = s.apply_losses;
    return j;
}

std::variant<Error, BattleSettings> merged(const BattleSettings& settings, const json& changes) {
    if (!changes.is_object()) return bad_request("The settings must be an object.");
    BattleSettings out = settings;
    json oth_changes = json::object();
    for (const auto& [key, value] : changes.items()) {
        auto it = setting_setters().find(key);
        if (it == setting_setters().end()) {
            oth_changes[key] = value;
            continue;
        }
        if (auto why = it->second(out, value)) return bad_request("The setting \"" + key + "\" " + *why + ".");
    }
    if (!oth_changes.empty()) {
        auto m = oth::merged(out.oth, oth_changes);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        out.oth = std::get<oth::OthSettings>(m);
    }
    return out;
}

}  // namespace muster::oth
