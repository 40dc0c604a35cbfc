#pragma once
// A campaign's table: its members, invites, notices, umpire notes, chat and open dice rolls.
// decide / apply / view, pure functions (DESIGN.md, "The core loop"). Later issues add the colonels,
// regiments and months beside this.
#include <cstdint>
#include <functional>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"
#include "shared/campaign/battles.h"
#include "shared/campaign/expedition.h"
#include "shared/campaign/year.h"

namespace muster::campaign {

inline constexpr std::size_t chat_kept = 200;   // chat messages kept in the view
inline constexpr std::size_t rolls_kept = 100;  // dice rolls kept in the view
inline constexpr std::size_t name_max = 80;
inline constexpr std::size_t chat_max = 2000;
inline constexpr std::size_t notice_max = 4000;
inline constexpr std::size_t reason_max = 200;

struct Member {
    std::int64_t user = 0;
    std::string name;
    Role role = Role::none;
    std::int64_t joined = 0;
    bool operator==(const Member&) const = default;
};

// Items of the view's lists are numbered by their own list (chat 1, 2, 3, ...), never by the campaign's event
// seq: a gap in the numbers would tell a viewer how many events he did not see happened in between.
struct Post {  // a notice, an umpire note, a chat message or an answer to a notice
    std::int64_t id = 0;  // its number in its list (an answer's: among its author's answers)
    std::int64_t author_id = 0;
    std::string author;
    std::string text;
    std::int64_t at = 0;
    std::int64_t notice = 0;  // an answer: the notice it answers
    bool operator==(const Post&) const = default;
};

struct Roll {
    std::int64_t id = 0;  // its number among the open rolls, or among the blind rolls
    std::int64_t author_id = 0;
    std::string author;
    std::string dice;
    std::vector<int> faces;
    std::string stream;                  // the dice stream it rolled in: "table", "umpire" ("campaign" before streams)
    std::vector<std::int64_t> counters;  // each die's counter in that stream
    int total = 0;
    std::string reason;
    bool is_private = false;  // a blind umpire roll
    std::int64_t at = 0;
    bool operator==(const Roll&) const = default;
};

struct Invite {
    std::string code;
    Role role = Role::none;
    std::string by;
    std::int64_t at = 0;
    bool operator==(const Invite&) const = default;
};

struct CampaignState {
    std::int64_t id = 0;
    std::string name;
    std::int64_t created = 0;
    std::string seed_sha256;
    std::string seed_hex;  // empty until the campaign is closed
    bool closed = false;
    std::int64_t seq = 0;  // the last applied event (never in a view)
    std::map<std::string, std::int64_t> dice_counters;  // rolls made so far in each dice stream (Dice::stream)

    std::map<std::int64_t, Member> members;
    std::map<std::string, Invite> invites;  // active codes only
    std::map<std::int64_t, Post> notices;       // by id
    std::map<std::int64_t, Post> umpire_notes;  // by id
    // Players' answers to notices (house rule notice_answers), the umpires' and each its author's only; in order.
    std::deque<Post> notice_answers;
    std::deque<Post> chat;
    std::deque<Roll> rolls;        // open rolls
    std::deque<Roll> blind_rolls;  // blind umpire rolls: a window of their own, so they never push an open one out
    // How many of each were ever made: the next one's id is one more.
    std::int64_t chat_made = 0, notices_made = 0, notes_made = 0, rolls_made = 0, blind_rolls_made = 0;
    // What the last applied event pushed out of the kept windows, so view_patch can remove it.
    std::optional<Post> chat_evicted;
    std::optional<Roll> roll_evicted;

    // The campaign's webhook (docs/protocol.md, "Notifications"): a URL the umpire sets; public facts go to it.
    std::string webhook;
    year::YearState year;  // colonels, regiments, auction, diaries, months (shared/campaign/year.h)
    battles::BattlesState battles;  // the campaign's battles (shared/campaign/battles.h)
    // Each battle's own dice seed (docs/dice.md, "Battles' own seeds"), by battle: its commitment from its
    // creation, the seed once it ended. A battle made before battles had seeds has none here.
    std::map<std::int64_t, battles::BattleSeed> battle_seeds;
    expeditions::ExpeditionsState expeditions;  // crises, briefings, the committee (shared/campaign/expedition.h)

