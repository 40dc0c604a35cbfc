#pragma once
// A Chosen Men battle in a YearTable campaign (tests/unit/test_year_table.h), over the real commands: the
// British (side "british", Bob commanding) against the French (side "french", Dave commanding) on a cm table with
// 60 mm bases (BW 6 cm, BD 3 cm). The test adds the bases; names are one letter as in the book's worked example.
#include <catch2/catch.hpp>

#include "test_battle_table.h"

namespace cmwd_test {

using namespace year_test;

inline constexpr double BW = 6, BD = 3;

struct CmwdField {
    YearTable t;
    json bases = json::array();
    json generals = json::array();
    json settings = {{"tempo_dice", 0}, {"tempo_bonus", 4}};

    CmwdField() { t.ready(); }

    // A base; `values` adds to {"brigade", "quality"}.
    void base(const std::string& side, const std::string& n, const std::string& type, const std::string& brigade, double x,
              double y, double facing, json values = json::object()) {
        json v = {{"brigade", brigade}, {"quality", "trained"}};
        v.merge_patch(values);
        bases.push_back({{"side", side}, {"name", n}, {"troop_type", type}, {"position", {x, y}}, {"facing", facing},
                         {"values", v}});
    }
    // A general of a brigade, away from the fighting unless placed; the first of a side with a player commands it.
    void general(const std::string& side, const std::string& n, const std::string& brigade, std::int64_t user, double x,
                 double y, const std::string& rank = "active") {
        json v = {{"brigade", brigade}, {"rank", rank}};
        if (user) v["commander"] = true;
        generals.push_back({{"side", side}, {"name", n}, {"user", user}, {"position", {x, y}}, {"values", v}});
    }

    json create_body() const {
        return {{"name", "Example of Combat"}, {"ruleset", "cmwd"}, {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
                {"sides", {{{"id", "british"}, {"name", "British"}}, {{"id", "french"}, {"name", "French"}}}},
                {"leaders", generals}, {"units", bases}, {"settings", settings}};
    }
    void create() { t.ok(t.umpire, "battle.create", create_body()); }
    void start(std::vector<int> dice = {}) { t.ok(t.umpire, "battle.start", {{"battle", 1}}, std::move(dice)); }

    json of(const Viewer& v) { return battle_of(t, v); }
    json umpire() { return of(t.umpire); }
    json cmwd(const Viewer& v) { return of(v)["cmwd"]; }
    std::int64_t id(const std::string& n) {
        const json seen = umpire();  // kept: a range over a temporary's member dangles
        for (const auto& u : seen["units"])
            if (u["name"] == n) return u["id"].get<std::int64_t>();
        FAIL("no base " << n);
        return 0;
    }
    std::int64_t leader(const std::string& n) {
        const json seen = umpire();
        for (const auto& l : seen["leaders"])
            if (l["name"] == n) return l["id"].get<std::int64_t>();
        FAIL("no general " << n);
        return 0;
    }
    json unit(const std::string& n) { return unit_of(umpire(), id(n)); }
    double front_y(const std::string& n) { return unit(n)["position"][1].get<double>(); }
    int shaken(const std::string& n) { return unit(n)["markers"].value("shaken", 0); }
    bool broken(const std::string& n) { return unit(n)["markers"].value("broken", 0) > 0; }

    std::vector<Event> act(const Viewer& v, json body, std::vector<int> dice = {}) {
        body["battle"] = 1;
        return t.ok(v, "battle.act", std::move(body), std::move(dice));
    }
    std::string refused(const Viewer& v, const std::string& type, json body, std::string* message = nullptr) {
        body["battle"] = 1;
        return t.error(v, type, std::move(body), message);
    }
    void bid(const Viewer& v, int n, std::vector<int> dice = {}) {
        t.ok(v, "battle.submit", {{"battle", 1}, {"bid", n}}, std::move(dice));
    }
    void done(const Viewer& v, std::vector<int> dice = {}) {
        t.ok(v, "battle.submit", {{"battle", 1}, {"done", true}}, std::move(dice));
    }
    void override_(const json& body, std::vector<int> dice = {}) {
        json b = body;
        b["battle"] = 1;
        if (!b.contains("reason")) b["reason"] = "as the scenario has it";
        t.ok(t.umpire, "battle.override", b, std::move(dice));
    }
    // The log lines a viewer reads, as one text; and the test details of the lines since `from`.
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

// One side of a test's details: its factors as "why value" words, its die and total.
inline std::vector<std::string> factors(const json& side) {
    std::vector<std::string> out;
    for (const auto& f : side["factors"]) out.push_back(f["why"].get<std::string>() + " " + std::to_string(f["value"].get<int>()));
    return out;
}

}  // namespace cmwd_test
