// The ground of an Over the Hill battle (shared/rulesets/oth/battle_turn.cpp, shared/campaign/battles.cpp): ambushes (concealed units hidden from
// the enemy's view, log and revealed cards until they move, fire or are come upon; the surprise test), terrain
// that slows movement and blocks sight, units stopping against others in their way, the per-turn frames the
// replay draws, and the battle's end. Scripted dice; each rule cites over-the-hills.txt or, where the book is
// silent, the setting in docs/rules-notes.md.
#include "test_battle_table.h"

using namespace year_test;

namespace {

constexpr const char* ambush_name = "Clan Cameron AMBUSH-MARKER-5521";


std::vector<json> lines_of(YearTable& t, const Viewer& v, int turn, const std::string& phase) {
    std::vector<json> out;
    const json battle = battle_of(t, v);
    for (const auto& l : battle["log"])
        if (l["turn"] == turn && l["phase"] == phase) out.push_back(l);
    return out;
}

bool says(const std::vector<json>& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l["text"] == text) return true;
    return false;
}


// Whether a viewer's whole campaign view mentions the ambush.
bool sees_marker(YearTable& t, const Viewer& v) { return view(t.state, v).dump().find("AMBUSH-MARKER") != std::string::npos; }

// Government (Bob's Kemp with the 7th, unit 1, D3 M3 E3 at y 20 facing up the table) against the Jacobites
// (Dave's Lord George); `jacobites` are the Jacobite units, `terrain` the ground.
void create_battle(YearTable& t, json jacobites, json terrain = json::array(), json settings = json::object(),
                   json lord_george = nullptr) {
    json units = {{{"id", 1}, {"side", "british"}, {"owner", t.bob.user}, {"name", "7th Foot"},
                   {"position", {50, 20}}, {"facing", 0},
                   {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 3}}}}};
    for (auto& j : jacobites) units.push_back(j);
    if (lord_george.is_null())
        lord_george = {{"id", 2}, {"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {150, 110}}};
    t.ok(t.umpire, "battle.create",
         {{"name", "Falkirk"},
          {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
          {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
          {"terrain", terrain},
          {"units", units},
          {"leaders", {{{"id", 1}, {"user", t.bob.user}, {"side", "british"}, {"name", "Colonel Kemp"}, {"position", {50, 19}}},
                       lord_george}},
          {"settings", settings}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
}

json cameron(double y, bool concealed = true) {
    return {{"id", 2}, {"side", "jacobite"}, {"owner", 4}, {"name", ambush_name}, {"troop_type", "irregulars"},
            {"position", {50, y}}, {"facing", 180}, {"concealed", concealed}};
}

json wood_from(double y0, double y1) {
    return {{"kind", "wood"}, {"name", "Callendar Wood"}, {"shape", "polygon"}, {"points", {{0, y0}, {180, y0}, {180, y1}, {0, y1}}}};
}

void play(YearTable& t, json bob_card, json dave_card, std::vector<int> dice) {
    bob_card["battle"] = 1;
    dave_card["battle"] = 1;
    t.ok(t.bob, "card.play", bob_card);
    t.ok(t.dave, "card.play", dave_card, std::move(dice));
}
const json no_action = {{"card", "no_action"}};

}  // namespace

TEST_CASE("an ambush: hidden from the enemy's view, log and cards until come upon; the enemy that sees it tests",
          "[battles][ambush]") {
    YearTable t;
    // Clan Cameron lies concealed in a wood 20 cm in front of the 7th (its front edge at y 40); Lord George,
    // concealed too, stands with them.
    create_battle(t, {cameron(40)}, {wood_from(35, 60)}, json::object(),
                  {{"id", 2}, {"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {50, 41}},
                   {"concealed", true}});
    for (const auto& v : {t.bob, t.carol, t.observer}) CHECK_FALSE(sees_marker(t, v));
    CHECK(sees_marker(t, t.dave));
    CHECK(sees_marker(t, t.umpire));
    CHECK(unit_of(battle_of(t, t.bob), 2).is_null());
    CHECK(unit_of(battle_of(t, t.dave), 2)["concealed"] == true);
    CHECK(battle_of(t, t.bob)["leaders"].size() == 1);  // Lord George is hidden with his men

    // Turn 1: Kemp orders ADVANCE; Lord George orders his hidden clan to FIRE. No dice: both orders digest.
    play(t, {{"card", "order.advance"}, {"unit", 1}}, {{"card", "order.fire"}, {"unit", 2}}, {});
    // The revealed cards tell Bob that Dave gave an order, not to which (hidden) unit.
    const json bob_view = battle_of(t, t.bob);
    for (const auto& item : bob_view["boxes"]["cards"]["items"])
        if (item["user"] == t.dave.user) CHECK_FALSE(item["item"].contains("unit"));
    for (const auto& l : bob_view["log"])
        if (l["details"].contains("cards"))
            for (const auto& c : l["details"]["cards"])
                if (c["user"] == t.dave.user) CHECK_FALSE(c["item"].contains("unit"));
    const json dave_view = battle_of(t, t.dave);
    for (const auto& item : dave_view["boxes"]["cards"]["items"])
        if (item["user"] == t.dave.user) CHECK(item["item"]["unit"] == 2);
    for (const auto& v : {t.bob, t.carol, t.observer}) CHECK_FALSE(sees_marker(t, v));
    // The order line about the hidden clan is for the Jacobites only; everyone sees the step happened.
    CHECK(says(lines_of(t, t.dave, 1, "orders"), "Lord George orders " + std::string(ambush_name) + ": FIRE."));
    CHECK(says(lines_of(t, t.bob, 1, "orders"), "Colonel Kemp orders 7th Foot: Advance."));

    // Turn 2. Movement: the 7th's "ordered to advance" test (over-the-hills.txt, "A Reaction Test is taken
    // when ... 2. Ordered to advance/charge"): 4, +1 Kemp with them = 5, OK. They advance 8 + Drill = 11 cm
    // (the wood slows the clan's ground, not the open field they cross), front edge to y 31: 9 cm from the
    // clan, within spot_cm 10: the ambush is discovered, and Lord George with it. The 7th see them (the wood
    // holds the clan, so it does not block the line) and test: "4. When surprised by new events": 4, no
    // leader with them now (Kemp stayed at y 19), row 4, no TP: OK.
    // Fire: the clan's musketry reaches 4 + 2 = 6 cm: the 7th at 9 cm are out of range.
    play(t, no_action, no_action, {4, 4});
    auto bob_moves = lines_of(t, t.bob, 2, "movement");
    CHECK(says(bob_moves, std::string("An ambush! ") + ambush_name + " are discovered."));
    CHECK(says(bob_moves, "Lord George is discovered."));
    bool surprised = false;
    for (const auto& l : bob_moves)
        if (l["details"].value("test", "") == "surprised by an ambush") {
            surprised = true;
            CHECK(l["details"]["unit"] == 1);
            CHECK(l["details"]["die"] == 4);
            CHECK(l["details"]["modifier"] == 0);
            CHECK(l["details"]["result"] == "OK");
        }
    CHECK(surprised);
    CHECK(unit_of(battle_of(t, t.bob), 2)["name"] == ambush_name);
    CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(31).margin(1e-9));
    CHECK(says(lines_of(t, t.bob, 2, "fire"), std::string("FIRE: ") + ambush_name +
                                                  " do not fire: no enemy in front within effective shooting distance."));

    // The replay's frames: turn 1 and 2 opened with the clan hidden from Bob, turn 3 with it in sight.
    const json history = battle_of(t, t.bob)["history"];
    REQUIRE(history.size() == 3);
    CHECK(history[0]["turn"] == 1);
    CHECK(history[0]["units"].size() == 1);
    CHECK(history[1]["units"].size() == 1);
    CHECK(history[2]["units"].size() == 2);
    CHECK(history[1]["units"][0]["position"][1] == 20);
    CHECK(history[2]["units"][0]["position"][1].get<double>() == Approx(31).margin(1e-9));
    CHECK(battle_of(t, t.umpire)["history"][0]["units"].size() == 2);
    check_replay(t);
}

TEST_CASE("an ambush that opens fire shows itself first; the surprise test comes before the volley", "[battles][ambush]") {
    YearTable t;
    // The clan lies 5 cm in front of the 7th; with spot_cm 2 nobody comes upon it.
    create_battle(t, {cameron(25)}, json::array(), {{"spot_cm", 2}},
                  {{"id", 2}, {"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {50, 26}},
                   {"concealed", true}});
    play(t, no_action, {{"card", "order.fire"}, {"unit", 2}}, {});
    CHECK_FALSE(sees_marker(t, t.bob));
    // Turn 2, fire: the clan shows itself; the 7th (Kemp with them: +1) test for surprise: 4 + 1 = 5, OK.
    // Then the volley: Musketry 2 at 5 cm (range 4 + 2), "5,6" to inflict a TP (read by Musketry): 5 hits.
    // Reaction: the 7th "after each round of musketry": 4 + 1 = 5, one TP: OK. Tension: the 7th's rally
    // roll 6, more than Effectiveness 3: the TP stays.
    play(t, no_action, no_action, {4, 5, 4, 6});
    auto fire = lines_of(t, t.bob, 2, "fire");
    REQUIRE(fire.size() >= 3);
    CHECK(fire[0]["text"] == std::string("An ambush! ") + ambush_name + " open fire from cover.");
    CHECK(tp_of(t, 1) == 1);
    bool volley = false;
    for (const auto& l : lines_of(t, t.umpire, 2, "fire"))
        if (l["details"].contains("inflicted")) {
            volley = true;
            CHECK(l["details"]["die"] == 5);
        }
    CHECK(volley);
    check_replay(t);
}

TEST_CASE("the umpire reveals and conceals; a line about a concealed unit stays with its side", "[battles][ambush]") {
    YearTable t;
    create_battle(t, {cameron(80)});
    CHECK(battle_of(t, t.umpire)["conceals"] == true);  // Over the Hill's set-up offers ambushes
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "reveal"}, {"unit", 2}}) == "bad_request");  // no reason
    // An error must not confirm a hidden enemy is there: the same answer as for no unit at all.
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "order.fire"}, {"unit", 2}}) == "not_found");
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "order.fire"}, {"unit", 99}}) == "not_found");
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "tp"}, {"unit", 2}, {"value", 3}, {"reason", "a long march"}});
    CHECK_FALSE(sees_marker(t, t.bob));
    CHECK_FALSE(sees_marker(t, t.observer));
    CHECK(sees_marker(t, t.dave));
    // Revealed by the umpire: the 7th, 60 cm off and in clear sight, test for surprise (die 6: OK).
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "reveal"}, {"unit", 2}, {"reason", "pipes heard"}}, {6});
    CHECK(sees_marker(t, t.bob));
    CHECK(unit_of(battle_of(t, t.bob), 2)["name"] == ambush_name);
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "order.fire"}, {"unit", 2}}) == "forbidden");  // seen now
    // Revealing what is in sight, or hiding what is hidden, is refused and changes nothing.
    const auto seq = t.state.seq;
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "reveal"}, {"unit", 2}, {"reason", "again"}}) == "conflict");
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "reveal"}, {"leader", 2}, {"reason", "x"}}) == "conflict");
    CHECK(t.state.seq == seq);
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "conceal"}, {"unit", 2}, {"reason", "into the mist"}});
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "conceal"}, {"unit", 2}, {"reason", "again"}}) == "conflict");
    CHECK(unit_of(battle_of(t, t.bob), 2).is_null());
    CHECK(unit_of(battle_of(t, t.dave), 2)["concealed"] == true);
    check_replay(t);
}

