#include "shared/campaign/notices.h"

#include <set>

#include "shared/battle/entry_view.h"
#include "shared/campaign/expedition.h"
#include "shared/campaign/year.h"

namespace muster::campaign {

using nlohmann::json;

json all_needs(const CampaignState& state, const Viewer& viewer) {
    json out = year::needs_you(state, viewer);
    for (auto& n : expeditions::needs_you(state, viewer)) out.push_back(std::move(n));
    for (const auto& [id, e] : state.battles.battles) {
        json n = battle::needs_you(e, viewer);
        if (n.is_null()) continue;
        n["battle"] = id;
        n["turn"] = e.battle.turn;
        n["what"] = e.battle.name + ": " + n.value("what", "");
        out.push_back(std::move(n));
    }
    return out;
}

namespace {

// The public facts the webhook carries: what every member, an observer too, is shown of these events.
void public_facts(const CampaignState& after, const std::vector<Event>& events, std::vector<Notice>& out) {
    for (const auto& ev : events) {
        if (ev.type == "month.resolved") {
            out.push_back({0, "month_resolved", "The month is resolved: each colonel's report is ready.", "year", nullptr});
        } else if (ev.type == "month.deadline_set" && after.year.calendar.deadline) {
            out.push_back({0, "deadline", "Diaries are due.", "diary", json(*after.year.calendar.deadline)});
        } else if (ev.type == "expedition.briefed" || ev.type == "expedition.departed" || ev.type == "expedition.reckoned") {
            // The gazette's words: made from the public fields only (shared/campaign/expedition_briefing.cpp).
            out.push_back({0, "expedition", ev.body.value("gazette", ""), "expeditions", nullptr});
        } else if (ev.type == "battle.started" || ev.type == "battle.ended") {
            const auto id = ev.body.value("battle", std::int64_t{0});
            auto it = after.battles.battles.find(id);
            if (it == after.battles.battles.end()) continue;
            const bool started = ev.type == "battle.started";
            out.push_back({0, started ? "battle_started" : "battle_ended",
                           "The battle \"" + it->second.battle.name + (started ? "\" has begun." : "\" has ended."), "battle", nullptr});
        }
    }
}

// A need's identity: a battle's is the battle's turn (an umpire's step by hand is worded anew at each step of one
// turn, and is one need), the year's its words.
std::string key_of(const json& n) {
    if (!n.contains("battle")) return n.value("what", "");
    return "battle " + std::to_string(n["battle"].get<std::int64_t>()) + " turn " + std::to_string(n.value("turn", 0));
}

}  // namespace

Needs needs_of_members(const CampaignState& state) {
    Needs out;
    for (const auto& [user, m] : state.members) {
        if (m.role == Role::none || m.role == Role::observer) continue;
        auto& list = out[user];
        for (const auto& n : all_needs(state, Viewer{user, m.name, m.role})) list.push_back(key_of(n));
    }
    return out;
}

std::vector<Notice> notices(const Needs& before, const CampaignState& after, const std::vector<Event>& events) {
    std::vector<Notice> out;
    for (const auto& [user, m] : after.members) {
        if (m.role == Role::none || m.role == Role::observer) continue;
        auto was = before.find(user);
        const std::set<std::string> old = was == before.end() ? std::set<std::string>{}
                                                               : std::set<std::string>(was->second.begin(), was->second.end());
        for (const auto& n : all_needs(after, Viewer{user, m.name, m.role})) {
            if (old.count(key_of(n))) continue;
            out.push_back({user, "needs_you", n.value("what", ""), n.value("tab", ""), n.value("due", json(nullptr))});
        }
    }
    public_facts(after, events, out);
    return out;
}

}  // namespace muster::campaign
