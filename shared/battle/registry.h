#pragma once
// The battle books Muster knows, as an explicit list (a static library drops self-registering objects).
// Adding a book: its folder shared/rulesets/<id>/ and one line in registry.cpp.
#include <string>
#include <vector>

#include "shared/battle/ruleset.h"

namespace muster::battle {

const std::vector<const RuleSet*>& rulesets();
// The book with this id, or nullptr.
const RuleSet* find_ruleset(const std::string& id);

}  // namespace muster::battle
