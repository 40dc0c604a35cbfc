#include "shared/campaign/regiment.h"

#include <algorithm>

namespace muster::campaign::year {

using nlohmann::json;

bool lost_half_or_more(int strength_before, int strength_after) {
    if (strength_before <= 0 || strength_after >= strength_before) return false;
    return 2 * (strength_before - std::max(strength_after, 0)) >= strength_before;
}

Attributes after_losses(Attributes a, int strength_before, int strength_after, int attribute_min) {
    if (!lost_half_or_more(strength_before, strength_after)) return a;
    // over-the-hills.txt, "The Regiment": "drops one point on all attributes" (the range is 1-6).
    auto drop = [attribute_min](int value) { return value > attribute_min ? value - 1 : value; };
    return Attributes{drop(a.drill), drop(a.musketry), drop(a.effectiveness)};
}

Losses reckon_losses(const Regiment& r, int after, bool over_campaign, int attribute_min) {
    Losses l;
    l.before = r.companies;
    l.after = std::max(0, after);
    l.reckoned_from = over_campaign ? std::max(r.strength_on_campaign, r.companies) : r.companies;
    l.halved = lost_half_or_more(l.reckoned_from, l.after);
    l.attributes = after_losses(attributes_of(r), l.reckoned_from, l.after, attribute_min);
    return l;
}

void apply_losses(Regiment& r, int after, const Attributes& a, bool halved) {
    r.strength_on_campaign = std::max(r.strength_on_campaign, r.companies);
    r.companies = after;
    set_attributes(r, a);
    if (halved) r.strength_on_campaign = after;
}

void change_strength(Regiment& r, int companies) {
    // Companies stood down were not lost on campaign; companies raised first fill the ranks losses left.
    if (companies < r.companies) r.strength_on_campaign = std::max(0, r.strength_on_campaign - (r.companies - companies));
    r.companies = companies;
    r.strength_on_campaign = std::max(r.strength_on_campaign, r.companies);
}

Attributes attributes_of(const Regiment& r) { return Attributes{r.drill, r.musketry, r.effectiveness}; }

void set_attributes(Regiment& r, const Attributes& a) {
    r.drill = a.drill;
    r.musketry = a.musketry;
    r.effectiveness = a.effectiveness;
}

std::string default_regiment_name(const std::string& colonel_name) {
    return colonel_name + "'s Regiment of Foot";
}

json to_json(const Regiment& r) {
    return {{"number", r.number},
            {"name", r.name},
            {"companies", r.companies},
            {"declared", r.declared},
            {"drill", r.drill},
            {"musketry", r.musketry},
            {"effectiveness", r.effectiveness},
            {"arrears", r.arrears},
            {"arrears_months", r.arrears_months},
            {"months_without",
             {{"drill", r.without_drill}, {"musketry", r.without_musketry}, {"effectiveness", r.without_effectiveness}}},
            {"strength_on_campaign", r.strength_on_campaign}};
}

Regiment regiment_from_json(const json& j) {
    Regiment r;
    r.number = j.at("number").get<int>();
    r.name = j.at("name").get<std::string>();
    r.companies = j.at("companies").get<int>();
    r.declared = j.at("declared").get<int>();
    r.drill = j.at("drill").get<int>();
    r.musketry = j.at("musketry").get<int>();
    r.effectiveness = j.at("effectiveness").get<int>();
    r.arrears = j.at("arrears").get<std::int64_t>();
    r.arrears_months = j.at("arrears_months").get<int>();
    const auto& w = j.at("months_without");
    r.without_drill = w.at("drill").get<int>();
    r.without_musketry = w.at("musketry").get<int>();
    r.without_effectiveness = w.at("effectiveness").get<int>();
    r.strength_on_campaign = j.value("strength_on_campaign", r.companies);  // logs before the field
    return r;
}

}  // namespace muster::campaign::year
