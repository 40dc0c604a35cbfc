// A Loose Files turn through its seven phases with scripted dice (loose-files-american-scramble.txt, "ORDER OF PLAY
// IN A TURN (ALL MOVEMENT IS SIMULTANEOUS)"), the sealed orders, combat with every modifier, a rout and replay; the
// umpire's change to a commander's points.
#include "rulesets/lfas/lfas_table.h"
#include "shared/battle/geometry.h"

using namespace lfas_test;

namespace {

// Grenadiers 8" from the militia (musket range); the dragoons beside Sir William; the American guns 20" off.
struct Opening : LfasField {
    Opening() {
        unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}, {"regular", true}, {"kind", "regular"}});
        unit("british", "Dragoons", "cavalry", 32, 12, 0, {{"class", 2}});
        unit("americans", "Militia", "infantry", 20, 20, 180, {{"class", 4}, {"kind", "militia"}});
        unit("americans", "Guns", "artillery", 40, 30, 180, {{"class", 3}, {"gun", "field"}});
        create();
        start({6, 6});  // "Commander-in-chief CPs = Average Dice + 1": a 6 reads 5 on the average die, 6 points
    }
};

}  // namespace

TEST_CASE("lfas turn: command points are rolled, each side's its own; orders are sealed until both are in", "[lfas]") {
    Opening f;
    CHECK(f.of(f.t.bob)["lfas"]["cp"][std::to_string(f.leader("Sir William"))]["points"] == 6);
    CHECK(f.of(f.t.bob)["lfas"]["cp"].size() == 1);  // not General Greene's
    CHECK(f.of(f.t.observer)["lfas"]["cp"].empty());
    const json hint = f.of(f.t.bob)["lfas"]["units"][std::to_string(f.id("Dragoons"))];
    CHECK(hint["av"] == json::array({1, 2}));  // 2nd Class: one or two average dice
    CHECK(hint["d6"] == json::array({0, 2}));  // "cavalry one or two d6"
    CHECK(hint["dp_chance"]["d6"] == Approx(2.0 / 6));
    f.orders(f.t.bob, {{"fire", {{{"unit", f.id("Grenadiers")}, {"target", f.id("Militia")}}}},
                       {"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                       {"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 1}, {"to", {32, 18}}}}}});
    const json dave_box = f.of(f.t.dave)["boxes"]["orders"];
    CHECK(dave_box["items"].empty());  // the British orders are not his to read
    CHECK(view(f.t.state, f.t.dave).dump().find("[32,18]") == std::string::npos);
}

TEST_CASE("lfas turn: fire, command, movement, re-dress and the next turn's points, with the book's numbers", "[lfas]") {
    Opening f;
    f.orders(f.t.bob, {{"fire", {{{"unit", f.id("Grenadiers")}, {"target", f.id("Militia")}}}},
                       {"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                       {"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 1}, {"to", {32, 18}}}}}});
    // Phase 3: the Grenadiers' 4 companies roll 6 6 3 1 (2 DP); the gun rolls 4 at long range (1 DP), Sir William by
    // the Dragoons rolls 3 for his risk. Phase 5: the Dragoons roll an average 4 and a d6 2 (a DP). Next turn's
    // points: 5 (4 + 1) and 3 (2 + 1).
    // The militia is 20" from General Greene, beyond his 6": he gives it no order (test_lfas_command_range.cpp).
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", f.id("Dragoons")}}}}}, {6, 6, 3, 1, 4, 3, 4, 2, 5, 1});
    const json fire = f.tests("fire").at(0);
    CHECK(fire["dice"] == 4);
    CHECK(fire["faces"] == json::array({6, 6, 3, 1}));
    CHECK(fire["hits"] == 2);  // "Each 6 inflicts 1 DP"
    CHECK(f.marker("Militia", "dp") == 2);
    const json gun = f.tests("artillery").at(0);
    CHECK(gun["range"] == "long");
    CHECK(gun["dps"] == 1);  // "At long range inflict 1 DP for final total of 4 or over."
    CHECK(f.tests("general").at(0)["result"] == "");
    // Phase 4: the Dragoons are within 6" of Sir William.
    CHECK(f.log_of(f.t.bob).find("Sir William orders Dragoons.") != std::string::npos);
    // Phase 5: "take 1 DP for each 1 or 2 rolled"; 6" forward.
    const json move = f.tests("movement").at(0);
    CHECK(move["inches"] == 6);
    CHECK(move["dps"] == 1);
    CHECK(f.unit_now("Dragoons")["position"][1] == Approx(18));
    CHECK(f.marker("Dragoons", "dp") == 2);
    CHECK(f.marker("Dragoons", "speed") == 2);
    CHECK(f.of(f.t.bob)["turn"] == 2);
    CHECK(f.of(f.t.bob)["lfas"]["cp"][std::to_string(f.leader("Sir William"))]["points"] == 5);
    CHECK(f.of(f.t.dave)["lfas"]["cp"][std::to_string(f.leader("General Greene"))]["points"] == 3);
    check_replay(f.t);
}

