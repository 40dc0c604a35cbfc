// Whole Over the Hill battles played through the campaign's commands (shared/campaign/battles.cpp; the turn in shared/rulesets/oth/battle_turn.cpp) with
// scripted dice: cannon fire over five turns and its losses, a melee over several turns with leaders engaged,
// FOLLOW ME, a flank charge, and a replay of each battle's event log. Every step's dice are given in the
// order the code rolls them (see the comment over each script); each check cites the rule it tests from
// shared/rules/over-the-hills.txt.
//
// Dice order of one turn (battle_turn.cpp): orders (none) -> movement (Jacobite units first, then unit id order:
// the "ordered to ..." test of a newly digested ADVANCE / CHARGE / RETREAT, then, as a charge begins, the charged
// enemy's test) -> fire (Jacobite units first: one d6 per gun; musketry) -> reaction (the volleyed) -> melee (per pair in contact: the Jacobite side's extra-TP
// die, the other side's, then the Jacobite leader's hit and fate dice, the other's; then the reaction tests,
// Jacobites first) -> tension (unit id order: the rally d6 of each unit that has TPs).
#include "test_battle_table.h"

#include <cmath>
#include <map>

using namespace year_test;

namespace {

json umpire_leader(YearTable& t, std::int64_t id) {
    const json battle = battle_of(t, t.umpire);  // held: a range-for over a temporary's member would dangle
    for (const auto& l : battle["leaders"])
        if (l["id"] == id) return l;
    return nullptr;
}

// The details (rolls, results) of the log lines one viewer may read, for one turn and step, in the order written.
std::vector<json> details_of(YearTable& t, const Viewer& v, int turn, const std::string& phase) {
    std::vector<json> out;
    const json battle = battle_of(t, v);
    for (const auto& l : battle["log"])
        if (l["turn"] == turn && l["phase"] == phase && !l["details"].empty()) out.push_back(l["details"]);
    return out;
}
std::vector<json> umpire_details(YearTable& t, int turn, const std::string& phase) {
    return details_of(t, t.umpire, turn, phase);
}

// Government ("british", Bob's leader Kemp, id 1) against the Jacobites ("jacobite", Dave's leader Lord
// George, id 2) on a 180 x 120 cm table.
void create_whole_battle(YearTable& t, json units, json leaders, json settings = json::object()) {
    t.ok(t.umpire, "battle.create",
         {{"name", "Prestonpans"},
          {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
          {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
          {"units", std::move(units)},
          {"leaders", std::move(leaders)},
          {"settings", std::move(settings)}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
}
json kemp_at(double x, double y) {
    return {{"id", 1}, {"user", 2}, {"side", "british"}, {"name", "Colonel Kemp"}, {"position", {x, y}}};
}
json lord_george_at(double x, double y) {
    return {{"id", 2}, {"user", 4}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {x, y}}};
}

// One turn for Bob then Dave (the last card closes the turn; with auto_run its dice resolve the whole turn).
void play_whole(YearTable& t, json bob_card, json dave_card, std::vector<int> dice) {
    bob_card["battle"] = 1;
    dave_card["battle"] = 1;
    t.ok(t.bob, "card.play", bob_card);
    t.ok(t.dave, "card.play", dave_card, std::move(dice));
}
const json no_action_card = {{"card", "no_action"}};

// The six steps of a closed turn one battle.step at a time (auto_run off), with the dice each step rolls.
void step_through(YearTable& t, std::map<std::string, std::vector<int>> dice = {}) {
    for (const char* name : {"orders", "movement", "fire", "reaction", "melee", "tension"}) {
        auto events = t.ok(t.umpire, "battle.step", {{"battle", 1}}, dice[name]);
        CHECK(events[0].body["step"] == name);
    }
}


void check_position(const json& unit, double x, double y) {
    CHECK(unit["position"][0].get<double>() == Approx(x).margin(1e-6));
    CHECK(unit["position"][1].get<double>() == Approx(y).margin(1e-6));
}

json shot(const char* kind, int die, int modified, int needed, bool hit) {
    return {{"shot", kind}, {"die", die}, {"modified", modified}, {"needed", needed}, {"hit", hit}};
}

}  // namespace

TEST_CASE("whole battle: a battery fires ball then grape at a regiment forming column and advancing; +5% a turn fired on",
          "[battles][whole]") {
    YearTable t;
    // Unit 1: a British battery of two guns (one base), its front edge at y 20, facing up the table.
    // Unit 2: the Manchester Regiment (formed infantry, D2 M2 E2) in line 30 cm away, facing the guns.
    // Lord George stands in the regiment; Kemp is far off.
    create_whole_battle(t,
                  {{{"id", 1}, {"side", "british"}, {"owner", t.bob.user}, {"name", "Royal Artillery"},
                    {"troop_type", "gunners"}, {"bases", 1}, {"position", {50, 20}}, {"facing", 0},
                    {"values", {{"guns", 2}}}},
                   {{"id", 2}, {"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Manchester Regiment"},
                    {"troop_type", "formed_infantry"}, {"position", {50, 50}}, {"facing", 180},
                    {"values", {{"drill", 2}, {"musketry", 2}, {"effectiveness", 2}}}}},
                  {kemp_at(20, 5), lord_george_at(50, 51)});

    // Turn 1. Lord George orders ADVANCE (digesting this turn). The guns fire at 30 cm: ball.
    // over-the-hills.txt, "Cannon Fire": "Range: 15cm (grape) 50 cm (ball) Score to hit: 3,4,5,6 / 5,6":
    // gun one 5 hits, gun two 4 misses (a line is one base deep: no +1). "A hit adds a TP to the target unit."
    // Dice: guns 5, 4; tension: the regiment's rally 6 (not Effectiveness 2 or less: the TP stays).
    play_whole(t, no_action_card, {{"card", "order.advance"}, {"unit", 2}}, {5, 4, 6});
    auto fire = umpire_details(t, 1, "fire");
    REQUIRE(fire.size() == 1);
    CHECK(fire[0]["target"] == 2);
    CHECK(fire[0]["cm"] == 30);
    CHECK(fire[0]["shots"] == json::array({shot("ball", 5, 5, 5, true), shot("ball", 4, 4, 5, false)}));
    CHECK(fire[0]["hits"] == 1);
    CHECK(tp_of(t, 2) == 1);
    // "+5 for each turn it was fired on by cannons": once this turn.
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == 1);
    // The Jacobite player sees his regiment's TPs; the Government player does not.
    CHECK(unit_of(battle_of(t, t.dave), 2)["markers"]["tension_points"] == 1);
    CHECK(unit_of(battle_of(t, t.bob), 2)["markers"].empty());

    // Turn 2. Lord George (still with them) orders FORM COLUMN, to digest this turn.
    // Movement: the digested ADVANCE tests first ("A Reaction Test is taken when ... 2. Ordered to
    // advance/charge"): 3, "Leader with the unit +1" = 4, 1 TP: OK on the REGULAR INFANTRY TABLE. "Forward
    // movement (keeping formation)* 8 + DRI cm" = 10 cm (the guns are far beyond musketry range 4 + MUS = 6):
    // 20 cm from the guns now, still ball. Gun one 4 misses (no +1 against a line), gun two 6 hits. Rally 6.
    play_whole(t, no_action_card, {{"card", "order.form_column"}, {"unit", 2}}, {3, 4, 6, 6});
    auto movement = umpire_details(t, 2, "movement");
    REQUIRE(movement.size() == 3);
    CHECK(movement[0]["test"] == "ordered to advance");
    CHECK(movement[0]["die"] == 3);
    CHECK(movement[0]["modifier"] == 1);
    CHECK(movement[0]["circumstances"]["leader_with_unit"] == true);
    CHECK(movement[0]["result"] == "OK");
    CHECK(movement[1]["cm"] == 10);
    // Then the order it has still to digest, in words: "Form Column: ... they act on it from turn 3".
    CHECK(movement[2]["order"] == "form_column");
    CHECK(movement[2]["from_turn"] == 3);
    check_position(umpire_unit(t, 2), 50, 40);
    fire = umpire_details(t, 2, "fire");
    REQUIRE(fire.size() == 1);
    CHECK(fire[0]["cm"] == 20);
    CHECK(fire[0]["shots"] == json::array({shot("ball", 4, 4, 5, false), shot("ball", 6, 6, 5, true)}));
    CHECK(tp_of(t, 2) == 2);
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == 2);
    // "It takes one turn for a unit to digest a new order": FORM COLUMN replaces ADVANCE at the turn's end.
    CHECK(umpire_unit(t, 2)["order"]["name"] == "form_column");
    CHECK(umpire_unit(t, 2)["formation"] == "line");

    // Turn 3. Lord George rides to the rear of the line (1 cm behind it), where he will stand in the column. The
    // regiment starts to form column: "Wheeling or other complex manoeuvre DRI cm", 2 cm a turn, and its
    // right-hand base has sqrt(6^2 + 6^2) = 8.49 cm to go to the rear of the column (docs/rules-notes.md,
    // "Movement"): five turns. Still a line: the guns' 4 and 3 miss (ball needs 5). Rally 6.
    play_whole(t, no_action_card, {{"card", "move"}, {"to", {50, 43}}}, {4, 3, 6});
    CHECK(umpire_unit(t, 2)["formation"] == "line");
    movement = umpire_details(t, 3, "movement");
    REQUIRE(movement.size() == 1);
    CHECK(movement[0]["done_cm"] == 2);
    CHECK(movement[0]["needed_cm"].get<double>() == Approx(std::sqrt(72.0)));
    CHECK(tp_of(t, 2) == 2);
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == 3);

