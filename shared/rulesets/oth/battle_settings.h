#pragma once
// The settings of an Over the Hill battle on the table: the book's readings (OthSettings, settings.h) and the
// table's own distances, terrain and switches, each a name the umpire can change (battle.settings,
// docs/protocol.md; the readings in docs/rules-notes.md).
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"
#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

// A battle's settings: Over the Hill's readings (OthSettings) and the table's own distances and switches.
// Distances in cm (Over the Hill measures in cm).
struct BattleSettings {
    OthSettings oth;
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
// The settings with `changes` ({name: value}) made, or a bad_request naming the first bad one; names not of
// this struct are OthSettings' (settings.h).
std::variant<Error, BattleSettings> merged(const BattleSettings& settings, const nlohmann::json& changes);

}  // namespace muster::oth