TEST_CASE("lfas turn: a bayonet charge from within musket range: defensive fire, combat's every modifier, a rout", "[lfas]") {
    LfasField f;
    f.bob_at = {20, 10};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 16, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Grenadiers")}}}}},
                       {"move", {{{"unit", f.id("Grenadiers")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Militia")}, {"bayonet", true}}}}});
    // Movement: average dice 3 and 4 (no DP). Defensive fire: 6 2 2 2 (1 DP). Combat: the Grenadiers' average die
    // 4 (a d6 5), the militia's 3 (a d6 2). Next turn's points: 3 and 3.
    f.orders(f.t.dave, json::object(), {3, 4, 6, 2, 2, 2, 5, 2, 1, 1});
    const json c = f.tests("combat").at(0);
    std::vector<std::string> factors;
    for (const auto& x : c["attackers"]["factors"]) factors.push_back(x["why"].get<std::string>() + " " + std::to_string(x["value"].get<int>()));
    // "-2 per DP", "+3 per training grade above the opponent" (1st against 4th), "bayonet attack for +2"
    CHECK(factors == std::vector<std::string>{"Grenadiers DPs -2", "training 9", "bayonet attack 2"});
    CHECK(c["attackers"]["dice"] == json::array({4}));
    CHECK(c["attackers"]["total"] == 13);
    CHECK(c["defender"]["total"] == 3);
    CHECK(c["margin"] == 10);
    CHECK(c["attacker_result"] == "easy victory");
    CHECK(c["defender_result"] == "routed");  // "-9 or worse routed"
    CHECK(f.marker("Grenadiers", "dp") == 2);  // 1 from the defensive fire, 1 for the easy victory ("Take 1 DP")
    CHECK(f.marker("Militia", "dp") == 3);
    CHECK(f.marker("Militia", "casualties") == 2);
    CHECK(f.unit_now("Militia")["bases"] == 2);  // "Remove one company (three figures) of infantry" per casualty
    CHECK(f.unit_now("Militia")["position"][1] == Approx(16 + 24));  // routed: rout_inches away
    check_replay(f.t);
}

TEST_CASE("lfas orders: refused as a whole with the entry named; nothing changes", "[lfas]") {
    Opening f;
    std::string why;
    CHECK(f.refused(f.t.bob, {{"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 1}, {"to", {32, 18}}}}}}, &why) == "no_order");
    CHECK(why == "Move 1: Dragoons has no order: give one (1 CP, within 6\") or write one a turn ahead.");
    CHECK(f.refused(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                              {"move", {{{"unit", f.id("Dragoons")}, {"av", 3}, {"d6", 0}, {"to", {32, 18}}}}}}, &why) == "bad_request");
    CHECK(why == "Move 1: Dragoons rolls 1-2 average dice and 0-2 d6.");
    CHECK(f.refused(f.t.bob, {{"command", {{{"spend", "move"}, {"dice", 4}, {"to", {1, 1}}}, {{"spend", "inspire"}, {"unit", f.id("Dragoons")}}}}}, &why) ==
          "no_points");
    CHECK(why == "Sir William has 6 command points; these cost 7.");
    CHECK(f.refused(f.t.bob, {{"fire", {{{"unit", f.id("Dragoons")}, {"target", f.id("Militia")}}}}}) == "out_of_range");
    CHECK(f.refused(f.t.bob, {{"fire", {{{"unit", f.id("Militia")}, {"target", f.id("Grenadiers")}}}}}) == "not_found");
    CHECK(f.refused(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                              {"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 0}, {"charge", f.id("Militia")}}}}}, &why) == "bad_request");
    CHECK(why == "Move 1: cavalry closing to contact must roll at least three dice.");
    // (The Grenadiers are 8" from Sir William, beyond his 6": the order is the Dragoons', the move refused for fire.)
    CHECK(f.refused(f.t.bob, {{"fire", {{{"unit", f.id("Grenadiers")}, {"target", f.id("Militia")}}}},
                              {"command", {{{"spend", "order"}, {"units", {f.id("Dragoons")}}}}},
                              {"move", {{{"unit", f.id("Grenadiers")}, {"av", 1}, {"d6", 0}, {"to", {20, 14}}}}}}, &why) == "bad_request");
    CHECK(why == "Move 1: Grenadiers fires this turn; only skirmishers fire and move.");
    CHECK(f.refused(f.t.bob, {{"fire", "all"}}) == "bad_request");
    CHECK(f.refused(f.t.bob, {{"move", {7}}}, &why) == "bad_request");  // an entry that is not an object
    CHECK(why == "\"move\" is a list of objects; entry 1 is not one.");
}

TEST_CASE("lfas override cp: the line and the umpire's reason go to the commander's side only", "[lfas]") {
    Opening f;
    f.t.ok(f.t.umpire, "battle.override",
           {{"battle", 1}, {"what", "cp"}, {"leader", f.leader("Sir William")}, {"value", 3}, {"reason", "A-LOST-MESSENGER"}});
    CHECK(f.of(f.t.bob)["lfas"]["cp"][std::to_string(f.leader("Sir William"))]["points"] == 3);
    CHECK(f.log_of(f.t.bob).find("The umpire gives Sir William 3 command points: A-LOST-MESSENGER.") != std::string::npos);
    for (const auto& v : {f.t.dave, f.t.observer}) CHECK(view(f.t.state, v).dump().find("A-LOST-MESSENGER") == std::string::npos);
    const std::string umpire = f.log_of(f.t.umpire);
    CHECK(umpire.find("A-LOST-MESSENGER") == umpire.rfind("A-LOST-MESSENGER"));  // once, not again as "The umpire: ..."
    check_replay(f.t);
}

TEST_CASE("lfas turn: each commander's command points roll is logged, to the umpire and his own side", "[lfas]") {
    Opening f;  // both commanders-in-chief rolled a 6: "Average Dice + 1", the average die's 6 reading 5
    const std::string bobs = f.log_of(f.t.bob), daves = f.log_of(f.t.dave), umpires = f.log_of(f.t.umpire);
    CHECK(umpires.find("Sir William's command points: 6 (the average die + 1).") != std::string::npos);
    CHECK(umpires.find("General Greene's command points: 6 (the average die + 1).") != std::string::npos);
    CHECK(bobs.find("Sir William's command points: 6") != std::string::npos);
    CHECK(bobs.find("General Greene's command points") == std::string::npos);
    CHECK(daves.find("General Greene's command points: 6") != std::string::npos);
    CHECK(daves.find("Sir William's command points") == std::string::npos);
    CHECK(f.log_of(f.t.observer).find("command points") == std::string::npos);
    CHECK(f.tests("command_points").at(0)["points"] == 6);
}

TEST_CASE("lfas turn: a campaign regiment comes as raw regulars at Effectiveness 1, as regulars from 2", "[lfas]") {
    LfasField f;
    f.t.ok(f.t.umpire, "colonel.adjust", {{"colonel", f.t.carol.user}, {"field", "effectiveness"}, {"value", 2}, {"reason", "manoeuvres"}});
    json body = f.create_body();
    body["from_regiments"] = {{{"colonel", f.t.bob.user}, {"side", "british"}, {"position", {20, 12}}},
                              {{"colonel", f.t.carol.user}, {"side", "british"}, {"position", {30, 12}}}};
    f.t.ok(f.t.umpire, "battle.create", body);
    // over-the-hills.txt: a regiment's attributes are "1 for each attribute" when it is created, and "A typical
    // non-played battalion (NPB) will have the ratings D2 : M2 : E2"; loose-files-american-scramble.txt: "2nd
    // regulars ...; 3rd raw regulars", never "5th other Indians".
    const json seen = f.umpire();  // kept: a range over a temporary's member dangles
    int found = 0;
    for (const auto& u : seen["units"]) {
        if (u["owner"] != f.t.bob.user && u["owner"] != f.t.carol.user) continue;
        CHECK(u["values"]["class"] == (u["owner"] == f.t.bob.user ? 3 : 2));
        ++found;
    }
    CHECK(found == 2);
}

TEST_CASE("lfas scenarios: Guilford Courthouse to play, its classes by the book's list", "[lfas]") {
    YearTable t;
    t.ready();
    bool found = false;
    const json offered = view(t.state, t.umpire)["battle_scenarios"];
    for (const auto& s : offered) found = found || s["id"] == "lfas-guilford";
    REQUIRE(found);
    t.ok(t.umpire, "battle.create",
         {{"scenario", "lfas-guilford"}, {"name", "Guilford"}, {"ruleset", "lfas"},
          {"seats", {{"Lord Cornwallis", t.bob.user}, {"Major-General Greene", t.dave.user}}}});
    const auto& b = t.state.battles.battles.at(1).battle;
    CHECK(b.units.size() == 25);
    for (const auto& [id, u] : b.units) {
        CHECK(b.table.contains(u.position.x, u.position.y));
        for (const auto& [other, o] : b.units)
            if (other > id) CHECK_FALSE(battle::overlap(u, o));
    }
    // "1st Class grenadiers and light infantry; 2nd regulars, Continentals, Rangers, Jagers; 3rd raw regulars, veteran
    // militia, Loyalists; 4th militia".
    for (const auto& [id, u] : b.units) {
        if (u.name == "Guards Grenadiers") CHECK(u.values["class"] == 1);
        if (u.name == "Hessian Jagers") CHECK(u.values["class"] == 2);
        if (u.name == "British Legion dragoons") CHECK(u.values["class"] == 3);
        if (u.name == "Butler's North Carolinians") CHECK(u.values["class"] == 4);
    }
    // Seven commanders: "Commander-in-chief CPs = Average Dice + 1; Brigadiers = Average Dice".
    t.ok(t.umpire, "battle.start", {{"battle", 1}}, {6, 1, 1, 6, 1, 1, 1});
    const json bob = battle_of(t, t.bob);
    for (const auto& l : bob["leaders"])
        if (l["name"] == "Lord Cornwallis") CHECK(bob["lfas"]["cp"][std::to_string(l["id"].get<int>())]["points"] == 6);
    // The British guns reach Singleton's across the fields ("long range 10-36" (-6" light").
    std::int64_t guns = 0, singleton = 0;
    for (const auto& [id, u] : b.units) {
        if (u.name == "Royal Artillery") guns = id;
        if (u.name == "Singleton's guns") singleton = id;
    }
    const json fire = bob["lfas"]["units"][std::to_string(guns)]["fire"];
    CHECK(std::find(fire.begin(), fire.end(), json(singleton)) != fire.end());
}

TEST_CASE("lfas override casualties: each casualty the umpire adds removes a base, each he takes back returns one", "[lfas]") {
    // loose-files-american-scramble.txt: "Loss of one 'casualty': Remove one company (three figures) of infantry";
    // none left, the unit is gone.
    LfasField f;
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Continentals", "infantry", 20, 40, 180, {{"class", 2}}, 4);
    f.create();
    f.start({6, 6});
    auto set = [&](int v) {
        f.t.ok(f.t.umpire, "battle.override",
               {{"battle", 1}, {"what", "casualties"}, {"unit", f.id("Continentals")}, {"value", v}, {"reason", "as the table saw it"}, {"turn", 1}});
    };
    set(1);
    CHECK(f.unit_now("Continentals")["bases"] == 3);
    CHECK(f.unit_now("Continentals")["markers"]["casualties"] == 1);
    set(4);
    CHECK(f.unit_now("Continentals")["bases"] == 0);
    CHECK(f.unit_now("Continentals")["removed"] == true);
    CHECK(f.log_of(f.t.bob).find("Continentals is destroyed.") != std::string::npos);
    set(2);  // the umpire takes two back: two companies stand again
    CHECK(f.unit_now("Continentals")["bases"] == 2);
    CHECK(f.unit_now("Continentals")["removed"] == false);
    f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
    const json ended = f.umpire();  // kept: a range over a temporary's member dangles
    int rows = 0;
    for (const auto& l : ended["losses"])
        if (l["name"] == "Continentals") rows += l["percent"] == 50;
    CHECK(rows == 1);
}
