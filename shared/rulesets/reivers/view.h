#pragma once
// What a viewer sees of a raid's own fields (the rule set's view_fields; the pieces themselves are filtered by
// shared/battle/entry_view.cpp): built from nothing for each viewer.
//   "bound":   {"side", "order": [{"leader", "fyrebrand", "done"}] (his side's heidmen; umpires: the side's)}
//   "craft":   {"<leader id>": {"craft", "rolled", "left", "road_used"}}  his side's heidmen (umpires: all)
//   "terrain_rolls": {"<feature id>": {"roll", "text", ...effect}}  the rolls his side knows (umpires: all,
//              with "known_to"); an observer the rolls every side knows
//   "searches": his side's searches (umpires: all)
//   "feuds":   feuds naming no name hidden from him
//   "hints":   where his heidman's craft reaches, what each action costs, each of his names' move and range
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/viewer.h"
#include "shared/rulesets/reivers/raid.h"

namespace muster::reivers {

nlohmann::json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side);

}  // namespace muster::reivers
