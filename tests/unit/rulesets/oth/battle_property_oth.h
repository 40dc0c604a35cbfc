#pragma once
// Over the Hill in the random-play test (test_battle_property.cpp): two sides with concealed units and a concealed
// leader, secret terrain, and random order cards of every kind.
#include "../../battle_property.h"

namespace year_test {

inline json oth_create(YearTable& t) {
    json units = json::array();
    auto unit = [&](const char* side, std::int64_t owner, std::string name, double x, double y, bool hidden) {
        units.push_back({{"side", side}, {"owner", owner}, {"name", name}, {"position", {x, y}}, {"facing", side[0] == 'a' ? 0 : 180},
                         {"concealed", hidden}, {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 3}, {"note", "VALUE-" + name}}}});
    };
    unit("a", t.bob.user, "Bobs Foot", 40, 40, false);
    unit("a", t.carol.user, "Carols Foot", 80, 40, false);
    unit("a", 0, "HIDDEN-A-1", 120, 45, true);
    unit("b", t.dave.user, "Daves Clan", 60, 70, false);
    unit("b", 0, "HIDDEN-B-1", 100, 75, true);
    unit("b", t.dave.user, "HIDDEN-B-2", 20, 80, true);
    json leaders = {{{"side", "a"}, {"user", t.bob.user}, {"name", "Kemp"}, {"position", {40, 41}}},
                    {{"side", "a"}, {"user", t.carol.user}, {"name", "Dartington"}, {"position", {80, 41}}},
                    {{"side", "b"}, {"user", t.dave.user}, {"name", "HIDDEN-LEADER-B"}, {"position", {20, 81}}, {"concealed", true}}};
    json terrain = {{{"kind", "wood"}, {"name", "TERRAIN-A-ONLY"}, {"shape", "circle"}, {"centre", {150, 20}}, {"radius", 8}, {"known_to", {"a"}}},
                    {{"kind", "hill"}, {"name", "Open Hill"}, {"shape", "circle"}, {"centre", {10, 10}}, {"radius", 5}}};
    return {{"name", "Random Moor"},
            {"ruleset", "oth"},
            {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
            {"sides", {{{"id", "a"}, {"name", "Blue"}}, {{"id", "b"}, {"name", "Red"}}}},
            {"units", units},
            {"leaders", leaders},
            {"terrain", terrain}};
}

inline Command oth_item(SequenceDice& r, const json& b) {
    static const char* const cards[] = {"talk", "inspire", "engage", "move", "order.fire", "order.advance",
                                        "order.charge", "order.run_away", "order.retreat", "no_action", "nonsense"};
    json body = {{"card", cards[r.pick(11)]}};
    json units = json::array();
    for (const auto& u : b["units"]) units.push_back(u["id"]);
    units.push_back(r.pick(2) ? json(2) : json(999));
    body["unit"] = units[r.pick(units.size())];
    json leaders = json::array();
    for (const auto& l : b["leaders"]) leaders.push_back(l["id"]);
    leaders.push_back(3);
    body["leader"] = leaders[r.pick(leaders.size())];
    body["to"] = {static_cast<double>(r.pick(200)), static_cast<double>(r.pick(130))};
    return Command{r.pick(8) == 0 ? "card.withdraw" : "card.play", body};
}

inline Fixture oth_fixture() {
    return {oth_create, oth_item, {"reveal", "conceal", "tp", "leader", "move", "order", "nonsense"}, {}, {180, 120}, {}};
}

}  // namespace year_test
