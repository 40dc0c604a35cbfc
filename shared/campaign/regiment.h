#pragma once
// A colonel's regiment (over-the-hills.txt, "The Regiment", "Income", "Pay"): its number, name, companies
// really maintained and declared to the government, Drill, Musketry and Effectiveness, and arrears of pay.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace muster::campaign::year {

struct Regiment {
    int number = 0;               // 3..20: the lower, the more senior ("Getting your Regiment")
    std::string name;
    int companies = 10;           // companies really maintained (the regiment's strength)
    int declared = 10;            // companies the government is told of and pays for ("Income")
    int drill = 1;
    int musketry = 1;
    int effectiveness = 1;
    std::int64_t arrears = 0;     // pounds of pay owed to the men ("Pay")
    int arrears_months = 0;       // months whose pay is owed
    // Months since the improvement was last done, counted towards its decline period.
    int without_drill = 0;
    int without_musketry = 0;
    int without_effectiveness = 0;
    // The strength its losses on campaign are reckoned from: its companies but for what battle and disease
    // took since it last dropped a point (recruiting and the colonel's own changes move it too).
    int strength_on_campaign = 10;
    bool operator==(const Regiment&) const = default;
};

struct Attributes {
    int drill = 1;
    int musketry = 1;
    int effectiveness = 1;
    bool operator==(const Attributes&) const = default;
};

// over-the-hills.txt, "The Regiment": "Any regiment that loses half its strength or more on campaign
// (either from battle or disease) automatically drops one point on all attributes."
bool lost_half_or_more(int strength_before, int strength_after);
// The attributes after losses on campaign that took the strength from `strength_before` to
// `strength_after`: one point less on each (never below `attribute_min`) when half or more was lost,
// unchanged otherwise. Expeditions and battles call this.
Attributes after_losses(Attributes attributes, int strength_before, int strength_after, int attribute_min = 1);

// Losses on campaign that leave the regiment `after` companies strong, reckoned from its strength on campaign
// (over_campaign: losses add up over a campaign) or from its strength before this loss alone.
struct Losses {
    int before = 0;     // its companies before this loss
    int after = 0;
    int reckoned_from = 0;
    bool halved = false;
    Attributes attributes;  // after the loss
};
Losses reckon_losses(const Regiment& regiment, int after, bool over_campaign, int attribute_min);
// The loss applied: companies, attributes, and the strength the next loss is reckoned from (a drop starts
// the count again from what is left). Battles and the umpire's regiment.losses both apply through this.
void apply_losses(Regiment& regiment, int after, const Attributes& attributes, bool halved);
// The colonel raises or stands down companies himself (recruiting, the companies he maintains).
void change_strength(Regiment& regiment, int companies);

Attributes attributes_of(const Regiment& regiment);
void set_attributes(Regiment& regiment, const Attributes& attributes);

// The default name: regiments of the period went by their colonel's name.
std::string default_regiment_name(const std::string& colonel_name);

nlohmann::json to_json(const Regiment& regiment);
Regiment regiment_from_json(const nlohmann::json& j);

}  // namespace muster::campaign::year
