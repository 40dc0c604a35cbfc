// The voyage and the reckoning: the force sails on the campaign calendar, the umpire records what happened,
// and the table of force levels' gains are paid and the losses of battle, disease and shipwreck applied
// (over-the-hills.txt, "Expeditions", ANNEX A; "The Regiment": half strength lost on campaign drops every
// attribute a point). A colonel's rolls are made in his own stream, as his month's are.
#include <algorithm>
#include <cmath>

#include "shared/campaign/expedition_internal.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/month_resolution.h"
#include "shared/campaign/reckoning.h"
#include "shared/campaign/year_fields.h"
#include "shared/campaign/year_internal.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions::detail {

using nlohmann::json;

namespace {

std::vector<Event> one(Event e) { return {std::move(e)}; }

std::optional<Error> umpire_on(const CampaignState& s, const Command& c, const Viewer& v, const char* what,
                               const char* status, const Expedition*& x) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (s.closed) return conflict("This campaign is closed.");
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    if (auto e = named(s, c.body, x)) return e;
    if (x->status != status) return conflict(title(*x) + " is " + x->status + ", not " + status + ".");
    return std::nullopt;
}

int field_int(const Expedition& x, const char* name) {
    auto it = x.fields.find(name);
    return it != x.fields.end() && it->second.value.is_number_integer() ? it->second.value.get<int>() : 0;
}

std::string regiment_list(const std::vector<int>& regiments) {
    std::string out;
    for (std::size_t i = 0; i < regiments.size(); ++i)
        out += (i == 0 ? "the " : i + 1 == regiments.size() ? " and the " : ", the ") + year::detail::ordinal(regiments[i]);
    return out;
}

// One loss of `percent` of the regiment's companies, applied to `r`; the line apply_regiment_losses reads.
json lose(const CampaignState& s, std::int64_t colonel, year::Regiment& r, int percent, const std::string& reason) {
    const int lost = static_cast<int>(std::lround(r.companies * percent / 100.0));
    const auto l = year::reckon_losses(r, std::max(0, r.companies - lost), s.year.rules.half_strength == "campaign",
                                       s.year.rules.attribute_min);
    year::apply_losses(r, l.after, l.attributes, l.halved);
    const auto& a = l.attributes;
    return {{"colonel", colonel}, {"before", l.before}, {"after", l.after}, {"halved", l.halved},
            {"attributes", {{"drill", a.drill}, {"musketry", a.musketry}, {"effectiveness", a.effectiveness}}},
            {"reason", reason}};
}

// Disease once, shipwreck once for each sea voyage; a d100 at or under the chance strikes.
void risks(const CampaignState& s, const Expedition& x, std::int64_t colonel, year::Regiment& r, Dice& dice,
           json& losses, json& rolls) {
    const auto& rules = s.year.rules;
    const int disease = field_int(x, "disease_risk"), shipwreck = field_int(x, "shipwreck_risk");
    auto chance = [&](const char* what, int risk, int percent, const std::string& reason) {
        if (risk <= 0) return;
        const int roll = dice.d100();
        const bool struck = roll <= risk;
        rolls.push_back({{"what", what}, {"dice", "d100"}, {"value", roll}, {"struck", struck}});
        if (struck && percent > 0) losses.push_back(lose(s, colonel, r, percent, reason));
    };
    chance("disease", disease, rules.disease_loss_percent, "Disease on " + title(x));
    if (x.months_out() > 0) chance("shipwreck_out", shipwreck, rules.shipwreck_loss_percent, "Shipwreck on the voyage out");
    if (x.months_back() > 0) chance("shipwreck_home", shipwreck, rules.shipwreck_loss_percent, "Shipwreck on the voyage home");
}

// One colonel's reckoning: PIP, the bonus for his regiment, his regiment's losses; loot is added by the caller.
json reckon_colonel(const CampaignState& s, const Expedition& x, Mission mission, const Outcome& o,
                    std::int64_t user, Dice& dice) {
    const auto* c = s.year.colonel(user);
    json pip = json::array(), money = json::array(), losses = json::array(), rolls = json::array();
    std::int64_t pip_total = 0;
    for (const auto& line : pip_gains(mission, o, x.commander && *x.commander == user)) {
        pip.push_back({{"item", line.item}, {"amount", line.amount}, {"text", line.text}});
        pip_total += line.amount;
    }
    // PIP lost stops at none: a colonel cannot lose influence he does not have.
    if (c && c->pip + pip_total < 0) pip_total = -c->pip;
    const bool regiment_went = c && c->regiment &&
                               std::find(x.regiments.begin(), x.regiments.end(), c->regiment->number) != x.regiments.end();
    if (regiment_went) {
        if (int bonus = bonus_for(mission, o); bonus > 0)
            money.push_back({{"item", "bonus"}, {"amount", bonus}, {"text", "Bonus for the regiment"}});
        year::Regiment r = *c->regiment;
        if (auto it = o.losses_percent.find(r.number); it != o.losses_percent.end() && it->second > 0)
            losses.push_back(lose(s, user, r, it->second, "Losses in action on " + title(x)));
        risks(s, x, user, r, dice, losses, rolls);
    }
    return {{"colonel", user}, {"pip", std::move(pip)}, {"pip_total", pip_total}, {"money", std::move(money)},
            {"losses", std::move(losses)}, {"rolls", std::move(rolls)}};
}

