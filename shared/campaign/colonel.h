#pragma once
// A player's colonel (over-the-hills.txt, "Set Up", "Personal Objectives"): name and roleplay profile,
// fortune and political influence points (PIP), secret personal objective, regiment, diaries, month
// reports and a month-by-month history for the chart.
#include <cstdint>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/diary.h"
#include "shared/campaign/regiment.h"
#include "shared/core/error.h"

namespace muster::campaign::year {

inline constexpr std::size_t colonel_name_max = 80;
inline constexpr std::size_t objective_text_max = 500;

// "players are encouraged to define such things as age, marital social status, background and previous
// military experience" (over-the-hills.txt, "Set Up").
struct Profile {
    std::optional<int> age;
    std::string social_status;
    std::string marital_status;
    std::string background;
    std::string experience;
    bool operator==(const Profile&) const = default;
};

// over-the-hills.txt, "Personal Objectives": one of the book's five, or "any other which they devise and
// the umpires approve of".
struct Objective {
    std::string kind;    // glory | prestige | wealth | smartest | duty | custom
    std::string text;    // the book's wording, or the player's own
    std::string status;  // approved | pending | rejected
    std::string note;    // the umpire's note on a custom objective
    bool operator==(const Objective&) const = default;
};

// The book's wording of an objective kind; empty for "custom" or an unknown kind.
std::string objective_wording(const std::string& kind);

struct Adjustment {  // an umpire's change of a value, with the reason (DESIGN.md: overrides are events)
    std::int64_t seq = 0;  // the event that made it (never in a view)
    std::string field;
    std::int64_t before = 0;
    std::int64_t value = 0;
    std::string reason;
    std::int64_t at = 0;
    bool operator==(const Adjustment&) const = default;
};

struct Colonel {
    std::int64_t user = 0;  // the player's user id: a colonel's id
    std::string player;     // the player's username
    std::string name;
    Profile profile;
    std::int64_t created_at = 0;
    std::int64_t fortune = 0;    // pounds
    std::int64_t pip = 0;        // political influence points
    std::int64_t pip_bought = 0;  // PIP bought at start-up
    int pip_price_paid = 10;      // the PIP price when the colonel was created
    std::optional<Objective> objective;
    std::optional<Regiment> regiment;
    std::string away;  // "" at home, "expedition" or "sea" (set by the umpire)
    // Laid up by a battle ("risk to the colonel in battle is risk to the player"): "wounded" or "captured"
    // while the turn is before `laid_up_until`; "killed" until his player names a successor.
    std::string laid_up;
    int laid_up_until = 0;

    // A campaign played by post (docs/protocol.md, "Missed months, leave and handover"): the diary his player wrote
    // in advance for any month he misses, and the months he declared he will be on leave.
    std::optional<Diary> standing;
    std::set<int> leave;

    std::map<int, Diary> diaries;      // submitted diaries, by turn
    std::optional<Diary> last_diary;   // the diary used in the last resolved month (for "repeat_last")
    std::map<int, nlohmann::json> reports;  // month reports, by turn
    std::vector<nlohmann::json> history;    // {"turn", "label", "fortune", "pip", "drill", ...}
    std::vector<Adjustment> adjustments;
    bool operator==(const Colonel&) const = default;
};

// Reads a "profile" object; missing fields are empty.
std::variant<Error, Profile> read_profile(const nlohmann::json& profile);
nlohmann::json to_json(const Profile& profile);
Profile profile_from_json(const nlohmann::json& j);

nlohmann::json to_json(const Objective& objective);
nlohmann::json to_json(const Adjustment& adjustment);

// Why the colonel cannot see to his own affairs in month `turn` (his activity is set for him): laid up
// ("wounded", "captured", "killed"), else away ("sea", "expedition"), else on leave his player declared
// ("leave"); "" when he is free.
std::string absence(const Colonel& colonel, int turn);

// The months in a row, up to the last resolved, that the colonel's own diary was missing and a default (his
// standing orders or the campaign's default diary) was used.
int missed_in_a_row(const Colonel& colonel);

// "Colonel Kemp"; a name that already begins with a rank ("Colonel Sir John Kemp", "Lt-Col. Hay", "Major-General
// Wade") is left as it is, rather than "Colonel Colonel Sir John Kemp" (web/year/format.js, colonelTitle).
std::string colonel_title(const std::string& name);

// One point of the month-by-month chart.
nlohmann::json history_point(const Colonel& colonel, int turn, const std::string& label);

}  // namespace muster::campaign::year
