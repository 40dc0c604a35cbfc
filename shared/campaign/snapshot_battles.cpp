// The battles in a campaign's snapshot (shared/campaign/snapshot.h): each battle as battle.h writes it (its log and
// history included), with its life cycle's state around it, and the umpires' saved scenarios.
#include "shared/battle/table_settings.h"
#include "shared/campaign/snapshot_internal.h"

namespace muster::campaign::snapshot_detail {

using battle::BattleEntry;
using battle::TalkMessage;

namespace {

json talk_json(const TalkMessage& m) {
    return {{"number", m.number}, {"turn", m.turn}, {"from", m.from}, {"to", m.to}, {"text", m.text}, {"at", m.at}};
}
TalkMessage talk_from(const json& j) {
    return TalkMessage{j.at("number").get<std::int64_t>(), j.at("turn").get<int>(), j.at("from").get<std::int64_t>(),
                       j.at("to").get<std::int64_t>(), j.at("text").get<std::string>(), j.at("at").get<std::int64_t>()};
}

// `table` is left out: it is the generic part of `settings`, read from them whenever they change
// (lifecycle_apply.cpp), so restore reads it from them again. The battle is battle.h's JSON, exact but for the
// table's ground scale, which it writes only for a table measured in paces: it is written here beside it.
json entry_json(const BattleEntry& e) {
    json talk = json::array();
    for (const auto& m : e.talk) talk.push_back(talk_json(m));
    json out = {{"battle", e.battle},
                {"settings", e.settings},
                {"status", e.status},
                {"next_step", e.next_step},
                {"regiment_of", map_json(e.regiment_of)},
                {"talk", std::move(talk)},
                {"channels", e.channels},
                {"data", e.data},
                {"outcome", e.outcome},
                {"paces_per_inch", e.battle.table.paces_per_inch}};
    put(out, "deadline", e.deadline);
    return out;
}

BattleEntry entry_from(const json& j) {
    BattleEntry e;
    e.battle = j.at("battle").get<battle::Battle>();
    e.battle.table.paces_per_inch = j.at("paces_per_inch").get<double>();
    e.settings = j.at("settings");
    e.table = battle::table_settings_of(e.settings);
    e.status = j.at("status").get<std::string>();
    e.next_step = j.at("next_step").get<int>();
    e.deadline = take<std::int64_t>(j, "deadline");
    e.regiment_of = map_from<std::int64_t, std::int64_t>(j.at("regiment_of"));
    for (const auto& m : j.at("talk")) e.talk.push_back(talk_from(m));
    e.channels = j.at("channels").get<std::vector<std::pair<std::int64_t, std::int64_t>>>();
    e.data = j.at("data");
    e.outcome = j.at("outcome");
    return e;
}

}  // namespace

json battles_json(const battles::BattlesState& s) {
    return {{"battles", map_json(s.battles, entry_json)}, {"scenarios", s.scenarios}};
}

battles::BattlesState battles_from(const json& j) {
    battles::BattlesState s;
    s.battles = map_from<std::int64_t, BattleEntry>(j.at("battles"), entry_from);
    s.scenarios = j.at("scenarios").get<std::vector<json>>();
    return s;
}

}  // namespace muster::campaign::snapshot_detail
