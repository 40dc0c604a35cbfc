// Folding the battle life cycle's events into the state. Every battle event is accepted, whatever book it
// belongs to; events of logs written before the rule-set seam (card.played, card.withdrawn, step bodies
// with Over the Hill's fields at the top) are read too, so an old campaign replays to the same state.
#include "shared/battle/entry_view.h"
#include "shared/battle/lifecycle_internal.h"

namespace muster::battle {

using nlohmann::json;

namespace detail {

void open_turn(BattleEntry& e, int turn, std::int64_t at) {
    const RuleSet& rules = ruleset_of(e);
    e.battle.turn = turn;
    e.battle.phase = "cards";
    e.status = "cards";
    e.next_step = 0;
    battle::open_turn(e.battle.boxes[rules.box()], turn);
    e.battle.record_frame(turn);
    e.deadline.reset();
    if (e.table.turn_seconds > 0) e.deadline = at + std::int64_t{e.table.turn_seconds} * 1000;
}

namespace {

void apply_reveal(BattleEntry& e, const Event& ev) {
    const RuleSet& rules = ruleset_of(e);
    const json& b = ev.body;
    battle::reveal(e.battle.boxes[b.value("box", rules.box())]);
    e.status = "resolving";
    e.battle.phase = "reveal";
    e.next_step = 0;
    e.deadline.reset();
    rules.apply_reveal(e, b);
    LogEntry l;
    l.turn = e.battle.turn;
    l.phase = "reveal";
    l.text = b.contains("line") && b["line"].is_string()
                 ? b["line"].get<std::string>()
                 : "Turn " + std::to_string(e.battle.turn) + ": the " + b.value("box", rules.box()) + " are revealed.";
    // Each viewer reads the items the rule set's filter let his side read when they were revealed (readers_of).
    json cards = b.at("cards");
    for (auto& card : cards)
        if (card.is_object()) card["readers"] = readers_of(e, card);
    l.details = {{"cards", std::move(cards)}};
    e.battle.log.push_back(l);
    if (rules.steps_of(e).empty()) open_turn(e, e.battle.turn + 1, ev.at);
}

void apply_end(BattleEntry& e, const Event& ev) {
    e.status = "ended";
    e.battle.phase = "ended";
    e.deadline.reset();
    e.outcome = json::object();
    for (const auto& [k, v] : ev.body.items())
        if (k != "battle") e.outcome[k] = v;
    // A turn left open when the battle ends never happens: its items are discarded unread.
    for (auto& [name, box] : e.battle.boxes)
        if (!box.revealed) {
            box.items.clear();
            box.revealed = true;
        }
    e.battle.record_frame(e.battle.turn, true);
    LogEntry l;
    l.turn = e.battle.turn;
    l.phase = "end";
    l.text = "The battle ends.";
    e.battle.log.push_back(l);
}

}  // namespace

void apply_to(BattleEntry& e, const Event& ev) {
    const json& b = ev.body;
    const std::string& t = ev.type;
    const RuleSet& rules = ruleset_of(e);
    if (t == "battle.placed" || t == "battle.removed" || t == "battle.overridden" || t == "battle.acted" ||
        t == "battle.generated") {
        apply_snapshot(e, b);
    } else if (t == "battle.settings_changed") {
        auto m = rules.merge_settings(rules.default_settings(), b.at("settings"));
        if (auto* merged = std::get_if<json>(&m)) e.settings = *merged;
        e.table = table_settings_of(e.settings);
    } else if (t == "battle.started") {
        if (b.contains("units")) apply_snapshot(e, b);  // what the book did as it started
        open_turn(e, 1, ev.at);
    } else if (t == "battle.submitted" || t == "card.played") {
        battle::submit(e.battle.boxes[b.value("box", rules.box())], ev.actor, e.battle.side_of(ev.actor), b.at("item"));
    } else if (t == "battle.withdrawn" || t == "card.withdrawn") {
        battle::withdraw(e.battle.boxes[b.value("box", rules.box())], ev.actor);
    } else if (t == "battle.turn_closed") {
        apply_reveal(e, ev);
    } else if (t == "battle.step_resolved") {
        apply_snapshot(e, b);
        e.battle.phase = b.at("step").get<std::string>();
        e.next_step += 1;
        if (e.next_step >= static_cast<int>(rules.steps_of(e).size())) open_turn(e, e.battle.turn + 1, ev.at);
    } else if (t == "talk.said") {
        e.talk.push_back(TalkMessage{static_cast<std::int64_t>(e.talk.size()) + 1, b.at("turn").get<int>(), ev.actor,
                                     b.at("to").get<std::int64_t>(), b.at("text").get<std::string>(), ev.at});
    } else if (t == "battle.ended") {
        apply_end(e, ev);
    }
}

}  // namespace detail

BattleEntry* apply(BattlesState& state, const Event& ev) {
    const std::string& t = ev.type;
    if (t == "battle.created") {
        BattleEntry e;
        e.battle = ev.body.at("battle").get<Battle>();
        if (e.battle.ruleset.empty()) e.battle.ruleset = "oth";
        const RuleSet& rules = ruleset_of(e);
        // Settings as the book reads them: an old log's settings merged over today's defaults.
        auto m = rules.merge_settings(rules.default_settings(), ev.body.at("settings"));
        e.settings = std::holds_alternative<json>(m) ? std::get<json>(m) : rules.default_settings();
        e.table = table_settings_of(e.settings);
        e.regiment_of = ev.body.at("regiment_of").get<std::map<std::int64_t, std::int64_t>>();
        if (ev.body.contains("data")) e.data = ev.body.at("data");
        auto id = e.battle.id;
        state.battles[id] = std::move(e);
        return &state.battles[id];
    }
    if (t == "battle.scenario_saved") {
        state.scenarios.push_back(ev.body.at("scenario"));
        return nullptr;
    }
    if (!handles_event(t) || !ev.body.contains("battle")) return nullptr;
    auto it = state.battles.find(ev.body.at("battle").get<std::int64_t>());
    if (it == state.battles.end()) return nullptr;
    detail::apply_to(it->second, ev);
    return &it->second;
}

std::optional<std::int64_t> battle_changed_by(const Event& ev) {
    if (!handles_event(ev.type) || !ev.body.is_object() || !ev.body.contains("battle")) return std::nullopt;
    // battle.created carries the whole battle, the others its id.
    const json& named = ev.body.at("battle");
    const json id = ev.type == "battle.created" && named.is_object() ? named.value("id", json()) : named;
    if (!id.is_number_integer()) return std::nullopt;
    return id.get<std::int64_t>();
}

}  // namespace muster::battle
