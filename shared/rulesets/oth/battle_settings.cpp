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

const std::map<std::string, SettingSetter>& setting_setters() {
    static const std::map<std::string, SettingSetter> table = {
        {"with_unit_cm", number(&BattleSettings::with_unit_cm, 0, 1000)},
        {"adjacent_cm", number(&BattleSettings::adjacent_cm, 0, 1000)},
        {"hold_fire_close_cm", number(&BattleSettings::hold_fire_close_cm, 0, 1000)},
        {"outnumbered_cm", number(&BattleSettings::outnumbered_cm, 0, 10000)},
        {"sight_cm", number(&BattleSettings::sight_cm, 0, 10000)},
        {"ambush_surprise", flag(&BattleSettings::ambush_surprise)},
        {"follow_me_tp", whole(&BattleSettings::follow_me_tp, 0, 8)},
        {"test_charge_next_turn", flag(&BattleSettings::test_charge_next_turn)},
    };
    return table;
}

}  // namespace

json to_json(const BattleSettings& s) {
    json j = oth::to_json(s.oth);
    battle::add_to_json(j, s);
    j["with_unit_cm"] = s.with_unit_cm;
    j["adjacent_cm"] = s.adjacent_cm;
    j["hold_fire_close_cm"] = s.hold_fire_close_cm;
    j["outnumbered_cm"] = s.outnumbered_cm;
    j["sight_cm"] = s.sight_cm;
    j["ambush_surprise"] = s.ambush_surprise;
    j["follow_me_tp"] = s.follow_me_tp;
    j["test_charge_next_turn"] = s.test_charge_next_turn;
    return j;
}

std::variant<Error, BattleSettings> merged(const BattleSettings& settings, const json& changes) {
    if (!changes.is_object()) return bad_request("The settings must be an object.");
    BattleSettings out = settings;
    if (auto e = battle::read_changes(out, changes)) return *e;
    json oth_changes = json::object();
    for (const auto& [key, value] : changes.items()) {
        if (battle::is_table_setting(key)) continue;
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