TEST_CASE("terrain: a wood halves the pace, a river stops a unit at its bank, units stop against others",
          "[battles][ground]") {
    SECTION("a wood") {
        YearTable t;
        // over-the-hills.txt gives no terrain effects; terrain_movement (docs/rules-notes.md) halves the pace in
        // a wood. The 7th advance 8 + Drill = 11 cm: 5 to the wood's edge at y 25, the other 6 at half pace: 3.
        create_battle(t, {}, {wood_from(25, 100)});
        play(t, {{"card", "order.advance"}, {"unit", 1}}, no_action, {});
        play(t, no_action, no_action, {4});  // ordered to advance: 4 + 1 (Kemp), OK
        CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(28).margin(1e-9));
        // With the wood at full pace the umpire can have the book's plain rates.
        t.ok(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"terrain_movement", {{"wood", 1}}}}}});
        play(t, no_action, no_action, {});
        CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(39).margin(1e-9));
        CHECK(t.error(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"terrain_movement", {{"wood", 2}}}}}}) == "bad_request");
        CHECK(t.error(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"blocks_sight", "wood"}}}}) == "bad_request");
    }
    SECTION("a river, and a bridge") {
        YearTable t;
        json river = {{"kind", "river"}, {"shape", "polyline"}, {"points", {{0, 27}, {180, 27}}}, {"width", 2}};
        create_battle(t, {}, {river});
        play(t, {{"card", "order.advance"}, {"unit", 1}}, no_action, {});
        play(t, no_action, no_action, {4});
        CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(26).margin(1e-9));  // on the bank
        json bridge = {{"kind", "bridge"}, {"shape", "polyline"}, {"points", {{50, 20}, {50, 40}}}, {"width", 3}};
        t.ok(t.umpire, "battle.place", {{"battle", 1}, {"terrain", bridge}, {"reason", "the bridge at Falkirk"}});
        play(t, no_action, no_action, {});
        CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(37).margin(1e-9));
    }
    SECTION("a friend in the way") {
        YearTable t;
        // The 3rd Buffs stand 5 cm ahead (their rear edge at y 25): the 7th stop touching them.
        create_battle(t, {});
        t.ok(t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"id", 3}, {"side", "british"}, {"name", "3rd Buffs"},
                                                                  {"position", {50, 27}}, {"facing", 0}}},
                                        {"reason", "reinforcements"}});
        play(t, {{"card", "order.advance"}, {"unit", 1}}, no_action, {});
        play(t, no_action, no_action, {4});
        CHECK(umpire_unit(t, 1)["position"][1].get<double>() == Approx(25).margin(1e-6));
        check_replay(t);
    }
}

