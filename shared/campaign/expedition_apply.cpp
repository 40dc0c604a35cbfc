// Folding in the expeditions' events, and following the calendar: a colonel who went is at sea on the voyage
// out, on expedition until the reckoning, at sea on the way home, then home (over-the-hills.txt, "Personal
// Activities": "Long Sea Voyage", "Going on Campaign").
#include <functional>

#include "shared/campaign/expedition_internal.h"
#include "shared/campaign/month_resolution.h"

namespace muster::campaign::expeditions {

using nlohmann::json;

namespace {

Expedition* target(ExpeditionsState& xs, const json& b) {
    const int id = b.value("expedition", 0);
    if (id == 0) return xs.draft ? &*xs.draft : nullptr;
    auto it = xs.list.find(id);
    return it == xs.list.end() ? nullptr : &it->second;
}

year::Colonel* colonel(CampaignState& s, std::int64_t user) {
    auto it = s.year.colonels.find(user);
    return it == s.year.colonels.end() ? nullptr : &it->second;
}

// Where the colonels who went are this month; an expedition whose voyage home is over is home.
void follow_calendar(CampaignState& s) {
    const int turn = s.year.calendar.turn;
    for (auto& [id, x] : s.expeditions.list) {
        std::string away;
        if (x.status == "departed") {
            away = turn - x.departed_turn < x.months_out() ? "sea" : "expedition";
        } else if (x.status == "returning" || x.status == "home") {
            const bool home = turn - x.reckoned_turn >= x.months_back();
            const std::string status = home ? "home" : "returning";
            if (status == x.status && home) continue;  // long home: leave the colonels be
            x.status = status;
            away = home ? "" : "sea";
        } else {
            continue;
        }
        for (auto user : x.went)
            if (auto* c = colonel(s, user)) c->away = away;
    }
}

void set_fields(Expedition& x, const json& fields, bool with_visibility) {
    for (const auto& [name, f] : fields.items()) {
        Field& field = x.fields[name];
        if (with_visibility) {
            field.value = f.at("value");
            field.is_public = f.at("public").get<bool>();
        } else {
            field.value = f;
        }
    }
}

void motion_closed(Expedition& x, const json& b) {
    Motion& m = x.motions.at(b.at("motion").get<std::size_t>() - 1);
    m.open = false;
    m.totals = b.at("totals").get<std::vector<std::int64_t>>();
    if (b.at("carried").is_number()) m.carried = b.at("carried").get<int>();
    m.how = b.at("how").get<std::string>();
    if (!m.carried) return;
    const Option& o = m.options.at(static_cast<std::size_t>(*m.carried));
    if (o.regiments) x.regiments = *o.regiments;
    if (o.commander) x.commander = *o.commander;
}

// Each colonel's gains and losses onto his sheet, and into his latest month report.
void reckoned(CampaignState& s, Expedition& x, const Event& e) {
    const json& b = e.body;
    for (const auto& [key, lines] : b.at("colonels").items()) {
        const auto user = std::stoll(key);
        auto* c = colonel(s, user);
        if (!c) continue;
        c->pip += lines.at("pip_total").get<std::int64_t>();
        for (const auto& m : lines.at("money")) c->fortune += m.at("amount").get<std::int64_t>();
        for (const auto& loss : lines.at("losses")) year::apply_regiment_losses(s.year, loss, loss.at("reason").get<std::string>(), e);
        // The campaign is over: the next one's losses count from the strength the regiment comes home with.
        if (c->regiment) c->regiment->strength_on_campaign = c->regiment->companies;
        json mine = lines;
        int place = 0;
        const std::string stream = year::dice_stream(user);
        for (const auto& record : e.dice) {
            if (record.value("stream", "") != stream || place >= static_cast<int>(mine["rolls"].size())) continue;
            mine["rolls"][static_cast<std::size_t>(place)]["stream"] = stream;
            mine["rolls"][static_cast<std::size_t>(place++)]["counter"] = record.value("counter", 0);
        }
        mine["expedition"] = x.id;
        mine["words"] = b.at("words");
        if (!c->reports.empty()) c->reports.rbegin()->second["expedition"].push_back(mine);
        x.reckoning_of[user] = std::move(mine);
    }
    s.year.last_sheet_change = e.seq;
    x.reckoned_turn = b.at("turn").get<int>();
    x.status = "returning";
    x.reckoning = json{{"words", b.at("words")}, {"turn", x.reckoned_turn}, {"outcome", b.at("outcome")}};
    x.reckoning->at("outcome").erase("losses_percent");  // each regiment's losses are its colonel's
}

// Each generator roll's stream and counter (ANNEX A's rolls are one die each, made in order in the umpires'
// stream), so an umpire can recompute it once the seed is out, as every other roll.
json with_counters(json rolls, const json& dice) {
    std::size_t place = 0;
    for (const auto& record : dice) {
        if (record.value("stream", "") != "umpire" || !record.contains("counter") || place >= rolls.size()) continue;
        rolls[place]["stream"] = "umpire";
        rolls[place++]["counter"] = record["counter"];
    }
    return rolls;
}

using Applier = std::function<void(CampaignState&, ExpeditionsState&, const Event&)>;

const std::unordered_map<std::string, Applier>& appliers() {
    static const std::unordered_map<std::string, Applier> table = {
        {"crisis.rolled", [](CampaignState& s, ExpeditionsState& xs, const Event& e) {
             xs.crisis_turn = e.body.at("turn").get<int>();
             xs.crisis_rolled_turn = s.year.calendar.turn;
             xs.crisis_roll = e.dice;
         }},
        {"expedition.created", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             xs.draft = Expedition{};
             set_fields(*xs.draft, e.body.at("fields"), true);
             xs.draft->rolls = with_counters(e.body.at("rolls"), e.dice);
         }},
        {"expedition.generated", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (!xs.draft) return;
             set_fields(*xs.draft, e.body.at("fields"), false);
             xs.draft->rolls = with_counters(e.body.at("rolls"), e.dice);
         }},
        {"expedition.discarded", [](CampaignState&, ExpeditionsState& xs, const Event&) { xs.draft.reset(); }},
        {"expedition.edited", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             Field& f = x->fields[e.body.at("field").get<std::string>()];
             if (e.body.contains("value")) f.value = e.body.at("value");
             if (e.body.contains("public")) f.is_public = e.body.at("public").get<bool>();
         }},
        {"expedition.briefed", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (!xs.draft) return;
             Expedition x = std::move(*xs.draft);
             xs.draft.reset();
             x.id = e.body.at("expedition").get<int>();
             x.status = "briefed";
             xs.briefed_made = x.id;
             xs.crisis_turn.reset();  // the crisis has come
             xs.gazette.push_back({{"expedition", x.id}, {"turn", e.body.at("turn")}, {"text", e.body.at("gazette")}});
             xs.list[x.id] = std::move(x);
         }},
        {"committee.attendance_set", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (auto* x = target(xs, e.body)) x->present = e.body.at("present").get<std::set<std::int64_t>>();
         }},
        {"motion.put", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             Motion m;
             m.id = e.body.at("motion").get<int>();
             m.question = e.body.at("question").get<std::string>();
             for (const auto& o : e.body.at("options")) m.options.push_back(detail::option_from_json(o));
             x->motions.push_back(std::move(m));
         }},
        {"motion.voted", [](CampaignState& s, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             const auto user = e.body.at("colonel").get<std::int64_t>();
             x->motions.at(e.body.at("motion").get<std::size_t>() - 1).votes[user] = e.body.at("pip").get<std::vector<std::int64_t>>();
             if (auto* c = colonel(s, user)) c->pip -= e.body.at("spent").get<std::int64_t>();
             s.year.last_sheet_change = e.seq;
         }},
        {"motion.closed", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (auto* x = target(xs, e.body)) motion_closed(*x, e.body);
         }},
        {"expedition.force_set", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             if (e.body.contains("regiments")) x->regiments = e.body.at("regiments").get<std::vector<int>>();
             if (!e.body.contains("commander")) return;
             if (e.body.at("commander").is_null()) x->commander.reset();
             else x->commander = e.body.at("commander").get<std::int64_t>();
         }},
        {"expedition.roles_set", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             for (const auto& [key, role] : e.body.at("roles").items()) {
                 if (role.is_null()) x->roles.erase(std::stoll(key));
                 else x->roles[std::stoll(key)] = role.get<std::string>();
             }
         }},
        {"expedition.departed", [](CampaignState& s, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             x->status = "departed";
             x->departed_turn = e.body.at("turn").get<int>();
             x->regiments = e.body.at("regiments").get<std::vector<int>>();
             x->commander = e.body.at("commander").get<std::int64_t>();
             x->went = e.body.at("went").get<std::vector<std::int64_t>>();
             x->months_campaign = e.body.at("months_campaign").get<int>();
             xs.gazette.push_back({{"expedition", x->id}, {"turn", x->departed_turn}, {"text", e.body.at("gazette")}});
             follow_calendar(s);
         }},
        {"expedition.outcome_set", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (auto* x = target(xs, e.body)) x->outcome = e.body.at("outcome");
         }},
        {"expedition.reckoned", [](CampaignState& s, ExpeditionsState& xs, const Event& e) {
             Expedition* x = target(xs, e.body);
             if (!x) return;
             reckoned(s, *x, e);
             xs.gazette.push_back({{"expedition", x->id}, {"turn", x->reckoned_turn}, {"text", e.body.at("gazette")}});
             follow_calendar(s);
         }},
        {"month.resolved", [](CampaignState& s, ExpeditionsState&, const Event&) { follow_calendar(s); }},
        {"month.undone", [](CampaignState& s, ExpeditionsState&, const Event&) { follow_calendar(s); }},
        // Battles fought on an expedition, and its colonels who fell in them (the gazette tells the table).
        {"battle.created", [](CampaignState&, ExpeditionsState& xs, const Event& e) {
             if (!e.body.contains("expedition")) return;
             auto it = xs.list.find(e.body.at("expedition").get<int>());
             if (it != xs.list.end()) it->second.battles.push_back(e.body.at("battle").at("id").get<std::int64_t>());
         }},
        {"colonel.fell", [](CampaignState& s, ExpeditionsState& xs, const Event& e) {
             const auto on = expedition_of_battle(s, e.body.at("battle").get<std::int64_t>());
             if (!on) return;
             xs.list.at(*on).fates.push_back({{"colonel", e.body.at("colonel")}, {"fate", e.body.at("fate")},
                                              {"battle", e.body.at("battle")}});
             xs.gazette.push_back({{"expedition", *on}, {"turn", e.body.at("turn")}, {"text", e.body.at("text")}});
         }},
    };
    return table;
}

}  // namespace

void apply(CampaignState& state, const Event& event) {
    auto it = appliers().find(event.type);
    if (it != appliers().end()) it->second(state, state.expeditions, event);
}

}  // namespace muster::campaign::expeditions
