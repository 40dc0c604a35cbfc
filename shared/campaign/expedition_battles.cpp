// Battles fought on an expedition (shared/campaign/expedition.h, battle_setup): over-the-hills.txt,
// "Expeditions": the colonels who went fight with their regiments, and the players given roles command the
// attached troops or the enemy. What the battle does to them is the battles' (losses) and fates.cpp's.
#include <algorithm>

#include "shared/campaign/campaign.h"
#include "shared/campaign/expedition_internal.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions {

using nlohmann::json;

namespace {

// The troops a role brings to the table in an Over the Hill battle (the other books' umpires place their own).
const char* troop_type_of(const std::string& role) {
    if (role == "artillery") return "gunners";
    if (role == "cavalry") return "horse";
    if (role == "local_forces") return "militia";
    return nullptr;  // "naval": support from the sea, off the table; "enemy": the umpire's troops
}

std::string role_words(const std::string& role) {
    if (role == "artillery") return "guns";
    if (role == "cavalry") return "horse";
    return "local forces";
}

bool has_leader(const json& leaders, std::int64_t user) {
    return std::any_of(leaders.begin(), leaders.end(),
                       [&](const json& l) { return l.is_object() && l.value("user", std::int64_t{0}) == user; });
}

// The players given roles: a leader figure each, and the attached troops they command.
void bring_roles(const CampaignState& s, const Expedition& x, json& b, const std::string& ours,
                 const std::string& theirs, double width, double depth) {
    const bool oth = b.value("ruleset", std::string("oth")) == "oth";
    int placed = 0;
    for (const auto& [user, role] : x.roles) {
        const auto* c = s.year.colonel(user);
        if (!c || has_leader(b["leaders"], user)) continue;
        const bool enemy = role == "enemy";
        if (enemy && theirs.empty()) continue;
        const json at = json::array({width * (0.15 + 0.1 * (placed++ % 8)), enemy ? depth * 0.2 : depth * 0.9});
        b["leaders"].push_back({{"side", enemy ? theirs : ours}, {"user", user}, {"name", c->name}, {"position", at}});
        const char* troops = troop_type_of(role);
        if (!troops || !oth) continue;
        b["units"].push_back({{"side", ours}, {"owner", user}, {"name", c->name + "'s " + role_words(role)},
                              {"troop_type", troops}, {"position", at}, {"facing", 0.0}});
    }
}

}  // namespace

std::variant<Error, int> battle_setup(const CampaignState& s, json& b) {
    std::int64_t id = 0;
    if (auto e = read_id(b, "expedition", id)) return *e;
    auto it = s.expeditions.list.find(static_cast<int>(id));
    if (it == s.expeditions.list.end()) return not_found("There is no expedition " + std::to_string(id) + ".");
    const Expedition& x = it->second;
    if (x.status != "departed") return conflict(detail::title(x) + " is not on campaign: its battles are fought after it sails and before its reckoning.");
    if (!b.contains("sides") || !b["sides"].is_array() || b["sides"].size() < 2 || !b["sides"][0].is_object() ||
        !b["sides"][1].is_object())
        return bad_request("A battle on an expedition needs two sides: the expedition's first, the enemy's second.");
    const std::string ours = b["sides"][0].value("id", std::string()), theirs = b["sides"][1].value("id", std::string());
    const json table = b.value("table", json::object());
    const double width = table.is_object() ? table.value("width", 180.0) : 180.0;
    const double depth = table.is_object() ? table.value("depth", 120.0) : 120.0;
    if (!b.contains("units")) b["units"] = json::array();
    if (!b.contains("leaders")) b["leaders"] = json::array();
    if (!b["units"].is_array() || !b["leaders"].is_array()) return bad_request("units and leaders are lists.");
    if (!b.contains("from_regiments")) {
        // The regiments that went, in a line across the expedition's end of the table (the umpire moves them).
        json from = json::array();
        std::vector<std::int64_t> colonels;
        for (auto user : x.went) {
            const auto* c = s.year.colonel(user);
            if (c && c->regiment && std::count(x.regiments.begin(), x.regiments.end(), c->regiment->number))
                colonels.push_back(user);
        }
        const double step = width / static_cast<double>(colonels.size() + 1);
        for (std::size_t i = 0; i < colonels.size(); ++i)
            from.push_back({{"colonel", colonels[i]}, {"side", ours},
                            {"position", json::array({step * static_cast<double>(i + 1), depth * 0.75})}});
        b["from_regiments"] = std::move(from);
    }
    bring_roles(s, x, b, ours, theirs, width, depth);
    return static_cast<int>(id);
}

std::optional<int> expedition_of_battle(const CampaignState& s, std::int64_t battle) {
    for (const auto& [id, x] : s.expeditions.list)
        if (std::count(x.battles.begin(), x.battles.end(), battle)) return id;
    return std::nullopt;
}

}  // namespace muster::campaign::expeditions
