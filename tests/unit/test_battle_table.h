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

}  // namespace year_test
