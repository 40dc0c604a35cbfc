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
#include "shared/rulesets/oth/settings.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace battles {

// A battle's settings: Over the Hill's readings (OthSettings) and the table's own distances and switches.
// Distances in cm (Over the Hill measures in cm).
struct BattleSettings {
    oth::OthSettings oth;
    double talk_cm = 5;            // leaders "next to each other" ("1. Talk to other leaders")
    double with_unit_cm = 2;       // a leader "actually with" a unit ("Command & Control")
    double adjacent_cm = 5;        // "Each adjacent friendly unit running away or charging forward"
    double hold_fire_close_cm = 3;  // HOLD YOUR FIRE: "wait until the enemy is close"
    double outnumbered_cm = 20;    // reaction modifiers: who counts as near for outnumbered / outflanked
    double sight_cm = 60;          // "Resting out of sight of the enemy": no enemy unit this near in clear sight
    // Terrain the book leaves to the umpire ("Game Control"): kinds that block a line of sight, and the
    // fraction of normal pace in each kind (0: impassable but where a road, bridge or ford crosses).
    std::vector<std::string> blocks_sight = {"wood", "town", "hill"};
    std::map<std::string, double> terrain_movement = {{"wood", 0.5}, {"marsh", 0.5}, {"town", 0.5}, {"river", 0}};
    // Ambushes: a concealed unit is seen once an enemy unit or leader comes this near (or it moves or fires);
    // then the enemy units that see it test ("4. When surprised by new events") if ambush_surprise.
    double spot_cm = 10;
    bool ambush_surprise = true;
    int follow_me_tp = 1;          // FOLLOW ME: "will tend to become disorganised": TPs per turn following
    bool auto_run = true;          // the steps follow the reveal at once; false: the umpire steps them
    int turn_seconds = 0;          // the turn timer (0: none)
    bool chat_closed = true;       // the table chat is closed to the battle's players while it is fought
    bool apply_losses = true;      // battle.end applies losses to the campaign's regiments
};

nlohmann::json to_json(const BattleSettings& settings);
std::variant<Error, BattleSettings> merged(const BattleSettings& settings, const nlohmann::json& changes);

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
