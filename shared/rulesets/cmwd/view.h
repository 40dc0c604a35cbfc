#pragma once
// What a viewer sees of a Chosen Men battle's own fields (docs/protocol.md, "Chosen Men, Well Disposed", the
// view): built from nothing, field by field. The tempo points a side has are its own; the bids show once revealed;
// the fire and charges a side declared are its own until they are resolved.
#include "shared/core/viewer.h"
#include "shared/rulesets/cmwd/army.h"

namespace muster::cmwd {

nlohmann::json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side);

}  // namespace muster::cmwd
