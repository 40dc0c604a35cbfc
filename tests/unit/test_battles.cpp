// Over the Hill battles in a campaign (shared/campaign/battles.h): commands, the turn sequence, talk between
// adjacent leaders, hidden information, losses applied to the campaign's regiments, replay. Scripted dice;
// each rule cites over-the-hills.txt.
#include "rulesets/cmwd/cmwd_table.h"
#include "rulesets/lfas/lfas_table.h"
#include "rulesets/reivers/raid_table.h"
#include "test_battle_table.h"

using namespace year_test;

namespace {

constexpr const char* clan_secret = "CLAN-SECRET-VALUE-8731";

// Bob's 7th (unit 2) and Carol's 12th (unit 3) for the British; Dave's clan (unit 1, irregulars, umpire's
// ratings D2 M4 E2) for the Jacobites, 12 cm in front of the 7th. Leaders stand in their units.
void set_up(YearTable& t, bool auto_run) {
    t.ready();
    for (auto [who, d, m, e] : {std::tuple{t.bob, 3, 3, 3}, std::tuple{t.carol, 2, 2, 4}}) {
        t.ok(t.umpire, "colonel.adjust", {{"colonel", who.user}, {"field", "drill"}, {"value", d}, {"reason", "drilled"}});
        t.ok(t.umpire, "colonel.adjust", {{"colonel", who.user}, {"field", "musketry"}, {"value", m}, {"reason", "drilled"}});
        t.ok(t.umpire, "colonel.adjust", {{"colonel", who.user}, {"field", "effectiveness"}, {"value", e}, {"reason", "drilled"}});
    }
    t.ok(t.umpire, "battle.create",
         {{"name", "Clifton Moor"},
          {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
          {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
          {"units", {{{"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Clan Donald"}, {"troop_type", "irregulars"},
                      {"position", {50, 52}}, {"facing", 180},
                      {"values", {{"drill", 2}, {"musketry", 4}, {"effectiveness", 2}, {"note", clan_secret}}}}}},
          {"leaders", {{{"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {50, 53}}}}},
          {"from_regiments", {{{"colonel", t.bob.user}, {"side", "british"}, {"position", {50, 40}}},
                              {{"colonel", t.carol.user}, {"side", "british"}, {"position", {80, 40}}}}},
          {"settings", {{"auto_run", auto_run}}}});
}


}  // namespace

TEST_CASE("a battle from the campaign's regiments: current ratings, four bases, leaders; NPB D2:M2:E2", "[battles]") {
    YearTable t;
    set_up(t, true);
    auto b = battle_of(t, t.umpire);
    CHECK(b["status"] == "setup");
    auto seventh = unit_of(b, 2);
    CHECK(seventh["owner"] == t.bob.user);
    CHECK(seventh["bases"] == 4);
    CHECK(seventh["values"]["drill"] == 3);
    CHECK(seventh["values"]["musketry"] == 3);
    CHECK(seventh["values"]["effectiveness"] == 3);
    CHECK(b["leaders"].size() == 3);  // Lord George, and Kemp and Dartington for their regiments
    // over-the-hills.txt, "Regimental Characteristics": "A typical non-played battalion (NPB) will have the
    // ratings D2 : M2 : E2."
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"side", "jacobite"}, {"name", "French pickets"}, {"position", {150, 100}}}}});
    auto npb = umpire_unit(t, 4);
    CHECK(npb["values"]["drill"] == 2);
    CHECK(npb["values"]["musketry"] == 2);
    CHECK(npb["values"]["effectiveness"] == 2);
    t.ok(t.umpire, "battle.remove", {{"battle", 1}, {"unit", 4}});
    CHECK(umpire_unit(t, 4).is_null());
    // A piece named by an id that is not a number is refused, not merged (nor a crash).
    CHECK(t.error(t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"id", "two"}, {"position", {60, 60}}}}}) == "bad_request");
    CHECK(t.error(t.umpire, "battle.place", {{"battle", 1}, {"leader", {{"id", 1.5}, {"position", {60, 60}}}}}) == "bad_request");
    CHECK(t.error(t.bob, "battle.create", {{"name", "x"}, {"sides", json::array()}}) == "forbidden");
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}}) == "wrong_phase");
}

