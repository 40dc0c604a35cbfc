// Expeditions: the dispatch of their commands, the briefing's fields and what the files share
// (shared/campaign/expedition.h; docs/protocol.md, "Expeditions").
#include "shared/campaign/expedition.h"

#include <algorithm>

#include "shared/campaign/expedition_internal.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions {

using nlohmann::json;

const std::vector<FieldSpec>& field_specs() {
    // What players see by default: "where they will be going, a sketch map of the operational area how many
    // months they will need to get there and back the likely enemy strengths and composition (though this
    // does not need to be accurate) the likely risk of disease / shipwreck" ("Expeditions"); "enemy strength
    // and quality would only be sketchily known" (ANNEX A).
    static const std::vector<FieldSpec> specs = {
        {"region", "text", true},          {"location", "text", true},
        {"action", "text", true},          {"mission", "mission", true},
        {"objectives", "text", true},      {"travel", "text", true},
        {"months_out", "months", true},    {"months_back", "months", true},
        {"map", "text", true},             {"enemy", "text", true},
        {"believed_enemy", "text", true},  {"risk_hint", "text", true},
        {"pip_gains", "text", true},       {"other_gains", "text", true},
        {"enemy_quality", "text", false},  {"enemy_numbers", "multiple", false},
        {"enemy_numbers_text", "text", false}, {"disease_risk", "percent", false},
        {"shipwreck_risk", "percent", false},  {"notes", "text", false},
    };
    return specs;
}

int Expedition::months_out() const {
    auto it = fields.find("months_out");
    return it != fields.end() && it->second.value.is_number_integer() ? it->second.value.get<int>() : 0;
}

int Expedition::months_back() const {
    auto it = fields.find("months_back");
    return it != fields.end() && it->second.value.is_number_integer() ? it->second.value.get<int>() : 0;
}

namespace detail {

namespace {

const std::unordered_map<std::string, std::function<Decision(const CampaignState&, const Command&, const Viewer&,
                                                             Dice&, const Supplied&)>>&
deciders() {
    static const std::unordered_map<std::string, std::function<Decision(const CampaignState&, const Command&,
                                                                        const Viewer&, Dice&, const Supplied&)>>
        table = {
            {"crisis.roll", decide_crisis_roll},        {"expedition.create", decide_create},
            {"expedition.generate", decide_generate},   {"expedition.discard", decide_discard},
            {"expedition.edit", decide_edit},           {"expedition.brief", decide_brief},
            {"committee.attendance", decide_attendance}, {"motion.put", decide_motion_put},
            {"motion.vote", decide_motion_vote},        {"motion.close", decide_motion_close},
            {"expedition.force", decide_force},         {"expedition.roles", decide_roles},
            {"expedition.depart", decide_depart},       {"expedition.outcome", decide_outcome},
            {"expedition.reckon", decide_reckon},
        };
    return table;
}

}  // namespace

std::optional<Error> named(const CampaignState& s, const json& body, const Expedition*& out) {
    std::int64_t id = 0;
    if (auto e = read_id(body, "expedition", id)) return e;
    auto it = s.expeditions.list.find(static_cast<int>(id));
    if (id > 1'000'000 || it == s.expeditions.list.end())
        return not_found("There is no expedition " + std::to_string(id) + ".");
    out = &it->second;
    return std::nullopt;
}

std::optional<Error> named_or_draft(const CampaignState& s, const json& body, const Expedition*& out) {
    if (body.contains("expedition") && !body.at("expedition").is_null()) return named(s, body, out);
    if (!s.expeditions.draft) return not_found("There is no draft expedition: create one first.");
    out = &*s.expeditions.draft;
    return std::nullopt;
}

std::optional<Mission> mission_of(const Expedition& x) {
    auto it = x.fields.find("mission");
    if (it == x.fields.end() || !it->second.value.is_string()) return std::nullopt;
    return mission_from_key(it->second.value.get<std::string>());
}

std::int64_t colonel_of(const CampaignState& s, int number) {
    const auto* c = s.year.colonel_of_regiment(number);
    return c ? c->user : 0;
}

std::int64_t most_senior(const CampaignState& s, const std::vector<int>& regiments) {
    if (regiments.empty()) return 0;
    return colonel_of(s, *std::min_element(regiments.begin(), regiments.end()));
}

std::vector<std::int64_t> colonels_going(const CampaignState& s, const Expedition& x) {
    std::set<std::int64_t> out;
    for (int number : x.regiments)
        if (auto c = colonel_of(s, number)) out.insert(c);
    if (x.commander) out.insert(*x.commander);
    return {out.begin(), out.end()};
}

std::string title(const Expedition& x) {
    auto it = x.fields.find("region");
    const std::string region = it != x.fields.end() && it->second.value.is_string() ? it->second.value.get<std::string>() : "";
    const std::string name = x.id ? "Expedition " + std::to_string(x.id) : std::string("The draft expedition");
    return region.empty() ? name : name + " (" + region + ")";
}

}  // namespace detail

bool handles(const std::string& command_type) { return detail::deciders().count(command_type) > 0; }

std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied) {
    if (!command.body.is_object()) return bad_request("The command's body must be an object.");
    auto it = detail::deciders().find(command.type);
    if (it == detail::deciders().end()) return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
    return it->second(state, command, viewer, dice, supplied);
}

json needs_you(const CampaignState& state, const Viewer& viewer) {
    const ExpeditionsState& xs = state.expeditions;
    json out = json::array();
    // `expedition` and `motion` say which of the tab's controls named `control` does it.
    auto need = [&](std::string what, const char* control) -> json& {
        out.push_back({{"what", std::move(what)}, {"due", nullptr}, {"tab", "expeditions"}, {"control", control}});
        return out.back();
    };
    if (viewer.is_umpire()) {
        if (xs.crisis_turn && state.year.calendar.turn >= *xs.crisis_turn && !xs.draft)
            need("A crisis is due: create an expedition.", "expedition-create");
        for (const auto& [id, x] : xs.list)
            if (x.status == "departed" && state.year.calendar.turn >= x.departed_turn + x.months_out() + x.months_campaign)
                need("Record the outcome of " + detail::title(x) + " and reckon it.", "expedition-outcome")["expedition"] = id;
        return out;
    }
    if (viewer.role != Role::player) return out;
    for (const auto& [id, x] : xs.list) {
        if (x.status != "briefed" || !x.present.count(viewer.user)) continue;
        for (const auto& m : x.motions)
            if (m.open && !m.votes.count(viewer.user)) {
                json& n = need("Vote in the War Office Committee: " + m.question, "motion-vote");
                n["expedition"] = id;
                n["motion"] = m.id;
            }
    }
    return out;
}

}  // namespace muster::campaign::expeditions