    Role role_of(std::int64_t user) const;
    bool operator==(const CampaignState&) const = default;
};

// What the server supplies that the rules may not draw themselves: secrets from the server's own
// random source (invite codes must not be predictable from the dice seed) and the seed to reveal.
struct Supplied {
    std::string invite_code;
    std::string seed_hex;
    // A battle's own dice seed (docs/dice.md, "Battles' own seeds"), derived by the server from the campaign's,
    // which the rules never see: its SHA-256 (hex) for the battle's creation event, and the seed itself (hex)
    // for its end event. Unset: battles roll from the campaign's seed, as before there were battle seeds.
    std::function<std::string(std::int64_t battle)> battle_seed_sha256;
    std::function<std::string(std::int64_t battle)> battle_seed_hex;
    std::int64_t now = 0;  // the server's clock, unix ms, for deadlines and countdowns
    std::uint64_t nonce = 0;  // from the server's random source: ids of battle pieces placed concealed
    bool by_mail = false;     // the command came as a reply by e-mail (a diary's is marked so)
    // The calendar of the world, which the rules do not keep: the first time after `after` (unix ms) that the
    // clock in `zone` (an IANA name) shows `minute` minutes past midnight on `weekday` (0 Sunday .. 6 Saturday);
    // nothing for a zone it does not know. For a repeating deadline ("every Sunday at 20:00 Europe/London").
    std::function<std::optional<std::int64_t>(const std::string& zone, int weekday, int minute, std::int64_t after)> next_weekly;
};

// The viewer the server acts as when a deadline or a countdown it set runs out: an umpire with user id 0.
inline Viewer server_clock() { return Viewer{0, "the umpire's clock", Role::umpire}; }

using Decision = std::variant<Error, std::vector<Event>>;

// The event that starts every campaign's log.
Event created_event(std::int64_t id, const std::string& name, const Viewer& umpire, const std::string& seed_sha256);

// Checks a command against the rules and the viewer's rights; returns the events or the error.
// The viewer's role must be its role in this campaign (Role::none for a non-member).
Decision decide(const CampaignState& state, const Command& command, const Viewer& viewer, Dice& dice,
                const Supplied& supplied);

// What a successful command's reply carries (docs/protocol.md, "Commands"), from the events it made,
// with `after` the state they were applied to. Never an event seq.
nlohmann::json reply_body(const CampaignState& after, const std::vector<Event>& events);

// Folds one committed event into the state.
void apply(CampaignState& state, const Event& event);

// Everything this viewer may see, and nothing else. A live view (the one pushed and patched) leaves out the
// year's older months (year::months_in_view); the whole view (`whole`: the chronicle's) has every month.
nlohmann::json view(const CampaignState& state, const Viewer& viewer, bool whole = false);

// An invite code as a person typed it, as the server made it: spaces and dashes dropped, letters upper case
// (codes are made of capitals and digits: server/app/tokens.cpp), so "abcd efgh23" joins as "ABCDEFGH23".
std::string invite_code_as_made(const std::string& typed);

// The JSON Patch that takes this viewer's view from before `event` to after it, computed from the event
// alone, for the events that happen most (chat, notices, rolls); empty when the viewer may not see the
// event (the view holds no event seq, so nothing else moves); nothing for the rest, whose patch the
// caller finds by diffing whole views. `after` is the state with `event` applied. The result must equal
// what diffing view() before and after would give (tests/unit/test_campaign.cpp checks it).
// For most events it depends on the viewer only through the viewer's role (view_patch_by_role), so a server may
// share it between viewers of one role. `alike`, when given, is set to whether it is the same for every viewer whatever his role (a chat
// line, a public notice, an open roll): then one made for any viewer serves all.
std::optional<nlohmann::json> view_patch(const CampaignState& after, const Event& event, const Viewer& viewer,
                                         bool* alike = nullptr);
// Whether view_patch gives a patch for events of this type.
bool has_view_patch(const std::string& event_type);
// Whether that patch depends on the viewer only through his role: all but an answer to a notice, which is its
// author's and the umpires'.
bool view_patch_by_role(const std::string& event_type);

// The one section of the view ("battles") that this event changes, or nothing when it may change more. A server patches a run of such events cheaply: mark_section before the run, then
// section_patch after it: the diff of the light views of the battles the run changes (battles_changed) and the
// log and history entries appended since (a battle's turn need not rebuild the year's reports, nor the old
// battles beside it, nor diff a long log). Applied to the viewer's view before the run it gives the view after
// (tests/unit/test_battle_ground.cpp checks it).
std::optional<std::string> only_section_changed(const Event& event);
// The battles a run of such events changes: each event's own (battle::battle_changed_by).
std::set<std::int64_t> battles_changed(std::span<const Event> run);
struct SectionMark {
    nlohmann::json light;  // the viewer's light views of the run's battles, by id (battles::light_views)
    battles::Marks marks;
};
// Before a run that changes `battles`: the viewer's light views of them, taken from `kept` where it holds them
// (a section_patch's light_after, while the state stays as that patch left it), made anew where not.
SectionMark mark_section(const CampaignState& state, const Viewer& viewer, const std::set<std::int64_t>& battles,
                         nlohmann::json kept = nullptr);
// With `light_after`, it also hands back the viewer's light views of `battles` in `after`, which a server may
// keep for the next mark_section while the state stays as it is (a battle's next step).
nlohmann::json section_patch(const SectionMark& before, const CampaignState& after, const Viewer& viewer,
                             const std::set<std::int64_t>& battles, nlohmann::json* light_after = nullptr);

// The earliest clock of the campaign (the year's or a battle's), and the command the server decides as
// server_clock() when it runs out.
std::optional<std::int64_t> next_alarm(const CampaignState& state);
Command alarm_command(const CampaignState& state, std::int64_t now);

// Command types this module decides.
bool handles(const std::string& command_type);

}  // namespace muster::campaign
