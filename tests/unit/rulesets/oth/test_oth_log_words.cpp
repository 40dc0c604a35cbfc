// Over the Hill's turn log in plain words (shared/rulesets/oth/log_words.h): each roll's line a sentence a player
// reads, and its details' `how`, the book's table, the row and column, the die, each modifier by the book's name
// and the outcome, against ../shared/rules/over-the-hills.txt. Step by step on a bare table with scripted dice
// (tests/unit/rulesets/oth/oth_turn_table.h).
#include "rulesets/oth/oth_turn_table.h"

#include "shared/battle/ruleset.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/ruleset.h"

using namespace oth_turn_test;

namespace {

// The line of the turn and step (any step if "") whose text is `text` and whose audience is `side`'s (with
// details), or the public one ("" side).
const battle::LogEntry* line(const TurnTable& t, int turn, const std::string& phase, const std::string& text,
                             const std::string& side) {
    for (const auto& l : t.battle.log) {
        if (l.turn != turn || (!phase.empty() && l.phase != phase) || l.text != text) continue;
        const bool pub = l.audience == battle::LogEntry::Audience::all;
        if (side.empty() ? pub : (!pub && l.side == side)) return &l;
    }
    return nullptr;
}

std::vector<std::string> how_of(const battle::LogEntry& l) {
    std::vector<std::string> out;
    for (const auto& s : l.details.value("how", json::array())) out.push_back(s.get<std::string>());
    return out;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("log words: a reaction test says what the unit does, its how the table, the die and each modifier",
          "[oth][turn][log]") {
    TurnTable t;
    // The Manchesters (unit 2) charge the 33rd (unit 1), 12 cm off; Colonel Kemp is with the 33rd, who have 1 TP.
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 62}, 180);
    t.leader(1, "british", 2, "Colonel Kemp", {50, 49});
    t.set_tp(1, 1);
    oth::impose(t.u(2), "charge");

    // over-the-hills.txt, "A Reaction Test is taken when ... 1. Enemy charging towards you" and "REACTION TEST
    // RESULTS TABLES": "Die Modifiers: ... Leader with the unit +1": 2 + 1 = 3 with 1 TP on the REGULAR
    // INFANTRY TABLE reads OK, "Continue as ordered".
    t.step("movement", {2});
    const std::string text = "33rd Foot (charged): continue as ordered.";
    REQUIRE(line(t, 1, "movement", text, ""));
    const auto* mine = line(t, 1, "movement", text, "british");
    REQUIRE(mine);
    CHECK(how_of(*mine) == Lines{"A reaction test: enemy charging towards you.",
                                 "Regular Infantry Table, tension points 1, die roll 3 (rolled 2; +1 leader with the "
                                 "unit): OK, continue as ordered."});
    // The raw figures stay beside it.
    CHECK(mine->details["die"] == 2);
    CHECK(mine->details["modifier"] == 1);
    CHECK(mine->details["row"] == 3);
    CHECK(mine->details["column"] == 1);
    CHECK(mine->details["result"] == "OK");
    // The public line has no details, and the enemy reads no how.
    CHECK(line(t, 1, "movement", text, "")->details.empty());
    CHECK_FALSE(line(t, 1, "movement", text, "jacobite"));
}

