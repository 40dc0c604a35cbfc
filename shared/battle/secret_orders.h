#pragma once
// A sealed submission box: each turn every player puts one hidden item in it (an order card, a tempo bid,
// a command-point allocation, written orders). An item may be replaced until the turn closes; closing
// reveals every item at once. Who has submitted is public; what, only to the submitter (and the
// submitter's side where the rule set says so) and the umpires, until the box is revealed.
// (DESIGN.md, "Hidden information": battle order cards, tempo bids, command-point allocations, written orders.)
// Pure: decide calls check_submit, apply calls submit / close / open_turn.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"
#include "shared/core/viewer.h"

namespace muster::battle {

struct Submission {
    std::int64_t user = 0;
    std::string side;  // the submitter's side when it submitted
    nlohmann::json item;
    bool operator==(const Submission&) const = default;
};

struct SealedBox {
    int turn = 0;           // the turn this box collects for
    bool revealed = false;  // closed and opened: no more submissions, every item public
    std::map<std::int64_t, Submission> items;  // by user
    bool operator==(const SealedBox&) const = default;
};

// Who may see what is in a box before it is revealed, besides the submitter and the umpires.
struct BoxVisibility {
    bool side_sees_side = false;  // the submitter's side sees its items (rules where a side plans together)
    bool who_is_in_own_side = false;  // a player learns only which of his own side are in (Chosen Men's sealed bid)
};

// Whether `user` may put an item in the box for `turn` now; the error a player sees if not
// (codes: turn_closed, wrong_turn).
std::optional<Error> check_submit(const SealedBox& box, std::int64_t user, int turn);
// Puts or replaces the user's item (apply; check_submit first).
void submit(SealedBox& box, std::int64_t user, const std::string& side, nlohmann::json item);
// Withdraws the user's item, if the box is still open.
void withdraw(SealedBox& box, std::int64_t user);
// Closes the turn and reveals every item at once.
void reveal(SealedBox& box);
// Empties the box for a new turn.
void open_turn(SealedBox& box, int turn);

// Who has submitted, in user order (public).
std::vector<std::int64_t> submitted(const SealedBox& box);
// Whether every one of `expected` has submitted.
bool all_submitted(const SealedBox& box, const std::vector<std::int64_t>& expected);

// What this viewer may see of the box: turn, revealed, who submitted, and the items the viewer may see
// ({"user", "side", "item"}). viewer_side is the viewer's side in the battle, empty for none.
nlohmann::json view(const SealedBox& box, const Viewer& viewer, const std::string& viewer_side,
                    const BoxVisibility& visibility = {});

void to_json(nlohmann::json& j, const SealedBox& box);  // everything: for events and snapshots
void from_json(const nlohmann::json& j, SealedBox& box);

}  // namespace muster::battle
