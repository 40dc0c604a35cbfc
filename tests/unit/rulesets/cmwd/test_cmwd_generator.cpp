// The French army generator (shared/rulesets/cmwd/generator.h) against chosen-men-well-disposed.txt,
// "Army Generators FRENCH": every printed row with scripted dice, the named rolls, and the pieces it places.
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

#include "shared/rulesets/cmwd/generator.h"

using namespace muster;
using namespace muster::cmwd;
using nlohmann::json;

namespace {

// A general_table setting with a distinct rank on every face.
const std::vector<std::string> ranks = {"lethargic", "cautious", "steady", "competent", "active", "vigorous"};

// The brigades die, then `per` dice of 3 for each brigade (bases 3, horse, trained, steady).
std::vector<int> script(int brigades_die, int brigades, int per) {
    std::vector<int> s = {brigades_die};
    s.insert(s.end(), static_cast<std::size_t>(brigades * per), 3);
    return s;
}

// A division of two brigades (the first die 1 fits both arms) whose first brigade reads `first`.
GeneratedDivision two_brigades(const std::string& division, std::vector<int> first) {
    std::vector<int> s = {1};
    s.insert(s.end(), first.begin(), first.end());
    s.insert(s.end(), first.size(), 3);
    ScriptedDice dice(s);
    auto d = french_division(division, ranks, 4, "fr", dice);
    CHECK(dice.remaining() == 0);
    return d;
}

GeneratedBrigade brigade(std::string id, std::string kind, std::string type, std::string quality, int bases) {
    return {std::move(id), std::move(kind), std::move(type), std::move(quality), bases, "active"};
}

void check_at(const json& piece, double x, double y) {
    CHECK(piece["position"][0].get<double>() == Approx(x).margin(1e-9));
    CHECK(piece["position"][1].get<double>() == Approx(y).margin(1e-9));
}

}  // namespace

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "1,2 2 brigades. 3,4,5 3 brigades. 6 4 brigades."
TEST_CASE("cmwd generator: the cavalry brigades die, every face", "[cmwd]") {
    const std::vector<int> want = {2, 2, 3, 3, 3, 4};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const int n = want[face - 1];
        ScriptedDice dice(script(face, n, 4));
        const auto d = french_division("cavalry", ranks, 4, "fr", dice);
        CHECK(dice.remaining() == 0);
        CHECK(d.kind == "cavalry");
        REQUIRE(d.brigades.size() == static_cast<std::size_t>(n));
        CHECK(d.rolls.size() == static_cast<std::size_t>(1 + 4 * n));
        CHECK(d.rolls[0].what == "Brigades");
        CHECK(d.rolls[0].die == face);
        CHECK(d.rolls[0].reads == std::to_string(n) + " brigades");
        for (int b = 0; b < n; ++b) CHECK(d.brigades[b].id == "fr-cav-" + std::to_string(b + 1));
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "1 2 brigades. 2-5 3 brigades. 6 4 brigades."
TEST_CASE("cmwd generator: the infantry brigades die, every face", "[cmwd]") {
    const std::vector<int> want = {2, 3, 3, 3, 3, 4};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const int n = want[face - 1];
        ScriptedDice dice(script(face, n, 3));
        const auto d = french_division("infantry", ranks, 4, "fr", dice);
        CHECK(dice.remaining() == 0);
        CHECK(d.kind == "infantry");
        REQUIRE(d.brigades.size() == static_cast<std::size_t>(n));
        CHECK(d.rolls.size() == static_cast<std::size_t>(1 + 3 * n));
        CHECK(d.rolls[0].reads == std::to_string(n) + " brigades");
        for (int b = 0; b < n; ++b) {
            CHECK(d.brigades[b].id == "fr-inf-" + std::to_string(b + 1));
            CHECK(d.brigades[b].troop_type == "infantry");
        }
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "1, 2 bases. 2-5 3 bases. 6 4 bases." for both arms.
TEST_CASE("cmwd generator: the bases die, every face, cavalry and infantry", "[cmwd]") {
    const std::vector<int> want = {2, 3, 3, 3, 3, 4};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto cav = two_brigades("cavalry", {face, 3, 3, 3});
        REQUIRE(cav.brigades.size() == 2);
        CHECK(cav.brigades[0].bases == want[face - 1]);
        CHECK(cav.rolls[1].what == "Brigade 1: bases");
        CHECK(cav.rolls[1].reads == std::to_string(want[face - 1]) + " bases");
        const auto inf = two_brigades("infantry", {face, 3, 3});
        REQUIRE(inf.brigades.size() == 2);
        CHECK(inf.brigades[0].bases == want[face - 1]);
        CHECK(inf.rolls[1].reads == std::to_string(want[face - 1]) + " bases");
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "1 Dragoons. 2-6 Horse."
TEST_CASE("cmwd generator: the cavalry type die, every face", "[cmwd]") {
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto d = two_brigades("cavalry", {3, face, 3, 3});
        const std::string want = face == 1 ? "dragoons" : "horse";
        CHECK(d.brigades[0].troop_type == want);
        CHECK(d.rolls[2].what == "Brigade 1: type");
        CHECK(d.rolls[2].reads == want);
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "Dragoons 1,2 Raw 3,4,5 Trained. 6 Veteran
// Horse 1 Raw 2,3,4 Trained 5,6 Veteran"
TEST_CASE("cmwd generator: the cavalry quality die, both columns, every face", "[cmwd]") {
    const std::vector<std::string> dragoons = {"raw", "raw", "trained", "trained", "trained", "veteran"};
    const std::vector<std::string> horse = {"raw", "trained", "trained", "trained", "veteran", "veteran"};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto dr = two_brigades("cavalry", {3, 1, face, 3});
        CHECK(dr.brigades[0].quality == dragoons[face - 1]);
        CHECK(dr.rolls[3].what == "Brigade 1: quality");
        CHECK(dr.rolls[3].reads == dragoons[face - 1]);
        const auto ho = two_brigades("cavalry", {3, 2, face, 3});
        CHECK(ho.brigades[0].quality == horse[face - 1]);
        CHECK(ho.rolls[3].reads == horse[face - 1]);
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "1,2 Raw 3,4,5 Trained 6 Veteran";
// "All infantry use the a prest system."
TEST_CASE("cmwd generator: the infantry quality die, every face", "[cmwd]") {
    const std::vector<std::string> want = {"raw", "raw", "trained", "trained", "trained", "veteran"};
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto d = two_brigades("infantry", {3, face, 3});
        CHECK(d.brigades[0].quality == want[face - 1]);
        CHECK(d.rolls[2].what == "Brigade 1: quality");
        CHECK(d.rolls[2].reads == want[face - 1]);
    }
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH" rolls no general; the rank is general_table's, a setting.
TEST_CASE("cmwd generator: the general die reads general_table, every face", "[cmwd]") {
    for (int face = 1; face <= 6; ++face) {
        INFO("face " << face);
        const auto cav = two_brigades("cavalry", {3, 3, 3, face});
        CHECK(cav.brigades[0].general_rank == ranks[face - 1]);
        CHECK(cav.rolls[4].what == "Brigade 1: general");
        CHECK(cav.rolls[4].reads == ranks[face - 1]);
        const auto inf = two_brigades("infantry", {3, 3, face});
        CHECK(inf.brigades[0].general_rank == ranks[face - 1]);
        CHECK(inf.rolls[3].reads == ranks[face - 1]);
    }
    ScriptedDice dice({1, 3, 3, 6, 3, 3, 2});
    const auto d = french_division("infantry", {"steady", "active"}, 4, "fr", dice);
    CHECK(d.brigades[0].general_rank.empty());  // a face beyond a short table reads ""
    CHECK(d.brigades[1].general_rank == "active");
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "Roll 1D6 to establish type of division. 1-4 Cavalry.
// 4,5 Infantry. Roll for composition of cavalry and infantry divisions as above."
TEST_CASE("cmwd generator: the reserve type die splits at reserve_cavalry_upto", "[cmwd]") {
    for (int upto : {4, 3}) {
        for (int face = 1; face <= 6; ++face) {
            INFO("upto " << upto << ", face " << face);
            const bool cavalry = face <= upto;
            std::vector<int> s = script(1, 2, cavalry ? 4 : 3);
            s.insert(s.begin(), face);
            ScriptedDice dice(s);
            const auto d = french_division("reserve", ranks, upto, "fr", dice);
            CHECK(dice.remaining() == 0);
            CHECK(d.kind == (cavalry ? "cavalry" : "infantry"));
            REQUIRE(d.rolls.size() == s.size());
            CHECK(d.rolls[0].what == "Reserve: type");
            CHECK(d.rolls[0].die == face);
            CHECK(d.rolls[0].reads == d.kind);
            CHECK(d.rolls[1].what == "Brigades");
            CHECK(d.brigades[0].id == (cavalry ? "fr-cav-1" : "fr-inf-1"));
        }
    }
}

TEST_CASE("cmwd generator: an unknown division throws no die", "[cmwd]") {
    ScriptedDice dice({});
    const auto d = french_division("artillery", ranks, 4, "fr", dice);
    CHECK(d.kind.empty());
    CHECK(d.brigades.empty());
    CHECK(d.rolls.empty());
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": one reserve division, every die in the order thrown.
TEST_CASE("cmwd generator: a whole reserve division's rolls, named and read", "[cmwd]") {
    ScriptedDice dice({2, 3, 4, 1, 6, 5, 6, 2, 5, 6, 1, 3, 2, 1});
    const auto d = french_division("reserve", ranks, 4, "fr2", dice);
    CHECK(dice.remaining() == 0);
    const std::vector<std::tuple<std::string, int, std::string>> want = {
        {"Reserve: type", 2, "cavalry"},         {"Brigades", 3, "3 brigades"},
        {"Brigade 1: bases", 4, "3 bases"},      {"Brigade 1: type", 1, "dragoons"},
        {"Brigade 1: quality", 6, "veteran"},    {"Brigade 1: general", 5, "active"},
        {"Brigade 2: bases", 6, "4 bases"},      {"Brigade 2: type", 2, "horse"},
        {"Brigade 2: quality", 5, "veteran"},    {"Brigade 2: general", 6, "vigorous"},
        {"Brigade 3: bases", 1, "2 bases"},      {"Brigade 3: type", 3, "horse"},
        {"Brigade 3: quality", 2, "trained"},    {"Brigade 3: general", 1, "lethargic"},
    };
    REQUIRE(d.rolls.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        INFO("roll " << i);
        CHECK(d.rolls[i].what == std::get<0>(want[i]));
        CHECK(d.rolls[i].die == std::get<1>(want[i]));
        CHECK(d.rolls[i].reads == std::get<2>(want[i]));
    }
    for (const auto& r : dice.take_log()) CHECK(r["sides"] == 6);
    CHECK(d.kind == "cavalry");
    REQUIRE(d.brigades.size() == 3);
    const auto& b = d.brigades;
    CHECK((b[0].id == "fr2-cav-1" && b[0].kind == "cavalry" && b[0].troop_type == "dragoons"));
    CHECK((b[0].quality == "veteran" && b[0].bases == 3 && b[0].general_rank == "active"));
    CHECK((b[1].id == "fr2-cav-2" && b[1].troop_type == "horse" && b[1].quality == "veteran" && b[1].bases == 4));
    CHECK((b[2].id == "fr2-cav-3" && b[2].troop_type == "horse" && b[2].quality == "trained" && b[2].bases == 2));
    CHECK(b[2].general_rank == "lethargic");
}

TEST_CASE("cmwd generator: french_pieces stands the bases in line and the brigadiers behind", "[cmwd]") {
    GeneratedDivision d;
    d.kind = "cavalry";
    d.brigades = {brigade("fr-cav-1", "cavalry", "dragoons", "raw", 2),
                  brigade("fr-cav-2", "cavalry", "horse", "veteran", 3)};
    d.brigades[1].general_rank = "vigorous";
    // bw 4, depth 2: brigade 1 along 0 and 4, a gap, brigade 2 along 12, 16, 20; brigadiers at their middles
    // (2 and 16), 3 behind the front (the base's depth 2 and half a depth more).
    struct Case { double facing; std::vector<std::pair<double, double>> bases, leaders; };
    const std::vector<Case> cases = {
        {0, {{10, 20}, {14, 20}, {22, 20}, {26, 20}, {30, 20}}, {{12, 17}, {26, 17}}},
        {90, {{10, 20}, {10, 16}, {10, 8}, {10, 4}, {10, 0}}, {{7, 18}, {7, 4}}},
        {180, {{10, 20}, {6, 20}, {-2, 20}, {-6, 20}, {-10, 20}}, {{8, 23}, {-6, 23}}},
    };
    for (const auto& c : cases) {
        INFO("facing " << c.facing);
        const json p = french_pieces(d, "french", 10, 20, c.facing, 4);
        REQUIRE(p["units"].size() == 5);
        REQUIRE(p["leaders"].size() == 2);
        for (std::size_t i = 0; i < 5; ++i) check_at(p["units"][i], c.bases[i].first, c.bases[i].second);
        for (std::size_t i = 0; i < 2; ++i) check_at(p["leaders"][i], c.leaders[i].first, c.leaders[i].second);
        for (const auto& u : p["units"]) CHECK(u["facing"] == c.facing);
    }
    const json p = french_pieces(d, "french", 10, 20, 0, 4);
    const json& u = p["units"][0];
    CHECK(u["name"] == "1st Cavalry Brigade, base 1");
    CHECK(p["units"][4]["name"] == "2nd Cavalry Brigade, base 3");
    CHECK((u["side"] == "french" && u["troop_type"] == "dragoons" && u["bases"] == 1));
    CHECK((u["base_width"] == 4.0 && u["base_depth"] == 2.0));
    CHECK(u["values"] == json({{"brigade", "fr-cav-1"}, {"quality", "raw"}}));
    CHECK(p["units"][2]["troop_type"] == "horse");
    CHECK(p["units"][2]["values"] == json({{"brigade", "fr-cav-2"}, {"quality", "veteran"}}));
    const json& l = p["leaders"][1];
    CHECK((l["name"] == "Brigadier of the 2nd Cavalry Brigade" && l["side"] == "french"));
    CHECK(l["values"] == json({{"brigade", "fr-cav-2"}, {"rank", "vigorous"}}));
}

// chosen-men-well-disposed.txt, "Army Generators FRENCH": "All infantry use the a prest system."
TEST_CASE("cmwd generator: french_pieces marks infantry a prest", "[cmwd]") {
    GeneratedDivision d;
    d.kind = "infantry";
    d.brigades = {brigade("fr-inf-1", "infantry", "infantry", "trained", 3)};
    const json p = french_pieces(d, "french", 0, 0, 0, 2);
    REQUIRE(p["units"].size() == 3);
    CHECK(p["units"][1]["name"] == "1st Infantry Brigade, base 2");
    CHECK(p["units"][1]["values"] == json({{"brigade", "fr-inf-1"}, {"quality", "trained"}, {"school", "a_prest"}}));
    check_at(p["units"][2], 4, 0);
    check_at(p["leaders"][0], 2, -1.5);
    CHECK(p["leaders"][0]["name"] == "Brigadier of the 1st Infantry Brigade");
    const json none = {{"units", json::array()}, {"leaders", json::array()}};
    CHECK(french_pieces(GeneratedDivision{}, "french", 0, 0, 0, 2) == none);
}
