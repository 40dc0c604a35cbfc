#include "shared/rulesets/cmwd/combat.h"

#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/ground.h"
#include "shared/rulesets/cmwd/tempo.h"

namespace muster::cmwd {

using nlohmann::json;

const std::vector<std::string>& all_steps() {
    static const std::vector<std::string> steps = {"fire", "charges", "melee", "morale", "turn_end"};
    return steps;
}

std::vector<std::string> steps_of(const BattleEntry& e) {
    switch (stage_of(e.battle.turn)) {
        case Stage::bid: return {};
        case Stage::first: return {"fire", "charges", "melee", "morale"};
        case Stage::second: return all_steps();
    }
    return {};
}

void run_step(BattleEntry& e, const std::string& step, Dice& dice) {
    if (step == "fire") fire_step(e, dice);
    else if (step == "charges") charges_step(e, dice);
    else if (step == "melee") melee_step(e, dice);
    else if (step == "morale") morale_step(e, dice);
    else if (step == "turn_end") turn_end_step(e, dice);
}

int TestSide::total() const {
    int t = die;
    for (const auto& [why, v] : factors) t += v;
    return t;
}

json TestSide::to_json() const {
    json f = json::array();
    for (const auto& [why, v] : factors) f.push_back({{"why", why}, {"value", v}});
    return {{"unit", unit}, {"factors", f}, {"die", die}, {"total", total()}};
}

std::string TestSide::words(const Battle& b) const {
    const Unit* u = b.unit(unit);
    std::string s = (u ? u->name : "?") + ":";
    bool first = true;
    for (const auto& [why, v] : factors) {
        s += (first ? " " : (v < 0 ? " " : " +")) + std::to_string(v) + " " + why;
        first = false;
    }
    return s + " + die " + std::to_string(die) + " = " + std::to_string(total());
}

json test_details(const std::string& test, const TestSide& a, const TestSide& b, const std::string& result) {
    return {{"test", test}, {"sides", {a.to_json(), b.to_json()}}, {"difference", a.total() - b.total()}, {"result", result}};
}

void mark_loss(BattleEntry& e, const Unit& u) {
    const std::string brigade = brigade_of(u);
    if (brigade.empty()) return;
    json& losses = e.data["losses"];
    if (!losses.is_array()) losses = json::array();
    for (const auto& l : losses)
        if (l == brigade) return;
    losses.push_back(brigade);
}

void add_shaken(BattleEntry& e, std::int64_t unit) {
    Unit& u = e.battle.units.at(unit);
    u.markers["shaken"] = u.marker("shaken") + 1;
    mark_loss(e, u);
}

// "D immediately breaks and is moved back 2BW. Next turn the base will be removed."
void break_base(BattleEntry& e, std::int64_t unit) {
    Unit& u = e.battle.units.at(unit);
    u.markers["broken"] = 1;
    mark_loss(e, u);
    push_back(e.battle, unit, 2 * bw(e));
    json& melees = data_list(e, "melees");
    for (auto it = melees.begin(); it != melees.end();)
        it = (it->value("a", std::int64_t{0}) == unit || it->value("b", std::int64_t{0}) == unit) ? melees.erase(it) : it + 1;
}

void apply_fire_effect(BattleEntry& e, std::int64_t unit, FireEffect effect) {
    switch (effect) {
        case FireEffect::none: return;
        case FireEffect::recoil: push_back(e.battle, unit, bd(e)); return;
        case FireEffect::recoil_shaken:
            add_shaken(e, unit);
            push_back(e.battle, unit, bd(e));
            return;
        case FireEffect::breaks: break_base(e, unit); return;
    }
}

static std::string bases_words(int n) { return std::to_string(n) + (n == 1 ? " base" : " bases"); }

// The brigade totals 2 per broken base and 1 per shaken one, adds the d6's adjustment, and is spent when the result
// exceeds its bases ("Example of Combat Outcome moves").
void morale_step(BattleEntry& e, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    const json losses = e.data.value("losses", json::array());
    for (const auto& l : losses) {
        const std::string brigade = l.get<std::string>();
        if (spent(e, brigade)) continue;
        int broken = 0, shaken_bases = 0, bases = 0;
        for (const Unit* u : bases_of(e.battle, brigade)) {
            if (s.morale_bases == "all" || standing(*u)) ++bases;
            if (is_broken(*u)) ++broken;
            else if (shaken(*u) > 0) ++shaken_bases;
        }
        const int points = broken * morale_per_broken + shaken_bases * morale_per_shaken;
        const int d = dice.roll(6);
        const int adjust = s.morale_adjustment.at(static_cast<std::size_t>(d - 1));
        const int result = points + adjust;
        const bool is_spent = result > bases;
        json& st = brigade_state(e, brigade);
        st["morale"] = result;
        if (is_spent) st["spent"] = true;
        log_line(e,
                 brigade_name(e.battle, brigade) + " checks its morale: " + std::to_string(broken) + " broken x2, " +
                     std::to_string(shaken_bases) + " shaken = " + std::to_string(points) + "; the d6 shows " +
                     std::to_string(d) + " (" + (adjust >= 0 ? "+" : "") + std::to_string(adjust) + ") = " +
                     std::to_string(result) + (is_spent ? ", more than its " : ", not more than its ") + bases_words(bases) +
                     (is_spent ? ": spent." : "."),
                 {{"test", "morale"}, {"brigade", brigade}, {"broken", broken}, {"shaken", shaken_bases},
                  {"points", points}, {"die", d}, {"adjustment", adjust}, {"total", result}, {"bases", bases},
                  {"spent", is_spent}});
    }
    // The stage is over: what it ordered and declared is done with.
    for (const char* k : {"losses", "declared", "acted", "advanced"}) e.data[k] = json::array();
    if (e.data.contains("brigades"))
        for (auto& [id, st] : e.data["brigades"].items())
            if (st.value("ordered", false)) {
                st["ordered"] = false;
                st["moved"] = true;
            }
}

// As the game turn ends: broken bases leave the table, successors come, each brigade's "moved" becomes whether it
// moves on next game turn, and the next game turn's tempo points are rolled.
void turn_end_step(BattleEntry& e, Dice& dice) {
    for (auto& [id, u] : e.battle.units)
        if (is_broken(u) && !u.removed) {
            u.removed = true;
            log_line(e, u.name + " is removed from the table.");
        }
    appoint_successors(e, dice);
    if (e.data.contains("brigades"))
        for (auto& [id, st] : e.data["brigades"].items()) {
            st["moved_last"] = st.value("moved", false);
            st["moved"] = false;
        }
    e.data["passed"] = json::array();
    roll_tempo_points(e, dice);
}

}  // namespace muster::cmwd
