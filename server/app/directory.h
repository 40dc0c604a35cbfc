#pragma once
// What must be found across campaigns, without entering a campaign's strand: which campaigns a user
// belongs to (campaign.list) and which campaign an invite code opens (campaign.join). Each hub keeps its
// campaign's entry current after every event that changes it. Thread-safe.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "shared/campaign/campaign.h"

namespace muster {

struct CampaignListing {
    std::int64_t id = 0;
    std::string name;
    Role role = Role::none;
    bool closed = false;
};

class Directory {
public:
    void update(const campaign::CampaignState& state);
    std::vector<CampaignListing> campaigns_of(std::int64_t user) const;
    std::optional<std::int64_t> campaign_for_code(const std::string& code) const;
    bool is_member(std::int64_t campaign, std::int64_t user) const;  // false for no such campaign too
    Role role_of(std::int64_t campaign, std::int64_t user) const;    // Role::none for no such campaign too

private:
    struct Entry {
        std::string name;
        bool closed = false;
        std::map<std::int64_t, Role> members;
        std::set<std::string> codes;
    };
    mutable std::mutex mutex_;
    std::map<std::int64_t, Entry> entries_;
    std::map<std::string, std::int64_t> codes_;
};

}  // namespace muster
