#pragma once
// A campaign as one archive a club can take away (docs/operations.md, "Archives"): a JSON document with a format
// and version, the campaign's name and dice commitment, its members (id and username), its pictures and its whole
// event log; the dice seed once the campaign is closed (or always, in the server administrator's own export, so
// that an open campaign can move to another server). Importing it rebuilds the campaign, every member's view as
// it was; verifying it recomputes every roll from the revealed seed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/store/database.h"
#include "shared/core/event.h"

namespace muster {

inline constexpr int archive_version = 1;

// The archive of a campaign; nothing when there is no such campaign. `with_seed`: include the seed even while the
// campaign is open (the administrator's export from the command line); a closed campaign's is always included.
std::optional<nlohmann::json> export_campaign(store::Database& db, std::int64_t campaign, bool with_seed);

// Writes the archive's campaign into the database, in one transaction, or writes nothing and says why: a newer
// format, a corrupted log, a seed that does not match its commitment, an id taken by another campaign or another
// user. Members who have no account here get one under their id and name that cannot log in until its password
// is set (the administrator, or a reset by e-mail). Returns the campaign's id or the words of the refusal.
struct ImportResult {
    std::int64_t campaign = 0;
    std::string error;  // "" on success
};
ImportResult import_campaign(store::Database& db, const nlohmann::json& archive, std::int64_t now_ms);

// Why the archive's log is one the server would never have written, in words naming the first such event ("event
// 12 (chat.said): ..."), or "" when none is. `events` come in order from seq 1; `seed` is the campaign's raw dice
// seed, already checked against its commitment. Each event, replayed in order on the state the ones before it made:
// - is of a type this version's log has (known_event_type);
// - a table event (a member joining, an invite made or revoked, the webhook set, a chat line, a notice, an open or
//   blind roll, the campaign closed) is decided again, by campaign::decide, as the command that makes it, from its
//   author as the state then knew him: it must be allowed and give the same event, body and faces;
// - any other event's author is a member of the campaign then, or the server's clock (user 0);
// - each die rolled is the next of its stream and is the face the seed (or its battle's own) gives; a face the
//   umpire gave is in an umpire's event;
// - it folds into the state (campaign::apply) without error.
std::string log_problem(const std::vector<Event>& events, const std::string& seed);
// Whether an event of this type can be in a campaign's log, written by this version or any before it.
bool known_event_type(const std::string& type);

// Recomputes every logged roll from the archive's seed and checks the seed against the commitment every member saw.
struct DiceCheck {
    bool ok = false;
    std::int64_t rolls = 0;  // rolls checked
    std::string problem;     // the first roll that does not match, or why nothing could be checked
};
// Also takes a battle's dice file (battle_dice_file below): its seed against its commitment, and its rolls.
DiceCheck verify_dice(const nlohmann::json& archive);

// A battle's dice file, from the campaign's log (docs/dice.md, "Checking a battle"): {"format":
// "muster-battle-dice", "campaign", "battle", "seed_sha256", "seed", "rolls"}, every roll of the battle's stream.
// Only once the battle ended, and only for a battle with a seed of its own (made since battles had seeds).
struct BattleDice {
    enum class Status { ok, no_battle, not_ended, campaign_seeded } status = Status::no_battle;
    nlohmann::json file;  // when ok
};
BattleDice battle_dice_file(const std::vector<Event>& log, std::int64_t campaign, std::int64_t battle);

}  // namespace muster
