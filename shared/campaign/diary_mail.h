#pragma once
// A diary sent by e-mail (docs/protocol.md, "A diary by e-mail"): the month's request shows the colonel his
// choices as a few plain lines ("Activity: supervise drill", "Pay: arrears"), filled in with what stands now (his
// diary for the month, else his standing orders, else the diary he would get for none); his reply is read back
// into a `diary.submit` body, the lines he changed changing those choices and the rest of what he wrote becoming
// the diary's text. The diary.submit rules then judge it, as they judge the page's.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster::campaign::year {

// The lines for this colonel's month as it stands, each ending in a newline; "" when he has no colonel.
std::string diary_lines(const CampaignState& state, std::int64_t user);

// The diary.submit body his reply makes: `written` is what he wrote (the quoted original already left out).
// Lines in the shape above set their choice; other lines are the diary's text (his earlier text kept when he
// wrote none). A line that names a choice in words it does not know is an error (its words in `error`).
nlohmann::json diary_from_reply(const CampaignState& state, std::int64_t user, const std::string& written, std::string& error);

// The diary a colonel's month holds, in the words of the lines (what the answer to his reply tells him).
std::string diary_words(const nlohmann::json& submitted_body);

}  // namespace muster::campaign::year