TEST_CASE("talk: refused when not adjacent, refused without the Talk card, delivered to the two and umpires", "[battles]") {
    YearTable t;
    set_up(t, true);
    // Kemp rides next to Dartington before the battle starts (set-up editor).
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"leader", {{"id", 2}, {"position", {78, 39}}}}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    // over-the-hills.txt, "1. Talk to other leaders": "those involved have to have their leader figures next to
    // each other to be able to talk". Adjacent, but no one has played Talk yet.
    CHECK(t.error(t.carol, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", "psst"}}) == "no_talk_card");
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "talk"}, {"leader", 3}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "no_action"}});  // all played: the turn resolves
    CHECK(battle_of(t, t.umpire)["turn"] == 2);
    const std::string marker = "TALK-MARKER-5521";
    t.ok(t.carol, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", marker}});
    t.ok(t.bob, "talk.say", {{"battle", 1}, {"to", t.carol.user}, {"text", "agreed"}});
    // Lord George is far away: refused, and nothing delivered.
    CHECK(t.error(t.dave, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", "DAVE-SAYS-1"}}) == "not_adjacent");
    // Brought next to Kemp by the umpire, he still played no Talk card.
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "move"}, {"leader", 1}, {"position", {77, 39}}, {"reason", "parley"}});
    CHECK(t.error(t.dave, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", "DAVE-SAYS-2"}}) == "no_talk_card");
    CHECK(t.error(t.observer, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", "x"}}) == "forbidden");
    for (const auto& v : {t.umpire, t.bob, t.carol}) CHECK(view(t.state, v).dump().find(marker) != std::string::npos);
    for (const auto& v : {t.dave, t.observer, t.stranger}) CHECK(view(t.state, v).dump().find(marker) == std::string::npos);
    for (const auto& v : t.everyone()) CHECK(view(t.state, v).dump().find("DAVE-SAYS") == std::string::npos);
}

TEST_CASE("talk: two leaders who each play Talk to the other open one channel, named once", "[battles]") {
    YearTable t;
    set_up(t, true);
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"leader", {{"id", 2}, {"position", {78, 39}}}}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "talk"}, {"leader", 3}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "talk"}, {"leader", 2}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "no_action"}});
    CHECK(battle_of(t, t.umpire)["channels"].size() == 1);
    CHECK(battle_of(t, t.bob)["channels"].size() == 1);
    t.ok(t.carol, "talk.say", {{"battle", 1}, {"to", t.bob.user}, {"text", "one channel"}});
}

TEST_CASE("cards are hidden until the reveal; enemy ratings and TPs are hidden", "[battles]") {
    YearTable t;
    set_up(t, false);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    // A move to a unique point: the card's only trace.
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "move"}, {"to", {61.234567, 45.5}}});
    const std::string marker = "61.234567";
    for (const auto& v : {t.carol, t.dave, t.observer, t.stranger}) CHECK(view(t.state, v).dump().find(marker) == std::string::npos);
    for (const auto& v : {t.umpire, t.bob}) CHECK(view(t.state, v).dump().find(marker) != std::string::npos);
    CHECK(battle_of(t, t.carol)["boxes"]["cards"]["submitted"] == json::array({t.bob.user}));
    t.ok(t.umpire, "battle.close_turn", {{"battle", 1}});
    for (const auto& v : {t.carol, t.dave, t.observer}) CHECK(view(t.state, v).dump().find(marker) != std::string::npos);

    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "tp"}, {"unit", 1}, {"value", 7}, {"reason", "test"}});
    for (const auto& v : {t.bob, t.carol, t.observer}) {
        auto clan = unit_of(battle_of(t, v), 1);
        CHECK(clan["values"].empty());
        CHECK(clan["markers"].empty());
        CHECK(clan["troop_type"] == "irregulars");
        CHECK(view(t.state, v).dump().find(clan_secret) == std::string::npos);
    }
    for (const auto& v : {t.umpire, t.dave}) {
        CHECK(unit_of(battle_of(t, v), 1)["markers"]["tension_points"] == 7);
        CHECK(view(t.state, v).dump().find(clan_secret) != std::string::npos);
    }
}