TEST_CASE("sight: resting out of sight of the enemy behind a wood; in clear sight the TPs stay", "[battles][ground]") {
    // over-the-hills.txt, "You remove TPs by: Resting out of sight of the enemy -1 per turn". The clan stands
    // 40 cm off (within sight_cm 60), openly; a wood between them blocks the line (blocks_sight).
    for (bool wood : {true, false}) {
        YearTable t;
        create_battle(t, {cameron(60, false)}, wood ? json::array({wood_from(35, 45)}) : json::array());
        t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "tp"}, {"unit", 1}, {"value", 2}, {"reason", "a long march"}});
        // Tension: the 7th's rally roll 6 (more than Effectiveness 3) removes nothing.
        play(t, no_action, no_action, {6});
        CHECK(tp_of(t, 1) == (wood ? 1 : 2));
    }
}

TEST_CASE("the battle's end: a closing line, the open turn's cards discarded unread, a last frame", "[battles][ground]") {
    YearTable t;
    create_battle(t, {cameron(80, false)});
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}});
    // Losses: 1d6 x 5 for each unit (over-the-hills.txt, "Overall Losses"): 2 and 3.
    t.ok(t.umpire, "battle.end", {{"battle", 1}}, {2, 3});
    const json b = battle_of(t, t.bob);
    CHECK(b["status"] == "ended");
    CHECK(b["boxes"]["cards"]["revealed"] == true);
    CHECK(b["boxes"]["cards"]["items"].empty());
    CHECK(b["log"].back()["text"] == "The battle ends.");
    REQUIRE(b["history"].size() == 2);
    CHECK(b["history"][1]["end"] == true);
    CHECK(b["losses"][0]["percent"] == 10);
    // The live view keeps of the ended battle what lists it and tells how it ended; the rest is in its record
    // (fetched on demand), which is the whole view's.
    const json live = view(t.state, t.bob)["battles"]["1"];
    CHECK(live["paged"] == true);
    CHECK(live["log"].empty());
    CHECK(live["history"].empty());
    CHECK(live["units"].empty());
    CHECK(live["leaders"].empty());
    CHECK(live["terrain"].empty());
    CHECK(live["boxes"].empty());
    CHECK_FALSE(live.contains("settings"));
    CHECK_FALSE(live.contains("hints"));
    CHECK_FALSE(b["units"].empty());
    CHECK(live["losses"].is_null());
    CHECK_FALSE(b["losses"].is_null());
    for (const char* k : {"name", "status", "turn", "sides", "viewer_side", "seed_sha256", "seed"})
        CHECK(live.value(k, json()) == b.value(k, json()));
    CHECK(battles::battle_record(t.state, t.bob, 1) == std::optional<json>(b));
    CHECK_FALSE(battles::battle_record(t.state, t.bob, 2));
    check_replay(t);
}

