// A generated campaign year (a property test): 20 colonels play 36 months of random legal diaries.
// Money is conserved (every change of fortune is income, pay, a cost or an activity, and the month report
// lists it), attributes stay in 1..6, and replaying the event log gives the same views as the live state.
#include "year_play.h"

using namespace year_test;

TEST_CASE("property: 20 colonels, 36 months of random diaries: money conserved, replay exact", "[year][property]") {
    Game g;
    g.setup();
    int undos = 0;
    for (int month = 1; month <= 36; ++month) {
        undos += g.play_month(month) ? 1 : 0;
        if (month % 12 == 0) g.check_replay();
    }
    CHECK(undos > 0);
    // Something happened: money moved, attributes changed, arrears were run up.
    int improved = 0, in_arrears = 0, published = 0;
    for (const auto& v : g.players) {
        const auto& c = g.colonel(v);
        CHECK(c.history.size() == 37);
        if (c.regiment && (c.regiment->drill > 1 || c.regiment->musketry > 1 || c.regiment->effectiveness > 1)) ++improved;
        if (c.regiment && c.regiment->arrears > 0) ++in_arrears;
        for (const auto& [turn, d] : c.diaries) published += d.publish ? 1 : 0;
    }
    CHECK(improved > 0);
    CHECK(in_arrears > 0);
    CHECK(published > 0);
    // The live view holds the current month and the three before it (year::months_in_view); the whole view,
    // the chronicle's, every month.
    const json live = view(g.t.state, g.t.umpire), whole = view(g.t.state, g.t.umpire, true);
    for (const auto& v : g.players) {
        const auto& reports = live["year"]["colonels"][std::to_string(v.user)]["reports"];
        CHECK(reports.size() == 3);
        CHECK(reports.contains("34"));
        CHECK(whole["year"]["colonels"][std::to_string(v.user)]["reports"].size() == 36);
    }
    CHECK(live["year"]["months_from"] == 34);
    CHECK(whole["year"]["months_from"].is_null());
    for (const auto& [id, g] : live["year"]["gazette"].items()) CHECK(g["turn"].get<int>() >= 34);
    INFO("the umpire's view after 36 months: " << live.dump().size() << " bytes live, " << whole.dump().size() << " whole");
    CHECK(live.dump().size() * 3 < whole.dump().size());
}
