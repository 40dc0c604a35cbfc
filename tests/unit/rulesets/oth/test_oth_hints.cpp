// Over the Hill's hints (shared/rulesets/oth/hints.h): the reaches and ranges a viewer's battle page draws, for
// that viewer only. An enemy's values (his musketry, so his range) and a concealed enemy never appear.
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/hints.h"

using namespace muster;
using namespace muster::oth;
using nlohmann::json;

namespace {

constexpr std::int64_t alice = 2, bob = 3, carl = 4, umpire_user = 1, watcher = 5;

battle::Unit unit(std::int64_t id, const std::string& side, std::int64_t owner, battle::Point at, int musketry,
                  const std::string& type = "formed_infantry") {
    battle::Unit u;
    u.id = id;
    u.side = side;
    u.owner = owner;
    u.name = "unit " + std::to_string(id);
    u.troop_type = type;
    u.position = at;
    u.values = {{"drill", 2}, {"musketry", musketry}, {"effectiveness", 2}};
    return u;
}

battle::Leader leader(std::int64_t id, const std::string& side, std::int64_t user, battle::Point at) {
    battle::Leader l;
    l.id = id;
    l.side = side;
    l.user = user;
    l.name = "leader " + std::to_string(id);
    l.position = at;
    return l;
}

// Alice (british) stands at her 33rd (musketry 3); Bob (french) 3 cm off, beside her; Carl (french) hidden in
// ambush 1 cm off; the Picardie (french, musketry 5: range 9 cm) and a hidden french unit further on.
battle::Battle table() {
    battle::Battle b;
    b.id = 1;
    b.ruleset = "oth";
    b.sides = {{"british", "British"}, {"french", "French"}};
    b.units[10] = unit(10, "british", alice, {40, 40}, 3);
    b.units[11] = unit(11, "british", 0, {100, 20}, 2, "gunners");
    b.units[12] = unit(12, "british", alice, {40, 80}, 2);  // far from her leader
    b.units[20] = unit(20, "french", bob, {40, 60}, 5);
    b.units[21] = unit(21, "french", bob, {70, 60}, 4);
    b.units[21].concealed = true;
    b.leaders[1] = leader(1, "british", alice, {40, 40});
    b.leaders[2] = leader(2, "french", bob, {43, 40});
    b.leaders[3] = leader(3, "french", carl, {41, 41});
    b.leaders[3].concealed = true;
    return b;
}

Viewer as(std::int64_t user, Role role) { return Viewer{user, "someone", role}; }

std::vector<std::int64_t> ids(const json& list) { return list.get<std::vector<std::int64_t>>(); }

}  // namespace

TEST_CASE("a player's hints: his leader's reach, the units he is with, the leaders beside him, his side's ranges",
          "[oth][hints]") {
    battle::Battle b = table();
    BattleSettings s;
    json h = battle_hints(b, s, as(alice, Role::player), "british");
    CHECK(h["move_reach"] == 40.0);
    CHECK(ids(h["with_units"]) == std::vector<std::int64_t>{10});
    // Bob is beside her; Carl too, but hidden in ambush: not there for her.
    CHECK(ids(h["talk_to"]) == std::vector<std::int64_t>{2});
    CHECK(h["ranges"]["10"] == json::array({{{"kind", "musketry"}, {"cm", 7.0}, {"range", 7.0}}}));
    CHECK(h["ranges"]["11"] == json::array({{{"kind", "grape"}, {"cm", 15.0}, {"range", 15.0}},
                                            {{"kind", "ball"}, {"cm", 50.0}, {"range", 50.0}}}));
    CHECK(h["ranges"].contains("12"));
    // The enemy's: neither the Picardie's range (9 cm) nor anything of the hidden unit or leader.
    CHECK_FALSE(h["ranges"].contains("20"));
    CHECK_FALSE(h["ranges"].contains("21"));
    const std::string text = h.dump();
    CHECK(text.find("9.0") == std::string::npos);
    CHECK(text.find("8.0") == std::string::npos);  // the hidden unit's 4 + 4
}

