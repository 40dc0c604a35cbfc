// Over the Hill settings (shared/rulesets/oth/settings.h): every reading of docs/rules-notes.md, "Over the Hill
// battles", to and from JSON.
#include <catch2/catch.hpp>

#include "shared/rulesets/oth/settings.h"

using namespace muster;
using namespace muster::oth;

TEST_CASE("the settings' defaults and their JSON", "[oth]") {
    OthSettings book;
    auto j = to_json(book);
    CHECK(j == nlohmann::json{{"musketry_score_by", "rating"},
                              {"every_volley_gives_tp", false},
                              {"hold_your_fire_bonus", 1},
                              {"enemy_running_removes_tp", true},
                              {"rally_roll_each_turn", true},
                              {"irregulars_fight_as_highlanders", true},
                              {"leader_fight_bonus", 1},
                              {"leader_hit_on", 1},
                              {"leader_killed_on", 2},
                              {"digest_turns", 1},
                              {"gunner_movement", "as_foot"},
                              {"gunner_drill", 2},
                              {"cease_fire_score", 4},
                              {"losses_cap_percent", 100}});
    auto back = settings_from_json(j);
    REQUIRE(std::holds_alternative<OthSettings>(back));
    CHECK(std::get<OthSettings>(back) == book);
    auto empty = settings_from_json(nlohmann::json::object());
    REQUIRE(std::holds_alternative<OthSettings>(empty));
    CHECK(std::get<OthSettings>(empty) == book);
}

TEST_CASE("settings change by name and round-trip", "[oth]") {
    auto r = merged(OthSettings{}, {{"musketry_score_by", "bases"}, {"gunner_movement", "immobile"},
                                    {"digest_turns", 0}, {"every_volley_gives_tp", true}});
    REQUIRE(std::holds_alternative<OthSettings>(r));
    auto s = std::get<OthSettings>(r);
    CHECK(s.musketry_score_by == MusketryScoreBy::bases);
    CHECK(s.gunner_movement == GunnerMovement::immobile);
    CHECK(s.digest_turns == 0);
    CHECK(s.every_volley_gives_tp);
    CHECK(s.leader_hit_on == 1);
    auto again = settings_from_json(to_json(s));
    REQUIRE(std::holds_alternative<OthSettings>(again));
    CHECK(std::get<OthSettings>(again) == s);
}

TEST_CASE("bad settings are errors a person can read", "[oth]") {
    auto code = [](const nlohmann::json& changes) {
        auto r = merged(OthSettings{}, changes);
        return std::holds_alternative<Error>(r) ? std::get<Error>(r).code : std::string("ok");
    };
    auto message = [](const nlohmann::json& changes) { return std::get<Error>(merged(OthSettings{}, changes)).message; };
    CHECK(code({{"no_such_rule", 1}}) == "bad_request");
    CHECK(message({{"no_such_rule", 1}}) == "unknown setting \"no_such_rule\"");
    CHECK(code({{"musketry_score_by", "volume"}}) == "bad_request");
    CHECK(code({{"gunner_movement", 3}}) == "bad_request");
    CHECK(code({{"digest_turns", -1}}) == "bad_request");
    CHECK(message({{"digest_turns", 9}}) == "setting \"digest_turns\" must be from 0 to 3");
    CHECK(code({{"digest_turns", 1.5}}) == "bad_request");
    CHECK(code({{"every_volley_gives_tp", "yes"}}) == "bad_request");
    CHECK(code({{"gunner_drill", 0}}) == "bad_request");
    CHECK(code({{"losses_cap_percent", 0}}) == "bad_request");
    CHECK(code(nlohmann::json::array()) == "bad_request");
    CHECK(code({{"gunner_drill", 6}}) == "ok");
}
