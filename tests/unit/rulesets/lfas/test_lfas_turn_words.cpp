// The log says why an order did nothing, or less than the player wrote, naming the unit, in the book's words
// (loose-files-american-scramble.txt): a shot out of reach, a charge with no one left or that falls short, a move
// the dice or an enemy cut short, an order that did not reach, a rally or inspiring for nothing, a general whose
// wound left him too few points, a unit that keeps its DPs, a retreat. Scripted dice, exact lines.
#include "rulesets/lfas/lfas_table.h"

using namespace lfas_test;

namespace {

bool has_line(const std::string& log, const std::string& line) { return log.find(line + "\n") != std::string::npos; }

void words_override(LfasField& f, json body) {
    body["battle"] = 1;
    body["turn"] = 1;
    if (!body.contains("reason")) body["reason"] = "the scenario";
    f.t.ok(f.t.umpire, "battle.override", std::move(body));
}

}  // namespace

TEST_CASE("lfas words: fire out of reach says why (loose-files-american-scramble.txt, \"musket range 0-8\\\"\")", "[lfas]") {
    LfasField f;
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Militia", "infantry", 20, 18, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"fire", {{{"unit", f.id("Grenadiers")}, {"target", f.id("Militia")}}}}});
    // The umpire moves the militia back before the orders are revealed: 14" off, beyond the Grenadiers' 8".
    words_override(f, {{"what", "move"}, {"unit", f.id("Militia")}, {"position", {20, 26}}});
    f.orders(f.t.dave, json::object(), {1, 1});  // next turn's points
    for (const auto& v : {f.t.bob, f.t.dave, f.t.observer})
        CHECK(has_line(f.log_of(v), "Grenadiers holds its fire at Militia: Militia is 14\" away, beyond musket range (0-8\")."));
    CHECK(f.tests("fire").empty());
}

