#pragma once
// Chosen Men in the random-play test (test_battle_property.cpp): two brigades a side, random bids, orders, moves,
// fire and charges; and checks that a sealed tempo bid, or whether it is in, never reaches the other side or an
// observer before both are in, that a side's tempo points are its own, and that declared fire is the acting side's.
#include <algorithm>

#include "../../battle_property.h"

namespace year_test {

inline json cmwd_create(YearTable& t) {
    json units = json::array();
    auto base = [&](const char* side, const std::string& n, const char* type, const char* brigade, double x, double y) {
        units.push_back({{"side", side}, {"name", n}, {"troop_type", type}, {"position", {x, y}},
                         {"facing", side[0] == 'a' ? 0 : 180},
                         {"values", {{"brigade", brigade}, {"note", "VALUE-" + n}, {"pistols", side[0] == 'b'},
                                     {"school", std::string(type) == "infantry" ? (side[0] == 'a' ? "dutch" : "a_prest") : "dutch"}}}});
    };
    for (int i = 0; i < 3; ++i) {
        base("a", "A-Foot-" + std::to_string(i), "infantry", "a-foot", 60 + 6 * i, 50);
        base("b", "B-Foot-" + std::to_string(i), "infantry", "b-foot", 60 + 6 * i, 62);
        base("a", "A-Horse-" + std::to_string(i), i == 2 ? "dragoons" : "horse", "a-horse", 100 + 6 * i, 50);
        base("b", "B-Horse-" + std::to_string(i), "horse", "b-horse", 100 + 6 * i, 64);
    }
    base("a", "A-Guns", "artillery", "a-foot", 82, 48);
    json leaders = {{{"side", "a"}, {"user", t.bob.user}, {"name", "General Bob"}, {"position", {70, 40}},
                     {"values", {{"brigade", "a-foot"}, {"commander", true}}}},
                    {{"side", "a"}, {"user", t.carol.user}, {"name", "Brigadier Carol"}, {"position", {106, 46}},
                     {"values", {{"brigade", "a-horse"}, {"rank", "vigorous"}}}},
                    {{"side", "b"}, {"user", t.dave.user}, {"name", "Marshal Dave"}, {"position", {66, 70}},
                     {"values", {{"brigade", "b-foot"}, {"rank", "lethargic"}}}},
                    {{"side", "b"}, {"user", 0}, {"name", "Brigadier Nobody"}, {"position", {106, 72}},
                     {"values", {{"brigade", "b-horse"}}}}};
    json terrain = {{{"kind", "wood"}, {"name", "TERRAIN-A-ONLY"}, {"shape", "circle"}, {"centre", {30, 30}}, {"radius", 10},
                     {"known_to", {"a"}}}};
    return {{"name", "Random Chosen Men"},
            {"ruleset", "cmwd"},
            {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
            {"sides", {{{"id", "a"}, {"name", "Allies"}}, {{"id", "b"}, {"name", "French"}}}},
            {"units", units},
            {"leaders", leaders},
            {"terrain", terrain},
            {"settings", {{"tempo_dice", 1}, {"tempo_bonus", 2}}}};
}

inline Command cmwd_item(SequenceDice& r, const json& b) {
    switch (r.pick(12)) {
        case 0: case 1: return Command{"battle.submit", {{"bid", static_cast<int>(r.pick(9))}}};
        case 2: return Command{"battle.submit", {{"done", true}}};
        case 3: return Command{"battle.withdraw", {}};
        default: break;
    }
    static const char* const actions[] = {"order", "order", "move", "move", "wheel", "turn", "fire", "fire", "charge",
                                          "charge", "cancel", "nonsense"};
    json body = {{"action", actions[r.pick(12)]}};
    static const char* const brigades[] = {"a-foot", "a-horse", "b-foot", "b-horse", "nobody"};
    body["brigade"] = brigades[r.pick(5)];
    json ids = json::array();
    for (const auto& u : b["units"]) ids.push_back(u["id"]);
    ids.push_back(999);
    body["unit"] = ids[r.pick(ids.size())];
    body["target"] = ids[r.pick(ids.size())];
    // Mostly what the hints offer: a target in reach.
    const json h = b.contains("cmwd") ? b["cmwd"].value("hints", json()) : json();
    const std::string kind = body["action"];
    if (h.is_object() && (kind == "fire" || kind == "charge") && !h[kind].empty() && r.pick(4) != 0) {
        std::vector<std::string> keys;
        for (auto it = h[kind].begin(); it != h[kind].end(); ++it) keys.push_back(it.key());
        const std::string k = keys[r.pick(keys.size())];
        body["unit"] = std::stoll(k);
        body["target"] = h[kind][k][r.pick(h[kind][k].size())];
    }
    body["distance"] = static_cast<double>(r.pick(25)) / 10.0;
    body["direction"] = r.pick(2) ? "left" : "right";
    static const int degrees[] = {90, -90, 180, 45};
    body["degrees"] = degrees[r.pick(4)];
    return Command{"battle.act", body};
}

inline void cmwd_override(SequenceDice& r, const json& ub, json& body) {
    static const char* const markers[] = {"shaken", "broken", "fired", "nonsense"};
    body["marker"] = markers[r.pick(4)];
    body["value"] = static_cast<int>(r.pick(3));
    static const char* const fates[] = {"", "horse", "severe", "killed", "captured", "bad"};
    body["fate"] = fates[r.pick(6)];
    static const char* const ranks[] = {"vigorous", "active", "lethargic"};
    body["rank"] = ranks[r.pick(3)];
    body["side"] = r.pick(2) ? "a" : "b";
    body["points"] = static_cast<int>(r.pick(8));
    static const char* const brigades[] = {"a-foot", "a-horse", "b-foot", "b-horse"};
    body["brigade"] = brigades[r.pick(4)];
    body["spent"] = r.pick(4) == 0;
    body["moving"] = r.pick(2) == 0;
    static const char* const actions[] = {"order", "move", "fire", "charge"};
    body["action"] = actions[r.pick(4)];
    body["distance"] = 1;
    const json& units = ub["units"];
    body["target"] = units[r.pick(units.size())]["id"];
}

// Before the reveal a player learns nothing of the other side's bid: not the item, not whether it is in. His
// tempo points are his side's; the declared fire and charges are the acting side's.
inline void cmwd_check(const json& ub, const Viewer& v, const json& b) {
    const std::string side = b.value("viewer_side", "");
    const json& c = b["cmwd"];
    if (v.is_umpire()) return;
    const json& box = b["boxes"]["orders"];
    if (box["revealed"] == false)
        for (const auto& u : box["submitted"]) {
            bool own = false;
            for (const auto& l : ub["leaders"])
                if (l["user"] == u) own = l["side"] == side;
            INFO(v.name << " learns that user " << u << " has submitted");
            CHECK(own);
        }
    if (c["stage"] == "bid" && b["status"] == "cards") CHECK(c["bids"].is_null());
    if (side.empty()) CHECK(c["tempo"].is_null());
    else CHECK(c["tempo"] == ub["cmwd"]["tempo"][side]);
    if (side != c.value("acting_side", "")) CHECK(c["declared"].empty());
    for (const auto& row : c["brigades"])
        if (row["side"] != side) CHECK_FALSE(row.contains("ordered"));
}

inline Fixture cmwd_fixture() {
    return {cmwd_create, cmwd_item,
            {"marker", "fate", "rank", "tempo", "spent", "moving", "part", "act", "move", "nonsense"},
            cmwd_check, {180, 120}, cmwd_override};
}

}  // namespace year_test
