// The expeditions in a campaign's snapshot (shared/campaign/snapshot.h): the crisis countdown, the draft and the
// briefed expeditions with their fields, motions and votes, force, reckoning and fates, and the gazette.
#include "shared/campaign/snapshot_internal.h"

namespace muster::campaign::snapshot_detail {

using namespace muster::campaign::expeditions;

namespace {

json option_json(const Option& o) {
    json out = {{"label", o.label}};
    put(out, "regiments", o.regiments);
    put(out, "commander", o.commander);
    return out;
}
Option option_from(const json& j) {
    Option o;
    o.label = j.at("label").get<std::string>();
    o.regiments = take<std::vector<int>>(j, "regiments");
    o.commander = take<std::int64_t>(j, "commander");
    return o;
}

json motion_json(const Motion& m) {
    json options = json::array();
    for (const auto& o : m.options) options.push_back(option_json(o));
    json out = {{"id", m.id},
                {"question", m.question},
                {"options", std::move(options)},
                {"open", m.open},
                {"votes", map_json(m.votes)},
                {"totals", m.totals},
                {"how", m.how}};
    put(out, "carried", m.carried);
    return out;
}
Motion motion_from(const json& j) {
    Motion m;
    m.id = j.at("id").get<int>();
    m.question = j.at("question").get<std::string>();
    for (const auto& o : j.at("options")) m.options.push_back(option_from(o));
    m.open = j.at("open").get<bool>();
    m.votes = map_from<std::int64_t, std::vector<std::int64_t>>(j.at("votes"));
    m.totals = j.at("totals").get<std::vector<std::int64_t>>();
    m.carried = take<int>(j, "carried");
    m.how = j.at("how").get<std::string>();
    return m;
}

json field_json(const Field& f) { return {{"value", f.value}, {"is_public", f.is_public}}; }
Field field_from(const json& j) { return Field{j.at("value"), j.at("is_public").get<bool>()}; }

json expedition_json(const Expedition& x) {
    json motions = json::array();
    for (const auto& m : x.motions) motions.push_back(motion_json(m));
    json out = {{"id", x.id},
                {"status", x.status},
                {"fields", map_json(x.fields, field_json)},
                {"rolls", x.rolls},
                {"present", x.present},
                {"motions", std::move(motions)},
                {"regiments", x.regiments},
                {"roles", map_json(x.roles)},
                {"went", x.went},
                {"departed_turn", x.departed_turn},
                {"months_campaign", x.months_campaign},
                {"reckoning_of", map_json(x.reckoning_of)},
                {"reckoned_turn", x.reckoned_turn},
                {"battles", x.battles},
                {"fates", x.fates}};
    put(out, "commander", x.commander);
    put(out, "outcome", x.outcome);
    put(out, "reckoning", x.reckoning);
    return out;
}
Expedition expedition_from(const json& j) {
    Expedition x;
    x.id = j.at("id").get<int>();
    x.status = j.at("status").get<std::string>();
    x.fields = map_from<std::string, Field>(j.at("fields"), field_from);
    x.rolls = j.at("rolls");
    x.present = j.at("present").get<std::set<std::int64_t>>();
    for (const auto& m : j.at("motions")) x.motions.push_back(motion_from(m));
    x.regiments = j.at("regiments").get<std::vector<int>>();
    x.commander = take<std::int64_t>(j, "commander");
    x.roles = map_from<std::int64_t, std::string>(j.at("roles"));
    x.went = j.at("went").get<std::vector<std::int64_t>>();
    x.departed_turn = j.at("departed_turn").get<int>();
    x.months_campaign = j.at("months_campaign").get<int>();
    x.outcome = take<json>(j, "outcome");
    x.reckoning = take<json>(j, "reckoning");
    x.reckoning_of = map_from<std::int64_t, json>(j.at("reckoning_of"));
    x.reckoned_turn = j.at("reckoned_turn").get<int>();
    x.battles = j.at("battles").get<std::vector<std::int64_t>>();
    x.fates = j.at("fates").get<std::vector<json>>();
    return x;
}

}  // namespace

json expeditions_json(const ExpeditionsState& s) {
    json out = {{"list", map_json(s.list, expedition_json)},
                {"briefed_made", s.briefed_made},
                {"crisis_roll", s.crisis_roll},
                {"gazette", s.gazette}};
    put(out, "draft", s.draft, expedition_json);
    put(out, "crisis_turn", s.crisis_turn);
    put(out, "crisis_rolled_turn", s.crisis_rolled_turn);
    return out;
}

ExpeditionsState expeditions_from(const json& j) {
    ExpeditionsState s;
    s.draft = take<Expedition>(j, "draft", expedition_from);
    s.list = map_from<int, Expedition>(j.at("list"), expedition_from);
    s.briefed_made = j.at("briefed_made").get<int>();
    s.crisis_turn = take<int>(j, "crisis_turn");
    s.crisis_rolled_turn = take<int>(j, "crisis_rolled_turn");
    s.crisis_roll = j.at("crisis_roll");
    s.gazette = j.at("gazette").get<std::vector<json>>();
    return s;
}

}  // namespace muster::campaign::snapshot_detail