TEST_CASE("hints follow the table's measure and the settings", "[oth][hints]") {
    battle::Battle b = table();
    b.table.measure = battle::Measure::inches;
    BattleSettings s;
    s.with_unit_cm = 0;  // touching only
    s.talk_cm = 2;       // Bob, 3 inches off, is no longer beside her
    b.units[10].order = battle::Order{"hold_your_fire", 0, json::object()};
    json h = battle_hints(b, s, as(alice, Role::player), "british");
    CHECK(h["move_reach"].get<double>() == Approx(40 / 2.54));
    CHECK(ids(h["with_units"]) == std::vector<std::int64_t>{10});
    CHECK(h["talk_to"].empty());
    REQUIRE(h["ranges"]["10"].size() == 2);
    CHECK(h["ranges"]["10"][0]["range"].get<double>() == Approx(7 / 2.54));
    CHECK(h["ranges"]["10"][1] == json({{"kind", "hold_your_fire"}, {"cm", 3.0}, {"range", 3 / 2.54}}));
}

TEST_CASE("the other side's hints are its own; a fallen leader has none", "[oth][hints]") {
    battle::Battle b = table();
    BattleSettings s;
    json h = battle_hints(b, s, as(bob, Role::player), "french");
    CHECK(ids(h["with_units"]).empty());  // his units are 20 cm off
    // Alice, and Carl: hidden from the enemy, not from his own side.
    CHECK(ids(h["talk_to"]) == std::vector<std::int64_t>{1, 3});
    CHECK(h["ranges"].contains("20"));
    CHECK(h["ranges"].contains("21"));  // his own hidden unit
    CHECK_FALSE(h["ranges"].contains("10"));
    CHECK(h.dump().find("7.0") == std::string::npos);  // the 33rd's range

    b.leaders[1].values["fate"] = "killed";
    json dead = battle_hints(b, s, as(alice, Role::player), "british");
    CHECK(dead["move_reach"].is_null());
    CHECK(dead["with_units"].empty());
    CHECK(dead["talk_to"].empty());
    CHECK(dead["ranges"].contains("10"));
}

TEST_CASE("umpires get every unit's ranges; observers nothing", "[oth][hints]") {
    battle::Battle b = table();
    b.units[12].removed = true;
    BattleSettings s;
    json u = battle_hints(b, s, as(umpire_user, Role::umpire), "");
    CHECK(u["move_reach"].is_null());
    CHECK(u["with_units"].empty());
    for (const char* id : {"10", "11", "20", "21"}) CHECK(u["ranges"].contains(id));
    CHECK_FALSE(u["ranges"].contains("12"));  // off the table
    CHECK(u["ranges"]["20"][0]["cm"] == 9.0);

    json o = battle_hints(b, s, as(watcher, Role::observer), "");
    const json reach = json::array({{{"kind", "with"}, {"cm", s.with_unit_cm}, {"range", s.with_unit_cm}},
                                    {{"kind", "talk"}, {"cm", s.talk_cm}, {"range", s.talk_cm}}});
    CHECK(o == json({{"move_reach", nullptr}, {"with_units", json::array()}, {"talk_to", json::array()},
                     {"ranges", json::object()}, {"leader_reach", reach}}));
}

// "Leaders can only give orders to troops they are actually with": a leader set down a few cm from his
// regiment can order nobody, and his player and the umpire are told how far off he stands.
TEST_CASE("a leader with none of his units: how far the nearest is, for his player and the umpire", "[oth][hints]") {
    battle::Battle b = table();
    BattleSettings s;
    json bob_h = battle_hints(b, s, as(bob, Role::player), "french");
    CHECK(ids(bob_h["with_units"]).empty());
    // The Picardie's front edge runs from (32, 60) to (48, 60), its rear at y 58: Bob at (43, 40) is 18 cm off.
    CHECK(bob_h["nearest_unit_cm"] == 18.0);
    CHECK(bob_h["leader_reach"][0]["kind"] == "with");
    json alice_h = battle_hints(b, s, as(alice, Role::player), "british");
    CHECK_FALSE(alice_h.contains("nearest_unit_cm"));  // she stands at her 33rd
    CHECK_FALSE(alice_h.contains("leaders_alone"));    // the umpire's

    json u = battle_hints(b, s, as(umpire_user, Role::umpire), "");
    // Bob and Carl (hidden in ambush, but not from the umpire) are with no unit; Alice is.
    REQUIRE(u["leaders_alone"].size() == 2);
    CHECK(u["leaders_alone"][0] == json({{"leader", 2}, {"nearest_unit_cm", 18.0}}));
    CHECK(u["leaders_alone"][1]["leader"] == 3);
    b.leaders[2].position = {43, 57};  // set down on his regiment's rear edge
    b.leaders[3].values["fate"] = "killed";
    CHECK(battle_hints(b, s, as(umpire_user, Role::umpire), "")["leaders_alone"].empty());
}
