#pragma once
// The settings every battle book shares: the table's switches (turn timer, auto-run, chat), talk and
// spotting distances, and how terrain slows or hides (the books leave terrain to the umpire). A book's
// settings add its own names beside these (Over the Hill: shared/rulesets/oth/battle_settings.h); the
// umpire changes any of them with battle.settings (docs/protocol.md).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::battle {

// Distances in cm: every book in ../shared/rules measures in cm or inches, and Table converts.
struct TableSettings {
    double talk_cm = 5;  // leaders "next to each other" may talk (over-the-hills.txt, "1. Talk to other leaders")
    // Terrain kinds that block a line of sight, and the fraction of normal pace in each kind (0: impassable
    // but where a road, bridge or ford crosses).
    std::vector<std::string> blocks_sight = {"wood", "town", "hill"};
    std::map<std::string, double> terrain_movement = {{"wood", 0.5}, {"marsh", 0.5}, {"town", 0.5}, {"river", 0}};
    double spot_cm = 10;        // a concealed piece is seen once an enemy comes this near
    bool auto_run = true;       // the steps follow the reveal at once; false: the umpire steps them
    int turn_seconds = 0;       // the turn timer (0: none)
    bool chat_closed = true;    // the table chat is closed to the battle's players while it is fought
    bool apply_losses = true;   // battle.end applies losses to the campaign's regiments
    bool operator==(const TableSettings&) const = default;
};

// Writes the generic names into `j`.
void add_to_json(nlohmann::json& j, const TableSettings& s);
// Reads the generic names in `changes` into `s` (a book's loop skips them: is_table_setting); the error names
// the first bad one.
std::optional<Error> read_changes(TableSettings& s, const nlohmann::json& changes);
bool is_table_setting(const std::string& name);
// The generic settings of a book's whole settings object (defaults where absent or bad).
TableSettings table_settings_of(const nlohmann::json& settings);

}  // namespace muster::battle