TEST_CASE("a scripted battle: two turns step by step, losses applied to the campaign's regiments, replay", "[battles]") {
    YearTable t;
    set_up(t, false);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    // The table chat is closed to the battle's players while it is fought (the setting chat_closed, docs/protocol.md).
    CHECK(t.error(t.bob, "chat.say", {{"text", "hello"}}) == "forbidden");
    CHECK(t.error(t.dave, "chat.say", {{"text", "hello"}}) == "forbidden");
    t.ok(t.umpire, "chat.say", {{"text", "the umpire may"}});
    t.ok(t.observer, "chat.say", {{"text", "so may an observer"}});

    // Turn 1. over-the-hills.txt, "Command & Control": "Leaders can only give orders to troops they are
    // actually with": Kemp is not with the 12th.
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "order.advance"}, {"unit", 3}}) == "not_with_unit");
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "move"}, {"to", {50, 100}}}) == "too_far");
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "order.advance"}, {"unit", 2}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "order.fire"}, {"unit", 1}});  // all played: revealed
    auto b = battle_of(t, t.umpire);
    CHECK(b["status"] == "resolving");
    CHECK(b["next_step"] == "orders");
    CHECK(battle_of(t, t.carol)["boxes"]["cards"]["items"].size() == 3);  // revealed to all
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}}) == "wrong_phase");

    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // orders
    // "It takes one turn for a unit to digest a new order."
    CHECK(umpire_unit(t, 2)["pending_order"]["name"] == "advance");
    CHECK(umpire_unit(t, 2)["pending_order"]["digest"] == 1);
    CHECK(umpire_unit(t, 2)["order"].is_null());
    for (int i = 0; i < 5; ++i) t.ok(t.umpire, "battle.step", {{"battle", 1}});  // nothing to move, fire or test
    CHECK(umpire_unit(t, 2)["position"] == json::array({50.0, 40.0}));
    CHECK(umpire_unit(t, 2)["order"]["name"] == "advance");  // digested at the end of turn 1
    // The enemy does not see a digesting or an advancing order; it sees a unit firing.
    CHECK(unit_of(battle_of(t, t.dave), 2).count("order") == 0);
    CHECK(unit_of(battle_of(t, t.bob), 1)["order"]["name"] == "fire");
    b = battle_of(t, t.umpire);
    CHECK(b["turn"] == 2);
    CHECK(b["status"] == "cards");

    // Turn 2.
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // orders: none
    // Movement. "A Reaction Test is taken when ... 2. Ordered to advance/charge": Kemp is with the 7th
    // ("Leader with the unit +1"): 3 + 1 = 4, no TPs: OK on the REGULAR INFANTRY TABLE.
    // Then ADVANCE: "Move forward until within effective shooting distance": 12 cm apart, range 4 + 3 = 7,
    // so 5 cm of the 8 + 3 allowed ("Forward movement (keeping formation)* 8 + DRI cm").
    auto step = t.ok(t.umpire, "battle.step", {{"battle", 1}}, {3});
    CHECK(step[0].body["step"] == "movement");
    CHECK(umpire_unit(t, 2)["position"] == json::array({50.0, 45.0}));
    // Fire. The clan (Musketry 4) fires at 7 cm: "firing range of 4+ MUS centimetres"; the table read by
    // Musketry 4 needs "4,5,6": a 5 inflicts a TP. "+10 for each turn of musketry it received".
    t.ok(t.umpire, "battle.step", {{"battle", 1}}, {5});
    CHECK(umpire_unit(t, 2)["markers"]["tension_points"] == 1);
    CHECK(battle_of(t, t.umpire)["tallies"]["2"]["turns_of_musketry_received"] == 1);
    // Reaction: "A reaction test must be taken after each round of musketry": Kemp is 4 cm behind the 7th now
    // (not with it), no modifier: a 1 with 1 TP reads NA ("No advance closer to the enemy"): the advance stops.
    t.ok(t.umpire, "battle.step", {{"battle", 1}}, {1});
    CHECK(umpire_unit(t, 2)["order"].is_null());
    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // melee: none in contact
    // Tension: "Roll 1d6 and score Regimental Effectiveness or less": a 6 against Effectiveness 3 keeps the TP.
    t.ok(t.umpire, "battle.step", {{"battle", 1}}, {6});
    CHECK(umpire_unit(t, 2)["markers"]["tension_points"] == 1);
    CHECK(battle_of(t, t.umpire)["turn"] == 3);
    // Bob sees his own TPs and the rolls of his own tests; Dave sees neither.
    CHECK(unit_of(battle_of(t, t.bob), 2)["markers"]["tension_points"] == 1);
    CHECK(unit_of(battle_of(t, t.dave), 2)["markers"].empty());
    bool bob_sees_roll = false, dave_sees_roll = false;
    const json bob_battle = battle_of(t, t.bob), dave_battle = battle_of(t, t.dave);
    for (const auto& l : bob_battle["log"]) bob_sees_roll |= l["details"].value("test", "") == "under musketry";
    for (const auto& l : dave_battle["log"]) dave_sees_roll |= l["details"].value("test", "") == "under musketry";
    CHECK(bob_sees_roll);
    CHECK_FALSE(dave_sees_roll);

    // The umpire's override: the 12th ran away twice (a reason in the log).
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "record"}, {"unit", 3}, {"times_ran_away", 2}, {"reason", "routed off table"}});
    // The end: over-the-hills.txt, "Overall Losses": "roll 1d6 x 5 +15 for each time the regiment ran away +10 for
    // each turn of musketry it received". Clan: 1 -> 5%. 7th: 4 x 5 + 10 = 30%: 3 of 10 companies.
    // 12th: 5 x 5 + 2 x 15 = 55%: 6 of 10 companies; "The Regiment": "Any regiment that loses half its strength
    // or more ... automatically drops one point on all attributes": D2 M2 E4 -> 1 1 3.
    t.ok(t.umpire, "battle.end", {{"battle", 1}}, {1, 4, 5});
    CHECK(battle_of(t, t.observer)["losses"].empty());  // each side its own rows; an observer has no side
    b = battle_of(t, t.umpire);
    CHECK(b["status"] == "ended");
    CHECK(b["losses"][0]["percent"] == 5);
    CHECK(b["losses"][1]["percent"] == 30);
    CHECK(b["losses"][2]["percent"] == 55);
    // over-the-hills.txt, "Records": "45th Regt 2 2 3 3 5,6".
    CHECK(b["records"][1]["musketry_to_inflict"] == "4,5,6");
    CHECK(b["records"][2]["average"] == 3);
    CHECK(b["records"][2]["losses"] == 55);
    const auto& seventh = *t.state.year.colonels.at(t.bob.user).regiment;
    CHECK(seventh.companies == 7);
    CHECK(seventh.drill == 3);
    const auto& twelfth = *t.state.year.colonels.at(t.carol.user).regiment;
    CHECK(twelfth.companies == 4);
    CHECK(twelfth.drill == 1);
    CHECK(twelfth.musketry == 1);
    CHECK(twelfth.effectiveness == 3);
    t.ok(t.bob, "chat.say", {{"text", "the chat is open again"}});

    // Replaying the log rebuilds the same views for everyone.
    CampaignState again;
    for (const auto& e : t.log) campaign::apply(again, e);
    for (const auto& v : t.everyone()) CHECK(view(again, v).dump() == view(t.state, v).dump());
}

