#include "shared/battle/ruleset.h"

#include <set>

namespace muster::battle {

using nlohmann::json;

std::vector<std::int64_t> BattleEntry::players() const {
    std::set<std::int64_t> users;
    for (const auto& [id, l] : battle.leaders)
        if (l.user != 0) users.insert(l.user);
    return {users.begin(), users.end()};
}

bool BattleEntry::is_player(std::int64_t user) const {
    if (user == 0) return false;
    if (battle.leader_of(user)) return true;
    for (const auto& [id, u] : battle.units)
        if (u.owner == user) return true;
    return false;
}

std::optional<Error> RuleSet::read_leader(json j, const Battle& b, Leader& out) const {
    if (!j.is_object()) return bad_request("A leader must be an object.");
    try {
        out = j.get<Leader>();
    } catch (const json::exception& e) {
        return bad_request(std::string("That leader is not valid: ") + e.what());
    }
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
    if (out.user != 0)
        for (const auto& [id, l] : b.leaders)
            if (l.user == out.user && l.id != out.id) return conflict("That player already has a leader figure here.");
    return std::nullopt;
}

OverrideResult RuleSet::act(BattleEntry&, const Leader&, const json&, Dice&) const {
    return Error{"wrong_phase", "This rule set has no free actions."};
}

std::string RuleSet::due_words(const BattleEntry& e, const Leader&) const {
    return "Your " + box() + " for turn " + std::to_string(e.battle.turn) + " are due.";
}

std::string RuleSet::leader_fate(const Leader& l) const {
    const std::string fate = l.values.is_object() ? l.values.value("fate", std::string()) : std::string();
    return fate == "wounded" || fate == "killed" || fate == "captured" ? fate : std::string();
}

bool RuleSet::talk_open(const BattleEntry& e, std::int64_t a, std::int64_t b) const {
    for (const auto& [p, q] : e.channels)
        if ((p == a && q == b) || (p == b && q == a)) return true;
    return false;
}

json RuleSet::item_as_seen_by(const Battle& b, const json& item, const std::string& side) const {
    // Whitelist by default: an item naming a piece the viewer's side may not see is not shown at all.
    for (const char* key : {"unit", "target"})
        if (item.contains(key) && item[key].is_number_integer())
            if (const Unit* u = b.unit(item[key].get<std::int64_t>()); u && u->concealed && u->side != side) return nullptr;
    if (item.contains("leader") && item["leader"].is_number_integer())
        if (const Leader* l = b.leader(item["leader"].get<std::int64_t>()); l && l->concealed && l->side != side)
            return nullptr;
    return item;
}

}  // namespace muster::battle
