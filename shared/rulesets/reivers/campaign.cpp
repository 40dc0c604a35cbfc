#include "shared/rulesets/reivers/campaign.h"

#include <map>

namespace muster::reivers {

using nlohmann::json;

namespace {

const Unit* named_unit(const battle::Battle& b, const std::string& name) {
    for (const auto& [id, u] : b.units)
        if (u.name == name) return &u;
    return nullptr;
}
const Leader* named_leader(const battle::Battle& b, const std::string& name) {
    for (const auto& [id, l] : b.leaders)
        if (l.name == name) return &l;
    return nullptr;
}

// A name as it comes to the next raid: on the table, seen, its bound's marks and its flight behind it.
Unit fresh(const Unit& u) {
    Unit v = u;
    v.markers.clear();
    v.concealed = false;
    v.removed = false;
    v.order.reset();
    v.pending_order.reset();
    return v;
}

void carry_feuds(const BattleEntry& from, BattleEntry& to) {
    json feuds = json::array();
    auto map_id = [&](const json& id) -> json {
        const Unit* old = id.is_number_integer() ? from.battle.unit(id.get<std::int64_t>()) : nullptr;
        const Unit* now = old ? named_unit(to.battle, old->name) : nullptr;
        return now ? json(now->id) : json(nullptr);
    };
    for (const auto& f : from.data.value("feuds", json::array())) {
        json by = map_id(f.value("by", json()));
        if (by.is_null()) continue;
        json against = json::array();
        for (const auto& t : f.value("against", json::array()))
            if (json id = map_id(t); !id.is_null()) against.push_back(id);
        if (!against.empty()) feuds.push_back({{"by", by}, {"against", against}});
    }
    if (!feuds.empty()) to.data["feuds"] = feuds;
}

}  // namespace

void carry(const BattleEntry& from, BattleEntry& to) {
    battle::Battle& b = to.battle;
    if (b.units.empty() && b.leaders.empty()) {
        for (const auto& [id, l] : from.battle.leaders)
            if (l.values.value("fate", "") != "dead" && b.side(l.side)) b.leaders[id] = l;
        for (const auto& [id, u] : from.battle.units)
            if (u.marker("destroyed") == 0 && b.side(u.side)) b.units[id] = fresh(u);
    } else {
        for (auto it = b.leaders.begin(); it != b.leaders.end();) {
            const Leader* old = named_leader(from.battle, it->second.name);
            if (old && old->values.value("fate", "") == "dead") {
                it = b.leaders.erase(it);
                continue;
            }
            if (old) {
                for (const char* k : {"fate", "wounded"})
                    if (old->values.contains(k)) it->second.values[k] = old->values[k];
            }
            ++it;
        }
        for (auto it = b.units.begin(); it != b.units.end();) {
            const Unit* old = named_unit(from.battle, it->second.name);
            if (old && old->marker("destroyed") > 0) {
                it = b.units.erase(it);
                continue;
            }
            if (old && old->marker("taken") > 0 && b.side(old->side)) it->second.side = old->side;
            ++it;
        }
    }
    for (auto& [id, u] : b.units)
        if (heidman_of(u) != 0 && !b.leader(heidman_of(u))) u.values["heidman"] = 0;
    carry_feuds(from, to);
    to.data["carried_from"] = from.battle.id;
}

json roster(const std::vector<const BattleEntry*>& battles, const Viewer& viewer) {
    std::vector<std::string> order;
    std::map<std::string, json> names;
    const bool player = viewer.role == Role::player;
    for (const BattleEntry* e : battles) {
        if (e->status != "ended" || !e->outcome.is_object()) continue;
        const std::string side = player ? e->battle.side_of(viewer.user) : std::string();
        for (const auto& row : e->outcome.value("losses", json::array())) {
            const Unit* u = e->battle.unit(row.value("unit", std::int64_t{0}));
            if (!u) continue;
            if (u->concealed && !viewer.is_umpire() && (side.empty() || side != u->side)) continue;
            const battle::Side* sd = e->battle.side(u->side);
            // A name is known by its name and side (two sides may each have Grahams).
            const std::string key = u->name + "\n" + (sd ? sd->name : u->side);
            if (!names.count(key)) order.push_back(key);
            json& n = names[key];
            n["name"] = u->name;
            n["side"] = sd ? sd->name : u->side;
            n["raids"].push_back({{"battle", e->battle.id}, {"raid", e->battle.name}, {"state", row.value("state", "")},
                                  {"taken", row.value("taken", false)}, {"heidman", row.value("heidman", json())},
                                  {"heidman_fate", row.value("heidman_fate", json())}});
        }
    }
    json out = json::array();
    for (const auto& n : order) out.push_back(names[n]);
    return {{"names", out}};
}

}  // namespace muster::reivers
