#pragma once
// A table for Over the Hill's turn steps (shared/rulesets/oth/battle_turn.h) with no campaign around it: units
// and leaders placed by hand on a 180 x 120 cm table, the revealed cards given as the campaign's reveal gives
// them, each step run with scripted dice that must all be used. Government ("british") against the Jacobites
// ("jacobite").
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/core/dice.h"
#include "shared/rulesets/oth/battle_turn.h"

namespace oth_turn_test {

using namespace muster;
using nlohmann::json;

inline json ratings(int drill, int musketry, int effectiveness) {
    return {{"drill", drill}, {"musketry", musketry}, {"effectiveness", effectiveness}};
}

struct TurnTable {
    battle::Battle battle;
    oth::BattleSettings settings;
    std::map<std::int64_t, oth::BattleRecord> tallies;
    json facts = {{"cards", json::array()}};

    TurnTable() {
        battle.ruleset = "oth";
        battle.turn = 1;
        battle.sides = {{"british", "Government"}, {"jacobite", "Jacobites"}};
    }

    // A unit whose front edge centre is `at`, facing `facing` degrees (0: up the table, +y).
    battle::Unit& unit(std::int64_t id, const std::string& side, const std::string& name, battle::Point at,
                       double facing, json values = ratings(2, 2, 2), const std::string& type = "formed_infantry") {
        battle::Unit u;
        u.id = id;
        u.side = side;
        u.name = name;
        u.troop_type = type;
        u.position = at;
        u.facing = facing;
        u.values = std::move(values);
        return battle.units[id] = u;
    }
    battle::Leader& leader(std::int64_t id, const std::string& side, std::int64_t user, const std::string& name,
                           battle::Point at) {
        battle::Leader l;
        l.id = id;
        l.side = side;
        l.user = user;
        l.name = name;
        l.position = at;
        return battle.leaders[id] = l;
    }
    battle::Unit& u(std::int64_t id) { return battle.units.at(id); }
    int tp(std::int64_t id) { return oth::tp(u(id)); }
    void set_tp(std::int64_t id, int value) { u(id).markers[oth::tp_marker] = value; }

    // A card revealed this turn, as the campaign's reveal gives it to the orders step.
    void card(std::int64_t user, json item) { facts["cards"].push_back({{"user", user}, {"item", std::move(item)}}); }

    // One step with these dice, every one of them used.
    void step(const std::string& name, std::vector<int> dice = {}) {
        ScriptedDice d(std::move(dice));
        oth::Turn t{battle, settings, tallies, facts, d};
        oth::run_step(t, name);
        INFO("step " << name);
        CHECK(d.remaining() == 0);
    }
    // The six steps of the turn, with the dice each rolls; then the next turn opens (its facts start afresh,
    // as the campaign's reveal sets them).
    void turn(std::map<std::string, std::vector<int>> dice = {}) {
        for (const auto& s : oth::steps()) step(s, dice[s]);
        battle.turn += 1;
        facts = {{"cards", json::array()}};
    }

    // The log lines of a turn (and step, unless empty) in the order written.
    std::vector<battle::LogEntry> lines(int turn, const std::string& phase = "") const {
        std::vector<battle::LogEntry> out;
        for (const auto& l : battle.log)
            if (l.turn == turn && (phase.empty() || l.phase == phase)) out.push_back(l);
        return out;
    }
    // Whether a player of `side` may read the line (umpires read all).
    static bool readable_by(const battle::LogEntry& l, const std::string& side) {
        return l.audience == battle::LogEntry::Audience::all ||
               (l.audience == battle::LogEntry::Audience::side && l.side == side);
    }
    // The texts of a turn's lines a player of `side` may read.
    std::vector<std::string> texts_for(const std::string& side, int turn, const std::string& phase = "") const {
        std::vector<std::string> out;
        for (const auto& l : lines(turn, phase))
            if (readable_by(l, side)) out.push_back(l.text);
        return out;
    }
    // The details of a turn's reaction tests, in the order rolled.
    std::vector<json> tests(int turn, const std::string& phase = "") const {
        std::vector<json> out;
        for (const auto& l : lines(turn, phase))
            if (l.details.contains("test")) out.push_back(l.details);
        return out;
    }
};

inline bool contains(const std::vector<std::string>& texts, const std::string& text) {
    for (const auto& t : texts)
        if (t == text) return true;
    return false;
}

}  // namespace oth_turn_test