    // Turns 4 to 6: still forming (4, 6, 8 cm). Both guns miss each turn (1, 1): the regiment was still "fired on
    // by cannons", so the tally counts every turn. Rally 6.
    for (int turn = 4; turn <= 6; ++turn) {
        play_whole(t, no_action_card, no_action_card, {1, 1, 6});
        CHECK(umpire_unit(t, 2)["formation"] == "line");
        CHECK(umpire_details(t, turn, "fire")[0]["hits"] == 0);
        CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == turn);
    }
    CHECK(tp_of(t, 2) == 2);

    // Turn 7. Lord George, with the line, orders ADVANCE (digesting this turn). The column forms (10 cm made of
    // 8.49): one base wide, four deep, Lord George within it. "Formations more than 1 base deep +1 to die roll":
    // 4 + 1 = 5 hits; 3 + 1 = 4 misses. Rally 6.
    play_whole(t, no_action_card, {{"card", "order.advance"}, {"unit", 2}}, {4, 3, 6});
    CHECK(umpire_unit(t, 2)["formation"] == "column");
    fire = umpire_details(t, 7, "fire");
    REQUIRE(fire.size() == 1);
    CHECK(fire[0]["cm"] == 20);
    CHECK(fire[0]["shots"] == json::array({shot("ball", 4, 5, 5, true), shot("ball", 3, 4, 5, false)}));
    CHECK(tp_of(t, 2) == 3);
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == 7);

    // Turn 8. The advance tests: 3 + 1 (leader with the unit) = 4 with 3 TPs: OK. Forward 10 cm: 10 cm from the
    // guns, grape range ("15cm (grape)"): grape hits on "3,4,5,6"; the column's +1 makes a 2 a 3 (hit) and a 1
    // a 2 (miss). Rally 6.
    play_whole(t, no_action_card, no_action_card, {3, 2, 1, 6});
    movement = umpire_details(t, 8, "movement");
    REQUIRE(movement.size() == 2);
    CHECK(movement[0]["die"] == 3);
    CHECK(movement[0]["column"] == 3);
    CHECK(movement[0]["result"] == "OK");
    check_position(umpire_unit(t, 2), 50, 30);
    fire = umpire_details(t, 8, "fire");
    REQUIRE(fire.size() == 1);
    CHECK(fire[0]["cm"] == 10);
    CHECK(fire[0]["shots"] == json::array({shot("grape", 2, 3, 3, true), shot("grape", 1, 2, 3, false)}));
    CHECK(tp_of(t, 2) == 4);
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_fired_on_by_cannon"] == 8);
    // Cannon fire calls for no reaction test ("A reaction test must be taken after each round of musketry or
    // melee"), and the guns never received fire: no unit tested in the reaction step all battle.
    for (int turn = 1; turn <= 8; ++turn) CHECK(umpire_details(t, turn, "reaction").empty());
    CHECK(tp_of(t, 1) == 0);

    // The end. over-the-hills.txt, "Overall Losses": "roll 1d6 x 5 ... +5 for each turn it was fired on by
    // cannons". The battery: 1 x 5 = 5%. The Manchesters: 2 x 5 + 8 x 5 = 50%. Dice in unit id order.
    t.ok(t.umpire, "battle.end", {{"battle", 1}}, {1, 2});
    auto losses = battle_of(t, t.umpire)["losses"];
    CHECK(battle_of(t, t.observer)["losses"].empty());  // each side its own rows; an observer has no side
    CHECK(losses[0]["unit"] == 1);
    CHECK(losses[0]["percent"] == 5);
    CHECK(losses[0]["turns_fired_on_by_cannon"] == 0);
    CHECK(losses[1]["unit"] == 2);
    CHECK(losses[1]["die"] == 2);
    CHECK(losses[1]["turns_fired_on_by_cannon"] == 8);
    CHECK(losses[1]["percent"] == 50);
    check_replay(t);
}

