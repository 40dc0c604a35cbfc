#pragma once
// Loose Files in the random-play test (test_battle_property.cpp): two sides of infantry, skirmishers, cavalry and
// guns under commanders, random sealed orders (fire, command points, movement dice, charges, formations); checks
// that no player sees the other side's command points or, before the reveal, its orders.
#include "../../battle_property.h"

namespace year_test {

inline json lfas_create(YearTable& t) {
    json units = json::array();
    auto unit = [&](const char* side, const std::string& n, const char* type, double x, double y, json v) {
        v["note"] = "VALUE-" + n;
        units.push_back({{"side", side}, {"name", n}, {"troop_type", type}, {"position", {x, y}}, {"facing", side[0] == 'a' ? 0 : 180},
                         {"values", v}});
    };
    unit("a", "A-Grenadiers", "infantry", 20, 12, {{"class", 1}, {"regular", true}});
    unit("a", "A-Rangers", "skirmishers", 30, 14, {{"class", 2}, {"weapon", "rifle"}});
    unit("a", "A-Dragoons", "cavalry", 40, 12, {{"class", 2}, {"brigade", 2}});
    unit("a", "A-Guns", "artillery", 26, 8, {{"class", 3}, {"gun", "heavy"}});
    unit("b", "B-Militia", "infantry", 20, 22, {{"class", 4}, {"kind", "militia"}});
    unit("b", "B-Continentals", "infantry", 32, 24, {{"class", 2}, {"hessian", false}});
    unit("b", "B-Horse", "cavalry", 44, 26, {{"class", 3}});
    unit("b", "B-Guns", "artillery", 26, 34, {{"class", 3}, {"gun", "light"}, {"limbered", true}});
    json leaders = {{{"id", 1}, {"side", "a"}, {"user", t.bob.user}, {"name", "Cornwallis"}, {"position", {24, 10}}, {"values", {{"role", "c_in_c"}}}},
                    {{"id", 2}, {"side", "a"}, {"user", t.carol.user}, {"name", "Tarleton"}, {"position", {40, 10}}, {"values", {{"role", "brigadier"}}}},
                    {{"id", 3}, {"side", "b"}, {"user", t.dave.user}, {"name", "Greene"}, {"position", {28, 28}}, {"values", {{"role", "c_in_c"}}}}};
    return {{"name", "Random Loose Files"},
            {"ruleset", "lfas"},
            {"table", {{"width", 72}, {"depth", 48}, {"measure", "inches"}}},
            {"sides", {{{"id", "a"}, {"name", "British"}}, {{"id", "b"}, {"name", "Americans"}}}},
            {"units", units},
            {"leaders", leaders},
            {"terrain", {{{"kind", "wood"}, {"name", "TERRAIN-A-ONLY"}, {"shape", "circle"}, {"centre", {60, 20}}, {"radius", 5}, {"known_to", {"a"}}}}},
            {"settings", {{"orders_needed", true}}}};
}

inline Command lfas_item(SequenceDice& r, const json& b) {
    if (r.pick(8) == 0) return Command{"battle.withdraw", {}};
    json ids = json::array(), enemies = json::array();
    for (const auto& u : b["units"]) {
        if (u["removed"] == true) continue;
        (u["side"] == b.value("viewer_side", "") ? ids : enemies).push_back(u["id"]);
    }
    ids.push_back(999);
    enemies.push_back(999);
    const json hints = b.contains("lfas") ? b["lfas"].value("units", json::object()) : json::object();
    json body = {{"fire", json::array()}, {"command", json::array()}, {"move", json::array()}};
    const int n = static_cast<int>(r.pick(3));
    for (int i = 0; i < n; ++i) {
        const json unit = ids[r.pick(ids.size())];
        const std::string key = unit.is_number_integer() ? std::to_string(unit.get<std::int64_t>()) : "";
        if (r.pick(3) == 0) {
            json target = enemies[r.pick(enemies.size())];
            if (hints.contains(key) && !hints[key]["fire"].empty() && r.pick(3) != 0) target = hints[key]["fire"][r.pick(hints[key]["fire"].size())];
            body["fire"].push_back({{"unit", unit}, {"target", target}});
        }
        static const char* const spends[] = {"order", "order", "move", "write", "rally", "inspire", "bribe"};
        json c = {{"spend", spends[r.pick(7)]}, {"units", {unit}}, {"unit", unit}, {"dice", static_cast<int>(1 + r.pick(4))},
                  {"to", {static_cast<double>(r.pick(72)), static_cast<double>(r.pick(48))}}};
        body["command"].push_back(c);
        json m = {{"unit", unit}, {"av", static_cast<int>(r.pick(3))}, {"d6", static_cast<int>(r.pick(3))},
                  {"to", {static_cast<double>(r.pick(72)), static_cast<double>(r.pick(48))}}};
        switch (r.pick(6)) {
            case 0: m["charge"] = enemies[r.pick(enemies.size())]; m["bayonet"] = r.pick(2) == 0; break;
            case 1: m = {{"unit", unit}, {"formation", r.pick(2) ? "skirmish" : "column"}}; break;
            case 2: m = {{"unit", unit}, {"limber", true}}; break;
            default: break;
        }
        if (r.pick(4) != 0) body["move"].push_back(m);
    }
    return Command{"battle.submit", body};
}

inline void lfas_override(SequenceDice& r, const json& ub, json& body) {
    body["value"] = static_cast<int>(r.pick(7));
    static const char* const wounds[] = {"", "light", "serious", "killed", "bad"};
    body["wound"] = wounds[r.pick(5)];
    static const char* const forms[] = {"line", "column", "skirmish", "square"};
    body["formation"] = forms[r.pick(4)];
    (void)ub;
}

// A player sees his own side's command points only; another side's orders never before the reveal.
inline void lfas_check(const json& ub, const Viewer& v, const json& b) {
    if (v.is_umpire()) return;
    const std::string side = b.value("viewer_side", "");
    for (auto it = b["lfas"]["cp"].begin(); it != b["lfas"]["cp"].end(); ++it) {
        bool own = false;
        for (const auto& l : ub["leaders"])
            if (std::to_string(l["id"].get<std::int64_t>()) == it.key()) own = l["side"] == side;
        INFO(v.name << " sees the points of commander " << it.key());
        CHECK(own);
    }
    for (auto it = b["lfas"]["units"].begin(); it != b["lfas"]["units"].end(); ++it) {
        bool own = false;
        for (const auto& u : ub["units"])
            if (std::to_string(u["id"].get<std::int64_t>()) == it.key()) own = u["side"] == side;
        CHECK(own);
    }
}

inline Fixture lfas_fixture() {
    return {lfas_create, lfas_item, {"dp", "casualties", "cp", "wound", "formation", "limber", "part", "move", "nonsense"},
            lfas_check, {72, 48}, lfas_override};
}

}  // namespace year_test
