#include "shared/battle/battle_view.h"

#include <algorithm>

namespace muster::battle {

using nlohmann::json;

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

json public_leader(const Leader& l) {
    json j = json::object();  // field by field, as a unit's
    j["id"] = l.id;
    j["side"] = l.side;
    j["user"] = l.user;
    j["name"] = l.name;
    j["position"] = l.position;
    return j;
}

}  // namespace

json public_unit(const Unit& u, const BattleVisibility& vis) {
    json j = unit_as_seen(u);
    if (vis.enemy_sees_names) j["name"] = u.name;
    json markers = json::object();
    for (const auto& [name, value] : u.markers)
        if (listed(vis.public_markers, name)) markers[name] = value;
    j["markers"] = std::move(markers);
    json values = json::object();
    if (u.values.is_object())
        for (const auto& [key, value] : u.values.items())
            if (listed(vis.public_values, key)) values[key] = value;
    j["values"] = std::move(values);
    if (u.order && u.order->digest <= 0 && listed(vis.public_orders, u.order->name))
        j["order"] = {{"name", u.order->name}};
    return j;
}

std::pair<json, json> visible_pieces(const std::map<std::int64_t, Unit>& all_units,
                                     const std::map<std::int64_t, Leader>& all_leaders, const Viewer& viewer,
                                     const std::string& viewer_side, const BattleVisibility& vis) {
    const bool player = viewer.role == Role::player;
    const std::string& side = viewer_side;
    auto sees_fully = [&](const Unit& u) {
        if (!player) return false;
        if (u.owner != 0 && u.owner == viewer.user) return true;
        return vis.side_sees_side && !side.empty() && u.side == side;
    };
    json units = json::array();
    for (const auto& [id, u] : all_units) {
        if (sees_fully(u)) units.push_back(u);
        else if (!u.concealed) units.push_back(public_unit(u, vis));
    }
    json leaders = json::array();
    for (const auto& [id, l] : all_leaders) {
        bool own = player && ((l.user != 0 && l.user == viewer.user) || (!side.empty() && l.side == side));
        if (own) leaders.push_back(l);
        else if (!l.concealed) leaders.push_back(public_leader(l));
    }
    return {std::move(units), std::move(leaders)};
}

}  // namespace muster::battle
