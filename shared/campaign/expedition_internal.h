#pragma once
// What the expedition files share (expedition.cpp, expedition_briefing.cpp, committee.cpp,
// expedition_voyage.cpp, expedition_apply.cpp, expedition_view.cpp).
#include <functional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "shared/campaign/annex_a.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/expedition.h"

namespace muster::campaign::expeditions::detail {

using Decision = std::variant<Error, std::vector<Event>>;
inline constexpr std::size_t text_max = 2000;
inline constexpr std::size_t question_max = 300;
inline constexpr std::size_t label_max = 120;
inline constexpr std::size_t options_max = 12;

// The expedition a command names in "expedition" (a number); fills `out`.
std::optional<Error> named(const CampaignState& s, const nlohmann::json& body, const Expedition*& out);
// The expedition a command names, or the umpire's draft when it names none.
std::optional<Error> named_or_draft(const CampaignState& s, const nlohmann::json& body, const Expedition*& out);
// The mission of the briefing's "mission" field, if it names one.
std::optional<Mission> mission_of(const Expedition& x);
// The colonel who holds regiment `number`, or 0.
std::int64_t colonel_of(const CampaignState& s, int number);
// The colonel of the most senior (lowest numbered) of these regiments, or 0: the default commander
// ("Command of the force will normally be determined by seniority").
std::int64_t most_senior(const CampaignState& s, const std::vector<int>& regiments);
// Who goes: the colonels of the regiments and the commander, in order of user id.
std::vector<std::int64_t> colonels_going(const CampaignState& s, const Expedition& x);
// "Expedition 2 (West Indies)" for messages and the gazette.
std::string title(const Expedition& x);

// The briefing (expedition_briefing.cpp).
Decision decide_crisis_roll(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_create(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_generate(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_discard(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_edit(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_brief(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
// The committee (committee.cpp).
Decision decide_attendance(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_motion_put(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_motion_vote(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_motion_close(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_force(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_roles(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
// The voyage and the reckoning (expedition_voyage.cpp).
Decision decide_depart(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_outcome(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_reckon(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);

// The committee's tally of a motion's votes: totals per option and the option that carries
// (ties by the house rule committee_ties; `tie_break` is the umpire's pick). Error when the umpire must pick.
struct Tally {
    std::vector<std::int64_t> totals;
    std::optional<int> carried;
    std::string how;
};
std::variant<Error, Tally> tally(const CampaignState& s, const Motion& m, std::optional<int> tie_break);

// What the reckoning will be, before its dice are rolled (the umpire's preview).
nlohmann::json preview(const CampaignState& s, const Expedition& x);

// The views (expedition_view.cpp).
nlohmann::json option_json(const Option& o);
Option option_from_json(const nlohmann::json& j);

}  // namespace muster::campaign::expeditions::detail
