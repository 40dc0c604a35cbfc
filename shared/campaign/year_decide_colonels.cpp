// The year's commands about colonels: creating and changing one, his personal objective, and the umpire's
// overrides of his values and his absences (docs/protocol.md, "The campaign year").
#include "shared/campaign/year_internal.h"

#include <limits>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

namespace {

struct AdjustableField {
    const char* name;
    std::int64_t min;
    std::int64_t max;
    bool regiment;
};

}  // namespace

// --- colonels and objectives ---

std::optional<Error> read_name_and_profile(const json& body, std::string& name, Profile& profile) {
    if (auto e = read_string(body, "name", 1, colonel_name_max, name)) return e;
    if (!body.contains("profile")) return std::nullopt;
    auto p = read_profile(body.at("profile"));
    if (auto* e = std::get_if<Error>(&p)) return *e;
    profile = std::get<Profile>(p);
    return std::nullopt;
}

Decision decide_colonel_create(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_member(s, v)) return *e;
    if (v.role != Role::player) return forbidden("Only players have colonels.");
    if (s.year.colonel(v.user)) return conflict("You already have a colonel.");
    const HouseRules& rules = s.year.rules;
    std::string name;
    Profile profile;
    if (auto e = read_name_and_profile(c.body, name, profile)) return *e;
    std::int64_t pip = 0;
    // over-the-hills.txt, "Set Up": "players are given £1,000 and can buy PIP at a price of £10 per PIP.
    // Whatever cash they have left over is their starting fortune."
    if (auto e = read_optional_int(c.body, "pip", 0, rules.starting_money / rules.pip_price, pip)) return *e;
    if (pip > 0 && s.year.calendar.started && !rules.late_colonels_buy_pip)
        return conflict("Political influence can only be bought at the start of the campaign.");
    const std::int64_t fortune = rules.starting_money - pip * rules.pip_price;
    return one(make_event("colonel.created", v,
                          {{"colonel", v.user}, {"player", v.name}, {"name", name}, {"profile", to_json(profile)},
                           {"pip", pip}, {"fortune", fortune}, {"pip_price", rules.pip_price}}));
}

Decision decide_colonel_update(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "change a colonel", col)) return *e;
    json body = {{"colonel", col->user}};
    if (c.body.contains("name")) {
        std::string name;
        if (auto e = read_string(c.body, "name", 1, colonel_name_max, name)) return *e;
        body["name"] = name;
    }
    if (c.body.contains("profile")) {
        auto p = read_profile(c.body.at("profile"));
        if (auto* e = std::get_if<Error>(&p)) return *e;
        body["profile"] = to_json(std::get<Profile>(p));
    }
    if (c.body.contains("pip")) {
        // over-the-hills.txt, "Set Up": "Political influence can only be bought in this way right at the
        // start of the campaign."
        if (s.year.calendar.started)
            return conflict("Political influence can only be bought at the start of the campaign.");
        std::int64_t pip = 0;
        if (auto e = read_int(c.body, "pip", 0, money_limit, pip)) return *e;
        const std::int64_t fortune = col->fortune - (pip - col->pip_bought) * col->pip_price_paid;
        if (fortune < 0)
            return Error{"cannot_afford", std::to_string(pip) + " PIP cost " + pounds(pip * col->pip_price_paid) +
                                              " but you have " + pounds(col->fortune + col->pip_bought * col->pip_price_paid) +
                                              "."};
        const auto& lot = s.year.auction.open;
        if (lot && lot->high() && lot->high()->colonel == col->user && fortune < lot->high()->amount)
            return Error{"cannot_afford", "Your bid of " + pounds(lot->high()->amount) +
                                              " stands: that many PIP would leave you " + pounds(fortune) + "."};
        body["pip"] = pip;
        body["fortune"] = fortune;
    }
    if (body.size() == 1) return bad_request("Nothing to change: send a name, a profile or PIP.");
    return one(make_event("colonel.updated", v, std::move(body)));
}

Decision decide_objective_choose(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "choose an objective", col)) return *e;
    std::string kind, text;
    if (auto e = read_choice(c.body, "kind", {"glory", "prestige", "wealth", "smartest", "duty", "custom"}, kind))
        return *e;
    if (kind == "custom") {
        if (auto e = read_string(c.body, "text", 1, objective_text_max, text)) return *e;
    } else {
        text = objective_wording(kind);
    }
    // over-the-hills.txt, "Personal Objectives": "At the start of the campaign each player must choose".
    if (s.year.calendar.started && col->objective && col->objective->status == "approved")
        return conflict("Your objective is settled: it was chosen at the start of the campaign.");
    // "Any other which they devise and the umpires approve of".
    const std::string status = kind == "custom" ? "pending" : "approved";
    return one(make_event("objective.chosen", v, {{"colonel", col->user}, {"kind", kind}, {"text", text}, {"status", status}}));
}

Decision decide_objective_review(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "review objectives")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    auto it = c.body.find("approve");
    if (it == c.body.end() || !it->is_boolean()) return bad_request("The field \"approve\" must be true or false.");
    std::string note;
    if (auto e = read_optional_string(c.body, "note", objective_text_max, note)) return *e;
    if (!col->objective || col->objective->status != "pending")
        return conflict("That colonel has no custom objective waiting for approval.");
    return one(make_event("objective.reviewed", v, {{"colonel", col->user}, {"approved", it->get<bool>()}, {"note", note}}));
}

// --- the umpire's overrides ---

Decision decide_colonel_adjust(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "change a colonel's values")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    std::string field;
    if (auto e = read_choice(c.body, "field",
                             {"fortune", "pip", "drill", "musketry", "effectiveness", "companies", "declared", "arrears",
                              "arrears_months"},
                             field))
        return *e;
    const std::int64_t companies = s.year.rules.companies_per_regiment;
    const AdjustableField fields[] = {
        {"fortune", -money_limit, money_limit, false}, {"pip", 0, 1'000'000, false},
        {"drill", 1, 6, true},          {"musketry", 1, 6, true},
        {"effectiveness", 1, 6, true},  {"companies", 0, companies, true},
        {"declared", 0, companies, true}, {"arrears", 0, money_limit, true},
        {"arrears_months", 0, 1000, true},
    };
    const AdjustableField* f = nullptr;
    for (const auto& candidate : fields)
        if (field == candidate.name) f = &candidate;
    std::int64_t value = 0;
    if (auto e = read_int(c.body, "value", f->min, f->max, value)) return *e;
    std::string reason;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    if (f->regiment && !col->regiment) return not_found(col->name + " has no regiment.");
    std::int64_t before = 0;
    if (field == "fortune") before = col->fortune;
    else if (field == "pip") before = col->pip;
    else {
        const json sheet = to_json(*col->regiment);
        before = sheet.at(field).get<std::int64_t>();
    }
    return one(make_event("colonel.adjusted", v,
                          {{"colonel", col->user}, {"field", field}, {"before", before}, {"value", value}, {"reason", reason}}));
}

Decision decide_colonel_away(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "send a colonel away")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    auto it = c.body.find("away");
    if (it == c.body.end()) return bad_request("The field \"away\" is missing (\"expedition\", \"sea\" or null).");
    json away = nullptr;
    if (!it->is_null()) {
        std::string where;
        if (auto e = read_choice(c.body, "away", {"expedition", "sea"}, where)) return *e;
        away = where;
    }
    return one(make_event("colonel.away_set", v, {{"colonel", col->user}, {"away", away}}));
}

}  // namespace muster::campaign::year::detail
