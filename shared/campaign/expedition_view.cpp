// What each viewer sees of the expeditions (DESIGN.md, "Hidden information": "expedition briefing: everyone
// gets the public part; true enemy strength and quality, disease and shipwreck risk, months to the next
// crisis: umpires only"; "War Office Committee PIP votes: the voter and umpires until the vote closes, then
// everyone"). A whitelist: each part is added for those who may see it, nothing is taken away.
#include <algorithm>

#include "shared/campaign/expedition_internal.h"

namespace muster::campaign::expeditions {

using nlohmann::json;

namespace detail {

json option_json(const Option& o) {
    json out = {{"label", o.label}};
    if (o.regiments) out["regiments"] = *o.regiments;
    if (o.commander) out["commander"] = *o.commander;
    return out;
}

Option option_from_json(const json& j) {
    Option o;
    o.label = j.at("label").get<std::string>();
    if (j.contains("regiments")) o.regiments = j.at("regiments").get<std::vector<int>>();
    if (j.contains("commander")) o.commander = j.at("commander").get<std::int64_t>();
    return o;
}

}  // namespace detail

namespace {

json briefing(const Expedition& x, bool umpire) {
    json out = json::object();
    for (const auto& spec : field_specs()) {
        auto it = x.fields.find(spec.name);
        if (it == x.fields.end()) continue;
        if (umpire) out[spec.name] = {{"value", it->second.value}, {"public", it->second.is_public}};
        else if (it->second.is_public) out[spec.name] = it->second.value;
    }
    return out;
}

json motion_view(const Motion& m, const Viewer& viewer) {
    json options = json::array();
    for (const auto& o : m.options) options.push_back(detail::option_json(o));
    json out = {{"id", m.id}, {"question", m.question}, {"options", std::move(options)}, {"open", m.open}};
    auto votes_json = [&] {
        json votes = json::object();
        for (const auto& [voter, pip] : m.votes) votes[std::to_string(voter)] = pip;
        return votes;
    };
    if (!m.open) {
        out["totals"] = m.totals;
        out["carried"] = m.carried ? json(*m.carried) : json(nullptr);
        out["how"] = m.how;
        out["votes"] = votes_json();
    } else if (viewer.is_umpire()) {
        // The live tally: umpires only until the motion closes.
        std::vector<std::int64_t> totals(m.options.size(), 0);
        for (const auto& [voter, pip] : m.votes)
            for (std::size_t i = 0; i < pip.size() && i < totals.size(); ++i) totals[i] += pip[i];
        out["tally"] = {{"totals", totals}, {"votes", votes_json()}};
    } else if (auto it = m.votes.find(viewer.user); it != m.votes.end() && viewer.role == Role::player) {
        out["my_vote"] = it->second;
    }
    return out;
}

json expedition_view(const CampaignState& s, const Expedition& x, const Viewer& viewer) {
    const bool umpire = viewer.is_umpire();
    json motions = json::array();
    for (const auto& m : x.motions) motions.push_back(motion_view(m, viewer));
    json roles = json::object();
    for (const auto& [user, role] : x.roles) roles[std::to_string(user)] = role;
    json out = {{"id", x.id},
                {"status", x.status},
                {"briefing", briefing(x, umpire)},
                {"present", x.present},
                {"motions", std::move(motions)},
                {"regiments", x.regiments},
                {"commander", x.commander ? json(*x.commander) : json(nullptr)},
                {"default_commander", detail::most_senior(s, x.regiments)},
                {"roles", std::move(roles)},
                {"went", x.went},
                {"departed_turn", x.departed_turn},
                {"months_campaign", x.months_campaign},
                {"reckoning", x.reckoning ? *x.reckoning : json(nullptr)},
                {"battles", x.battles},
                {"fates", x.fates}};
    if (viewer.role == Role::player) {
        // What the page offers him: the server's hint, not a rule the client works out.
        out["can_vote"] = x.status == "briefed" && x.present.count(viewer.user) > 0;
        if (auto it = x.reckoning_of.find(viewer.user); it != x.reckoning_of.end()) out["my_reckoning"] = it->second;
    }
    if (umpire) {
        out["rolls"] = x.rolls;
        out["outcome"] = x.outcome ? *x.outcome : json(nullptr);
        out["preview"] = x.status == "departed" ? detail::preview(s, x) : json(nullptr);
        json reckonings = json::object();
        for (const auto& [user, lines] : x.reckoning_of) reckonings[std::to_string(user)] = lines;
        out["reckonings"] = std::move(reckonings);
    }
    return out;
}

json umpire_part(const CampaignState& s) {
    const ExpeditionsState& xs = s.expeditions;
    json specs = json::array();
    for (const auto& f : field_specs()) specs.push_back({{"name", f.name}, {"kind", f.kind}, {"public", f.public_by_default}});
    json missions = json::array();
    for (int i = 0; i < mission_count; ++i) {
        const auto m = static_cast<Mission>(i);
        missions.push_back({{"key", mission_key(m)}, {"title", mission_title(m)}});
    }
    json crisis = nullptr;
    if (xs.crisis_turn)
        crisis = {{"turn", *xs.crisis_turn},
                  {"months_left", std::max(0, *xs.crisis_turn - s.year.calendar.turn)},
                  {"rolled_turn", xs.crisis_rolled_turn ? json(*xs.crisis_rolled_turn) : json(nullptr)},
                  {"dice", xs.crisis_roll}};
    return {{"draft", xs.draft ? expedition_view(s, *xs.draft, Viewer{0, "", Role::umpire}) : json(nullptr)},
            {"crisis", std::move(crisis)},
            {"fields", std::move(specs)},
            {"missions", std::move(missions)}};
}

}  // namespace

void add_to_view(json& out, const CampaignState& state, const Viewer& viewer) {
    const ExpeditionsState& xs = state.expeditions;
    json list = json::object();
    for (const auto& [id, x] : xs.list) list[std::to_string(id)] = expedition_view(state, x, viewer);
    json section = {{"list", std::move(list)},
                    {"gazette", xs.gazette},
                    {"needs_you", viewer.is_member() ? needs_you(state, viewer) : json::array()}};
    if (viewer.is_umpire()) section["umpire"] = umpire_part(state);
    out["expeditions"] = std::move(section);
}

}  // namespace muster::campaign::expeditions
