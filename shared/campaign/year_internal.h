#pragma once
// What the year's files share (year.cpp, year_checks.cpp, year_decide_*.cpp): the checks every command of
// the year makes, the regiment a colonel gets, and the deciders the dispatch table in year.cpp names.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"
#include "shared/campaign/year.h"

namespace muster::campaign::year::detail {

// How early the server's clock may act before the time it set (a timer may wake a little early).
inline constexpr std::int64_t clock_slack_ms = 60'000;
inline constexpr std::size_t reason_max = 200;
inline constexpr std::size_t note_max = 2000;
inline constexpr std::int64_t money_limit = 1'000'000'000;

using Decision = std::variant<Error, std::vector<Event>>;

// 9 -> "9th", 3 -> "3rd": how regiments are named ("the 8th of Foot").
std::string ordinal(int n);
std::string pounds(std::int64_t amount);
std::vector<Event> one(Event e);
// Whether the command comes from the server's clock (user 0, an umpire).
bool from_clock(const Viewer& v);

std::optional<Error> open_member(const CampaignState& state, const Viewer& v);
std::optional<Error> open_umpire(const CampaignState& state, const Viewer& v, const char* what);
// A command that names the month its sender saw ("turn", optional) is refused as `stale` once that month is past.
std::optional<Error> check_turn(const YearState& y, const nlohmann::json& body);
// The checks of a command a player gives for his own colonel; fills `out`.
std::optional<Error> own_colonel(const CampaignState& state, const Viewer& v, const char* what, const Colonel*& out);
// The colonel an umpire's command names in "colonel"; fills `out`.
std::optional<Error> named_colonel(const CampaignState& state, const nlohmann::json& body, const Colonel*& out);
// The "regiment" a command names, one this campaign's regiments may have.
std::optional<Error> read_regiment_number(const CampaignState& state, const nlohmann::json& body, int& out);
// A regiment as its new colonel gets it.
Regiment new_regiment(int number, const std::string& colonel_name, const HouseRules& rules);


// Colonels and their objectives (year_decide_colonels.cpp).
Decision decide_colonel_create(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_colonel_update(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_objective_choose(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_objective_review(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_colonel_adjust(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_colonel_away(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
// A colonel's "name" (required) and "profile" (optional), as colonel.create and colonel.succeed read them.
std::optional<Error> read_name_and_profile(const nlohmann::json& body, std::string& name, Profile& profile);
// A colonel's fate in battle (fates.cpp): his successor, and the events' effects.
Decision decide_colonel_succeed(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
void colonel_fell(YearState& y, const Event& e);
void colonel_succeeded(YearState& y, const Event& e);

// The auction and regiments (year_decide_regiments.cpp).
Decision decide_auction_open(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_auction_bid(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_auction_close(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_regiment_buy(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_regiment_rename(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_regiment_losses(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);

// House rules and the months (year_decide_months.cpp).
Decision decide_rules_set(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_year_start(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
// The month's clock (year_decide_clock.cpp): deadlines and their extensions, reminders, pausing.
Decision decide_set_deadline(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_month_remind(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_month_pause(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_month_resume(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_auction_remind(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_deadline_rule(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
// "20:00" -> 1200, -1 when it is not a time of day; and back.
int minute_of_day(const std::string& text);
std::string time_of_day(int minute);
// The reminders still to come before `deadline`: those of the house rules whose time is after `now`.
nlohmann::json reminder_times(const HouseRules& rules, std::int64_t deadline, std::int64_t now);
// The repeating deadline's next time for a month opening at `now` (at least a day on), if there is a rule.
std::optional<std::int64_t> next_ruled_deadline(const YearState& y, const Supplied& sup);
// The time the month closes: its deadline and the house rules' grace after it.
std::optional<std::int64_t> closing_time(const YearState& y);
// Whether the month has closed at `now` (never while the campaign is paused).
bool deadline_passed(const YearState& y, std::int64_t now);
// Standing orders, leave, handover (year_decide_post.cpp).
Decision decide_diary_standing(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_leave_declare(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_leave_cancel(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_colonel_handover(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_diary_submit(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_diary_publish(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_month_resolve(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_month_undo(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);
Decision decide_report_note(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup);

using Decider = std::function<Decision(const CampaignState&, const Command&, const Viewer&, Dice&, const Supplied&)>;
// The year's commands, by type, and who decides each (year.cpp).
const std::unordered_map<std::string, Decider>& deciders();

}  // namespace muster::campaign::year::detail