// docs/protocol.md, "battle.step": the umpire's "dice" stand for the step's own throws. A step that throws none
// (Over the Hill's orders step) refuses any, and a step given more than it throws refuses the extra, as a face the
// die does not have is refused: bad_request, nothing changed.
TEST_CASE("battle.step: dice a step does not throw are refused, nothing changed", "[battles][umpire]") {
    YearTable t;
    set_up(t, false);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "order.advance"}, {"unit", 2}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "order.fire"}, {"unit", 1}});
    REQUIRE(battle_of(t, t.umpire)["next_step"] == "orders");
    const std::string before = battle_of(t, t.umpire).dump();
    const std::size_t events = t.log.size();
    std::string why;
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"dice", {7}}}, &why) == "bad_request");
    CHECK(why == "dice: the step \"orders\" throws no dice; 1 was given. Nothing was changed.");
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"dice", {3}}}, &why) == "bad_request");
    CHECK(t.log.size() == events);
    CHECK(battle_of(t, t.umpire).dump() == before);
    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // orders, with no dice
    CHECK(battle_of(t, t.umpire)["next_step"] == "movement");
    for (int i = 0; i < 5; ++i) t.ok(t.umpire, "battle.step", {{"battle", 1}});  // the rest of turn 1
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.umpire, "battle.step", {{"battle", 1}});  // orders: none
    // Movement throws one die, the 7th's reaction test to its advance: a second face is refused, nothing changed.
    REQUIRE(battle_of(t, t.umpire)["next_step"] == "movement");
    const std::string at_movement = battle_of(t, t.umpire).dump();
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"dice", {3, 4}}}, &why) == "bad_request");
    CHECK(why == "dice: the step \"movement\" throws 1 die here; 2 were given. Nothing was changed.");
    CHECK(battle_of(t, t.umpire).dump() == at_movement);
    // The one face it throws is taken.
    auto step = t.ok(t.umpire, "battle.step", {{"battle", 1}, {"dice", {3}}});
    CHECK(step[0].body["step"] == "movement");
    CHECK(umpire_unit(t, 2)["position"] == json::array({50.0, 45.0}));
    REQUIRE(step[0].dice.size() == 1);
    CHECK(step[0].dice[0]["umpire"] == true);
    // A face beyond the die's own is refused as before.
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"dice", {7}}}, &why) == "bad_request");
    CHECK(why == "dice: die 1 is thrown as a d6: 7 is not one of its faces. Nothing was changed.");
}