// Loot (house rule loot_shared): "each" colonel rolls his own; "split": one roll shared equally, the odd
// pounds to the commander; "commander": one roll, all his.
void add_loot(const CampaignState& s, const Expedition& x, const Loot& loot, json& colonels, Dice& dice) {
    if (loot.dice == 0 || x.went.empty()) return;
    const std::string& how = s.year.rules.loot_shared;
    auto roll_in = [&](std::int64_t user, json& rolls) {
        int sum = 0;
        for (int i = 0; i < loot.dice; ++i) {
            const int face = dice.stream(year::dice_stream(user)).d6();
            rolls.push_back({{"what", "loot"}, {"dice", "d6"}, {"value", face}});
            sum += face;
        }
        return sum * loot.multiplier;
    };
    auto pay = [&](std::int64_t user, std::int64_t amount, const std::string& text) {
        colonels[std::to_string(user)]["money"].push_back({{"item", "loot"}, {"amount", amount}, {"text", text}});
    };
    if (how == "each") {
        for (auto user : x.went) pay(user, roll_in(user, colonels[std::to_string(user)]["rolls"]), loot.text);
        return;
    }
    const std::int64_t taker = x.commander ? *x.commander : x.went.front();
    const std::int64_t total = roll_in(taker, colonels[std::to_string(taker)]["rolls"]);
    if (how == "commander") return pay(taker, total, loot.text + ": the commander's");
    const auto share = total / static_cast<std::int64_t>(x.went.size());
    for (auto user : x.went)
        pay(user, share + (user == taker ? total % static_cast<std::int64_t>(x.went.size()) : 0), loot.text + ": a share");
}

}  // namespace

Decision decide_depart(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = umpire_on(s, c, v, "send an expedition off", "briefed", x)) return *e;
    if (!s.year.calendar.started) return conflict("The campaign year has not started: expeditions sail on its calendar.");
    for (const auto& m : x->motions)
        if (m.open) return conflict("Close motion " + std::to_string(m.id) + " before the expedition sails.");
    if (x->regiments.empty()) return conflict("No regiments are chosen to go.");
    std::int64_t months = 1;
    if (auto e = year::read_optional_int(c.body, "months_campaign", 1, 24, months)) return *e;
    Expedition going = *x;
    if (!going.commander) going.commander = most_senior(s, going.regiments);
    const auto went = colonels_going(s, going);
    const auto* commander = s.year.colonel(*going.commander);
    const std::string text = "The expedition sails: " + regiment_list(going.regiments) + ", under " +
                             (commander ? year::colonel_title(commander->name) : std::string("Colonel ?")) + ".";
    return one(make_event("expedition.departed", v,
                          {{"expedition", x->id}, {"turn", s.year.calendar.turn}, {"regiments", going.regiments},
                           {"commander", *going.commander}, {"went", went}, {"months_campaign", months}, {"gazette", text}}));
}

Decision decide_outcome(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = umpire_on(s, c, v, "record an expedition's outcome", "departed", x)) return *e;
    auto it = c.body.find("outcome");
    if (it == c.body.end()) return bad_request("The field \"outcome\" is missing.");
    auto read = read_outcome(*it, x->regiments);
    if (auto* e = std::get_if<Error>(&read)) return *e;
    return one(make_event("expedition.outcome_set", v, {{"expedition", x->id}, {"outcome", to_json(std::get<Outcome>(read))}}));
}

Decision decide_reckon(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = umpire_on(s, c, v, "reckon an expedition", "departed", x)) return *e;
    if (!x->outcome) return conflict("Record the outcome first (expedition.outcome).");
    const auto mission = mission_of(*x);
    if (!mission) return conflict(title(*x) + " has no mission.");
    const Outcome o = outcome_from_json(*x->outcome);
    json colonels = json::object();
    for (auto user : x->went)
        colonels[std::to_string(user)] = reckon_colonel(s, *x, *mission, o, user, dice.stream(year::dice_stream(user)));
    add_loot(s, *x, loot_for(*mission, o), colonels, dice);
    const std::string words = outcome_words(*mission, o);
    Event e = make_event("expedition.reckoned", v,
                         {{"expedition", x->id}, {"turn", s.year.calendar.turn}, {"outcome", *x->outcome},
                          {"words", words}, {"colonels", std::move(colonels)},
                          {"gazette", title(*x) + ": " + words}});
    e.dice = dice.take_all_logs();
    return one(std::move(e));
}

json preview(const CampaignState& s, const Expedition& x) {
    if (!x.outcome) return nullptr;
    const auto mission = mission_of(x);
    if (!mission) return nullptr;
    const Outcome o = outcome_from_json(*x.outcome);
    json colonels = json::object();
    for (auto user : x.went) {
        json pip = json::array();
        for (const auto& line : pip_gains(*mission, o, x.commander && *x.commander == user))
            pip.push_back({{"item", line.item}, {"amount", line.amount}, {"text", line.text}});
        colonels[std::to_string(user)] = {{"pip", std::move(pip)}};
    }
    const Loot loot = loot_for(*mission, o);
    return {{"words", outcome_words(*mission, o)},
            {"colonels", std::move(colonels)},
            {"loot", loot.dice ? json(std::to_string(loot.dice) + "d6 x " + std::to_string(loot.multiplier) + ", " + s.year.rules.loot_shared)
                               : json(nullptr)},
            {"bonus_per_regiment", bonus_for(*mission, o)},
            {"losses_percent", x.outcome->at("losses_percent")},
            {"disease_risk", field_int(x, "disease_risk")},
            {"shipwreck_risk", field_int(x, "shipwreck_risk")}};
}

}  // namespace muster::campaign::expeditions::detail