TEST_CASE("a battle's events patch the battles' section: light diff and appended lines give the whole view",
          "[battles][ground]") {
    // The server patches a battle's events from light sections and the log and history entries appended since
    // (server/app/hub.cpp), one patch for each event and one for a run of them (a turn's reveal and steps);
    // replaying an ambush battle's log, each such patch applied to the view before must give the view after,
    // for every viewer (hidden lines and frames included: they are filtered as in the whole view).
    YearTable t;
    create_battle(t, {cameron(40)}, {wood_from(35, 60)});
    play(t, {{"card", "order.advance"}, {"unit", 1}}, no_action, {});
    play(t, no_action, no_action, {4, 4});
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "tp"}, {"unit", 2}, {"value", 3}, {"reason", "a long march"}});
    t.ok(t.umpire, "battle.end", {{"battle", 1}}, {1, 1});
    // A second battle beside the ended one: its runs make and diff its own views alone, and still give the whole
    // view (the ended battle's stands as it was).
    const auto made = t.ok(t.umpire, "battle.create",
                           {{"name", "Prestonpans"},
                            {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
                            {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
                            {"units", {{{"side", "british"}, {"owner", t.bob.user}, {"name", "Lee's"}, {"position", {40, 20}}}}},
                            {"leaders", {{{"user", t.bob.user}, {"side", "british"}, {"name", "Colonel Kemp"}, {"position", {40, 19}}},
                                         {{"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {150, 110}}}}}});
    const auto second = made.at(0).body.at("battle").at("id").get<std::int64_t>();
    CHECK(second != 1);
    t.ok(t.umpire, "battle.start", {{"battle", second}});
    t.ok(t.bob, "card.play", {{"battle", second}, {"card", "no_action"}});
    for (bool runs : {false, true}) {
        CampaignState s;
        int patched = 0;
        for (std::size_t i = 0; i < t.log.size();) {
            std::size_t end = i + 1;
            if (!only_section_changed(t.log[i])) {
                campaign::apply(s, t.log[i]);
                i = end;
                continue;
            }
            while (runs && end < t.log.size() && only_section_changed(t.log[end])) ++end;
            const auto changed = battles_changed(std::span(t.log).subspan(i, end - i));
            std::vector<json> before;
            std::vector<SectionMark> marks;
            for (const auto& v : t.everyone()) before.push_back(view(s, v)), marks.push_back(mark_section(s, v, changed));
            for (; i < end; ++i) campaign::apply(s, t.log[i]);
            ++patched;
            auto viewers = t.everyone();
            for (std::size_t k = 0; k < viewers.size(); ++k)
                CHECK(before[k].patch(section_patch(marks[k], s, viewers[k], changed)) == view(s, viewers[k]));
        }
        CHECK(patched >= (runs ? 1 : 8));  // every event alone, then the whole battle as one run
    }
    CHECK_FALSE(only_section_changed(Event{0, "battle.ended", 0, 0, {{"battle", 1}}}));
    CHECK_FALSE(only_section_changed(Event{0, "chat.said", 0, 0, {{"text", "Hello"}}}));
}

TEST_CASE("the umpire rules a leader down: the units he is with see him fall", "[battles][ground]") {
    // over-the-hills.txt, "You get TPs for ... Seeing your leader killed/incapacitated".
    YearTable t;
    create_battle(t, {cameron(80, false)});
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "leader"}, {"leader", 1}, {"fate", 3}, {"reason", "x"}}) == "bad_request");
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "leader"}, {"leader", 1}, {"fate", "wounded"}, {"reason", "a stray ball"}});
    CHECK(tp_of(t, 1) == 1);
    CHECK(tp_of(t, 2) == 0);  // the clan is not his
    // Already down: ruling him killed now adds nothing.
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "leader"}, {"leader", 1}, {"fate", "killed"}, {"reason", "the wound"}});
    CHECK(tp_of(t, 1) == 1);
    check_replay(t);
}

