#include "shared/rulesets/lfas/turn.h"

namespace muster::lfas {

using nlohmann::json;

const std::vector<std::string>& steps() {
    static const std::vector<std::string> all = {"fire", "command", "movement", "combat", "redress", "retreats", "morale"};
    return all;
}

void run_step(BattleEntry& e, const std::string& step, Dice& dice) {
    if (!e.data.contains("turn") || !e.data["turn"].is_object()) e.data["turn"] = json::object();
    for (const char* k : {"standoffs", "retreats", "pursuits", "written"})
        if (!e.data.contains(k) || !e.data[k].is_array()) e.data[k] = json::array();
    if (step == "fire") fire_step(e, dice);
    else if (step == "command") command_step(e, dice);
    else if (step == "movement") movement_step(e, dice);
    else if (step == "combat") combat_step(e, dice);
    else if (step == "redress") redress_step(e, dice);
    else if (step == "retreats") retreats_step(e, dice);
    else if (step == "morale") morale_step(e, dice);
}

std::vector<json> plans(const BattleEntry& e) {
    std::vector<json> out;
    auto box = e.battle.boxes.find("orders");
    if (box == e.battle.boxes.end()) return out;
    for (const auto& [user, s] : box->second.items) out.push_back({{"user", user}, {"side", s.side}, {"item", s.item}});
    return out;
}

}  // namespace muster::lfas
