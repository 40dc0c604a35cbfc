// Random play of a whole campaign (a property test; campaign_play.h says what is checked after every command): the
// year, the committee and expeditions, and battles of every book inside it, each member's view kept by the server's
// patches and compared with a fresh one. MUSTER_PROPERTY_SEEDS sets the number of seeds (the suite runs a short run).
#include <cstdlib>
#include <iostream>

#include "campaign_play.h"

using namespace year_test;

TEST_CASE("random play of a whole campaign: every live view equals a fresh one, and no secret leaks", "[campaign][property]") {
    const char* env = std::getenv("MUSTER_PROPERTY_SEEDS");
    const int seeds = env ? std::max(1, std::atoi(env)) : 2;  // a short run in the suite
    const char* first_env = std::getenv("MUSTER_PROPERTY_FIRST_SEED");  // one seed again: FIRST_SEED=n SEEDS=1
    const int first = first_env ? std::max(1, std::atoi(first_env)) : 1;
    int accepted = 0, probes = 0, resolved = 0, expedition_battles = 0;
    std::set<std::string> books;
    for (int seed = first; seed < first + seeds; ++seed) {
        INFO("seed " << seed);
        CampaignPlay play(static_cast<std::uint64_t>(seed) * 2654435761u);
        play.setup();
        for (int i = 0; i < 400; ++i) play.step();
        check_replay(play.t);
        accepted += play.accepted;
        probes += play.probes;
        resolved += play.resolved;
        expedition_battles += play.expedition_battles;
        books.insert(play.books_fought.begin(), play.books_fought.end());
        if (std::getenv("MUSTER_PROPERTY_PROGRESS")) std::cerr << "seed " << seed << ": " << play.accepted << " accepted\n";
    }
    // The play reached every part it is meant to check.
    CHECK(accepted > 150 * seeds);
    CHECK(probes > 0);
    CHECK(resolved > 0);
    CHECK(expedition_battles > 0);
    if (seeds >= 2) CHECK(books.size() == 4);
}
