#pragma once
// Reading battle 1 of a YearTable campaign in the battles' unit tests (test_battles.cpp, test_battle_whole.cpp,
// test_battle_ground.cpp): its view for one viewer, a unit in it, a unit's tension points, and the replay check.
#include "test_year_table.h"

namespace year_test {

// Battle 1 as the viewer's whole view holds it: an ended battle's log and history are paged out of the live view.
inline json battle_of(YearTable& t, const Viewer& v, std::int64_t id = 1) {
    return battles::battle_record(t.state, v, id).value_or(json());
}
inline json unit_of(const json& battle, std::int64_t id) {
    for (const auto& u : battle["units"])
        if (u["id"] == id) return u;
    return nullptr;
}
inline json umpire_unit(YearTable& t, std::int64_t id) { return unit_of(battle_of(t, t.umpire), id); }
inline int tp_of(YearTable& t, std::int64_t unit) {
    return umpire_unit(t, unit)["markers"]["tension_points"].get<int>();
}

// Replaying the event log on a fresh CampaignState rebuilds the same view for the umpire and every player.
inline void check_replay(YearTable& t) {
    CampaignState again;
    for (const auto& e : t.log) campaign::apply(again, e);
    for (const auto& v : t.everyone()) CHECK(view(again, v).dump() == view(t.state, v).dump());
}

// Saves the battle as a scenario, then commits a copy of it as an older Muster saved it, with one of its pieces
// concealed (`piece`, e.g. "/units/1"), and gives the copy's id: a book without hidden troops must refuse it.
inline std::string older_scenario_with_concealed(YearTable& t, std::int64_t battle, const std::string& name,
                                                 const std::string& piece) {
    auto saved = t.ok(t.umpire, "battle.save_scenario", {{"battle", battle}, {"name", name}});
    Event older = saved.at(0);
    const std::string id = older.body["scenario"]["id"].get<std::string>() + "-older";
    older.body["scenario"]["id"] = id;
    older.body["scenario"]["battle"][json::json_pointer(piece + "/concealed")] = true;
    t.commit({older});
    return id;
}

}  // namespace year_test