TEST_CASE("the turn timer closes the turn as the umpire's clock", "[battles]") {
    YearTable t;
    set_up(t, true);
    t.ok(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"turn_seconds", 30}}}});
    CHECK_FALSE(muster::campaign::next_alarm(t.state).has_value());  // no clock before the battle starts
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    const auto deadline = t.now + 30'000;
    REQUIRE(muster::campaign::next_alarm(t.state) == deadline);
    auto command = muster::campaign::alarm_command(t.state, deadline);
    CHECK(command.type == "battle.close_turn");
    CHECK(command.body["battle"] == 1);
    // Nobody played a card: the clock closes the turn all the same, and the next turn gets its own clock.
    t.now = deadline;
    ScriptedDice dice({6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6});
    auto d = t.run(server_clock(), command.type, command.body, dice);
    REQUIRE(std::holds_alternative<std::vector<Event>>(d));
    t.commit(std::get<std::vector<Event>>(d));
    CHECK(battle_of(t, t.umpire)["turn"] == 2);
    CHECK(muster::campaign::next_alarm(t.state) == deadline + 30'000);
    // A player may not close the turn himself.
    CHECK(t.error(t.bob, "battle.close_turn", {{"battle", 1}}) == "forbidden");
}

// A campaign's regiment fought under the other books (docs/protocol.md battle.end): "a unit raised from a regiment
// loses that share of its companies", so each book's end gives the share (`percent`) its way.

namespace {

int regiment_companies(year_test::YearTable& t, const year_test::Viewer& colonel) {
    return t.state.year.colonels.at(colonel.user).regiment->companies;
}

// The unit a colonel's regiment came as (its owner).
std::int64_t regiment_unit_of(const json& battle, const year_test::Viewer& colonel) {
    for (const auto& u : battle["units"])
        if (u.value("owner", std::int64_t{0}) == colonel.user) return u["id"].get<std::int64_t>();
    FAIL("no regiment of " << colonel.name);
    return 0;
}

json regiment_loss_of(const json& battle, std::int64_t unit) {
    for (const auto& l : battle["losses"])
        if (l["unit"] == unit) return l;
    return nullptr;
}

}  // namespace

TEST_CASE("regiment losses, Loose Files: companies lost to casualties are the regiment's share", "[battles][lfas]") {
    lfas_test::LfasField f;
    f.unit("americans", "Guns", "artillery", 20, 20, 180, {{"class", 3}, {"gun", "field"}}, 2);
    json body = f.create_body();
    body["from_regiments"] = {{{"colonel", f.t.carol.user}, {"side", "british"}, {"position", {20, 12}}}};
    f.t.ok(f.t.umpire, "battle.create", body);
    f.start({6, 6, 3});  // the two commanders-in-chief and Carol's brigadier
    const auto regiment = regiment_unit_of(f.umpire(), f.t.carol);
    const int before = regiment_companies(f.t, f.t.carol);
    REQUIRE(before == 10);
    f.orders(f.t.bob, json::object());
    f.orders(f.t.carol, json::object());
    // loose-files-american-scramble.txt: two guns at 8" ("short under 10"") roll 6 and 6: "6+ 1 DP and 1 casualty"
    // each; "Loss of one 'casualty': Remove one company": 2 of the regiment's 4 bases. Its colonel stands with it
    // and rolls for his risk (4: unhurt); then the next turn's command points.
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", regiment}}}}}, {6, 6, 4, 3, 3, 3});
    CHECK(unit_of(f.umpire(), regiment)["bases"] == 2);
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    const json line = regiment_loss_of(f.umpire(), regiment);
    CHECK(line["percent"] == 50);
    // docs/protocol.md, battle.end: "a unit raised from a regiment loses that share of its companies"; over-the-hills.txt,
    // "The Regiment": "Any regiment that loses half its strength or more ... drops one point on all attributes".
    CHECK(line["before"] == 10);
    CHECK(line["after"] == 5);
    CHECK(regiment_companies(f.t, f.t.carol) == 5);
    CHECK(line["halved"] == true);
}

