#pragma once
// The Over the Hills campaign year (over-the-hills.txt, "Set Up" to "Personal Activities"): colonels,
// personal objectives, the regiment auction, monthly diaries and month resolution, house rules.
// campaign.cpp calls these hooks; everything about the year lives behind them.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/auction.h"
#include "shared/campaign/calendar.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/house_rules.h"
#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace year {

// What month.undo puts back: each colonel's sheet and the calendar as they were before the last resolution.
struct UndoPoint {
    std::int64_t resolved_seq = 0;  // the month.resolved event
    int turn = 0;                   // the month it resolved
    Calendar calendar;
    struct Sheet {
        std::int64_t fortune = 0;
        std::int64_t pip = 0;
        std::optional<Regiment> regiment;
        std::optional<Diary> last_diary;
        std::size_t history_size = 0;
        bool operator==(const Sheet&) const = default;
    };
    std::map<std::int64_t, Sheet> sheets;  // by colonel
    bool operator==(const UndoPoint&) const = default;
};

// All of the year's state; a member of CampaignState (`state.year`).
struct YearState {
    HouseRules rules;
    Calendar calendar;
    std::map<std::int64_t, Colonel> colonels;  // by the player's user id
    Auction auction;
    std::optional<UndoPoint> undo;        // the last resolution, while it may still be undone
    std::int64_t last_sheet_change = 0;  // the last event that changed a colonel's sheet outside a resolution
    std::int64_t gazette_made = 0;       // diaries ever published: the next one's gazette id is one more
    // The umpire paused the campaign (month.pause): no deadline or reminder runs out until he resumes it.
    std::optional<std::int64_t> paused_since;  // unix ms
    std::string pause_reason;
    std::optional<DeadlineRule> deadline_rule;  // month.deadline_rule: each month's deadline set by itself

    const Colonel* colonel(std::int64_t user) const;
    // The colonel who holds this regiment number, or nothing.
    const Colonel* colonel_of_regiment(int number) const;
    bool operator==(const YearState&) const = default;
};

// Command types the year decides (colonel.*, objective.*, auction.*, regiment.*, diary.*, month.*, ...).
bool handles(const std::string& command_type);
// Like campaign::decide, for those commands. Returns an Error or the events.
std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied);
// Whether apply folds in events of this type (they change only the year's state).
bool handles_event(const std::string& event_type);
// Folds in the year's events; ignores any other.
void apply(CampaignState& state, const Event& event);
// A regiment's losses on campaign applied, the umpire's regiment.losses and a battle's end alike: `line` is
// {"colonel", "before", "after", "halved", "attributes"}; the sheet notes the change with `reason`.
void apply_regiment_losses(YearState& year, const nlohmann::json& line, const std::string& reason, const Event& event);
// Adds the year's sections to `out`, filtered for this viewer. A live view (`whole` false) holds the diaries,
// reports and gazette entries of the current month and the months_in_view before it, so that an old
// campaign's view stays small; a whole view (the chronicle's) holds every month.
inline constexpr int months_in_view = 3;
void add_to_view(nlohmann::json& out, const CampaignState& state, const Viewer& viewer, bool whole = false);
// The year's section is made of parts (its keys, and "colonels/<user id>" for one colonel), so that a server
// can diff only those an event changes (campaign::parts_changed). view_part is one part as add_to_view puts it
// in the viewer's view, or nothing when his view has none; part_audience names the viewers who see a part
// alike (equal names: equal parts), so that it is made and diffed once for them all.
const std::vector<std::string>& parts();
std::optional<nlohmann::json> view_part(const CampaignState& state, const Viewer& viewer, const std::string& part,
                                        bool whole = false);
std::string part_audience(const Viewer& viewer, const std::string& part);

// Clocks the umpire set (a month's deadline, an auction lot's countdown): the earliest unix ms at which
// the server must act by itself, or nothing. When that time comes the server decides alarm_command()
// as server_clock() (an umpire with user id 0) with Supplied::now set, and commits what it returns.
std::optional<std::int64_t> next_alarm(const CampaignState& state);
Command alarm_command(const CampaignState& state, std::int64_t now);

// What this viewer must do in the year now: [{"what", "due", "tab"}] (docs/protocol.md, "What needs you").
nlohmann::json needs_you(const CampaignState& state, const Viewer& viewer);

}  // namespace year
}  // namespace muster::campaign
