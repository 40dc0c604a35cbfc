#pragma once
// A Border Reivers raid in a YearTable campaign (tests/unit/test_year_table.h), set up over the real commands:
// the Scots (side "a": Bob's heidman Kinmont Willie, fyrebrand 2, good craft; Carol's Jock Elliot, fyrebrand 3,
// average craft) against the English (side "b": Dave's Lord Lowther, fyrebrand 3, poor craft), on a table of
// 1500 x 1000 paces with a wood (feature 1), a marsh (2), a town (3) and a field (4). The test adds the names.
#include <catch2/catch.hpp>

#include "test_battle_table.h"

namespace reivers_test {

using namespace year_test;

struct Raid {
    YearTable t;
    json names = json::array();
    // The tests throw each heidman's craft at his first action (craft_thrown "first_action"), so a script reads in
    // the order of the actions; "thrown for at the start of each bound", the default, is test_reivers_bound.cpp's.
    json settings = {{"conceal_near_enemy_paces", 0}, {"craft_thrown", "first_action"}};
    json kinmont_at = {500, 300};
    json lowther_at = {1300, 900};
    json more_terrain = json::array();  // features besides the four, from id 5
    json from_regiments = nullptr;      // battle.create's, when campaign regiments ride as names

    Raid() { t.ready(); }

    // A name; `values` adds to {"mounted", "fyrebrand"}.
    void name(const std::string& side, const std::string& n, const std::string& type, bool mounted, double x, double y,
              double facing, json extra = json::object()) {
        json u = {{"side", side}, {"name", n}, {"troop_type", type}, {"position", {x, y}}, {"facing", facing},
                  {"values", {{"mounted", mounted}, {"fyrebrand", 3}}}};
        u.merge_patch(extra);
        names.push_back(u);
    }

    void create() {
        json leaders = {{{"side", "a"}, {"user", t.bob.user}, {"name", "Kinmont Willie"}, {"position", kinmont_at},
                         {"values", {{"fyrebrand", 2}, {"craft", "good"}}}},
                        {{"side", "a"}, {"user", t.carol.user}, {"name", "Jock Elliot"}, {"position", {1300, 100}},
                         {"values", {{"fyrebrand", 3}, {"craft", "average"}}}},
                        {{"side", "b"}, {"user", t.dave.user}, {"name", "Lord Lowther"}, {"position", lowther_at},
                         {"values", {{"fyrebrand", 3}, {"craft", "poor"}}}}};
        json terrain = {
            {{"id", 1}, {"kind", "wood"}, {"name", "Tarras Wood"}, {"shape", "circle"}, {"centre", {300, 600}}, {"radius", 100}},
            {{"id", 2}, {"kind", "marsh"}, {"name", "Solway Moss"}, {"shape", "circle"}, {"centre", {700, 450}}, {"radius", 100}},
            {{"id", 3}, {"kind", "town"}, {"name", "Bewcastle"}, {"shape", "circle"}, {"centre", {1100, 500}}, {"radius", 80}},
            {{"id", 4}, {"kind", "field"}, {"name", "Infield"}, {"shape", "polygon"},
             {"points", {{1200, 100}, {1400, 100}, {1400, 250}, {1200, 250}}}}};
        for (const auto& f : more_terrain) terrain.push_back(f);
        json body = {{"name", "Raid"}, {"ruleset", "reivers"}, {"table", {{"width", 1500}, {"depth", 1000}, {"measure", "paces"}}},
                     {"sides", {{{"id", "a"}, {"name", "Scots"}}, {{"id", "b"}, {"name", "English"}}}},
                     {"leaders", leaders}, {"units", names}, {"terrain", terrain}, {"settings", settings}};
        if (!from_regiments.is_null()) body["from_regiments"] = from_regiments;
        t.ok(t.umpire, "battle.create", body);
    }
    void start(std::vector<int> dice = {}) { t.ok(t.umpire, "battle.start", {{"battle", 1}}, std::move(dice)); }

    json of(const Viewer& v) { return battle_of(t, v); }
    json umpire() { return of(t.umpire); }
    std::int64_t id(const std::string& n) {
        const json seen = umpire();  // kept: a range over a temporary's member dangles
        for (const auto& u : seen["units"])
            if (u["name"] == n) return u["id"].get<std::int64_t>();
        FAIL("no name " << n);
        return 0;
    }
    json unit(const std::string& n) { return unit_of(umpire(), id(n)); }
    bool sees(const Viewer& v, const std::string& n) {
        const json seen = of(v);
        for (const auto& u : seen["units"])
            if (u.value("name", "") == n) return true;
        return false;
    }
    // An action of a player's heidman, with exactly these dice.
    std::vector<Event> act(const Viewer& v, json body, std::vector<int> dice = {}) {
        body["battle"] = 1;
        return t.ok(v, "battle.act", std::move(body), std::move(dice));
    }
    // Bob moves Armstrongs to (x, y), with exactly these dice (a charge: his craft, the test to close, the test to stand).
    void ride(double x, double y, std::vector<int> dice = {}) {
        act(t.bob, {{"action", "move"}, {"unit", id("Armstrongs")}, {"to", {x, y}}}, std::move(dice));
    }
    std::string refused(const Viewer& v, json body, std::string* message = nullptr) {
        body["battle"] = 1;
        const json seen = of(v);
        if (seen.contains("turn")) body["turn"] = seen["turn"];
        return t.error(v, "battle.act", std::move(body), message);
    }
    void done(const Viewer& v, std::vector<int> dice = {}) { t.ok(v, "battle.submit", {{"battle", 1}}, std::move(dice)); }
    // The log lines a viewer reads, as one text.
    std::string log_of(const Viewer& v) {
        std::string all;
        const json seen = of(v);
        for (const auto& l : seen["log"]) all += l["text"].get<std::string>() + "\n";
        return all;
    }
};

}  // namespace reivers_test