TEST_CASE("a field of the wrong type anywhere in a battle command is a bad_request that changes nothing", "[battles][ground]") {
    YearTable t;
    create_battle(t, {cameron(80, false)});
    const auto seq = t.state.seq;
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "result"}, {"unit", 1}, {"result", 3}, {"reason", "x"}}) == "bad_request");
    CHECK(t.error(t.umpire, "battle.override", {{"battle", 1}, {"what", "reaction_test"}, {"unit", 1},
                                                 {"modifiers", {{"outnumbered", "yes"}}}, {"reason", "x"}}) == "bad_request");
    CHECK(t.state.seq == seq);
}

TEST_CASE("an umpire's result on an ambush: its friends' lines do not name it to the enemy", "[battles][ambush]") {
    YearTable t;
    // The hidden clan, and the Manchesters openly beside it (touching its flank, within adjacent_cm).
    json manchesters = {{"id", 3}, {"side", "jacobite"}, {"name", "Manchester Regiment"}, {"position", {66, 80}}, {"facing", 180}};
    create_battle(t, {cameron(80), manchesters});
    // "Run Away (take 1 TP)"; "Each adjacent friendly unit running away": the Manchesters take a TP.
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "result"}, {"unit", 2}, {"result", "RA"}, {"reason", "panic"}});
    CHECK(tp_of(t, 3) == 1);
    CHECK(says(lines_of(t, t.dave, 1, "cards"), std::string("Manchester Regiment see ") + ambush_name + " run away."));
    for (const auto& v : {t.bob, t.carol, t.observer}) CHECK_FALSE(sees_marker(t, v));
}

TEST_CASE("terrain features given without ids are numbered after the others; two with one id are refused", "[battles][ground]") {
    YearTable t;
    json given = wood_from(35, 45);
    given["id"] = 2;
    create_battle(t, {}, {given, wood_from(50, 60)});
    const json terrain = battle_of(t, t.umpire)["terrain"];
    REQUIRE(terrain.size() == 2);
    CHECK(terrain[0]["id"] == 2);
    CHECK(terrain[1]["id"] == 3);
    json twice = wood_from(70, 80);
    twice["id"] = 2;
    CHECK(t.error(t.umpire, "battle.create", {{"name", "x"}, {"sides", {{{"id", "a"}}, {{"id", "b"}}}},
                                               {"terrain", {given, twice}}}) == "bad_request");
}
