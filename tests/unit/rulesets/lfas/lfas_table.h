#pragma once
// A Loose Files battle in a YearTable campaign (tests/unit/test_year_table.h), over the real commands: the British
// (side "british", Bob's commander-in-chief) against the Americans (side "americans", Dave's), on a table of 72 x 48
// inches. The test adds the units.
#include <catch2/catch.hpp>

#include "test_battle_table.h"

namespace lfas_test {

using namespace year_test;

struct LfasField {
    YearTable t;
    json units = json::array();
    json settings = json::object();
    json bob_at = {30, 10};
    json dave_at = {20, 40};

    LfasField() { t.ready(); }

    void unit(const std::string& side, const std::string& n, const std::string& type, double x, double y, double facing,
              json values = json::object(), int bases = 0) {
        json u = {{"side", side}, {"name", n}, {"troop_type", type}, {"position", {x, y}}, {"facing", facing}, {"values", values}};
        if (bases) u["bases"] = bases;
        units.push_back(u);
    }
    json create_body() const {
        json leaders = {{{"side", "british"}, {"user", t.bob.user}, {"name", "Sir William"}, {"position", bob_at}, {"values", {{"role", "c_in_c"}}}},
                        {{"side", "americans"}, {"user", t.dave.user}, {"name", "General Greene"}, {"position", dave_at}, {"values", {{"role", "c_in_c"}}}}};
        return {{"name", "Guilford"}, {"ruleset", "lfas"}, {"table", {{"width", 72}, {"depth", 48}, {"measure", "inches"}}},
                {"sides", {{{"id", "british"}, {"name", "British"}}, {{"id", "americans"}, {"name", "Americans"}}}},
                {"leaders", leaders}, {"units", units}, {"settings", settings}};
    }
    void create() { t.ok(t.umpire, "battle.create", create_body()); }
    void start(std::vector<int> dice) { t.ok(t.umpire, "battle.start", {{"battle", 1}}, std::move(dice)); }
    json of(const Viewer& v) { return battle_of(t, v); }
    json umpire() { return of(t.umpire); }
    std::int64_t id(const std::string& n) {
        const json seen = umpire();
        for (const auto& u : seen["units"])
            if (u["name"] == n) return u["id"].get<std::int64_t>();
        FAIL("no unit " << n);
        return 0;
    }
    std::int64_t leader(const std::string& n) {
        const json seen = umpire();
        for (const auto& l : seen["leaders"])
            if (l["name"] == n) return l["id"].get<std::int64_t>();
        FAIL("no commander " << n);
        return 0;
    }
    json unit_now(const std::string& n) { return unit_of(umpire(), id(n)); }
    int marker(const std::string& n, const char* m) { return unit_now(n)["markers"].value(m, 0); }
    void orders(const Viewer& v, json body, std::vector<int> dice = {}) {
        body["battle"] = 1;
        t.ok(v, "battle.submit", std::move(body), std::move(dice));
    }
    std::string refused(const Viewer& v, json body, std::string* why = nullptr) {
        body["battle"] = 1;
        body["turn"] = of(v)["turn"];
        return t.error(v, "battle.submit", std::move(body), why);
    }
    std::string log_of(const Viewer& v) {
        std::string all;
        const json seen = of(v);
        for (const auto& l : seen["log"]) all += l["text"].get<std::string>() + "\n";
        return all;
    }
    json tests(const std::string& kind) {
        json out = json::array();
        const json seen = umpire();
        for (const auto& l : seen["log"])
            if (l.contains("details") && l["details"].value("test", "") == kind) out.push_back(l["details"]);
        return out;
    }
};

}  // namespace lfas_test
