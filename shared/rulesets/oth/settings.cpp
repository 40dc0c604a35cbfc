#include "shared/rulesets/oth/settings.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace muster::oth {

std::string_view musketry_score_by_name(MusketryScoreBy by) {
    return by == MusketryScoreBy::rating ? "rating" : "bases";
}

std::string_view gunner_movement_name(GunnerMovement movement) {
    return movement == GunnerMovement::as_foot ? "as_foot" : "immobile";
}

nlohmann::json to_json(const OthSettings& s) {
    return {
        {"musketry_score_by", musketry_score_by_name(s.musketry_score_by)},
        {"every_volley_gives_tp", s.every_volley_gives_tp},
        {"hold_your_fire_bonus", s.hold_your_fire_bonus},
        {"enemy_running_removes_tp", s.enemy_running_removes_tp},
        {"rally_roll_each_turn", s.rally_roll_each_turn},
        {"irregulars_fight_as_highlanders", s.irregulars_fight_as_highlanders},
        {"leader_fight_bonus", s.leader_fight_bonus},
        {"leader_hit_on", s.leader_hit_on},
        {"leader_killed_on", s.leader_killed_on},
        {"digest_turns", s.digest_turns},
        {"gunner_movement", gunner_movement_name(s.gunner_movement)},
        {"gunner_drill", s.gunner_drill},
        {"cease_fire_score", s.cease_fire_score},
        {"losses_cap_percent", s.losses_cap_percent},
    };
}

namespace {

using Setter = std::function<std::optional<std::string>(OthSettings&, const nlohmann::json&)>;

Setter boolean(bool OthSettings::*field) {
    return [field](OthSettings& s, const nlohmann::json& v) -> std::optional<std::string> {
        if (!v.is_boolean()) return "must be true or false";
        s.*field = v.get<bool>();
        return std::nullopt;
    };
}

Setter integer(int OthSettings::*field, int lo, int hi) {
    return [field, lo, hi](OthSettings& s, const nlohmann::json& v) -> std::optional<std::string> {
        if (!v.is_number_integer()) return "must be a whole number";
        auto n = v.get<long long>();
        if (n < lo || n > hi) return "must be from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = static_cast<int>(n);
        return std::nullopt;
    };
}

const std::map<std::string, Setter>& setters() {
    static const std::map<std::string, Setter> table = {
        {"musketry_score_by",
         [](OthSettings& s, const nlohmann::json& v) -> std::optional<std::string> {
             if (v == "rating") s.musketry_score_by = MusketryScoreBy::rating;
             else if (v == "bases") s.musketry_score_by = MusketryScoreBy::bases;
             else return "must be \"rating\" or \"bases\"";
             return std::nullopt;
         }},
        {"every_volley_gives_tp", boolean(&OthSettings::every_volley_gives_tp)},
        {"hold_your_fire_bonus", integer(&OthSettings::hold_your_fire_bonus, 0, 3)},
        {"enemy_running_removes_tp", boolean(&OthSettings::enemy_running_removes_tp)},
        {"rally_roll_each_turn", boolean(&OthSettings::rally_roll_each_turn)},
        {"irregulars_fight_as_highlanders", boolean(&OthSettings::irregulars_fight_as_highlanders)},
        {"leader_fight_bonus", integer(&OthSettings::leader_fight_bonus, 0, 3)},
        {"leader_hit_on", integer(&OthSettings::leader_hit_on, 0, 6)},
        {"leader_killed_on", integer(&OthSettings::leader_killed_on, 0, 6)},
        {"digest_turns", integer(&OthSettings::digest_turns, 0, 3)},
        {"gunner_movement",
         [](OthSettings& s, const nlohmann::json& v) -> std::optional<std::string> {
             if (v == "as_foot") s.gunner_movement = GunnerMovement::as_foot;
             else if (v == "immobile") s.gunner_movement = GunnerMovement::immobile;
             else return "must be \"as_foot\" or \"immobile\"";
             return std::nullopt;
         }},
        {"gunner_drill", integer(&OthSettings::gunner_drill, 1, 6)},
        {"cease_fire_score", integer(&OthSettings::cease_fire_score, 1, 7)},
        {"losses_cap_percent", integer(&OthSettings::losses_cap_percent, 1, 1000)},
    };
    return table;
}

}  // namespace

std::variant<Error, OthSettings> merged(const OthSettings& settings, const nlohmann::json& changes) {
    if (!changes.is_object()) return bad_request("settings must be an object of {name: value}");
    OthSettings out = settings;
    for (const auto& [name, value] : changes.items()) {
        auto it = setters().find(name);
        if (it == setters().end()) return bad_request("unknown setting \"" + name + "\"");
        if (auto problem = it->second(out, value)) return bad_request("setting \"" + name + "\" " + *problem);
    }
    return out;
}

std::variant<Error, OthSettings> settings_from_json(const nlohmann::json& j) { return merged(OthSettings{}, j); }

}  // namespace muster::oth