TEST_CASE("regiment losses, Chosen Men: a broken or shaken base costs its regiment the setting's share", "[battles][cmwd]") {
    cmwd_test::CmwdField f;
    f.general("british", "Bennington", "campaign", f.t.bob.user, 10, 10);
    f.general("french", "d'Hautfront", "P", f.t.dave.user, 10, 100);
    f.base("french", "P", "infantry", "P", 60, 100, 180);
    json body = f.create_body();
    body["from_regiments"] = {{{"colonel", f.t.bob.user}, {"side", "british"}, {"position", {60, 20}}},
                              {{"colonel", f.t.carol.user}, {"side", "british"}, {"position", {80, 20}}}};
    f.t.ok(f.t.umpire, "battle.create", body);
    f.start();
    const auto bobs = regiment_unit_of(f.umpire(), f.t.bob), carols = regiment_unit_of(f.umpire(), f.t.carol);
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "marker"}, {"unit", bobs}, {"marker", "broken"}, {"value", 1}, {"reason", "broken by fire"}});
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "marker"}, {"unit", carols}, {"marker", "shaken"}, {"value", 2}, {"reason", "two recoils"}});
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    // The book prints no losses (a base is 300 to 500 men and never loses any): the setting regiment_losses,
    // broken 50%, shaken 10% a level (docs/rules-notes.md, "Chosen Men, Well Disposed").
    CHECK(regiment_companies(f.t, f.t.bob) == 5);
    CHECK(regiment_companies(f.t, f.t.carol) == 8);
    CHECK(regiment_loss_of(f.umpire(), bobs)["percent"] == 50);
    CHECK(regiment_loss_of(f.umpire(), carols)["percent"] == 20);
}

TEST_CASE("regiment losses, Border Reivers: a name destroyed or fleeing costs its regiment the setting's share", "[battles][reivers]") {
    reivers_test::Raid f;
    f.name("b", "Grahams", "rider", true, 1300, 800, 180);
    f.from_regiments = {{{"colonel", f.t.bob.user}, {"side", "a"}, {"position", {500, 250}}},
                        {{"colonel", f.t.carol.user}, {"side", "a"}, {"position", {900, 150}}}};
    f.create();
    f.start();
    const auto bobs = regiment_unit_of(f.umpire(), f.t.bob), carols = regiment_unit_of(f.umpire(), f.t.carol);
    const auto grahams = f.id("Grahams");
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "marker"}, {"unit", bobs}, {"marker", "destroyed"}, {"value", 1}, {"reason", "cut down in the melee"}});
    f.t.ok(f.t.umpire, "battle.override", {{"battle", 1}, {"what", "marker"}, {"unit", carols}, {"marker", "fleeing"}, {"value", 1}, {"reason", "routed"}});
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    // border-reivers.txt counts no men lost ("Loser flees", "in which case destroyed"): the setting regiment_losses,
    // destroyed 50%, fleeing 10% (docs/rules-notes.md, "Border Reivers").
    CHECK(regiment_loss_of(f.umpire(), bobs)["state"] == "destroyed");
    CHECK(regiment_loss_of(f.umpire(), bobs)["percent"] == 50);
    CHECK(regiment_loss_of(f.umpire(), carols)["percent"] == 10);
    CHECK(regiment_companies(f.t, f.t.bob) == 5);
    CHECK(regiment_companies(f.t, f.t.carol) == 9);
    CHECK(regiment_loss_of(f.umpire(), grahams)["percent"] == 0);
}