TEST_CASE("whole battle: a melee over two turns, leaders engaged, Jacobites first; a fall back ends it",
          "[battles][whole]") {
    YearTable t;
    // Unit 1: the 7th Foot (formed infantry, D3 M3 E3), front edge at y 50 facing up the table.
    // Unit 2: Clan Cameron (irregulars, D2 M2 E2), front to front with the 7th (their front edges touch).
    // Each leader stands in his own unit. The British unit has the lower id: the Jacobites still roll first.
    create_whole_battle(t,
                  {{{"id", 1}, {"side", "british"}, {"owner", t.bob.user}, {"name", "7th Foot"},
                    {"troop_type", "formed_infantry"}, {"position", {50, 50}}, {"facing", 0},
                    {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 3}}}},
                   {{"id", 2}, {"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Clan Cameron"},
                    {"troop_type", "irregulars"}, {"position", {50, 50}}, {"facing", 180},
                    {"values", {{"drill", 2}, {"musketry", 2}, {"effectiveness", 2}}}}},
                  {kemp_at(50, 49), lord_george_at(50, 51)});

    // Turn 1. Kemp plays "Engage in the fight"; Lord George does nothing.
    // over-the-hills.txt, "Melee": "Both sides take a TP automatically / Highlanders/Battle Cavalry automatically
    // inflict an extra TP / ... Roll less than Average (DRILL + EFFECTIVENESS) to inflict extra TP".
    // Clan Cameron fight as highlanders (setting irregulars_fight_as_highlanders): no die. The 7th: average
    // (3 + 3) = 3, and "4. Engage in A Fight": "any of that leader's troops involved in the fight will gain an
    // advantage" (leader_fight_bonus 1): less than 4. Dice: the 7th's 3 (inflicts: without Kemp it would not);
    // Kemp's hit die 2 (hit on leader_hit_on 1 or less: unhurt); reaction tests after the melee, Clan Cameron
    // first ("When in combat, always roll for the Jacobite forces before Government forces"): 3 + 1 (Lord George
    // with them) = 4, 2 TPs: OK on the IRREGULARS TABLE; the 7th 3 + 1 (Kemp) = 4, 2 TPs: OK on the REGULAR
    // INFANTRY TABLE. Tension: rally 4 for the 7th (not Effectiveness 3 or less), 3 for the clan (not 2 or less).
    play_whole(t, {{"card", "engage"}}, no_action_card, {3, 2, 3, 3, 4, 3});
    auto melee = umpire_details(t, 1, "melee");
    REQUIRE(melee.size() == 4);
    // The Jacobites' round first: no roll, the extra TP inflicted automatically.
    CHECK(melee[0]["unit"] == 2);
    CHECK(melee[0]["rolled"] == false);
    CHECK(melee[0]["inflicts_extra"] == true);
    CHECK(melee[0]["tp"] == 2);  // the automatic TP and the 7th's extra one
    CHECK(melee[1]["unit"] == 1);
    CHECK(melee[1]["rolled"] == true);
    CHECK(melee[1]["die"] == 3);
    CHECK(melee[1]["target"] == 4);
    CHECK(melee[1]["inflicts_extra"] == true);
    CHECK(melee[1]["leader_hit_die"] == 2);
    CHECK(melee[1]["leader_fate_die"] == 0);
    CHECK(melee[1]["tp"] == 2);  // the automatic TP and the highlanders' extra one
    // "A reaction test must be taken after each round of musketry or melee": Jacobites first.
    CHECK(melee[2]["unit"] == 2);
    CHECK(melee[2]["test"] == "after melee");
    CHECK(melee[2]["die"] == 3);
    CHECK(melee[2]["modifier"] == 1);
    CHECK(melee[2]["column"] == 2);
    CHECK(melee[2]["result"] == "OK");
    CHECK(melee[3]["unit"] == 1);
    CHECK(melee[3]["die"] == 3);
    CHECK(melee[3]["modifier"] == 1);
    CHECK(melee[3]["result"] == "OK");
    CHECK(tp_of(t, 1) == 2);
    CHECK(tp_of(t, 2) == 2);
    CHECK(umpire_leader(t, 1)["values"].value("fate", "unhurt") == "unhurt");
    // Both held: still in contact.
    check_position(umpire_unit(t, 1), 50, 50);
    check_position(umpire_unit(t, 2), 50, 50);

    // Turn 2. Both leaders engage. The units still touch: the melee goes on.
    // Dice: the 7th's 5 (not less than 4: no extra TP); Lord George's hit die 1 (hit) and fate die 2
    // (leader_killed_on 2 or less: killed); Kemp's hit die 6 (unhurt). Clan Cameron take 1, and 1 for "Seeing
    // your leader killed/incapacitated": 4 TPs. The 7th take 1 and the highlanders' extra: 4 TPs.
    // Reactions: Clan Cameron 4, no leader with them now (killed): 4 with 4 TPs: OK. The 7th 1 + 1 (Kemp) = 2
    // with 4 TPs: FB, "Fall back for a turn (take 1 TP)": 5 TPs, back DRI = 3 cm ("Backward movement (in good
    // order) DRI cm"). Tension: the 7th rally 2 (3 or less: one TP goes, 4), the clan 6 (4).
    play_whole(t, {{"card", "engage"}}, {{"card", "engage"}}, {5, 1, 2, 6, 4, 1, 2, 6});
    melee = umpire_details(t, 2, "melee");
    REQUIRE(melee.size() == 4);
    CHECK(melee[0]["unit"] == 2);
    CHECK(melee[0]["leader_hit_die"] == 1);
    CHECK(melee[0]["leader_fate_die"] == 2);
    CHECK(melee[0]["tp"] == 2);
    CHECK(melee[1]["unit"] == 1);
    CHECK(melee[1]["die"] == 5);
    CHECK(melee[1]["inflicts_extra"] == false);
    CHECK(melee[1]["leader_hit_die"] == 6);
    CHECK(melee[1]["tp"] == 2);
    CHECK(umpire_leader(t, 2)["values"]["fate"] == "killed");
    CHECK(umpire_leader(t, 1)["values"].value("fate", "unhurt") == "unhurt");
    CHECK(melee[2]["unit"] == 2);
    CHECK(melee[2]["die"] == 4);
    CHECK(melee[2]["modifier"] == 0);
    CHECK(melee[2]["circumstances"]["leader_with_unit"] == false);
    CHECK(melee[2]["column"] == 4);
    CHECK(melee[2]["result"] == "OK");
    CHECK(melee[3]["unit"] == 1);
    CHECK(melee[3]["die"] == 1);
    CHECK(melee[3]["modifier"] == 1);
    CHECK(melee[3]["row"] == 2);
    CHECK(melee[3]["column"] == 4);
    CHECK(melee[3]["result"] == "FB");
    CHECK(melee[3]["tension_points"] == 5);
    check_position(umpire_unit(t, 1), 50, 47);  // 3 cm back, still facing the clan
    CHECK(umpire_unit(t, 1)["facing"] == 0);
    auto tension = umpire_details(t, 2, "tension");
    REQUIRE(tension.size() == 2);
    CHECK(tension[0]["unit"] == 1);
    CHECK(tension[0]["rally_die"] == 2);
    CHECK(tension[0]["removed"] == true);
    CHECK(tension[1]["unit"] == 2);
    CHECK(tension[1]["rally_die"] == 6);
    CHECK(tp_of(t, 1) == 4);
    CHECK(tp_of(t, 2) == 4);

    // Turn 3. Lord George is dead: he plays no more cards, and Kemp's card alone closes the turn.
    CHECK(t.error(t.dave, "card.play", {{"battle", 1}, {"card", "no_action"}}) == "forbidden");
    // The 7th fell back out of contact: no melee, no melee dice; only the two rally rolls (6, 6).
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}}, {6, 6});
    CHECK(battle_of(t, t.umpire)["turn"] == 4);
    const json battle = battle_of(t, t.umpire);
    // The melee step leaves only its public "nothing to see" line.
    for (const auto& l : battle["log"])
        if (l["turn"] == 3 && l["phase"] == "melee") CHECK(l["text"] == "Melee: nothing to see.");
    CHECK(tp_of(t, 1) == 4);
    CHECK(tp_of(t, 2) == 4);
    check_replay(t);
}

