// Random play of expeditions (a property test): the umpire and three players give random expedition
// commands, legal or not, for 1,000 steps. Throughout: no player's or observer's view holds a secret field's
// value, the crisis countdown, the generator's rolls, the outcome, its preview or another colonel's sealed
// vote; a refused command changes no view; a vote changes nobody's view but the voter's and the umpires';
// the log replays to the same views (over-the-hills.txt, "Expeditions", ANNEX A: "some of the details must be
// kept from the players").
#include "expedition_play.h"

using namespace year_test;

TEST_CASE("property: random expedition play never shows players a secret, and replays exactly", "[expedition][property]") {
    Play p;
    p.t.ready();
    p.walk(1000);
    // The walk reaches the parts it is meant to test.
    CHECK(p.accepted > 100);
    CHECK(p.votes > 5);
    CHECK(p.reckoned > 0);
    check_replay(p.t);
}