TEST_CASE("lfas words: a target destroyed earlier in the firing is not fired at, nor charged", "[lfas]") {
    // loose-files-american-scramble.txt, "A unit can hold at most five; further DPs from fire or morale become
    // casualties instead"; "Loss of one 'casualty': Remove one company".
    LfasField f;
    f.bob_at = {20, 10};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}}, 1);
    f.unit("british", "Light Company", "infantry", 25, 12, 0, {{"class", 1}, {"kind", "light"}});
    f.unit("british", "33rd Foot", "infantry", 15, 12, 0, {{"class", 2}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 18, 180, {{"class", 4}, {"kind", "militia"}}, 1);
    f.create();
    f.start({6, 6});
    words_override(f, {{"what", "dp"}, {"unit", f.id("Militia")}, {"value", 5}});
    f.orders(f.t.bob, {{"fire", {{{"unit", f.id("Grenadiers")}, {"target", f.id("Militia")}},
                                 {{"unit", f.id("Light Company")}, {"target", f.id("Militia")}}}},
                       {"command", {{{"spend", "order"}, {"units", {f.id("33rd Foot")}}}}},
                       {"move", {{{"unit", f.id("33rd Foot")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Militia")}}}}});
    // The Grenadiers' one company rolls a 6: a sixth DP, a casualty, the militia's last company gone.
    f.orders(f.t.dave, json::object(), {6, 1, 1});
    const std::string log = f.log_of(f.t.dave);
    CHECK(has_line(log, "Militia is destroyed."));
    CHECK(has_line(log, "Light Company holds its fire at Militia: Militia has left the field."));
    CHECK(has_line(log, "33rd Foot does not charge: Militia has left the field."));
    CHECK(f.tests("movement").empty());
}

TEST_CASE("lfas words: a move the dice or an enemy cut short of its mark says so", "[lfas]") {
    // loose-files-american-scramble.txt, "all movement is randomised in the game"; "1st-3rd Class move one or two
    // Average Dice x inches".
    LfasField f;
    f.bob_at = {26, 10};
    f.unit("british", "Dragoons", "cavalry", 32, 12, 0, {{"class", 2}});
    f.unit("british", "33rd Foot", "infantry", 20, 12, 0, {{"class", 2}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 17, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Dragoons"), f.id("33rd Foot")}}}}},
                       {"move", {{{"unit", f.id("Dragoons")}, {"av", 1}, {"d6", 0}, {"to", {32, 30}}},
                                 {{"unit", f.id("33rd Foot")}, {"av", 2}, {"d6", 0}, {"to", {20, 30}}}}}});
    // The Dragoons' average die: a 4 (4"); the 33rd's: 5 and 5 (4" and 4"), stopped after 5" at the militia's front.
    f.orders(f.t.dave, json::object(), {4, 5, 5, 1, 1});
    const std::string log = f.log_of(f.t.bob);
    CHECK(has_line(log, "Dragoons moves 4\" (1 average, 0 d6): 0 DP. It ends 14\" short of its mark: the dice gave 4\"."));
    CHECK(has_line(log, "33rd Foot moves 5\" (2 average, 0 d6): 0 DP. It ends 13\" short of its mark: Militia stands in its way."));
}

TEST_CASE("lfas words: a charge that ends beyond 4\" is no combat, and says how far it got", "[lfas]") {
    // loose-files-american-scramble.txt, "Combat occurs when a unit advances within 4" of an opponent."
    LfasField f;
    f.bob_at = {20, 10};
    f.unit("british", "33rd Foot", "infantry", 20, 12, 0, {{"class", 2}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 26, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    words_override(f, {{"what", "dp"}, {"unit", f.id("Militia")}, {"value", 2}});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("33rd Foot")}}}}},
                       {"move", {{{"unit", f.id("33rd Foot")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Militia")}}}}});
    // Average dice 2 and 2 (d6 1s): 4", two DPs; the militia stands 10" off.
    f.orders(f.t.dave, json::object(), {1, 1, 1, 1});
    const std::string log = f.log_of(f.t.dave);
    CHECK(has_line(log, "33rd Foot charges Militia 4\" (2 average, 0 d6): 2 DP."));
    CHECK(has_line(log, "33rd Foot's charge falls short: it ends 10\" from Militia, and \"Combat occurs when a unit advances "
                        "within 4\" of an opponent\": no combat."));
    CHECK(f.tests("combat").empty());
    // "4th Class only via a commander's CPs": the militia stood still, and keeps its DPs.
    CHECK(has_line(log, "Militia keeps its 2 DP: a 4th Class unit re-dresses only by a commander's rally (2 CPs)."));
}

TEST_CASE("lfas words: a rally away from the unit, one with no DP, and inspiring with no combat", "[lfas]") {
    // loose-files-american-scramble.txt, "rally one D. Point 2 CPs; inspire troops in combat (+1) 3 CPs, the last two
    // requiring adjacency to the unit's command group".
    LfasField f;
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("british", "Light Company", "infantry", 30, 11, 0, {{"class", 1}, {"kind", "light"}});
    f.unit("americans", "Militia", "infantry", 20, 40, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    words_override(f, {{"what", "dp"}, {"unit", f.id("Grenadiers")}, {"value", 2}});
    f.orders(f.t.bob, {{"command", {{{"spend", "rally"}, {"unit", f.id("Grenadiers")}},
                                    {{"spend", "inspire"}, {"unit", f.id("Light Company")}}}}});
    f.orders(f.t.dave, json::object(), {1, 1});
    const std::string log = f.log_of(f.t.dave);
    // Sir William at (30, 10); the Grenadiers' nearest corner (22, 11.25).
    CHECK(has_line(log, "Sir William cannot rally Grenadiers: he is 8.1\" from it, not with its command group (\"rally ... "
                        "requiring adjacency to the unit's command group\")."));
    CHECK(has_line(log, "Sir William joins Light Company to inspire it in combat."));
    CHECK(has_line(log, "Sir William's inspiring of Light Company comes to nothing: it fights no combat this turn."));
}

TEST_CASE("lfas words: a rally of a unit with no DP is not paid for", "[lfas]") {
    LfasField f;
    f.bob_at = {20, 11};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Militia", "infantry", 20, 40, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "rally"}, {"unit", f.id("Grenadiers")}}}}});
    f.orders(f.t.dave, json::object(), {1, 1});
    CHECK(has_line(f.log_of(f.t.bob), "Sir William does not rally Grenadiers: it has no DP to remove; no points spent."));
}

TEST_CASE("lfas words: a light wound leaves the general too few points for his rally; his side reads how many", "[lfas]") {
    // loose-files-american-scramble.txt, "4-6 light wound (lose 2 CPs)".
    LfasField f;
    f.bob_at = {20, 11};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Guns", "artillery", 20, 20, 180, {{"gun", "heavy"}});
    f.create();
    f.start({6, 6});
    words_override(f, {{"what", "dp"}, {"unit", f.id("Grenadiers")}, {"value", 2}});
    words_override(f, {{"what", "cp"}, {"leader", f.leader("Sir William")}, {"value", 2}});
    f.orders(f.t.bob, {{"command", {{{"spend", "rally"}, {"unit", f.id("Grenadiers")}}}}});
    // The gun rolls 5, +1 heavy at short range: a DP and a casualty; Sir William rolls 1, then 5: a light wound.
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", f.id("Grenadiers")}}}}}, {5, 1, 5, 1, 1});
    const std::string secret = "Sir William cannot rally Grenadiers: it costs 2 command points and he has 0 left since his light "
                               "wound (\"Lose 2 CPs\").";
    CHECK(has_line(f.log_of(f.t.bob), secret));
    CHECK_FALSE(has_line(f.log_of(f.t.dave), secret));
    CHECK_FALSE(has_line(f.log_of(f.t.observer), secret));
    for (const auto& v : {f.t.bob, f.t.dave}) CHECK(has_line(f.log_of(v), "Sir William does not rally Grenadiers as he wrote."));
    CHECK(f.marker("Grenadiers", "dp") == 1);  // 2 + 1 from the gun, 2 re-dressed: the rally never happened
}

TEST_CASE("lfas words: a general killed in the firing gives no orders, and the unit he ordered stands", "[lfas]") {
    // loose-files-american-scramble.txt, "1 = Hit. Roll again: ... 1 = Killed."
    LfasField f;
    f.bob_at = {20, 11};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}});
    f.unit("americans", "Guns", "artillery", 20, 20, 180, {{"gun", "heavy"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Grenadiers")}}}}},
                       {"move", {{{"unit", f.id("Grenadiers")}, {"av", 1}, {"d6", 0}, {"to", {30, 12}}}}}});
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", f.id("Grenadiers")}}}}}, {5, 1, 1, 1});
    const std::string log = f.log_of(f.t.dave);
    CHECK(has_line(log, "Sir William spends no command points this turn: he has been killed."));
    CHECK(has_line(log, "Grenadiers stands: Sir William, who gave its order, is killed."));
    CHECK(f.unit_now("Grenadiers")["position"][0] == Approx(20));
}

TEST_CASE("lfas words: a rout says how far, in the book's words", "[lfas]") {
    // loose-files-american-scramble.txt, "routed runs beyond enemy artillery range or to the next obstacle".
    LfasField f;
    f.bob_at = {20, 10};
    f.unit("british", "Grenadiers", "infantry", 20, 12, 0, {{"class", 1}, {"regular", true}});
    f.unit("americans", "Militia", "infantry", 20, 16, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("Grenadiers")}}}}},
                       {"move", {{{"unit", f.id("Grenadiers")}, {"av", 2}, {"d6", 0}, {"charge", f.id("Militia")}, {"bayonet", true}}}}});
    // As test_lfas_turn.cpp's bayonet charge: the militia routed.
    f.orders(f.t.dave, json::object(), {3, 4, 6, 2, 2, 2, 5, 2, 1, 1});
    CHECK(has_line(f.log_of(f.t.bob), "Militia, routed (\"beyond enemy artillery range or to the next obstacle\"), falls back 24\"."));
}