TEST_CASE("whole battle: FOLLOW ME digests a turn, then the unit turns and follows its leader 8 + Drill cm a turn",
          "[battles][whole]") {
    YearTable t;
    // Unit 1: the 7th Foot (D3 M3 E1), front edge centre at (50, 20) facing up the table; Kemp on that point.
    // Unit 2: a Jacobite clan off to the right, facing left (in sight, so no one rests "out of sight").
    // Played step by step (auto_run off).
    create_whole_battle(t,
                  {{{"id", 1}, {"side", "british"}, {"owner", t.bob.user}, {"name", "7th Foot"},
                    {"troop_type", "formed_infantry"}, {"position", {50, 20}}, {"facing", 0},
                    {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 1}}}},
                   {{"id", 2}, {"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Clan Stewart"},
                    {"troop_type", "irregulars"}, {"position", {100, 50}}, {"facing", 270}}},
                  {kemp_at(50, 20), lord_george_at(101, 50)}, {{"auto_run", false}});

    // Turn 1. Kemp plays FOLLOW ME on the 7th.
    play_whole(t, {{"card", "order.follow_me"}, {"unit", 1}}, no_action_card, {});
    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // orders
    // over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
    CHECK(umpire_unit(t, 1)["pending_order"]["name"] == "follow_me");
    CHECK(umpire_unit(t, 1)["pending_order"]["digest"] == 1);
    CHECK(umpire_unit(t, 1)["order"].is_null());
    for (int i = 0; i < 5; ++i) t.ok(t.umpire, "battle.step", {{"battle", 1}});  // no dice: no TPs, no fire
    CHECK(umpire_unit(t, 1)["order"]["name"] == "follow_me");
    CHECK(umpire_unit(t, 1)["pending_order"].is_null());
    check_position(umpire_unit(t, 1), 50, 20);

    // Turn 2. Kemp rides 40 cm to (74, 52) ("Leaders can move 40cm per turn on horseback"). In the movement
    // step the 7th turn to face him (a bearing of atan2(24, 32)) and go forward "8 + DRI cm" = 11 cm:
    // "The unit will follow wherever you go, but will tend to become disorganised" (follow_me_tp 1 a turn).
    // Tension: rally 6 (not Effectiveness 1 or less).
    const double pi = std::acos(-1.0);
    const double bearing = std::atan2(24.0, 32.0) * 180.0 / pi;  // 36.87 degrees
    const double dx = 0.6, dy = 0.8;                             // that bearing's direction
    play_whole(t, {{"card", "move"}, {"to", {74, 52}}}, no_action_card, {});
    step_through(t, {{"tension", {6}}});
    CHECK(umpire_leader(t, 1)["position"] == json::array({74.0, 52.0}));
    auto u = umpire_unit(t, 1);
    CHECK(u["facing"].get<double>() == Approx(bearing).margin(1e-6));
    check_position(u, 50 + 11 * dx, 20 + 11 * dy);
    CHECK(u["markers"]["tension_points"] == 1);
    auto movement = umpire_details(t, 2, "movement");
    REQUIRE(movement.size() == 1);
    CHECK(movement[0]["cm"] == 11);
    CHECK(movement[0]["tp"] == 1);

    // Turns 3 and 4: Kemp waits; the 7th go 11 cm a turn towards him (29, then 18 cm away) and take a TP a turn.
    for (int turn = 3; turn <= 4; ++turn) {
        play_whole(t, no_action_card, no_action_card, {});
        step_through(t, {{"tension", {6}}});
        u = umpire_unit(t, 1);
        const double gone = 11.0 * (turn - 1);
        check_position(u, 50 + gone * dx, 20 + gone * dy);
        CHECK(u["facing"].get<double>() == Approx(bearing).margin(1e-6));
        CHECK(u["markers"]["tension_points"] == turn - 1);
    }

    // Turn 5: only 7 cm are left, less than 11: they go 7 cm and stand at Kemp.
    play_whole(t, no_action_card, no_action_card, {});
    step_through(t, {{"tension", {6}}});
    u = umpire_unit(t, 1);
    check_position(u, 74, 52);
    CHECK(u["markers"]["tension_points"] == 4);
    movement = umpire_details(t, 5, "movement");
    REQUIRE(movement.size() == 1);
    CHECK(movement[0]["cm"].get<double>() == Approx(7).margin(1e-6));

    // Turn 6: Kemp is with them: they stay where they are and take no TP. Rally 6.
    play_whole(t, no_action_card, no_action_card, {});
    step_through(t, {{"tension", {6}}});
    u = umpire_unit(t, 1);
    check_position(u, 74, 52);
    CHECK(u["markers"]["tension_points"] == 4);
    CHECK(umpire_details(t, 6, "movement").empty());
    check_replay(t);
}

