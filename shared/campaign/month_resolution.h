#pragma once
// Month resolution (over-the-hills.txt, "Income", "Pay", "Improving Drill", "Improving Musketry",
// "Improving Effectiveness", "Concurrent Improvements", "Personal Activities"): every colonel's month in one
// documented order (docs/protocol.md, "Month resolution"), with a month report per colonel that lists every
// roll and every change to money, PIP and the regiment.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/campaign/year.h"
#include "shared/core/dice.h"

namespace muster::campaign::year {

// Resolves the current month for every colonel, rolling the dice it needs, and returns the body of the
// month.resolved event: {"turn", "label", "calendar": the next month, "colonels": {"<user>": {"fortune",
// "pip", "regiment", "diary", "default", "report"}}}. Every outcome is in it, so applying it rolls nothing.
// Each colonel's rolls are made in his own stream, dice_stream(colonel).
nlohmann::json resolve_month(const YearState& year, Dice& dice);
std::string dice_stream(std::int64_t colonel);  // "colonel:<user>"

// Folds a month.resolved body into the year, keeping what month.undo needs. `dice` is the event's dice
// log: each roll in a report gets its stream and counter from it.
void apply_resolution(YearState& year, const nlohmann::json& body, std::int64_t seq, const nlohmann::json& dice);

// Puts every colonel's sheet and the calendar back to before the last resolution (month.undone).
void apply_undo(YearState& year);

}  // namespace muster::campaign::year
