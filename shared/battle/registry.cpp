#include "shared/battle/registry.h"

#include "shared/rulesets/cmwd/ruleset.h"
#include "shared/rulesets/lfas/ruleset.h"
#include "shared/rulesets/oth/ruleset.h"
#include "shared/rulesets/reivers/ruleset.h"

namespace muster::battle {

const std::vector<const RuleSet*>& rulesets() {
    static const std::vector<const RuleSet*> all = {&oth::ruleset(), &reivers::ruleset(), &cmwd::ruleset(), &lfas::ruleset()};
    return all;
}

const RuleSet* find_ruleset(const std::string& id) {
    for (const RuleSet* r : rulesets())
        if (r->id() == id) return r;
    return nullptr;
}

}  // namespace muster::battle
