#pragma once
// The battle life cycle every book shares (docs/protocol.md, "Battles"): create, place and remove pieces,
// settings, start, submit and withdraw a box's item, close the turn, step, override, act, talk, end, the turn
// timer. What a book decides goes through its RuleSet (shared/battle/ruleset.h), chosen by battle.ruleset.
// The campaign (shared/campaign/battles.cpp) adds only the bridge: regiments into units, outcomes into
// regiments. Each step's event carries the battle's moving parts whole, so apply never rolls and replay is
// exact. Pure: no socket, file or clock (the time comes in the Context).
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::battle {

struct BattlesState {
    std::map<std::int64_t, BattleEntry> battles;
    std::vector<nlohmann::json> scenarios;  // set-ups the umpires saved (battle.save_scenario), in order
    bool operator==(const BattlesState&) const = default;
};

// The scenarios an umpire may start a battle from: every book's own and the campaign's saved ones, each
// {"id", "name", "ruleset", "description", "battle"} (umpires only: a set-up holds every ambush).
nlohmann::json scenario_list(const BattlesState& state);

// What the campaign tells the life cycle: its id, whether it is closed, the server's clock, and 64 bits
// from the server's own random source (never the dice) for the ids of pieces placed concealed.
struct Context {
    std::int64_t campaign = 0;
    bool closed = false;
    std::int64_t now = 0;
    std::uint64_t nonce = 0;
    std::set<std::int64_t> members;  // the campaign's members' user ids: whom a piece's owner or user may name
};

using Decision = std::variant<Error, std::vector<Event>>;

// Command and event types of the life cycle (battle.*, card.*, talk.*).
bool handles(const std::string& command_type);
bool handles_event(const std::string& event_type);
Decision decide(const BattlesState& state, const Context& context, const Command& command, const Viewer& viewer,
                Dice& dice);
// Folds in one event; returns the battle it changed, or nullptr for an event of no battle.
BattleEntry* apply(BattlesState& state, const Event& event);
// The battle `apply` changes for this event: the one it names (battle.created: the one it makes); nothing when
// it names none (a scenario saved changes the list of scenarios, no battle).
std::optional<std::int64_t> battle_changed_by(const Event& event);

// The book of an entry (Over the Hill for a battle whose book is unknown: logs older than the field).
const RuleSet& ruleset_of(const BattleEntry& e);

// The battle the turn timer closes next, and when.
std::optional<std::int64_t> next_alarm(const BattlesState& state);
std::optional<Command> alarm_command(const BattlesState& state, std::int64_t campaign, std::int64_t now);

}  // namespace muster::battle
