#include "shared/campaign/diary.h"

#include <algorithm>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year {

using nlohmann::json;

namespace {

std::string pounds(std::int64_t amount) { return "£" + std::to_string(amount); }

bool improvement_ordered(const Orders& o, const std::string& which) {
    return (which == "drill" && o.drill) || (which == "musketry" && o.musketry) ||
           (which == "manoeuvres" && o.manoeuvres);
}

std::optional<Error> read_order_fields(const json& o, const HouseRules& rules, Orders& out) {
    Orders orders;
    if (auto e = read_optional_bool(o, "drill", orders.drill)) return *e;
    if (auto e = read_optional_bool(o, "musketry", orders.musketry)) return *e;
    if (auto e = read_optional_bool(o, "manoeuvres", orders.manoeuvres)) return *e;
    std::int64_t maintained = 0, declared = 0;
    if (auto e = read_int(o, "maintained", 0, rules.companies_per_regiment, maintained)) return *e;
    if (auto e = read_int(o, "declared", 0, rules.companies_per_regiment, declared)) return *e;
    if (auto e = read_choice(o, "pay", {"pay", "arrears", "pay_arrears"}, orders.pay)) return *e;
    orders.maintained = static_cast<int>(maintained);
    orders.declared = static_cast<int>(declared);
    out = orders;
    return std::nullopt;
}

std::optional<Error> read_orders(const json& body, const HouseRules& rules, Orders& out) {
    auto it = body.find("orders");
    if (it == body.end()) return bad_request("The field \"orders\" is missing: your regiment needs its orders.");
    if (!it->is_object()) return bad_request("The field \"orders\" must be an object.");
    if (auto e = read_order_fields(*it, rules, out)) return within("orders", *e);
    return std::nullopt;
}

}  // namespace

bool is_chosen_activity(const std::string& a) {
    return a == "supervise" || a == "socialise" || a == "business" || a == "politics";
}

DiaryCost diary_cost(const Diary& d, std::int64_t fortune, const Regiment* regiment, const HouseRules& rules) {
    DiaryCost c;
    c.fortune = fortune;
    if (regiment && d.orders) {
        const Orders& o = *d.orders;
        // over-the-hills.txt, "Income": pay for the declared companies, and two companies' pay for the colonel.
        c.income = static_cast<std::int64_t>(o.declared + rules.allowance_companies) * rules.government_pay;
        // over-the-hills.txt, "Pay".
        if (o.pay != "arrears") c.wages = static_cast<std::int64_t>(o.maintained) * rules.wage;
        if (o.pay == "pay_arrears") c.back_pay = regiment->arrears;
        if (o.drill) c.improvements += rules.drill_cost;
        if (o.musketry) c.improvements += rules.musketry_cost;
        if (o.manoeuvres) c.improvements += rules.manoeuvres_cost;
    }
    c.total_costs = c.wages + c.back_pay + c.improvements;
    c.available = fortune + c.income;
    c.left = c.available - c.total_costs;
    return c;
}

std::variant<Error, Diary> read_diary(const json& body, std::int64_t fortune, const Regiment* regiment,
                                      const std::string& away, const HouseRules& rules) {
    Diary d;
    if (away.empty()) {
        if (auto e = read_choice(body, "activity", {"supervise", "socialise", "business", "politics"}, d.activity))
            return *e;
    } else {
        // A colonel away on an expedition or a long sea voyage has that activity set for him.
        d.activity = away;
    }
    if (d.activity == "supervise") {
        if (!regiment) return bad_request("A colonel without a regiment has nothing to supervise.");
        if (auto e = read_choice(body, "supervise", {"drill", "musketry", "manoeuvres"}, d.supervise)) return *e;
    }
    if (regiment) {
        Orders orders;
        if (auto e = read_orders(body, rules, orders)) return *e;
        d.orders = orders;
        // over-the-hills.txt, "Concurrent Improvements": the colonel oversees one of the improvements done.
        if (d.activity == "supervise" && !improvement_ordered(orders, d.supervise))
            return bad_request("You can only supervise an improvement your orders pay for this month (" + d.supervise +
                               " is not ordered).");
    }
    if (auto e = read_optional_string(body, "text", diary_text_max, d.text)) return *e;
    if (auto e = read_optional_bool(body, "publish", d.publish)) return *e;

    auto cost = diary_cost(d, fortune, regiment, rules);
    if (cost.left < 0) {
        std::string items;
        auto add = [&items](const std::string& what, std::int64_t amount) {
            if (amount > 0) items += (items.empty() ? "" : ", ") + what + " " + pounds(amount);
        };
        add("pay", cost.wages);
        add("arrears", cost.back_pay);
        add("improvements", cost.improvements);
        return Error{"cannot_afford", "These orders cost " + pounds(cost.total_costs) + " (" + items + ") but you have " +
                                          pounds(cost.available) + " (fortune " + pounds(cost.fortune) +
                                          " and this month's income " + pounds(cost.income) + ")."};
    }
    return d;
}

