#pragma once
// The campaign's battles (issue 4): each battle belongs to the campaign, is fought under one rule set
// (Over the Hill now: shared/rulesets/oth/), and keeps its secrets (order cards, talk between adjacent
// leaders) in its own view section. campaign.cpp calls these hooks; everything about battles lives behind them.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace battles {

// All the campaign's battles; a member of CampaignState (`state.battles`).
struct BattlesState {
};

// Command types the battles decide (battle.*, card.*, talk.*, ...).
bool handles(const std::string& command_type);
std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied);
// Folds in the battles' events; ignores any other.
void apply(CampaignState& state, const Event& event);
// Adds the battles' section to `out`, filtered for this viewer.
void add_to_view(nlohmann::json& out, const CampaignState& state, const Viewer& viewer);
// Whether the campaign's table chat is closed to this user because a battle they fight is on
// (issue 4, "Talk only between adjacent leaders"; a setting).
bool chat_closed_for(const CampaignState& state, std::int64_t user);

// The battles' clocks (a turn timer): as year::next_alarm / year::alarm_command.
std::optional<std::int64_t> next_alarm(const CampaignState& state);
Command alarm_command(const CampaignState& state, std::int64_t now);

}  // namespace battles
}  // namespace muster::campaign
