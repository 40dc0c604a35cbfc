#pragma once
// What must be found across campaigns, without entering a campaign's strand or loading its log: which
// campaigns a user belongs to and what needs him in each (campaign.list), and which campaign an invite code
// opens (campaign.join). Filled at start from the campaigns' index rows (server/store/campaign_index.h); a
// loaded campaign's hub keeps its entry current after every event that changes it. Thread-safe.
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster {

struct CampaignListing {
    std::int64_t id = 0;
    std::string name;
    Role role = Role::none;
    bool closed = false;
    std::int64_t needs_you = 0;         // how many things need the user there
    std::optional<std::int64_t> due;    // the soonest of their deadlines
};

class Directory {
public:
    // A campaign's entry as its index row keeps it: {"name", "closed", "members": {"<user>": role}, "codes",
    // "deadline": the month's, unix ms or null}.
    static nlohmann::json entry_of(const campaign::CampaignState& state);
    // Every member's {"count", "due"} of what needs him now (members with nothing are left out).
    static nlohmann::json needs_of(const campaign::CampaignState& state);

    void put(std::int64_t campaign, const nlohmann::json& entry, const nlohmann::json& needs);
    std::vector<CampaignListing> campaigns_of(std::int64_t user) const;
    std::optional<std::int64_t> campaign_for_code(const std::string& code) const;
    bool exists(std::int64_t campaign) const;
    bool is_member(std::int64_t campaign, std::int64_t user) const;  // false for no such campaign too
    Role role_of(std::int64_t campaign, std::int64_t user) const;    // Role::none for no such campaign too
    std::size_t size() const;

private:
    struct Needs {
        std::int64_t count = 0;
        std::optional<std::int64_t> due;
    };
    struct Entry {
        std::string name;
        bool closed = false;
        std::map<std::int64_t, Role> members;
        std::set<std::string> codes;
        std::map<std::int64_t, Needs> needs;
    };
    mutable std::mutex mutex_;
    std::map<std::int64_t, Entry> entries_;
    std::map<std::string, std::int64_t> codes_;
    std::map<std::int64_t, std::set<std::int64_t>> by_user_;  // each user's campaigns
};

}  // namespace muster
