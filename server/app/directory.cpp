#include "server/app/directory.h"

namespace muster {

void Directory::update(const campaign::CampaignState& state) {
    std::lock_guard lock(mutex_);
    auto& entry = entries_[state.id];
    for (const auto& code : entry.codes) codes_.erase(code);
    entry.name = state.name;
    entry.closed = state.closed;
    entry.members.clear();
    for (const auto& [user, m] : state.members) entry.members[user] = m.role;
    entry.codes.clear();
    for (const auto& [code, invite] : state.invites) {
        entry.codes.insert(code);
        codes_[code] = state.id;
    }
}

std::vector<CampaignListing> Directory::campaigns_of(std::int64_t user) const {
    std::lock_guard lock(mutex_);
    std::vector<CampaignListing> out;
    for (const auto& [id, entry] : entries_) {
        auto it = entry.members.find(user);
        if (it != entry.members.end()) out.push_back({id, entry.name, it->second, entry.closed});
    }
    return out;
}

std::optional<std::int64_t> Directory::campaign_for_code(const std::string& code) const {
    std::lock_guard lock(mutex_);
    auto it = codes_.find(code);
    if (it == codes_.end()) return std::nullopt;
    return it->second;
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

}  // namespace muster