TEST_CASE("whole battle: a charge into the enemy's flank: the charged unit tests outflanked (-1)", "[battles][whole]") {
    YearTable t;
    // Unit 2: the Manchester Regiment (D2 M2 E2) in line facing up the table, x 42..58, y 48..50.
    // Unit 1: the 7th Foot (D3 M3 E3) 12 cm off its right flank, facing it (facing 270: towards -x), with Kemp.
    // Lord George is far away. The umpire closes each turn (battle.close_turn); auto_run resolves it.
    create_whole_battle(t,
                  {{{"id", 1}, {"side", "british"}, {"owner", t.bob.user}, {"name", "7th Foot"},
                    {"troop_type", "formed_infantry"}, {"position", {70, 49}}, {"facing", 270},
                    {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 3}}}},
                   {{"id", 2}, {"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Manchester Regiment"},
                    {"troop_type", "formed_infantry"}, {"position", {50, 50}}, {"facing", 0},
                    {"values", {{"drill", 2}, {"musketry", 2}, {"effectiveness", 2}}}}},
                  {kemp_at(71, 49), lord_george_at(20, 90)});

    // Turn 1. Kemp orders CHARGE; Lord George plays no card; the umpire closes the turn. Nothing rolls.
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "order.charge"}, {"unit", 1}});
    t.ok(t.umpire, "battle.close_turn", {{"battle", 1}});
    CHECK(umpire_unit(t, 1)["order"]["name"] == "charge");
    check_position(umpire_unit(t, 1), 70, 49);

    // Turn 2. Movement: "A Reaction Test is taken when ... 2. Ordered to advance/charge": 3 + 1 (Kemp with them)
    // = 4: OK. The charge begins: "1. Enemy charging towards you": the Manchesters test before the 7th go. "Die
    // Modifiers: ... Outflanked -1": the 7th stand off their right flank: 1 - 1 = 0, row 0 with no TPs: NA (an
    // unmodified 1 would read OK). "Rush to contact ... 20 cm": the Manchesters' flank is 12 cm away: the 7th stop
    // touching it.
    // Melee, the Jacobites first: the Manchesters' 4 (not less than average (2 + 2) = 2), the 7th's 2 (less
    // than 3: an extra TP). Manchesters 2 TPs, the 7th 1. After the melee: the Manchesters 5 - 1 (still
    // outflanked) = 4, 2 TPs: OK; the 7th 4 (Kemp is 11 cm behind now: no modifier), 1 TP: OK.
    // Tension: rally 6, 6.
    t.ok(t.umpire, "battle.close_turn", {{"battle", 1}}, {3, 1, 4, 2, 5, 4, 6, 6});
    check_position(umpire_unit(t, 1), 58, 49);
    auto movement = umpire_details(t, 2, "movement");
    REQUIRE(movement.size() == 3);
    CHECK(movement[0]["unit"] == 1);
    CHECK(movement[0]["test"] == "ordered to charge");
    CHECK(movement[0]["result"] == "OK");
    CHECK(movement[2]["unit"] == 1);
    CHECK(movement[2]["cm"] == 12);
    const json charged = movement[1];
    CHECK(charged["unit"] == 2);
    CHECK(charged["test"] == "charged");
    CHECK(charged["die"] == 1);
    CHECK(charged["modifier"] == -1);
    CHECK(charged["circumstances"]["outflanked"] == true);
    CHECK(charged["circumstances"]["outnumbered"] == false);
    CHECK(charged["circumstances"]["leader_with_unit"] == false);
    CHECK(charged["row"] == 0);
    CHECK(charged["column"] == 0);
    CHECK(charged["result"] == "NA");
    // The rolls of a side's tests are that side's and the umpire's: Dave reads them, Bob does not.
    bool dave_reads = false, bob_reads = false;
    for (const auto& d : details_of(t, t.dave, 2, "movement")) dave_reads |= d.value("test", "") == "charged";
    for (const auto& d : details_of(t, t.bob, 2, "movement")) bob_reads |= d.value("test", "") == "charged";
    CHECK(dave_reads);
    CHECK_FALSE(bob_reads);

    auto melee = umpire_details(t, 2, "melee");
    REQUIRE(melee.size() == 4);
    CHECK(melee[0]["unit"] == 2);
    CHECK(melee[0]["die"] == 4);
    CHECK(melee[0]["target"] == 2);
    CHECK(melee[0]["inflicts_extra"] == false);
    CHECK(melee[1]["unit"] == 1);
    CHECK(melee[1]["die"] == 2);
    CHECK(melee[1]["target"] == 3);
    CHECK(melee[1]["inflicts_extra"] == true);
    CHECK(melee[2]["unit"] == 2);
    CHECK(melee[2]["die"] == 5);
    CHECK(melee[2]["modifier"] == -1);
    CHECK(melee[2]["circumstances"]["outflanked"] == true);
    CHECK(melee[2]["result"] == "OK");
    CHECK(melee[3]["unit"] == 1);
    CHECK(melee[3]["modifier"] == 0);
    CHECK(melee[3]["circumstances"]["outflanked"] == false);
    CHECK(melee[3]["result"] == "OK");
    CHECK(tp_of(t, 1) == 1);
    CHECK(tp_of(t, 2) == 2);
    CHECK(battle_of(t, t.umpire)["turn"] == 3);
    check_replay(t);
}
