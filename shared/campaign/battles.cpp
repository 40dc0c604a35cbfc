#include "shared/campaign/battles.h"

#include <algorithm>

#include "shared/battle/entry_view.h"
#include "shared/battle/registry.h"
#include "shared/core/fields.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/expedition.h"
#include "shared/campaign/fates.h"
#include "shared/campaign/regiment.h"

// The campaign's side of its battles: which regiments come to the table, and what a battle's losses do to
// them. Everything else is the battle life cycle's (shared/battle/lifecycle.h) and the rule set's.

namespace muster::campaign::battles {

using nlohmann::json;

namespace {

battle::Context context_of(const CampaignState& s, const Supplied& supplied) {
    battle::Context x{s.id, s.closed, supplied.now, supplied.nonce, {}};
    for (const auto& [user, m] : s.members) x.members.insert(user);
    return x;
}

// battle.create's "from_regiments": each colonel's regiment as a unit of the battle's rule set ("their current
// Drill, Musketry and Effectiveness and four bases"), and the colonel as a leader figure unless he has one.
std::optional<Error> bring_regiments(const CampaignState& s, Command& c) {
    json& b = c.body;
    if (!b.contains("from_regiments")) return std::nullopt;
    const battle::RuleSet* rules = battle::find_ruleset(b.value("ruleset", std::string("oth")));
    if (!rules) return std::nullopt;  // the life cycle names the unknown rule set
    if (!b["from_regiments"].is_array()) return bad_request("from_regiments is a list.");
    if (!b.contains("units")) b["units"] = json::array();
    if (!b.contains("leaders")) b["leaders"] = json::array();
    if (!b["units"].is_array() || !b["leaders"].is_array()) return bad_request("units and leaders are lists.");
    if (!b.contains("sides") || !b["sides"].is_array() || b["sides"].empty() || !b["sides"][0].is_object())
        return std::nullopt;  // the life cycle names what is wrong with the sides
    const json table = b.value("table", json::object());
    const double width = table.is_object() ? table.value("width", 180.0) : 180.0;
    const double depth = table.is_object() ? table.value("depth", 120.0) : 120.0;
    for (const auto& rj : b["from_regiments"]) {
        json r = int_value(rj) ? json{{"colonel", rj}} : rj;
        if (!r.is_object() || !r.contains("colonel") || !int_in(r["colonel"], 1, INT64_MAX))
            return bad_request("from_regiments lists colonels' user ids or {\"colonel\", \"side\", ...}.");
        auto user = r["colonel"].get<std::int64_t>();
        const auto* col = s.year.colonel(user);
        if (!col || !col->regiment) return not_found("Colonel " + std::to_string(user) + " has no regiment.");
        const auto& reg = *col->regiment;
        json u = rules->unit_from_regiment(reg.name, reg.number, reg.drill, reg.musketry, reg.effectiveness);
        u["side"] = r.value("side", b["sides"][0].value("id", std::string()));
        u["owner"] = user;
        u["position"] = r.value("position", json::array({width / 2, depth / 2}));
        u["facing"] = r.value("facing", 0.0);
        u["formation"] = r.value("formation", std::string("line"));
        u["from_regiment"] = user;
        b["units"].push_back(u);
        const auto& leaders = b["leaders"];
        bool has_leader = std::any_of(leaders.begin(), leaders.end(),
                                      [&](const json& l) { return l.is_object() && l.value("user", std::int64_t{0}) == user; });
        if (!has_leader)
            b["leaders"].push_back({{"side", u["side"]}, {"user", user}, {"name", col->name}, {"position", u["position"]}});
    }
    b.erase("from_regiments");
    return std::nullopt;
}

// A battle's losses as they fall on the campaign's regiments (over-the-hills.txt, "The Regiment": half its
// strength or more lost drops every attribute a point): each loss row of a regiment's unit gains the
// colonel, his companies before and after, and the attributes after.
void add_regiment_lines(const CampaignState& s, const battle::BattleEntry& e, Event& ended) {
    if (!ended.body.contains("losses")) return;
    for (auto& line : ended.body["losses"]) {
        auto rit = e.regiment_of.find(line.value("unit", std::int64_t{0}));
        const auto* col = rit == e.regiment_of.end() ? nullptr : s.year.colonel(rit->second);
        if (!col || !col->regiment) continue;
        const auto& r = *col->regiment;
        const int lost = (r.companies * line.value("percent", 0) + 50) / 100;
        const auto l = year::reckon_losses(r, r.companies - lost, s.year.rules.half_strength == "campaign",
                                           s.year.rules.attribute_min);
        const auto& a = l.attributes;
        line["colonel"] = col->user;
        line["before"] = l.before;
        line["after"] = l.after;
        line["halved"] = l.halved;
        line["attributes"] = {{"drill", a.drill}, {"musketry", a.musketry}, {"effectiveness", a.effectiveness}};
        line["applied"] = e.table.apply_losses;
    }
}

void apply_regiment_lines(CampaignState& state, const battle::BattleEntry& e, const Event& ev) {
    for (const auto& line : ev.body.value("losses", json::array())) {
        if (!line.value("applied", false) || !line.contains("colonel") || !line.at("colonel").is_number_integer()) continue;
        year::apply_regiment_losses(state.year, line, "Battle: " + e.battle.name, ev);
    }
}

// A new battle's commitment to its own dice seed, and the seed revealed when it ends (docs/dice.md, "Battles'
// own seeds"), from what the server supplies: the rules never see the campaign's seed.
void seal_battle_seed(const CampaignState& s, Event& ev, const Supplied& supplied) {
    if (ev.type == "battle.created" && supplied.battle_seed_sha256) {
        ev.body["seed_scheme"] = battle_seed_scheme;
        ev.body["seed_sha256"] = supplied.battle_seed_sha256(ev.body.at("battle").at("id").get<std::int64_t>());
    } else if (ev.type == "battle.ended" && supplied.battle_seed_hex) {
        const auto id = ev.body.at("battle").get<std::int64_t>();
        if (s.battle_seeds.count(id)) ev.body["seed"] = supplied.battle_seed_hex(id);
    }
}

void apply_battle_seed(CampaignState& state, const battle::BattleEntry& e, const Event& ev) {
    const auto id = e.battle.id;
    if (ev.type == "battle.created" && ev.body.value("seed_scheme", "") == battle_seed_scheme)
        state.battle_seeds[id].sha256 = ev.body.value("seed_sha256", "");
    auto it = state.battle_seeds.find(id);
    if (ev.type == "battle.ended" && it != state.battle_seeds.end()) it->second.revealed = ev.body.value("seed", "");
}

}  // namespace

bool handles(const std::string& command_type) { return battle::handles(command_type); }

std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied) {
    Command c = command;
    std::optional<int> expedition;  // battle.create's: the expedition the battle is fought on
    if (c.type == "battle.create" && viewer.is_umpire()) {
        if (c.body.is_object() && c.body.contains("expedition")) {
            auto x = expeditions::battle_setup(state, c.body);
            if (auto* e = std::get_if<Error>(&x)) return *e;
            expedition = std::get<int>(x);
        }
        if (auto e = bring_regiments(state, c)) return *e;
    }
    auto d = battle::decide(state.battles, context_of(state, supplied), c, viewer, dice);
    auto* events = std::get_if<std::vector<Event>>(&d);
    if (!events) return d;
    std::vector<Event> fell;
    for (auto& ev : *events) {
        if (ev.type == "battle.created" && expedition) ev.body["expedition"] = *expedition;
        seal_battle_seed(state, ev, supplied);
        if (ev.type != "battle.ended") continue;
        const auto id = ev.body.at("battle").get<std::int64_t>();
        const auto& entry = state.battles.battles.at(id);
        add_regiment_lines(state, entry, ev);
        const bool on_expedition = expeditions::expedition_of_battle(state, id).has_value();
        for (auto& f : fates::fell_in_battle(state, entry, on_expedition, viewer)) fell.push_back(std::move(f));
    }
    for (auto& f : fell) events->push_back(std::move(f));
    return d;
}

