#include "shared/campaign/house_rules.h"
#include "shared/core/fields.h"

#include <vector>

namespace muster::campaign::year {

using nlohmann::json;

namespace {

struct IntSetting {
    const char* name;
    int HouseRules::*field;
    int min;
    int max;
};

const std::vector<IntSetting>& int_settings() {
    static const std::vector<IntSetting> table = {
        {"starting_money", &HouseRules::starting_money, 0, 1000000},
        {"pip_price", &HouseRules::pip_price, 1, 100000},
        {"last_regiment", &HouseRules::last_regiment, 3, 99},
        {"companies_per_regiment", &HouseRules::companies_per_regiment, 1, 20},
        {"government_pay", &HouseRules::government_pay, 0, 100000},
        {"allowance_companies", &HouseRules::allowance_companies, 0, 20},
        {"wage", &HouseRules::wage, 0, 100000},
        {"drill_cost", &HouseRules::drill_cost, 0, 100000},
        {"musketry_cost", &HouseRules::musketry_cost, 0, 100000},
        {"manoeuvres_cost", &HouseRules::manoeuvres_cost, 0, 100000},
        {"new_attribute", &HouseRules::new_attribute, 1, 6},
        {"attribute_min", &HouseRules::attribute_min, 1, 6},
        {"attribute_max", &HouseRules::attribute_max, 1, 6},
        {"improve_on", &HouseRules::improve_on, 1, 7},
        {"supervise_bonus", &HouseRules::supervise_bonus, 0, 6},
        {"drill_decline_months", &HouseRules::drill_decline_months, 1, 120},
        {"drill_decline_on", &HouseRules::drill_decline_on, 0, 6},
        {"musketry_decline_months", &HouseRules::musketry_decline_months, 1, 120},
        {"musketry_decline_on", &HouseRules::musketry_decline_on, 0, 6},
        {"effectiveness_decline_months", &HouseRules::effectiveness_decline_months, 1, 120},
        {"effectiveness_decline_on", &HouseRules::effectiveness_decline_on, 0, 6},
        {"socialise_pip", &HouseRules::socialise_pip, 0, 1000},
        {"business_money", &HouseRules::business_money, 0, 100000},
        {"politics_pip", &HouseRules::politics_pip, 0, 1000},
        {"lone_absentee_penalty", &HouseRules::lone_absentee_penalty, 0, 1000},
        {"arrears_risk_months", &HouseRules::arrears_risk_months, 0, 120},
        {"recruit_cost", &HouseRules::recruit_cost, 0, 100000},
        {"auction_extension_seconds", &HouseRules::auction_extension_seconds, 0, 3600},
        {"crisis_dice", &HouseRules::crisis_dice, 1, 4},
        {"disease_loss_percent", &HouseRules::disease_loss_percent, 0, 100},
        {"shipwreck_loss_percent", &HouseRules::shipwreck_loss_percent, 0, 100},
        {"wounded_months", &HouseRules::wounded_months, 0, 24},
        {"captured_months", &HouseRules::captured_months, 0, 24},
        {"reminder_first_hours", &HouseRules::reminder_first_hours, 0, 720},
        {"reminder_last_hours", &HouseRules::reminder_last_hours, 0, 720},
        {"extensions_per_month", &HouseRules::extensions_per_month, 0, 12},
        {"grace_minutes", &HouseRules::grace_minutes, 0, 7 * 24 * 60},
        {"leave_months_per_year", &HouseRules::leave_months_per_year, 0, 12},
        {"missed_months_to_umpire", &HouseRules::missed_months_to_umpire, 0, 24},
        {"lot_reminder_minutes", &HouseRules::lot_reminder_minutes, 0, 7 * 24 * 60},
    };
    return table;
}

struct ChoiceSetting {
    const char* name;
    std::string HouseRules::*field;
    std::vector<std::string> choices;
};

const std::vector<ChoiceSetting>& choice_settings() {
    static const std::vector<ChoiceSetting> table = {
        {"present", &HouseRules::present, {"not_away", "submitted"}},
        {"default_diary", &HouseRules::default_diary, {"repeat_last", "quiet"}},
        {"half_strength", &HouseRules::half_strength, {"campaign", "battle"}},
        {"committee_ties", &HouseRules::committee_ties, {"seniority", "umpire"}},
        {"loot_shared", &HouseRules::loot_shared, {"each", "split", "commander"}},
        {"caribbean_raid", &HouseRules::caribbean_raid, {"roll", "island", "pirates"}},
        {"enemy_numbers_roll", &HouseRules::enemy_numbers_roll, {"roll", "middle"}},
        {"colonel_fates", &HouseRules::colonel_fates, {"expedition", "all", "none"}},
    };
    return table;
}

const std::vector<std::pair<const char*, bool HouseRules::*>>& bool_settings() {
    static const std::vector<std::pair<const char*, bool HouseRules::*>> table = {
        {"late_colonels_buy_pip", &HouseRules::late_colonels_buy_pip},
        {"away_regiments_train", &HouseRules::away_regiments_train},
        {"successor_keeps_pip", &HouseRules::successor_keeps_pip},
        {"notice_answers", &HouseRules::notice_answers},
    };
    return table;
}

// Sets one named setting from a checked value; false when the name is not a setting.
std::optional<Error> set_one(HouseRules& rules, const std::string& name, const json& value) {
    for (const auto& s : int_settings()) {
        if (name != s.name) continue;
        if (!int_in(value, s.min, s.max))
            return bad_request("The setting \"" + name + "\" must be a whole number from " + std::to_string(s.min) +
                               " to " + std::to_string(s.max) + ".");
        rules.*s.field = value.get<int>();
        return std::nullopt;
    }
    for (const auto& s : choice_settings()) {
        if (name != s.name) continue;
        if (value.is_string())
            for (const auto& c : s.choices)
                if (value.get<std::string>() == c) {
                    rules.*s.field = c;
                    return std::nullopt;
                }
        std::string list;
        for (const auto& c : s.choices) list += (list.empty() ? "\"" : " or \"") + c + "\"";
        return bad_request("The setting \"" + name + "\" must be " + list + ".");
    }
    for (const auto& [setting, field] : bool_settings()) {
        if (name != setting) continue;
        if (!value.is_boolean()) return bad_request("The setting \"" + name + "\" must be true or false.");
        rules.*field = value.get<bool>();
        return std::nullopt;
    }
    return bad_request("There is no setting \"" + name + "\".");
}

}  // namespace

json to_json(const HouseRules& rules) {
    json out = json::object();
    for (const auto& s : int_settings()) out[s.name] = rules.*s.field;
    for (const auto& s : choice_settings()) out[s.name] = rules.*s.field;
    for (const auto& [setting, field] : bool_settings()) out[setting] = rules.*field;
    return out;
}

std::variant<Error, HouseRules> merged(const HouseRules& rules, const json& changes) {
    if (!changes.is_object()) return bad_request("The field \"settings\" must be an object of settings.");
    HouseRules out = rules;
    for (const auto& [name, value] : changes.items())
        if (auto e = set_one(out, name, value)) return *e;
    if (out.attribute_min > out.attribute_max)
        return bad_request("The setting \"attribute_min\" may not be more than \"attribute_max\".");
    if (out.new_attribute < out.attribute_min || out.new_attribute > out.attribute_max)
        return bad_request("The setting \"new_attribute\" must lie between \"attribute_min\" and \"attribute_max\".");
    return out;
}

void apply_settings(HouseRules& rules, const json& changes) {
    if (!changes.is_object()) return;
    for (const auto& [name, value] : changes.items()) (void)set_one(rules, name, value);
}

json differs_from_book(const HouseRules& rules) {
    const json book = to_json(HouseRules{});
    const json campaign = to_json(rules);
    json out = json::object();
    for (const auto& [name, value] : campaign.items())
        if (book.at(name) != value) out[name] = {{"book", book.at(name)}, {"campaign", value}};
    return out;
}

}  // namespace muster::campaign::year
