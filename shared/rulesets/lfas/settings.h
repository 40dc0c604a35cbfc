#pragma once
// The settings of a Loose Files and American Scramble battle: the table's generic ones and the readings the umpire
// may change where loose-files-american-scramble.txt is silent or its summary and quotes leave a choice, each noted
// in docs/rules-notes.md ("Loose Files and American Scramble") with the passage it rests on. Lengths in inches.
#include <map>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "shared/battle/table_settings.h"
#include "shared/core/error.h"

namespace muster::lfas {

struct LfasSettings : battle::TableSettings {
    // "ALL MOVEMENT IS SIMULTANEOUS"; the afterthoughts "suggest IGOUGO": each turn one side's.
    std::string sequence = "simultaneous";  // simultaneous | igougo
    std::string first_side;                 // igougo: whose turn is first ("": the first listed)
    // Simultaneous moves that meet (the book is silent): "both_stop", each stops short of where the other ends;
    // "in_order", each moves in turn in the order the orders came, seeing the others' new places.
    std::string movers_meeting = "both_stop";
    bool orders_needed = true;   // a unit moves only on an order given this turn (1 CP within 6") or written (2 CP)
    // "Orders given directly by a commander require the unit to be within 6" command range"; phase 4 is "allocate
    // Command Points and move commanders/couriers", in no order within it: "after_ride", an order is given where his
    // rides of the turn end; "before_ride", where he stands as the phase begins.
    std::string command_range_from = "after_ride";
    std::string speed_limit_for = "cavalry";  // who "may only change speed by one or two dice": cavalry | all
    double adjacent_inches = 1;  // a commander "adjacent" to a unit's command group (rally, inspire, attached)
    double wheel_degrees = 45;   // a change of direction above this is a wheel: "an uphill move ... plus 1 DP"
    int inspire_bonus = 1;       // "General with unit gives +1 or 2": a brigadier
    int c_in_c_bonus = 2;        // ... and the commander-in-chief
    // "each with DPs and casualties" (not printed): what each band costs the side it befalls.
    std::map<std::string, int> results = {
        {"easy_victory.dp", 1},    {"easy_victory.casualties", 0},      // "Easy victory. Take 1 DP."
        {"successful_action.dp", 1}, {"successful_action.casualties", 0},
        {"standoff.dp", 1},        {"standoff.casualties", 1},          // the bayonet's "defender doesn't take a casualty"
        {"driven_back.dp", 1},     {"driven_back.casualties", 1},
        {"defeated.dp", 2},        {"defeated.casualties", 1},
        {"routed.dp", 3},          {"routed.casualties", 2}};
    double defeated_inches = 12;  // "retreats behind the next friendly line": with none behind it, this far
    double rout_inches = 24;      // "runs beyond enemy artillery range or to the next obstacle": at least this far
};

nlohmann::json to_json(const LfasSettings& s);
std::variant<Error, LfasSettings> merged(const LfasSettings& s, const nlohmann::json& changes);
LfasSettings settings_from(const nlohmann::json& j);

}  // namespace muster::lfas