bool handles_event(const std::string& t) { return battle::handles_event(t); }

void apply(CampaignState& state, const Event& ev) {
    battle::BattleEntry* e = battle::apply(state.battles, ev);
    if (e && ev.type == "battle.ended") apply_regiment_lines(state, *e, ev);
    if (e && (ev.type == "battle.created" || ev.type == "battle.ended")) apply_battle_seed(state, *e, ev);
}

Marks marks(const CampaignState& state, const std::set<std::int64_t>& ids) {
    Marks m;
    for (auto id : ids)
        if (auto it = state.battles.battles.find(id); it != state.battles.battles.end())
            m.sizes[id] = {it->second.battle.log.size(), it->second.battle.history.size()};
    return m;
}

json appended_ops(const CampaignState& after, const Viewer& viewer, const Marks& before, const std::set<std::int64_t>& ids) {
    json ops = json::array();
    if (!viewer.is_member()) return ops;
    for (auto id : ids) {
        auto found = after.battles.battles.find(id);
        if (found == after.battles.battles.end()) continue;
        const battle::BattleEntry& e = found->second;
        auto it = before.sizes.find(id);
        const std::size_t log_from = it == before.sizes.end() ? 0 : it->second.first;
        const std::size_t frames_from = it == before.sizes.end() ? 0 : it->second.second;
        const std::string at = "/battles/" + std::to_string(id);
        for (auto& entry : battle::log_entries_from(e, log_from, viewer))
            ops.push_back({{"op", "add"}, {"path", at + "/log/-"}, {"value", std::move(entry)}});
        for (auto& frame : battle::frames_from(e, frames_from, viewer))
            ops.push_back({{"op", "add"}, {"path", at + "/history/-"}, {"value", std::move(frame)}});
    }
    return ops;
}

