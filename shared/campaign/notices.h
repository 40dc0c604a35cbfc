#pragma once
// What a committed change tells people who are not looking (docs/protocol.md, "Notifications"): each member what
// now needs him that did not before (his own view's "what needs you": his diary, his bid, his battle turn), and the
// campaign's webhook the public facts (a month resolved, a new deadline, a battle begun or ended). Built from what
// each recipient may see and nothing else: a member's from his own needs, the webhook's from what an observer sees.
// Pure: the server turns each into an e-mail or a webhook post in its outbox, in the same transaction.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster::campaign {

struct Notice {
    std::int64_t user = 0;  // the member told; 0: the campaign's webhook (public facts only)
    std::string kind;       // "needs_you" | "month_resolved" | "deadline" | "battle_started" | "battle_ended" | "talk" ...
    std::string text;       // one line a person reads
    std::string tab;        // where on the campaign page it is done ("diary", "battle"...), or ""
    nlohmann::json due = nullptr;  // the deadline, unix ms, or null
    // What a reply to it by e-mail would answer (docs/protocol.md, "A diary by e-mail"): a talk line's
    // {"battle", "turn", "to": its speaker}, a notice's {"notice"}; null for the rest.
    nlohmann::json about = nullptr;
    bool operator==(const Notice&) const = default;
};

// What needs each member now, by user: taken before the events are applied, so the state need not be copied.
using Needs = std::map<std::int64_t, std::vector<std::string>>;
Needs needs_of_members(const CampaignState& state);
// Whether the events leave everyone's needs as they were (chat, notices, rolls), so that a server need not
// work them out before and after.
bool changes_no_needs(const std::vector<Event>& events);
// The notices the events make, with `before` the members' needs before them (nothing when the events change no
// needs) and `after` the state after.
std::vector<Notice> notices(const std::optional<Needs>& before, const CampaignState& after, const std::vector<Event>& events);

// Every "what needs you" of a member now: the year's and each battle's (docs/protocol.md, "What needs you").
nlohmann::json all_needs(const CampaignState& state, const Viewer& viewer);

}  // namespace muster::campaign
