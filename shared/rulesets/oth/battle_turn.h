#pragma once
// One turn of an Over the Hill battle after the cards are revealed: the six steps (steps()), each run on a
// battle and its bookkeeping, rolling the Dice given and writing the log lines. Pure: the campaign's battles
// (shared/campaign/battles.cpp) call run_step in decide and put the result in the step's event, so replay
// never rolls. Each step cites over-the-hills.txt; the readings are in docs/rules-notes.md.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/core/dice.h"
#include "shared/rulesets/oth/battle_settings.h"
#include "shared/rulesets/oth/losses.h"
#include "shared/rulesets/oth/reaction_test.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

inline constexpr const char* tp_marker = "tension_points";

// A unit's rule-set values (a non-played battalion's 2 where one is missing) and markers.
int value_of(const battle::Unit& u, const char* key, int fallback = 2);
int drill(const battle::Unit& u);
int musketry_of(const battle::Unit& u);
int effectiveness(const battle::Unit& u);
int tp(const battle::Unit& u);
void add_tp(battle::Unit& u, int delta);
TroopType type_of(const battle::Unit& u);
std::string order_of(const battle::Unit& u);
bool leader_down(const battle::Leader& l);  // wounded or killed: no orders, no "Leader with the unit"
std::string unit_label(const battle::Unit& u);
// Puts an order on a unit at once (no digesting): reaction results and the umpire's orders.
void impose(battle::Unit& u, const std::string& order, nlohmann::json details = nlohmann::json::object());

// What a step works on: the battle (a copy the caller keeps), its settings, the tallies for the losses, this
// turn's facts (cards, who was fired on, who ran...), the dice; and the lines it writes to the battle's log.
struct Turn {
    battle::Battle& battle;
    const BattleSettings& settings;
    std::map<std::int64_t, BattleRecord>& tallies;
    nlohmann::json& facts;
    Dice& dice;

    battle::Battle& b() { return battle; }
    double cm(double table_units) const;
    double units(double cm) const;
    // A public line everyone may read, and the details (rolls, TPs) for the acting unit's side and umpires.
    void say(const std::string& text, const std::string& side = "", nlohmann::json details = nullptr);
    // A line about a piece: public, unless the piece is concealed: then for its own side (and umpires) only,
    // so an ambush's doings never reach the enemy's log.
    void say_about(bool concealed, const std::string& side, const std::string& text, nlohmann::json details = nullptr);
    void say_of(const battle::Unit& u, const std::string& text, nlohmann::json details = nullptr);
    void fact_add(const char* key, std::int64_t id);
    bool fact_has(const char* key, std::int64_t id) const;
};

// The resolution steps after the reveal, in order, and one of them run.
const std::vector<std::string>& steps();
void run_step(Turn& t, const std::string& step);

// What the umpire's overrides use: a reaction result applied, a reaction test rolled and applied (with the
// circumstances read from the table unless given), a concealed unit shown, the nearest seen enemy.
void apply_result(Turn& t, battle::Unit& u, ReactionResult r);
ReactionResult test_unit(Turn& t, battle::Unit& u, const battle::Unit* enemy, const std::string& why,
                         std::optional<ReactionCircumstances> given = std::nullopt);
void reveal(Turn& t, battle::Unit& u, const std::string& how);
battle::Unit* nearest_enemy(Turn& t, const battle::Unit& u);

}  // namespace muster::oth
