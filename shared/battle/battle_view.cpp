#include "shared/battle/battle_view.h"

#include <algorithm>

namespace muster::battle {

using nlohmann::json;

namespace {

bool listed(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

json public_leader(const Leader& l) {
    return {{"id", l.id}, {"side", l.side}, {"user", l.user}, {"name", l.name}, {"position", l.position}};
}

bool may_read(const LogEntry& e, const Viewer& viewer, const std::string& viewer_side) {
    switch (e.audience) {
        case LogEntry::Audience::all: return true;
        case LogEntry::Audience::side: return viewer.role == Role::player && !viewer_side.empty() && e.side == viewer_side;
        case LogEntry::Audience::user: return viewer.role == Role::player && e.user == viewer.user;
        case LogEntry::Audience::umpire: return false;
    }
    return false;
}

}  // namespace

json public_unit(const Unit& u, const BattleVisibility& vis) {
    json j = {{"id", u.id},
              {"side", u.side},
              {"owner", u.owner},
              {"troop_type", u.troop_type},
              {"bases", u.bases},
              {"base_width", u.base_width},
              {"base_depth", u.base_depth},
              {"formation", to_string(u.formation, u.formation_name)},
              {"position", u.position},
              {"facing", u.facing},
              {"removed", u.removed}};
    if (vis.enemy_sees_names) j["name"] = u.name;
    json markers = json::object();
    for (const auto& [name, value] : u.markers)
        if (listed(vis.public_markers, name)) markers[name] = value;
    j["markers"] = markers;
    json values = json::object();
    if (u.values.is_object())
        for (const auto& [key, value] : u.values.items())
            if (listed(vis.public_values, key)) values[key] = value;
    j["values"] = values;
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

json log_entries_from(const Battle& b, std::size_t from, const Viewer& viewer, const std::string& viewer_side) {
    json log = json::array();
    if (!viewer.is_member()) return log;
    const std::string side = viewer.role == Role::player ? viewer_side : std::string();
    for (std::size_t i = from; i < b.log.size(); ++i)
        if (viewer.is_umpire() || may_read(b.log[i], viewer, side)) log.push_back(b.log[i]);
    return log;
}

json frames_from(const Battle& b, std::size_t from, const Viewer& viewer, const std::string& viewer_side,
                 const BattleVisibility& vis) {
    json history = json::array();
    if (!viewer.is_member()) return history;
    const std::string side = viewer.role == Role::player ? viewer_side : std::string();
    for (std::size_t i = from; i < b.history.size(); ++i) {
        const auto& f = b.history[i];
        if (viewer.is_umpire()) {
            history.push_back(f);
            continue;
        }
        auto seen = visible_pieces(f.units, f.leaders, viewer, side, vis);
        history.push_back({{"turn", f.turn}, {"end", f.end}, {"units", seen.first}, {"leaders", seen.second}});
    }
    return history;
}

json view(const Battle& b, const Viewer& viewer, const std::string& viewer_side, const BattleVisibility& vis,
          bool light) {
    if (!viewer.is_member()) return {{"id", b.id}};
    if (viewer.is_umpire()) {
        json j = battle_json(b, !light);
        j["viewer_side"] = "";
        // The boxes as every viewer gets them (with who has submitted), holding every item for umpires.
        for (const auto& [name, box] : b.boxes) j["boxes"][name] = view(box, viewer, "", vis.boxes);
        return j;
    }
    const bool player = viewer.role == Role::player;
    const std::string side = player ? viewer_side : std::string();
    auto pieces = visible_pieces(b.units, b.leaders, viewer, side, vis);
    json boxes = json::object();
    for (const auto& [name, box] : b.boxes) boxes[name] = view(box, viewer, side, vis.boxes);
    return {{"id", b.id},
            {"campaign", b.campaign},
            {"name", b.name},
            {"ruleset", b.ruleset},
            {"table", b.table},
            {"terrain", b.terrain},
            {"sides", b.sides},
            {"units", pieces.first},
            {"leaders", pieces.second},
            {"turn", b.turn},
            {"phase", b.phase},
            {"boxes", boxes},
            {"log", light ? json::array() : log_entries_from(b, 0, viewer, side)},
            {"history", light ? json::array() : frames_from(b, 0, viewer, side, vis)},
            {"viewer_side", side}};
}

}  // namespace muster::battle
