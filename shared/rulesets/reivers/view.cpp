#include "shared/rulesets/reivers/view.h"

#include <algorithm>

#include "shared/battle/geometry.h"

namespace muster::reivers {

using nlohmann::json;

namespace {

json effect_json(const TerrainEffect& t) {
    return {{"text", t.text},           {"impassable", t.impassable},       {"foot_may", t.foot_may},
            {"mounted_may", t.mounted_may}, {"foot_speed", t.foot_speed}, {"mounted_speed", t.mounted_speed},
            {"cover", t.cover},         {"extra_craft", t.extra_craft}};
}

bool observer_knows(const BattleEntry& e, std::int64_t feature) {
    for (const auto& sd : e.battle.sides)
        if (!side_knows(e, feature, sd.id)) return false;
    return !e.battle.sides.empty();
}

json terrain_rolls(const BattleEntry& e, const ReiversSettings& s, const Viewer& viewer, const std::string& side) {
    json out = json::object();
    for (const auto& f : e.battle.terrain) {
        auto roll = terrain_roll(e, f.id);
        if (!roll) continue;
        const bool knows = viewer.is_umpire() || (!side.empty() ? side_knows(e, f.id, side) : observer_knows(e, f.id));
        if (!knows) continue;
        json j = effect_json(true_effect(e, s, f));
        j["roll"] = *roll;
        const json& entry = e.data.at("terrain").at(std::to_string(f.id));
        const json learned = entry.value("learned", json::object());
        if (viewer.is_umpire()) {
            j["known_to"] = entry.value("known_to", json::array());
            j["learned"] = learned;
        } else if (!side.empty()) {
            j["learned"] = learned.value(side, 0);
        } else {
            int last = 0;  // an observer knows it once the last side does
            for (const auto& [k, t] : learned.items()) last = std::max(last, t.get<int>());
            j["learned"] = last;
        }
        out[std::to_string(f.id)] = std::move(j);
    }
    return out;
}

bool visible_to(const BattleEntry& e, std::int64_t unit, const std::string& side, const Viewer& viewer) {
    const Unit* u = e.battle.unit(unit);
    return u && (viewer.is_umpire() || !u->concealed || (!side.empty() && u->side == side));
}

json feuds(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    json out = json::array();
    for (const auto& f : e.data.value("feuds", json::array())) {
        if (!visible_to(e, f.value("by", std::int64_t{0}), side, viewer)) continue;
        json against = json::array();
        for (const auto& t : f.value("against", json::array()))
            if (t.is_number_integer() && visible_to(e, t.get<std::int64_t>(), side, viewer)) against.push_back(t);
        out.push_back({{"by", f["by"]}, {"against", against}});
    }
    return out;
}

json names_hints(const BattleEntry& e, const ReiversSettings& s, const Leader* me, const std::string& side, bool all) {
    json ranges = json::object();
    for (const auto& [id, u] : e.battle.units) {
        if (u.removed || (!all && u.side != side)) continue;
        json r = json::array();
        r.push_back({{"kind", "move"}, {"paces", base_move_paces(type_of(u), is_mounted(u))},
                     {"range", base_move_paces(type_of(u), is_mounted(u))}});
        const int fire = combat_factors(type_of(u)).range_paces;
        if (fire > 0) r.push_back({{"kind", "fire"}, {"paces", fire}, {"range", fire}});
        if (me && u.side == me->side)
            r.push_back({{"kind", "craft_reach"}, {"paces", battle::distance_to_unit(u, me->position)},
                         {"over_range", battle::distance_to_unit(u, me->position) > craft_range(s)}});
        ranges[std::to_string(id)] = std::move(r);
    }
    return ranges;
}

json hints(const BattleEntry& e, const ReiversSettings& s, const Viewer& viewer, const std::string& side) {
    const Leader* me = viewer.role == Role::player ? e.battle.leader_of(viewer.user) : nullptr;
    json j = {{"craft_range", craft_range(s)},
              {"search_paces", s.search_paces},
              {"costs", {{"move", CraftCosts::move}, {"road", CraftCosts::road}, {"conceal_dismounted", CraftCosts::conceal_dismounted},
                         {"conceal_mounted", CraftCosts::conceal_mounted}, {"detect", CraftCosts::detect},
                         {"over_range", CraftCosts::over_range}, {"dismount", CraftCosts::dismount}, {"rally", s.rally_cost}}}};
    // Which areas have a d6 table (their kinds are on the table for all to see), so a page can say "not yet
    // ridden" of those only.
    json tabled = json::array();
    for (const auto& f : e.battle.terrain)
        if (has_table(f)) tabled.push_back(f.id);
    j["tabled_features"] = tabled;
    j["heidman_ride"] = base_move_paces(NameType::rider, true);
    if (!viewer.is_umpire() && side.empty()) return j;
    j["ranges"] = names_hints(e, s, me, side, viewer.is_umpire());
    if (me) {
        auto why = why_not_now(e, s, *me);
        j["may_act"] = !why.has_value();
        j["why_not"] = why ? json(*why) : json(nullptr);
        j["heidman"] = me->id;
        j["reach"] = {{"from", me->position}, {"range", craft_range(s)}, {"most", 2 * craft_range(s)}};
    }
    return j;
}

}  // namespace

json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    const ReiversSettings s = settings_from(e.settings);
    const std::string active = e.status == "setup" ? "" : active_side(e, s);
    json order = json::array();
    const auto& box = e.battle.boxes.count("bound") ? e.battle.boxes.at("bound") : battle::SealedBox{};
    if (viewer.is_umpire() || (!side.empty() && side == active))
        for (const Leader* l : bound_order(e, active))
            order.push_back({{"leader", l->id}, {"fyrebrand", leader_fyrebrand(*l)},
                             {"done", l->user != 0 && box.items.count(l->user) > 0}});
    json craft = json::object();
    const json all_craft = e.data.value("craft", json::object());  // a name: .items() of a temporary dangles
    for (const auto& [k, c] : all_craft.items()) {
        const Leader* l = e.battle.leader(std::stoll(k));
        if (viewer.is_umpire() || (l && !side.empty() && l->side == side)) craft[k] = c;
    }
    json searches = json::array();
    for (const auto& x : e.data.value("searches", json::array()))
        if (viewer.is_umpire() || (!side.empty() && x.value("side", "") == side)) searches.push_back(x);
    return {{"bound", {{"side", active}, {"order", std::move(order)}}},
            {"craft", std::move(craft)},
            {"terrain_rolls", terrain_rolls(e, s, viewer, side)},
            {"searches", std::move(searches)},
            {"feuds", feuds(e, viewer, side)},
            {"hints", hints(e, s, viewer, side)}};
}

}  // namespace muster::reivers
