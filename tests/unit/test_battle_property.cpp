// Random play of battles, for every rule set: hundreds of seeds of random legal and illegal commands from
// the umpire, both sides and an observer, with a canary string in every secret field. After every command:
// a refused one changed no view; no viewer's view holds a canary he may not see. At the end the log replays
// to the same state and views. MUSTER_PROPERTY_SEEDS sets the number of seeds (the suite runs a short run).
// A book joins in battle_play.h.
#include <cstdlib>

#include "battle_play.h"

using namespace year_test;

namespace {

int seeds_to_run() {
    const char* n = std::getenv("MUSTER_PROPERTY_SEEDS");
    return n ? std::max(1, std::atoi(n)) : 10;  // four books: a short run in the suite; MUSTER_PROPERTY_SEEDS for long ones
}

}  // namespace

TEST_CASE("random battles, every rule set: no canary reaches a viewer who may not see it; replay is exact", "[battles][property]") {
    for (const battle::RuleSet* rules : battle::rulesets()) {
        auto it = fixtures().find(rules->id());
        INFO("rule set " << rules->id());
        REQUIRE(it != fixtures().end());  // every book joins this test
        int steps = 0, moves = 0;
        for (int seed = 1; seed <= seeds_to_run(); ++seed) {
            INFO("seed " << seed);
            Run run(static_cast<std::uint64_t>(seed) * 2654435761u, it->second);
            run.setup();
            run.play(120);
            check_replay(run.t);
            // The play reached the book: its players' commands were taken and its steps ran.
            for (const auto& e : run.t.log) {
                if (e.type == "battle.step_resolved") ++steps;
                if (e.type == "battle.acted" || e.type == "battle.submitted" || e.type == "card.played") ++moves;
            }
        }
        CHECK(steps > 0);
        CHECK(moves > 0);
    }
}
