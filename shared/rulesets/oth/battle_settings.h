#pragma once
// The settings of an Over the Hill battle on the table: the book's readings (OthSettings, settings.h) and the
// table's own distances, terrain and switches, each a name the umpire can change (battle.settings,
// docs/protocol.md; the readings in docs/rules-notes.md).
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/table_settings.h"
#include "shared/core/error.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

// A battle's settings: the table's generic ones (battle::TableSettings: talk and spotting distances, terrain,
// turn timer, auto-run, chat, losses), Over the Hill's readings (OthSettings) and its own distances.
// Distances in cm (Over the Hill measures in cm).
struct BattleSettings : battle::TableSettings {
    OthSettings oth;
    double with_unit_cm = 2;       // a leader "actually with" a unit ("Command & Control")
    double adjacent_cm = 5;        // "Each adjacent friendly unit running away or charging forward"
    double hold_fire_close_cm = 3;  // HOLD YOUR FIRE: "wait until the enemy is close"
    double outnumbered_cm = 20;    // reaction modifiers: who counts as near for outnumbered / outflanked
    double sight_cm = 60;          // "Resting out of sight of the enemy": no enemy unit this near in clear sight
    // Ambushes: a concealed unit is seen once an enemy comes within spot_cm (or it moves or fires); then the
    // enemy units that see it test ("4. When surprised by new events") if ambush_surprise.
    bool ambush_surprise = true;
    int follow_me_tp = 1;          // FOLLOW ME: "will tend to become disorganised": TPs per turn following
    // A unit ordered to advance whose test reads "Ch Charge nearest enemy" charges at once, in the move it was
    // testing for (false); true: it stands this turn and charges from the next.
    bool test_charge_next_turn = false;
};

nlohmann::json to_json(const BattleSettings& settings);
// The settings with `changes` ({name: value}) made, or a bad_request naming the first bad one; names not of
// this struct are OthSettings' (settings.h).
std::variant<Error, BattleSettings> merged(const BattleSettings& settings, const nlohmann::json& changes);

}  // namespace muster::oth
