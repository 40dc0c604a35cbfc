#pragma once
// The campaign's battles: the bridge between the campaign and the battle life cycle (shared/battle/lifecycle.h).
// Battles are fought under their rule set (shared/rulesets/<id>/); what the campaign adds is its own:
// regiments brought to the table as units (battle.create's "from_regiments"), and a battle's losses applied to
// those regiments when it ends. Commands and views: docs/protocol.md, "Battles".
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/lifecycle.h"
#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace battles {

using BattleEntry = battle::BattleEntry;
using BattlesState = battle::BattlesState;

// A battle's own dice seed (docs/dice.md, "Battles' own seeds"): the creation event of a battle made since
// battles had seeds says so ("seed_scheme": "battle-seed") and carries the seed's SHA-256; its end event
// reveals the seed. The server rolls such a battle's stream with that seed.
inline constexpr const char* battle_seed_scheme = "battle-seed";
struct BattleSeed {
    std::string sha256;    // hex, from the battle's creation
    std::string revealed;  // hex, once the battle ended; "" before
    bool operator==(const BattleSeed&) const = default;
};

// Command types the battles decide (battle.*, card.*, talk.*).
bool handles(const std::string& command_type);
std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied);
// The reply body of a battle command from the events it made (docs/protocol.md, "Battles"); null for
// events that are not the battles'.
nlohmann::json reply_body(const std::vector<Event>& events);
// Whether an event is one of the battles' (battle.*, card.*, talk.said).
bool handles_event(const std::string& event_type);
// Folds in the battles' events (and a battle's losses into the regiments); ignores any other.
void apply(CampaignState& state, const Event& event);
// Adds the battles' section to `out`, filtered for this viewer: the battles, the umpire's scenarios, the books'
// pages. An ended battle stands in a live view (`whole` false) as a summary marked `"paged": true`, its record
// fetched on demand (battle_record), so that old battles do not weigh on every subscribe; a whole view (the
// chronicle's) holds them whole.
void add_to_view(nlohmann::json& out, const CampaignState& state, const Viewer& viewer, bool whole = false);
// These battles (those that exist) as the live "battles" object holds them, but light: each one's log and
// history empty (see appended_ops). What the hub diffs after a run of a battle's events, which change no other
// battle (the scenarios and the books' pages change only with events whose push diffs the whole view).
nlohmann::json light_views(const CampaignState& state, const Viewer& viewer, const std::set<std::int64_t>& ids);
// One battle as this viewer's whole view holds it, its log and history included; nothing for a non-member or
// no such battle.
std::optional<nlohmann::json> battle_record(const CampaignState& state, const Viewer& viewer, std::int64_t battle);

// A battle's log and history only grow (battle.ended aside, which the server diffs whole), so the server
// patches a battle's events by diffing light sections and appending what was added since `marks`.
struct Marks {
    std::map<std::int64_t, std::pair<std::size_t, std::size_t>> sizes;  // battle -> its log's and history's sizes
};
Marks marks(const CampaignState& state, const std::set<std::int64_t>& ids);
// RFC 6902 "add .../log/-" and ".../history/-" operations: the entries of these battles added since `before`
// that the viewer may read, in order.
nlohmann::json appended_ops(const CampaignState& after, const Viewer& viewer, const Marks& before,
                            const std::set<std::int64_t>& ids);
// Whether the campaign's table chat is closed to this user because a battle they fight is on (a setting).
bool chat_closed_for(const CampaignState& state, std::int64_t user);

// The battles' clocks (a turn timer): as year::next_alarm / year::alarm_command.
std::optional<std::int64_t> next_alarm(const CampaignState& state);
Command alarm_command(const CampaignState& state, std::int64_t now);

}  // namespace battles
}  // namespace muster::campaign