TEST_CASE("log words: a result that is a rule effect says it; a roll below 0 reads row 0", "[oth][turn][log]") {
    TurnTable t;
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.set_tp(1, 3);
    // over-the-hills.txt, "5. If the umpire thinks its a good idea", "Die Modifiers: Outnumbered -1 Outflanked
    // -1": 1 - 2 = -1, read as row 0 (rules/README.md), with 3 TPs: FB, "Fall back for a turn (take 1 TP)".
    oth::ReactionCircumstances c;
    c.outnumbered = true;
    c.outflanked = true;
    ScriptedDice dice({1});
    oth::Turn turn{t.battle, t.settings, t.tallies, t.facts, dice};
    CHECK(oth::test_unit(turn, t.u(1), nullptr, "called by the umpire", c) == oth::ReactionResult::fb);
    const auto* mine = line(t, 1, "", "33rd Foot (called by the umpire): fall back for a turn.", "british");
    REQUIRE(mine);
    CHECK(how_of(*mine) == Lines{"A reaction test: if the umpire thinks it's a good idea.",
                                 "Regular Infantry Table, tension points 3, die roll 0 (rolled 1; -1 outnumbered, -1 "
                                 "outflanked = -1, read as 0): FB, fall back for a turn (take 1 TP).",
                                 "They take 1 TP: tension points now 4."});
    // Each key in the table's words ("RA Ride Away" on the Horse Table).
    CHECK(oth::reaction_line("17th Dragoons", "charged", oth::ReactionResult::ra, oth::TroopType::horse) ==
          "17th Dragoons (charged): ride away.");
    CHECK(oth::reaction_line("Clan Cameron", "under musketry", oth::ReactionResult::ch, oth::TroopType::irregulars) ==
          "Clan Cameron (under musketry): charge the nearest enemy.");
    CHECK(oth::reaction_line("33rd Foot", "ordered to advance", oth::ReactionResult::na,
                             oth::TroopType::formed_infantry) == "33rd Foot (ordered to advance): no advance closer to the enemy.");
    CHECK(oth::reaction_line("Royal Artillery", "charged", oth::ReactionResult::cf, oth::TroopType::gunners) ==
          "Royal Artillery (charged): cease firing and hide under the guns.");
}

TEST_CASE("log words: a volley names the Musketry table, the score and the die; the test after it", "[oth][turn][log]") {
    TurnTable t;
    // The Manchesters (M2, unit 2), ordered to FIRE, stand 5 cm before the 33rd (unit 1).
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 55}, 180);
    oth::impose(t.u(2), "fire");

    SECTION("read by the unit's Musketry rating") {
        // over-the-hills.txt, "Musketry": "firing range of 4+ MUS centimetres ... Roll 1d6 and score", MUS 2:
        // "5,6" to inflict a TP (rules/README.md: read by the Musketry rating); 5 scores.
        t.step("fire", {5});
        const std::string text = "Manchester Regiment fire a volley at 33rd Foot.";
        REQUIRE(line(t, 1, "fire", text, ""));
        const auto* mine = line(t, 1, "fire", text, "jacobite");
        REQUIRE(mine);
        CHECK(how_of(*mine) == Lines{"Range 5 cm, within 4 + MUS 2 = 6 cm.",
                                     "Musketry table, MUS 2: 5,6 to inflict a TP; rolled 5: a TP."});
        CHECK(mine->details["die"] == 5);
        CHECK(mine->details["needed"] == 5);
        CHECK_FALSE(line(t, 1, "fire", text, "british"));
        // "A reaction test must be taken after each round of musketry": 4, no modifiers, 1 TP: OK.
        t.step("reaction", {4});
        const auto* test = line(t, 1, "reaction", "33rd Foot (under musketry): continue as ordered.", "british");
        REQUIRE(test);
        CHECK(how_of(*test) == Lines{"A reaction test: after a round of musketry.",
                                     "Regular Infantry Table, tension points 1, die roll 4 (no modifiers): OK, "
                                     "continue as ordered."});
    }
    SECTION("read by bases, every volley a TP") {
        // The umpire's readings (docs/rules-notes.md): the table's "No of bases" (4 bases: "4,5,6") and "You get
        // TPs for ... Receiving a volley of musketry" besides the scoring roll.
        t.settings.oth.musketry_score_by = oth::MusketryScoreBy::bases;
        t.settings.oth.every_volley_gives_tp = true;
        t.step("fire", {5});
        const auto* mine = line(t, 1, "fire", "Manchester Regiment fire a volley at 33rd Foot.", "jacobite");
        REQUIRE(mine);
        CHECK(how_of(*mine) == Lines{"Range 5 cm, within 4 + MUS 2 = 6 cm.",
                                     "Musketry table, 4 bases: 4,5,6 to inflict a TP; rolled 5: a TP.",
                                     "Receiving a volley of musketry: 1 TP more; the target takes 2 TP."});
        CHECK(t.tp(1) == 2);
    }
}

