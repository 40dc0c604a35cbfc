#include "shared/rulesets/reivers/settings.h"

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

#include "shared/battle/settings_memo.h"

namespace muster::reivers {

using nlohmann::json;

namespace {

using Setter = std::function<std::optional<std::string>(ReiversSettings&, const json&)>;

Setter number(double ReiversSettings::*field, double lo, double hi) {
    return [=](ReiversSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < lo || v.get<double>() > hi)
            return "must be a number from " + std::to_string(static_cast<int>(lo)) + " to " + std::to_string(static_cast<int>(hi));
        s.*field = v.get<double>();
        return std::nullopt;
    };
}
Setter whole(int ReiversSettings::*field, int lo, int hi) {
    return [=](ReiversSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
            return "must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
        s.*field = static_cast<int>(v.get<long long>());
        return std::nullopt;
    };
}
Setter flag(bool ReiversSettings::*field) {
    return [=](ReiversSettings& s, const json& v) -> std::optional<std::string> {
        if (!v.is_boolean()) return "must be true or false";
        s.*field = v.get<bool>();
        return std::nullopt;
    };
}
Setter choice(std::string ReiversSettings::*field, std::vector<std::string> allowed) {
    return [=](ReiversSettings& s, const json& v) -> std::optional<std::string> {
        if (const auto* w = v.get_ptr<const std::string*>())
            for (const auto& a : allowed)
                if (*w == a) {
                    s.*field = a;
                    return std::nullopt;
                }
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        return "is one of " + list;
    };
}
Setter word(std::string ReiversSettings::*field) {
    return [=](ReiversSettings& s, const json& v) -> std::optional<std::string> {
        const auto* w = v.get_ptr<const std::string*>();
        if (!w || w->size() > 40) return "must be a side's id or \"\"";
        s.*field = *w;
        return std::nullopt;
    };
}
std::optional<std::string> set_scale(ReiversSettings& s, const json& v) {
    if (!v.is_object() || v.empty() || v.size() > 20) return "must be an object: weather -> paces (0 to 1000)";
    std::map<std::string, double> out;
    for (const auto& [k, p] : v.items()) {
        if (k.empty() || k.size() > 20 || !p.is_number() || !(p.get<double>() >= 0 && p.get<double>() <= 1000))
            return "must be an object: weather -> paces (0 to 1000)";
        out[k] = p.get<double>();
    }
    s.craft_range_paces = out;
    return std::nullopt;
}

// Percentages by a name's state: only the states there are, each 0 to 100; those not given keep theirs.
std::optional<std::string> set_losses(ReiversSettings& s, const json& v) {
    const std::string why = "must be an object of whole numbers from 0 to 100 by state (standing, fleeing, fled, destroyed)";
    if (!v.is_object()) return why;
    auto out = s.regiment_losses;
    for (const auto& [k, p] : v.items()) {
        if (!out.count(k) || !p.is_number_integer() || p.get<long long>() < 0 || p.get<long long>() > 100) return why;
        out[k] = static_cast<int>(p.get<long long>());
    }
    s.regiment_losses = out;
    return std::nullopt;
}

const std::map<std::string, Setter>& setters() {
    using S = ReiversSettings;
    static const std::map<std::string, Setter> table = {
        {"weather", word(&S::weather)},
        {"craft_range_paces", set_scale},
        {"combat_die", choice(&S::combat_die, {"d6", "d10", "average", "none"})},
        {"factor_column", choice(&S::factor_column, {"own", "enemy"})},
        {"recoil_flanked", choice(&S::recoil_flanked, {"flee", "destroyed"})},
        {"unnamed_type", choice(&S::unnamed_type, {"impassable", "unaffected"})},
        {"concealment_from", choice(&S::concealment_from, {"kind", "cover"})},
        {"flee_obstacles", choice(&S::flee_obstacles, {"round", "stop", "pass"})},
        {"stand_failed", choice(&S::stand_failed, {"recoil", "flee"})},
        {"under_fire_lasts", choice(&S::under_fire_lasts, {"round", "bound"})},
        {"follow_up", choice(&S::follow_up, {"close", "stand"})},
        {"craft_thrown", choice(&S::craft_thrown, {"bound_start", "first_action"})},
        {"hidden_in_contact", choice(&S::hidden_in_contact, {"lies_still", "fights"})},
        {"test_to_charge", flag(&S::test_to_charge)},
        {"cover_modifier", whole(&S::cover_modifier, -2, 2)},
        {"contact_paces", number(&S::contact_paces, 0, 200)},
        {"with_paces", number(&S::with_paces, 0, 1000)},
        {"search_paces", number(&S::search_paces, 0, 1000)},
        {"conceal_near_enemy_paces", number(&S::conceal_near_enemy_paces, 0, 5000)},
        {"surprise_paces", number(&S::surprise_paces, 0, 1000)},
        {"rally_cost", whole(&S::rally_cost, 0, 6)},
        {"regiment_losses", set_losses},
        {"local_knowledge", word(&S::local_knowledge)},
        {"first_side", word(&S::first_side)},
    };
    return table;
}

}  // namespace

json to_json(const ReiversSettings& s) {
    json j = json::object();
    battle::add_to_json(j, s);
    j["weather"] = s.weather;
    j["craft_range_paces"] = s.craft_range_paces;
    j["combat_die"] = s.combat_die;
    j["factor_column"] = s.factor_column;
    j["recoil_flanked"] = s.recoil_flanked;
    j["unnamed_type"] = s.unnamed_type;
    j["concealment_from"] = s.concealment_from;
    j["flee_obstacles"] = s.flee_obstacles;
    j["stand_failed"] = s.stand_failed;
    j["under_fire_lasts"] = s.under_fire_lasts;
    j["follow_up"] = s.follow_up;
    j["craft_thrown"] = s.craft_thrown;
    j["hidden_in_contact"] = s.hidden_in_contact;
    j["test_to_charge"] = s.test_to_charge;
    j["cover_modifier"] = s.cover_modifier;
    j["contact_paces"] = s.contact_paces;
    j["with_paces"] = s.with_paces;
    j["search_paces"] = s.search_paces;
    j["conceal_near_enemy_paces"] = s.conceal_near_enemy_paces;
    j["surprise_paces"] = s.surprise_paces;
    j["rally_cost"] = s.rally_cost;
    j["regiment_losses"] = s.regiment_losses;
    j["local_knowledge"] = s.local_knowledge;
    j["first_side"] = s.first_side;
    return j;
}

std::variant<Error, ReiversSettings> merged(const ReiversSettings& s, const json& changes) {
    if (!changes.is_object()) return bad_request("The settings must be an object.");
    ReiversSettings out = s;
    if (auto e = battle::read_changes(out, changes)) return *e;
    for (const auto& [key, value] : changes.items()) {
        if (battle::is_table_setting(key)) continue;
        auto it = setters().find(key);
        if (it == setters().end()) return bad_request("There is no setting \"" + key + "\" in Border Reivers.");
        if (auto why = it->second(out, value)) return bad_request("The setting \"" + key + "\" " + *why + ".");
    }
    return out;
}

ReiversSettings settings_from(const json& j) {
    return battle::read_once<ReiversSettings>(j, [](const json& from) {
        auto m = merged(ReiversSettings{}, from);
        return std::holds_alternative<ReiversSettings>(m) ? std::get<ReiversSettings>(m) : ReiversSettings{};
    });
}

double craft_range(const ReiversSettings& s) {
    auto it = s.craft_range_paces.find(s.weather);
    return it == s.craft_range_paces.end() ? 300 : it->second;
}

}  // namespace muster::reivers
