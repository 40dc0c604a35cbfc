#include "shared/rulesets/cmwd/generals.h"

#include "shared/battle/geometry.h"
#include "shared/rulesets/cmwd/ground.h"
#include "shared/rulesets/cmwd/tables.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

bool lost(const Leader& g) {
    const std::string f = g.values.value("fate", "");
    return f == "severe" || f == "killed" || f == "captured";
}

// A general is in contact with a base when his figure touches it (a quarter of a base depth: a figure's stand).
bool touches(const BattleEntry& e, const Leader& g, const Unit& u) {
    return battle::with_unit(g, u, bd(e) / 2);
}

std::string rank_of(const Leader& g) { return g.values.value("rank", "active"); }

}  // namespace

void befall(BattleEntry& e, Leader& g, const std::string& fate) {
    const int now = game_turn_of(e.battle.turn);
    g.values["fate"] = fate;
    int out = 0;
    if (fate == "captured") out = 2;
    else if (fate != "aide" && !fate.empty()) {
        for (int face = 1; face <= 6; ++face)
            if (hit_result(face).fate == fate) out = std::max(hit_result(face).no_move_turns, hit_result(face).no_orders_turns);
    }
    g.values["out_until"] = out > 0 ? now + out : 0;
    const int after = successor_after(fate);
    g.values["successor_at"] = after > 0 ? now + after : 0;
}

void risk_to_generals(BattleEntry& e, std::int64_t unit, bool breaks, Dice& dice) {
    const Unit& u = e.battle.units.at(unit);
    for (auto& [id, g] : e.battle.leaders) {
        if (g.side != u.side || lost(g) || !touches(e, g, u)) continue;
        const int a = dice.roll(6), b = dice.roll(6);
        const int mod = risk_modifier(rank_of(g)) - (breaks ? risk_breaks_penalty : 0);
        const int total = a + b + mod;
        json details = {{"test", "risk"}, {"leader", id}, {"dice", {a, b}}, {"modifier", mod}, {"total", total}};
        if (total > risk_hit_upto) {
            log_line(e, "Risk to " + g.name + ": " + std::to_string(a) + "+" + std::to_string(b) +
                            (mod ? (mod > 0 ? " +" : " ") + std::to_string(mod) : "") + " = " + std::to_string(total) + ": unhurt.",
                     details);
            continue;
        }
        const int d = dice.roll(6);
        const HitResult hit = hit_result(d);
        details["hit"] = d;
        details["fate"] = hit.fate;
        befall(e, g, hit.fate);
        log_line(e, "Risk to " + g.name + ": " + std::to_string(total) + ", hit; the d6 shows " + std::to_string(d) + ": " +
                        hit.words + ".",
                 details);
    }
}

void check_captures(BattleEntry& e, Dice& dice) {
    for (auto& [id, g] : e.battle.leaders) {
        if (lost(g)) continue;
        const Unit* enemy = nullptr;
        for (const auto& [uid, u] : e.battle.units)
            if (u.side != g.side && standing(u) && battle::distance_to_unit(u, g.position) <= battle::epsilon) enemy = &u;
        if (!enemy) continue;
        const int d = dice.roll(6);
        json details = {{"test", "capture"}, {"leader", id}, {"die", d}, {"rank", rank_of(g)}};
        if (captured(rank_of(g), d)) {
            befall(e, g, "captured");
            log_line(e, g.name + " (" + rank_of(g) + ") is reached by " + enemy->name + " and rolls " + std::to_string(d) +
                            ": captured.", details);
            continue;
        }
        if (const Unit* f = nearest_friend(e.battle, g.side, g.position)) {
            const battle::Footprint fp = battle::footprint(*f);
            const battle::Point back = battle::direction(f->facing + 180);
            const battle::Point rear = {(fp.rear_left.x + fp.rear_right.x) / 2, (fp.rear_left.y + fp.rear_right.y) / 2};
            g.position = {rear.x + back.x * bd(e) / 4, rear.y + back.y * bd(e) / 4};
        }
        log_line(e, g.name + " (" + rank_of(g) + ") is reached by " + enemy->name + ", rolls " + std::to_string(d) +
                        " and eludes capture, riding to the nearest friendly troops.", details);
    }
}

void appoint_successors(BattleEntry& e, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    const int now = game_turn_of(e.battle.turn);
    for (auto& [id, g] : e.battle.leaders) {
        const int at = g.values.value("successor_at", 0);
        if (at == 0 || at > now) continue;
        const int d = dice.roll(6);
        const std::string rank = s.general_table.at(static_cast<std::size_t>(d - 1));
        const std::string was = g.values.value("fate", "");
        g.values["rank"] = rank;
        g.values["fate"] = "";
        g.values["out_until"] = 0;
        g.values["successor_at"] = 0;
        g.values["successor"] = true;
        log_line(e, "A successor takes over from " + g.name + " (" + was + "): the d6 shows " + std::to_string(d) +
                        ", a " + rank + " general.",
                 {{"test", "successor"}, {"leader", id}, {"die", d}, {"rank", rank}});
    }
}

}  // namespace muster::cmwd