TEST_CASE("log words: cannon names the shot, its range band and score, the die and the deep formation",
          "[oth][turn][log]") {
    TurnTable t;
    t.unit(1, "british", "Royal Artillery", {50, 20}, 0, ratings(2, 2, 2), "gunners");

    SECTION("one gun, ball") {
        // over-the-hills.txt, "Cannon Fire: Range: 15cm (grape) 50 cm (ball) Score to hit: 3,4,5,6 5,6": 32 cm is
        // ball, 3 misses.
        t.unit(2, "jacobite", "Manchester Regiment", {50, 52}, 180);
        t.step("fire", {3});
        const std::string text = "Royal Artillery fire on Manchester Regiment.";
        REQUIRE(line(t, 1, "fire", text, ""));
        const auto* mine = line(t, 1, "fire", text, "british");
        REQUIRE(mine);
        CHECK(how_of(*mine) == Lines{"Range 32 cm: grape to 15 cm, ball to 50 cm.",
                                     "Cannon Fire, ball (50 cm): 5,6 to hit; rolled 3: a miss."});
        CHECK(t.tp(2) == 0);
    }
    SECTION("two guns, grape at a column") {
        // "Formations more than 1 base deep +1 to die roll": a column 10 cm off takes grape; 2 + 1 = 3 hits, 1 misses.
        t.u(1).values["guns"] = 2;
        t.unit(2, "jacobite", "Manchester Regiment", {50, 30}, 180).formation = battle::Formation::column;
        t.step("fire", {2, 1});
        const auto* mine = line(t, 1, "fire", "Royal Artillery fire on Manchester Regiment.", "british");
        REQUIRE(mine);
        CHECK(how_of(*mine) ==
              Lines{"Range 10 cm: grape to 15 cm, ball to 50 cm.",
                    "Cannon Fire, grape (15 cm), gun 1: 3,4,5,6 to hit; rolled 2, +1 formation more than 1 base deep = 3: a hit.",
                    "Cannon Fire, grape (15 cm), gun 2: 3,4,5,6 to hit; rolled 1, +1 formation more than 1 base deep = 2: a miss.",
                    "A hit adds a TP to the target unit: 1 TP in all."});
        CHECK(t.tp(2) == 1);
    }
}

TEST_CASE("log words: a round of melee gives each side its roll, its leader's risk and its TPs", "[oth][turn][log]") {
    TurnTable t;
    t.settings.oth.rally_roll_each_turn = false;
    // The 33rd (D2 E3, unit 1) and the Manchesters (D2 E2, unit 2) front to front; Kemp is with the 33rd and
    // plays "4. Engage in A Fight".
    t.unit(1, "british", "33rd Foot", {50, 50}, 0, ratings(2, 2, 3));
    t.unit(2, "jacobite", "Manchester Regiment", {50, 50}, 180);
    t.leader(1, "british", 2, "Colonel Kemp", {50, 49});
    t.facts["engaged"] = json::array({1});
    // over-the-hills.txt, "Melee": "Both sides take a TP automatically ... Roll less than Average (DRILL +
    // EFFECTIVENESS) to inflict extra TP". Dice, the Jacobites first: the Manchesters 2 (not less than 2), the
    // 33rd 2 (less than 3 + 1 for Kemp: an extra TP); Kemp's hit die 5 (leader_hit_on 1: unhurt); the tests
    // after the melee, 4 and 3.
    t.step("melee", {2, 2, 5, 4, 3});
    const std::string text = "33rd Foot fight hand to hand.";
    REQUIRE(line(t, 1, "melee", text, ""));
    const auto* ours = line(t, 1, "melee", text, "british");
    REQUIRE(ours);
    CHECK(how_of(*ours) == Lines{"Melee: both sides take a TP automatically.",
                                 "Melee: roll less than Average (DRILL 2 + EFFECTIVENESS 3) = 3, +1 leader engaged in "
                                 "the fight = 4 to inflict an extra TP; rolled 2: an extra TP.",
                                 "The leader in the fight: hit on 1 or less; rolled 5: unhurt.",
                                 "They take 1 TP (1 automatic): tension points now 1."});
    const auto* theirs = line(t, 1, "melee", "Manchester Regiment fight hand to hand.", "jacobite");
    REQUIRE(theirs);
    CHECK(how_of(*theirs) == Lines{"Melee: both sides take a TP automatically.",
                                   "Melee: roll less than Average (DRILL 2 + EFFECTIVENESS 2) = 2 to inflict an extra "
                                   "TP; rolled 2: no extra TP.",
                                   "They take 2 TP (1 automatic, 1 extra from the enemy): tension points now 2."});
    // "A reaction test must be taken after each round of musketry or melee": the Manchesters 4 with 2 TPs, OK.
    REQUIRE(line(t, 1, "melee", "Manchester Regiment (after melee): continue as ordered.", "jacobite"));
}

