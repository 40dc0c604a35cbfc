#include "server/app/directory.h"

#include "shared/campaign/notices.h"

namespace muster {

using nlohmann::json;

json Directory::entry_of(const campaign::CampaignState& state) {
    json members = json::object(), codes = json::array();
    for (const auto& [user, m] : state.members) members[std::to_string(user)] = to_string(m.role);
    for (const auto& [code, invite] : state.invites) codes.push_back(code);
    // The month's deadline too, for a digest written later to give it as it stands then (server/app/notifier.cpp).
    const auto& deadline = state.year.calendar.deadline;
    return {{"name", state.name}, {"closed", state.closed}, {"members", std::move(members)}, {"codes", std::move(codes)},
            {"deadline", deadline ? json(*deadline) : json(nullptr)}};
}

json Directory::needs_of(const campaign::CampaignState& state) {
    json out = json::object();
    for (const auto& [user, m] : state.members) {
        const json needs = campaign::all_needs(state, Viewer{user, m.name, m.role});
        if (!needs.is_array() || needs.empty()) continue;
        json due = nullptr;
        for (const auto& n : needs)
            if (n.contains("due") && n["due"].is_number_integer() &&
                (due.is_null() || n["due"].get<std::int64_t>() < due.get<std::int64_t>()))
                due = n["due"];
        out[std::to_string(user)] = {{"count", needs.size()}, {"due", due}};
    }
    return out;
}

void Directory::put(std::int64_t campaign, const json& entry, const json& needs) {
    std::lock_guard lock(mutex_);
    auto& e = entries_[campaign];
    for (const auto& code : e.codes) codes_.erase(code);
    for (const auto& [user, role] : e.members) by_user_[user].erase(campaign);
    e = Entry{};
    e.name = entry.value("name", std::string());
    e.closed = entry.value("closed", false);
    const json members = entry.value("members", json::object()), codes = entry.value("codes", json::array());
    for (const auto& [user, role] : members.items()) {
        const auto id = std::stoll(user);
        e.members[id] = role_from_string(role.get<std::string>()).value_or(Role::observer);
        by_user_[id].insert(campaign);
    }
    for (const auto& code : codes) {
        e.codes.insert(code.get<std::string>());
        codes_[code.get<std::string>()] = campaign;
    }
    for (const auto& [user, n] : needs.items()) {
        Needs one{n.value("count", std::int64_t{0}), std::nullopt};
        if (n.contains("due") && n["due"].is_number_integer()) one.due = n["due"].get<std::int64_t>();
        e.needs[std::stoll(user)] = one;
    }
}

std::vector<CampaignListing> Directory::campaigns_of(std::int64_t user) const {
    std::lock_guard lock(mutex_);
    std::vector<CampaignListing> out;
    auto mine = by_user_.find(user);
    if (mine == by_user_.end()) return out;
    for (auto id : mine->second) {
        const Entry& e = entries_.at(id);
        CampaignListing l{id, e.name, e.members.at(user), e.closed, 0, std::nullopt};
        if (auto n = e.needs.find(user); n != e.needs.end() && !e.closed) {
            l.needs_you = n->second.count;
            l.due = n->second.due;
        }
        out.push_back(std::move(l));
    }
    return out;
}

std::optional<std::int64_t> Directory::campaign_for_code(const std::string& code) const {
    std::lock_guard lock(mutex_);
    auto it = codes_.find(code);
    if (it == codes_.end()) return std::nullopt;
    return it->second;
}

bool Directory::exists(std::int64_t campaign) const {
    std::lock_guard lock(mutex_);
    return entries_.count(campaign) > 0;
}

bool Directory::is_member(std::int64_t campaign, std::int64_t user) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(campaign);
    return it != entries_.end() && it->second.members.count(user) > 0;
}

Role Directory::role_of(std::int64_t campaign, std::int64_t user) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(campaign);
    if (it == entries_.end()) return Role::none;
    auto m = it->second.members.find(user);
    return m == it->second.members.end() ? Role::none : m->second;
}

std::size_t Directory::size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

}  // namespace muster
