#include "shared/rulesets/cmwd/view.h"

#include "shared/rulesets/cmwd/orders.h"
#include "shared/rulesets/cmwd/tempo.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

json tempo_of(const BattleEntry& e, const std::string& side) {
    if (!e.data.contains("tempo") || !e.data["tempo"].contains(side)) return nullptr;
    const json& t = e.data["tempo"][side];
    return {{"points", t.value("points", 0)}, {"left", t.value("left", 0)}, {"dice", t.value("dice", json::array())}};
}

json brigade_row(const BattleEntry& e, const CmwdSettings& s, const std::string& id, bool own) {
    int bases = 0, broken = 0, shaken_bases = 0;
    for (const Unit* u : bases_of(e.battle, id)) {
        ++bases;
        if (is_broken(*u)) ++broken;
        else if (shaken(*u) > 0) ++shaken_bases;
    }
    json row = {{"id", id}, {"name", brigade_name(e.battle, id)}, {"side", side_of_brigade(e.battle, id)},
                {"bases", bases}, {"spent", spent(e, id)}};
    if (!own) return row;
    const json st = brigade_state(e, id);
    const Leader* g = general_of(e.battle, id);
    row["general"] = g ? json(g->id) : json(nullptr);
    row["broken"] = broken;
    row["shaken"] = shaken_bases;
    row["morale"] = st.contains("morale") ? st["morale"] : json(nullptr);
    row["ordered"] = st.value("ordered", false);
    row["moved"] = st.value("moved_last", false);
    row["cost"] = order_cost(e, s, id);
    const std::string held = held_by_general(e, id);
    row["held"] = held.empty() ? json(nullptr) : json(held);
    return row;
}

}  // namespace

json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    const bool umpire = viewer.is_umpire();
    const Stage st = stage_of(e.battle.turn);
    // This game turn's bids are revealed once its bid stage is past (the next stage opens at the reveal); a battle
    // ended at a bid stage never revealed them, and the last game turn's are not this one's.
    const bool revealed = st != Stage::bid;
    const CmwdSettings settings = settings_from(e.settings);
    json v = {{"game_turn", game_turn_of(e.battle.turn)}, {"stage", to_string(st)}, {"acting_side", acting_side(e)},
              {"bw", bw(settings, e.battle)}, {"bd", bd(settings, e.battle)}};
    v["tempo_side"] = revealed && e.data.contains("tempo_side") ? e.data["tempo_side"] : json(nullptr);
    v["bids"] = revealed && e.data.contains("bids") ? e.data["bids"] : json(nullptr);
    if (umpire) {
        json all = json::object();
        for (const auto& s : e.battle.sides) all[s.id] = tempo_of(e, s.id);
        v["tempo"] = all;
    } else {
        v["tempo"] = side.empty() ? json(nullptr) : tempo_of(e, side);
    }
    json brigades = json::array();
    for (const auto& s : e.battle.sides)
        for (const auto& id : brigades_of(e.battle, s.id)) brigades.push_back(brigade_row(e, settings, id, umpire || s.id == side));
    v["brigades"] = std::move(brigades);
    json declared = json::array();
    if (umpire || (!side.empty() && side == acting_side(e))) declared = e.data.value("declared", json::array());
    v["declared"] = std::move(declared);
    json melees = json::array();
    for (const auto& m : e.data.value("melees", json::array())) melees.push_back({m.value("a", 0), m.value("b", 0)});
    v["melees"] = std::move(melees);
    json generals = json::array();
    for (const auto& [id, l] : e.battle.leaders) {
        if (l.concealed && !umpire && l.side != side) continue;
        generals.push_back({{"leader", id}, {"rank", l.values.value("rank", "active")}, {"fate", l.values.value("fate", "")},
                            {"out_until", l.values.value("out_until", 0)}, {"brigade", l.values.value("brigade", "")},
                            {"commander", is_commander(e.battle, l)}});
    }
    v["generals"] = std::move(generals);
    const Leader* me = viewer.role == Role::player ? e.battle.leader_of(viewer.user) : nullptr;
    v["hints"] = me ? hints(e, *me) : json(nullptr);
    // The page's shared hints: whether this player has something to do now (his side's stage, or his bid due).
    bool may_act = false;
    if (me && e.status == "cards")
        may_act = st == Stage::bid ? is_commander(e.battle, *me) : me->side == acting_side(e);
    return {{"cmwd", std::move(v)}, {"hints", {{"may_act", may_act}}}};
}

}  // namespace muster::cmwd
