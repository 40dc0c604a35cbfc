// Over the Hill losses and the Records chart (shared/rulesets/oth/losses.h, records.h) against
// ../shared/rules/over-the-hills.txt, "Overall Losses" and "Records".
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/losses.h"
#include "shared/rulesets/oth/records.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("losses: 1d6 x 5, +15 a time it ran away, +10 a turn of musketry, +5 a turn of cannon", "[oth]") {
    // "At the end of the battle roll 1d6 x 5 +15 for each time the regiment ran away +10 for each turn of
    // musketry it received. +5 for each turn it was fired on by cannons The resulting number is the
    // percentage losses the regiment took in that battle."
    for (int die = 1; die <= 6; ++die) CHECK(losses_percent(die, {}) == 5 * die);
    CHECK(losses_percent(3, {.times_ran_away = 1}) == 30);
    CHECK(losses_percent(3, {.turns_of_musketry_received = 2}) == 35);
    CHECK(losses_percent(3, {.turns_fired_on_by_cannon = 3}) == 30);
    CHECK(losses_percent(4, {2, 3, 1}) == 20 + 30 + 30 + 5);

    OthSettings book;
    ScriptedDice dice({4, 6, 1});
    auto a = losses({2, 3, 1}, book, dice);
    CHECK(a.die == 4);
    CHECK(a.percent == 85);
    CHECK(a.uncapped == 85);
    // Capped at 100 (setting losses_cap_percent): 30 + 45 + 40 + 10 = 125.
    auto b = losses({3, 4, 2}, book, dice);
    CHECK(b.uncapped == 125);
    CHECK(b.percent == 100);
    auto c = losses({}, book, dice);
    CHECK(c.percent == 5);
    CHECK(dice.remaining() == 0);
    OthSettings uncapped;
    uncapped.losses_cap_percent = 1000;
    ScriptedDice again({6});
    CHECK(losses({3, 4, 2}, uncapped, again).percent == 125);
}

TEST_CASE("the Records chart row", "[oth]") {
    // "Regt DRILL MUSK EFF Av(Dr x Eff) Musketry to inflict TP ... 45th Regt 2 2 3 3 5,6 Losses"
    auto row = record_row("45th Regt", 2, 2, 3);
    CHECK(row.average == 3);
    CHECK(row.musketry_to_inflict == "5,6");
    CHECK_FALSE(row.losses_percent.has_value());
    CHECK(to_json(row) == nlohmann::json{{"regiment", "45th Regt"}, {"drill", 2}, {"musketry", 2},
                                         {"effectiveness", 3}, {"average", 3}, {"musketry_to_inflict", "5,6"},
                                         {"losses", nullptr}});
    auto after = record_row("7th", 6, 6, 5, 35);
    CHECK(after.average == 6);
    CHECK(after.musketry_to_inflict == "2,3,4,5,6");
    CHECK(to_json(after)["losses"] == 35);
    auto npb = record_row("NPB", 2, 2, 2);
    CHECK(npb.average == 2);
    CHECK(npb.musketry_to_inflict == "5,6");
    // Read by bases, the 45th's four bases need 4,5,6.
    OthSettings by_bases;
    by_bases.musketry_score_by = MusketryScoreBy::bases;
    CHECK(record_row("45th Regt", 2, 2, 3, std::nullopt, 4, by_bases).musketry_to_inflict == "4,5,6");
}
