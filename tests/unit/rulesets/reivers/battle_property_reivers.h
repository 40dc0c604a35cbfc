#pragma once
// Border Reivers in the random-play test (test_battle_property.cpp): a raid with names in ambush, a hidden
// heidman, secret terrain rolls and a side with local knowledge; random actions of every kind; and checks
// that no viewer gets a terrain roll, a heidman's craft or a search his side does not know.
#include <algorithm>

#include "../../battle_property.h"

namespace year_test {

inline json reivers_create(YearTable& t) {
    json units = json::array();
    auto name = [&](const char* side, std::int64_t owner, std::string n, const char* type, bool mounted, double x, double y,
                    bool hidden) {
        units.push_back({{"side", side}, {"owner", owner}, {"name", n}, {"troop_type", type}, {"position", {x, y}},
                         {"facing", side[0] == 'a' ? 0 : 180}, {"concealed", hidden},
                         {"markers", hidden ? json{{"concealment", 3}} : json::object()},
                         {"values", {{"mounted", mounted}, {"fyrebrand", 3}, {"note", "VALUE-" + n}}}});
    };
    name("a", t.bob.user, "Armstrongs", "rider", true, 300, 200, false);
    name("a", t.carol.user, "Elliots", "bow", false, 500, 200, false);
    name("a", 0, "HIDDEN-A-1", "blade", false, 700, 250, true);
    name("b", t.dave.user, "Forsters", "demi_lance", true, 400, 500, false);
    name("b", 0, "HIDDEN-B-1", "musketeer", false, 600, 420, true);
    name("b", t.dave.user, "HIDDEN-B-2", "pike", false, 250, 450, true);
    name("b", t.dave.user, "Kine", "herd", true, 450, 600, false);
    json leaders = {{{"side", "a"}, {"user", t.bob.user}, {"name", "Kinmont Willie"}, {"position", {300, 180}},
                     {"values", {{"fyrebrand", 2}, {"craft", "good"}}}},
                    {{"side", "a"}, {"user", t.carol.user}, {"name", "Jock Elliot"}, {"position", {500, 180}},
                     {"values", {{"fyrebrand", 3}, {"craft", "average"}}}},
                    {{"side", "b"}, {"user", t.dave.user}, {"name", "HIDDEN-LEADER-B"}, {"position", {250, 470}},
                     {"concealed", true}, {"values", {{"fyrebrand", 1}, {"craft", "poor"}}}}};
    json terrain = {{{"kind", "wood"}, {"name", "Tarras Wood"}, {"shape", "circle"}, {"centre", {600, 420}}, {"radius", 120}},
                    {{"kind", "marsh"}, {"name", "Solway Moss"}, {"shape", "circle"}, {"centre", {350, 350}}, {"radius", 80}},
                    {{"kind", "town"}, {"name", "Bewcastle"}, {"shape", "circle"}, {"centre", {250, 450}}, {"radius", 60}},
                    {{"kind", "field"}, {"name", "Infield"}, {"shape", "polygon"}, {"points", {{100, 300}, {200, 300}, {200, 400}, {100, 400}}}},
                    {{"kind", "wall"}, {"name", "Dyke"}, {"shape", "polyline"}, {"points", {{0, 320}, {1000, 330}}}, {"width", 0}},
                    {{"kind", "road"}, {"name", "Street"}, {"shape", "polyline"}, {"points", {{300, 0}, {300, 800}}}, {"width", 30}}};
    return {{"name", "Random Raid"},
            {"ruleset", "reivers"},
            {"table", {{"width", 1000}, {"depth", 800}, {"measure", "paces"}}},
            {"sides", {{{"id", "a"}, {"name", "Scots"}}, {{"id", "b"}, {"name", "English"}}}},
            {"units", units},
            {"leaders", leaders},
            {"terrain", terrain},
            {"settings", {{"local_knowledge", "b"}, {"conceal_near_enemy_paces", 100}}}};
}

inline Command reivers_item(SequenceDice& r, const json& b) {
    switch (r.pick(10)) {
        case 0: case 1: return Command{"battle.submit", {}};
        case 2: return Command{"battle.withdraw", {}};
        default: break;
    }
    static const char* const actions[] = {"craft", "move", "move", "move", "move_heidman", "conceal", "detect", "detect",
                                          "dismount", "remount", "rally", "spring", "nonsense"};
    json body = {{"action", actions[r.pick(13)]}};
    json own = json::array(), ids = json::array();
    for (const auto& u : b["units"]) {
        ids.push_back(u["id"]);
        if (u["side"] == b.value("viewer_side", "") && u["removed"] != true) own.push_back(u);
    }
    ids.push_back(r.pick(2) ? json(2) : json(999));
    // Mostly one of his own names, moved a little way (a whole move is 100 or 200 paces); sometimes anything.
    json pos = {static_cast<double>(r.pick(1000)), static_cast<double>(r.pick(800))};
    if (!own.empty() && r.pick(5) != 0) {
        const json& u = own[r.pick(own.size())];
        body["unit"] = u["id"];
        pos = {u["position"][0].get<double>() + static_cast<double>(r.pick(300)) - 150,
               u["position"][1].get<double>() + static_cast<double>(r.pick(300)) - 150};
    } else {
        body["unit"] = ids[r.pick(ids.size())];
    }
    if (r.pick(6) == 0) body["units"] = {ids[r.pick(ids.size())], ids[r.pick(ids.size())]};
    body["to"] = pos;
    body["at"] = r.pick(2) ? pos : json{static_cast<double>(r.pick(1000)), static_cast<double>(r.pick(800))};
    body["craft"] = static_cast<int>(r.pick(5));
    return Command{"battle.act", body};
}

inline void reivers_override(SequenceDice& r, const json& ub, json& body) {
    const json& units = ub["units"];
    body["by"] = units[r.pick(units.size())]["id"];
    body["against"] = {units[r.pick(units.size())]["id"]};
    body["feature"] = ub["terrain"][r.pick(ub["terrain"].size())]["id"];
    body["roll"] = static_cast<int>(r.pick(7));
    static const char* const sides[] = {"a", "b", "*"};
    if (r.pick(2)) body["reveal_to"] = sides[r.pick(3)];
    static const char* const markers[] = {"fleeing", "fyrebrand_up", "concealment", "under_fire"};
    body["marker"] = markers[r.pick(4)];
    body["points"] = static_cast<int>(r.pick(6));
    static const char* const actions[] = {"craft", "move", "conceal", "detect", "spring"};
    body["action"] = actions[r.pick(5)];
    body["to"] = {static_cast<double>(r.pick(1000)), static_cast<double>(r.pick(800))};
    body["at"] = body["to"];
    body["craft"] = static_cast<int>(1 + r.pick(3));
    body["fate"] = r.pick(8) ? "" : "captured";
}

// A viewer's terrain rolls are those his side knows (an observer's, those every side knows); craft and
// searches are his side's.
inline void reivers_check(const json& ub, const Viewer& v, const json& b) {
    const std::string side = b.value("viewer_side", "");
    for (const auto& [fid, roll] : b["terrain_rolls"].items()) {
        const json& known = ub["terrain_rolls"][fid]["known_to"];
        INFO(v.name << " sees the roll of feature " << fid);
        if (!side.empty()) CHECK(std::find(known.begin(), known.end(), side) != known.end());
        else CHECK(known.size() == ub["sides"].size());
    }
    for (const auto& [lid, c] : b["craft"].items()) {
        bool own = false;
        for (const auto& l : ub["leaders"])
            if (std::to_string(l["id"].get<std::int64_t>()) == lid) own = l["side"] == side;
        INFO(v.name << " sees the craft of heidman " << lid);
        CHECK(own);
    }
    for (const auto& s : b["searches"]) CHECK(s["side"] == side);
    // A name in ambush does not exist for the other side: not in its list, not in its count.
    std::size_t may_see = 0;
    for (const auto& u : ub["units"])
        if (v.is_umpire() || u["concealed"] != true || u["side"] == side) ++may_see;
    CHECK(b["units"].size() == may_see);
    if (side.empty()) CHECK(b["bound"]["order"].empty());
}

inline Fixture reivers_fixture() {
    return {reivers_create, reivers_item,
            {"act", "feud", "unfeud", "terrain", "fate", "marker", "reveal", "conceal", "move", "nonsense"},
            reivers_check, {1000, 800}, reivers_override};
}

}  // namespace year_test