TEST_CASE("log words: the rally roll says whether a TP went", "[oth][turn][log]") {
    TurnTable t;
    // Far out of each other's sight, with 2 TPs each: both rest (2 -> 1), then roll: the 7th (E3) 3, one more
    // goes; the Manchesters (E2) 6, it stays.
    t.unit(1, "british", "7th Foot", {50, 20}, 0, ratings(3, 3, 3));
    t.unit(2, "jacobite", "Manchester Regiment", {150, 110}, 180);
    t.set_tp(1, 2);
    t.set_tp(2, 2);
    // over-the-hills.txt, "How is it Handled?": "Roll 1d6 and score Regimental Effectiveness or less".
    t.step("tension", {3, 6});
    const auto* steady = line(t, 1, "tension", "7th Foot steady themselves.", "british");
    REQUIRE(steady);
    CHECK(how_of(*steady) ==
          Lines{"Roll 1d6 and score Regimental Effectiveness (3) or less: rolled 3: a TP removed; tension points now 0."});
    const auto* not_steady = line(t, 1, "tension", "Manchester Regiment do not steady themselves.", "jacobite");
    REQUIRE(not_steady);
    CHECK(how_of(*not_steady) ==
          Lines{"Roll 1d6 and score Regimental Effectiveness (2) or less: rolled 6: no TP removed; tension points now 1."});
}

TEST_CASE("log words: the losses at the end add up the book's sum", "[oth][log]") {
    TurnTable t;
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 80}, 180);
    battle::BattleEntry e;
    e.battle = t.battle;
    e.data["tallies"] = oth::tallies_json({{1, oth::BattleRecord{1, 2, 0}}});
    // over-the-hills.txt, "Overall Losses": "roll 1d6 x 5 +15 for each time the regiment ran away +10 for each
    // turn of musketry it received. +5 for each turn it was fired on by cannons". Dice in unit id order: the
    // 33rd 3 (15 + 15 + 20 = 50%), the Manchesters 2 (10%).
    ScriptedDice dice({3, 2});
    const json outcome = oth::ruleset().end(e, dice);
    CHECK(dice.remaining() == 0);
    const json& ours = outcome["losses"][0];
    CHECK(ours["percent"] == 50);
    CHECK(ours["how"] == json::array({"Overall Losses: 1d6 x 5; rolled 3: 15%.",
                                      "+15 for each time the regiment ran away: 1 time, +15%.",
                                      "+10 for each turn of musketry it received: 2 turns, +20%.",
                                      "+5 for each turn it was fired on by cannons: 0 turns, +0%.",
                                      "Losses: 50% of the regiment."}));
    CHECK(outcome["losses"][1]["how"].back() == "Losses: 10% of the regiment.");
    // Capped (setting losses_cap_percent): 30 + 45 + 40 + 10 = 125.
    oth::OthSettings book;
    ScriptedDice six({6});
    const oth::BattleRecord heavy{3, 4, 2};
    CHECK(oth::losses_how(heavy, oth::losses(heavy, book, six), book).back() ==
          "Losses: 125%, at most 100%: 100% of the regiment.");
}