namespace {
json one_battle(const CampaignState& state, std::int64_t id, const battle::BattleEntry& e, const Viewer& viewer, bool light) {
    json one = battle::view(e, viewer, light);
    // Every member sees the battle's dice commitment from its creation, and its seed once it ended.
    if (auto seed = state.battle_seeds.find(id); seed != state.battle_seeds.end()) {
        one["seed_sha256"] = seed->second.sha256;
        if (!seed->second.revealed.empty()) one["seed"] = seed->second.revealed;
    }
    return one;
}
}  // namespace

std::optional<json> battle_record(const CampaignState& state, const Viewer& viewer, std::int64_t battle) {
    auto it = state.battles.battles.find(battle);
    if (!viewer.is_member() || it == state.battles.battles.end()) return std::nullopt;
    return one_battle(state, battle, it->second, viewer, false);
}

namespace {
// An ended battle as a live view holds it: what lists it (its name, sides, status, turn and seed, as this
// viewer's view has them); its pieces, ground, boxes, talk, settings, outcome, log, history and the book's fields
// come with its record when the page shows it (battle_record), so that a campaign's old battles do not weigh on
// every subscribe.
json paged(json one) {
    static const char* const kept[] = {"id",     "campaign",  "name",     "ruleset",     "table", "sides",
                                       "turn",   "phase",     "status",   "next_step",   "deadline", "needs_you",
                                       "viewer_side", "me",   "seed_sha256", "seed"};
    json out = json::object();
    for (const char* k : kept)
        if (auto it = one.find(k); it != one.end()) out[k] = std::move(*it);
    for (const char* k : {"units", "leaders", "terrain", "players", "talk", "channels", "log", "history"}) out[k] = json::array();
    out["boxes"] = json::object();
    out["losses"] = nullptr;
    out["records"] = nullptr;
    out["paged"] = true;
    return out;
}

// One battle as the section holds it: an ended one paged out of a live view.
json in_section(const CampaignState& state, std::int64_t id, const battle::BattleEntry& e, const Viewer& viewer,
                bool light, bool whole) {
    if (!whole && e.status == "ended") return paged(one_battle(state, id, e, viewer, true));
    return one_battle(state, id, e, viewer, light);
}
}  // namespace


json light_views(const CampaignState& state, const Viewer& viewer, const std::set<std::int64_t>& ids) {
    json out = json::object();
    if (!viewer.is_member()) return out;
    for (auto id : ids)
        if (auto it = state.battles.battles.find(id); it != state.battles.battles.end())
            out[std::to_string(id)] = in_section(state, id, it->second, viewer, true, false);
    return out;
}

void add_to_view(json& out, const CampaignState& state, const Viewer& viewer, bool whole) {
    json all = json::object();
    if (viewer.is_member())
        for (const auto& [id, e] : state.battles.battles) all[std::to_string(id)] = in_section(state, id, e, viewer, false, whole);
    out["battles"] = std::move(all);
    if (viewer.is_umpire()) out["battle_scenarios"] = battle::scenario_list(state.battles);
    // Each book's page of the campaign, from its ended battles (Border Reivers: the names' history over a
    // string of raids); it changes only when a battle ends, whose push diffs the whole view.
    json books = json::object();
    if (viewer.is_member())
        for (const battle::RuleSet* r : battle::rulesets()) {
            std::vector<const battle::BattleEntry*> mine;
            for (const auto& [id, e] : state.battles.battles)
                if (e.battle.ruleset == r->id() && e.status == "ended") mine.push_back(&e);
            if (mine.empty()) continue;
            json fields = r->campaign_fields(mine, viewer);
            if (!fields.is_null()) books[r->id()] = std::move(fields);
        }
    out["battle_books"] = std::move(books);
}

bool chat_closed_for(const CampaignState& state, std::int64_t user) {
    for (const auto& [id, e] : state.battles.battles)
        if (e.playing() && e.table.chat_closed && e.is_player(user)) return true;
    return false;
}

std::optional<std::int64_t> next_alarm(const CampaignState& state) { return battle::next_alarm(state.battles); }

Command alarm_command(const CampaignState& state, std::int64_t now) {
    return battle::alarm_command(state.battles, state.id, now).value_or(Command{});
}

json reply_body(const std::vector<Event>& events) {
    const Event& first = events.front();
    if (first.type == "battle.created") return {{"battle", first.body.at("battle").at("id")}};
    if (first.type == "battle.submitted") return {{"turn", first.body.at("turn")}};
    if (first.type == "battle.step_resolved") return {{"step", first.body.at("step")}};
    return nullptr;  // the others answer as docs/protocol.md says of every command
}

}  // namespace muster::campaign::battles