TEST_CASE("lfas words: out of sight, limbered, in woods and wheeling, each said in the unit's line", "[lfas]") {
    // loose-files-american-scramble.txt, "Woods/Uphill: -1" from all dice rolled"; "wheeling is treated as an uphill
    // move measured by the outer figure plus 1 DP"; "limbering/unlimbering takes two turns".
    LfasField f;
    f.bob_at = {25, 10};
    f.unit("british", "33rd Foot", "infantry", 20, 12, 0, {{"class", 2}, {"regular", true}});
    f.unit("british", "Light Company", "infantry", 30, 12, 0, {{"class", 1}, {"kind", "light"}});
    f.unit("british", "Grenadiers", "infantry", 50, 12, 0, {{"class", 1}});
    f.unit("americans", "Militia", "infantry", 53, 18, 180, {{"class", 4}, {"kind", "militia"}});
    f.unit("americans", "Guns", "artillery", 30, 30, 180, {{"gun", "field"}});
    json body = f.create_body();
    body["terrain"] = {{{"kind", "wood"}, {"name", "Hood's Wood"}, {"shape", "circle"}, {"centre", {20, 14}}, {"radius", 3}},
                       {{"kind", "wood"}, {"name", "the Brush"}, {"shape", "circle"}, {"centre", {50, 16}}, {"radius", 1}}};
    f.t.ok(f.t.umpire, "battle.create", body);
    f.start({6, 6});
    f.orders(f.t.dave, {{"fire", {{{"unit", f.id("Guns")}, {"target", f.id("Light Company")}},
                                  {{"unit", f.id("Militia")}, {"target", f.id("Grenadiers")}}}}});
    // Before the reveal the umpire limbers the guns and moves the militia behind the Brush.
    words_override(f, {{"what", "limber"}, {"unit", f.id("Guns")}});
    words_override(f, {{"what", "move"}, {"unit", f.id("Militia")}, {"position", {50, 18}}});
    // The 33rd, in Hood's Wood, roll a 5 (4 on the average die, -1"); the Light Company wheels a quarter turn and
    // rolls a 6 (5, -1"), a DP for the wheel.
    f.orders(f.t.bob, {{"command", {{{"spend", "order"}, {"units", {f.id("33rd Foot"), f.id("Light Company")}}}}},
                       {"move", {{{"unit", f.id("33rd Foot")}, {"av", 1}, {"d6", 0}, {"to", {20, 20}}},
                                 {{"unit", f.id("Light Company")}, {"av", 1}, {"d6", 0}, {"to", {40, 12}}}}}},
             {5, 6, 1, 1});
    const std::string log = f.log_of(f.t.observer);
    CHECK(has_line(log, "Guns holds its fire at Light Company: it is limbered."));
    CHECK(has_line(log, "Militia holds its fire at Grenadiers: Grenadiers is out of its sight behind the Brush."));
    CHECK(has_line(log, "33rd Foot moves 3\" (1 average, 0 d6, -1\" a die in woods): 0 DP. It ends 5\" short of its mark: the dice gave 3\"."));
    CHECK(has_line(log, "Light Company moves 4\" (1 average, 0 d6, wheeling: -1\" a die and 1 DP): 1 DP. It ends 6\" short of its mark: "
                        "the dice gave 4\"."));
}

TEST_CASE("lfas words: cavalry that cannot stop ride on only to the table's edge, and say so", "[lfas]") {
    // loose-files-american-scramble.txt, "a unit at top speed (four dice) can only slow to two dice next turn".
    LfasField f;
    f.unit("british", "Dragoons", "cavalry", 32, 48, 0, {{"class", 2}});
    f.units.back()["markers"] = {{"speed", 4}};
    f.unit("british", "Light Dragoons", "cavalry", 40, 46, 0, {{"class", 2}});
    f.units.back()["markers"] = {{"speed", 4}};
    f.unit("americans", "Militia", "infantry", 60, 20, 180, {{"class", 4}, {"kind", "militia"}});
    f.create();
    f.start({6, 6});
    f.orders(f.t.bob, json::object());
    f.orders(f.t.dave, json::object(), {4, 6, 1, 1});  // the Light Dragoons' two average dice; next points
    const std::string log = f.log_of(f.t.bob);
    CHECK(has_line(log, "Dragoons moved with 4 dice last turn and cannot stop, but stands at the table's edge."));
    CHECK(has_line(log, "Light Dragoons moved with 4 dice last turn and cannot stop: it rides on with 2 straight ahead, the "
                        "table's edge 2\" ahead."));
}
