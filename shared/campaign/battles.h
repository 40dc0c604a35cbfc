#pragma once
// The campaign's battles (issue 4): each battle belongs to the campaign, is fought under one rule set
// (Over the Hill now: shared/rulesets/oth/), and keeps its secrets (order cards, talk between adjacent
// leaders) in its own view section. campaign.cpp calls these hooks; everything about battles lives behind them.
// Commands, the turn sequence and the view are documented in docs/protocol.md, "Battles (Over the Hill)".
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"
#include "shared/rulesets/oth/losses.h"
#include "shared/rulesets/oth/battle_settings.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace battles {

// A battle's settings (shared/rulesets/oth/battle_settings.h).
using BattleSettings = oth::BattleSettings;
using oth::merged;
using oth::to_json;

struct TalkMessage {
    std::int64_t seq = 0;
    int turn = 0;
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::string text;
    std::int64_t at = 0;
};

// One battle and what Over the Hill keeps beside the model.
struct BattleEntry {
    battle::Battle battle;  // units' values: drill, musketry, effectiveness (guns, battle_cavalry);
                            // markers: tension_points; leaders' values: fate
    BattleSettings settings;
    std::string status = "setup";  // setup | cards | resolving | ended
    int next_step = 0;             // while resolving: the index of the next step in steps()
    std::optional<std::int64_t> deadline;  // the turn timer
    std::map<std::int64_t, std::int64_t> regiment_of;   // unit id -> the colonel (user) whose regiment it is
    std::map<std::int64_t, oth::BattleRecord> tallies;  // by unit id, for the losses
    std::vector<TalkMessage> talk;
    std::vector<std::pair<std::int64_t, std::int64_t>> channels;  // open talk channels (users), this turn
    nlohmann::json facts = nlohmann::json::object();  // this turn's facts: cards, fired on, ran... (umpire)
    nlohmann::json records = nullptr;  // the Records chart, once ended
    nlohmann::json losses = nullptr;   // each unit's losses, once ended

    std::vector<std::int64_t> players() const;  // users with a leader figure, in order
    bool is_player(std::int64_t user) const;
};

// All the campaign's battles; a member of CampaignState (`state.battles`).
struct BattlesState {
    std::map<std::int64_t, BattleEntry> battles;
};

// The resolution steps after the reveal, in order.
const std::vector<std::string>& steps();

// Command types the battles decide (battle.*, card.*, talk.*, ...).
bool handles(const std::string& command_type);
std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied);
// The reply body of a battle command from the events it made (docs/protocol.md, "Battles"); null for
// events that are not the battles'.
nlohmann::json reply_body(const std::vector<Event>& events);
// Whether an event is one of the battles' (battle.*, card.*, talk.said).
bool handles_event(const std::string& event_type);
// Folds in the battles' events; ignores any other.
void apply(CampaignState& state, const Event& event);
// Adds the battles' section to `out`, filtered for this viewer. `light`: each battle's log and history
// empty (see appended_ops).
void add_to_view(nlohmann::json& out, const CampaignState& state, const Viewer& viewer, bool light = false);

// A battle's log and history only grow (battle.ended aside, which the server diffs whole), so the server
// patches a battle's events by diffing light sections and appending what was added since `marks`.
struct Marks {
    std::map<std::int64_t, std::pair<std::size_t, std::size_t>> sizes;  // battle -> its log's and history's sizes
};
Marks marks(const CampaignState& state);
// RFC 6902 "add .../log/-" and ".../history/-" operations: the entries added since `before` that the viewer
// may read, in order.
nlohmann::json appended_ops(const CampaignState& after, const Viewer& viewer, const Marks& before);
// Whether the campaign's table chat is closed to this user because a battle they fight is on
// (issue 4, "Talk only between adjacent leaders"; a setting).
bool chat_closed_for(const CampaignState& state, std::int64_t user);

// The battles' clocks (a turn timer): as year::next_alarm / year::alarm_command.
std::optional<std::int64_t> next_alarm(const CampaignState& state);
Command alarm_command(const CampaignState& state, std::int64_t now);

}  // namespace battles
}  // namespace muster::campaign