Diary quiet_diary(const Regiment* regiment, const HouseRules& rules) {
    Diary d;
    d.activity = "business";
    if (regiment) {
        Orders o;
        o.maintained = o.declared = std::clamp(regiment->companies, 0, rules.companies_per_regiment);
        o.pay = "pay";
        d.orders = o;
    }
    return d;
}

namespace {

// `last`'s activity and orders, as far as they fit this regiment; the quiet diary's where they do not.
Diary repeated(const Diary& last_diary, const Regiment* regiment, const HouseRules& rules) {
    const Diary* last = &last_diary;
    Diary d = quiet_diary(regiment, rules);
    if (is_chosen_activity(last->activity) && (last->activity != "supervise" || regiment)) {
        d.activity = last->activity;
        d.supervise = last->supervise;
    }
    if (regiment && last->orders) {
        Orders o = *last->orders;
        o.maintained = std::clamp(o.maintained, 0, rules.companies_per_regiment);
        o.declared = std::clamp(o.declared, 0, rules.companies_per_regiment);
        d.orders = o;
    }
    if (d.activity == "supervise" && (!d.orders || !improvement_ordered(*d.orders, d.supervise))) {
        d.activity = "business";
        d.supervise.clear();
    }
    return d;
}

}  // namespace

Diary default_diary(const std::optional<Diary>& last, const Regiment* regiment, const HouseRules& rules) {
    if (rules.default_diary != "repeat_last" || !last) return quiet_diary(regiment, rules);
    return repeated(*last, regiment, rules);
}

Diary missed_diary(const std::optional<Diary>& standing, const std::optional<Diary>& last, const Regiment* regiment,
                   const HouseRules& rules) {
    if (standing) return repeated(*standing, regiment, rules);
    return default_diary(last, regiment, rules);
}

json to_json(const Orders& o) {
    return {{"drill", o.drill},           {"musketry", o.musketry}, {"manoeuvres", o.manoeuvres},
            {"maintained", o.maintained}, {"declared", o.declared}, {"pay", o.pay}};
}

json to_json(const Diary& d) {
    json j = {{"turn", d.turn},
            {"label", d.label},
            {"activity", d.activity},
            {"supervise", d.supervise.empty() ? json(nullptr) : json(d.supervise)},
            {"orders", d.orders ? to_json(*d.orders) : json(nullptr)},
            {"text", d.text},
            {"publish", d.publish},
            {"at", d.at}};
    if (!d.by.empty()) j["by"] = d.by;  // only when sent by e-mail: the page's diaries read as they always did
    return j;
}

json to_json(const DiaryCost& c) {
    return {{"income", c.income},         {"wages", c.wages},         {"back_pay", c.back_pay},
            {"improvements", c.improvements}, {"total_costs", c.total_costs}, {"fortune", c.fortune},
            {"available", c.available},   {"left", c.left}};
}

Diary diary_from_json(const json& j) {
    Diary d;
    d.turn = j.value("turn", 0);
    d.label = j.value("label", "");
    d.activity = j.at("activity").get<std::string>();
    if (j.contains("supervise") && j.at("supervise").is_string()) d.supervise = j.at("supervise").get<std::string>();
    if (j.contains("orders") && j.at("orders").is_object()) {
        const auto& o = j.at("orders");
        Orders orders;
        orders.drill = o.at("drill").get<bool>();
        orders.musketry = o.at("musketry").get<bool>();
        orders.manoeuvres = o.at("manoeuvres").get<bool>();
        orders.maintained = o.at("maintained").get<int>();
        orders.declared = o.at("declared").get<int>();
        orders.pay = o.at("pay").get<std::string>();
        d.orders = orders;
    }
    d.text = j.value("text", "");
    d.publish = j.value("publish", false);
    d.at = j.value("at", std::int64_t{0});
    d.by = j.value("by", "");
    return d;
}

}  // namespace muster::campaign::year
