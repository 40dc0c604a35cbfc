#pragma once
// What the life cycle's files share (lifecycle_setup.cpp, lifecycle_turn.cpp, lifecycle_apply.cpp): the
// checks every command makes, the ids new pieces take, and the event body of a change (the battle's moving
// parts whole, with the log lines written since).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/battle/lifecycle.h"

namespace muster::battle::detail {

inline constexpr std::size_t name_max = 80;
inline constexpr std::size_t reason_max = 200;
inline constexpr std::size_t talk_max = 1000;

std::optional<Error> umpire_check(const Context& c, const Viewer& v, const char* what);
std::optional<Error> find_battle(const BattlesState& s, const nlohmann::json& body, const BattleEntry*& out);
Error wrong_phase(const std::string& message);
// The command must name the turn (and, with `step`, the step) its sender saw: a `stale` error otherwise.
std::optional<Error> check_moment(const BattleEntry& e, const nlohmann::json& body, bool step);
// Only the stale part, checked before the phase: a command for a turn that has passed is `stale` whatever
// the phase now (a step raced past the end of its turn), not `wrong_phase`.
std::optional<Error> check_stale_turn(const BattleEntry& e, const nlohmann::json& body);

// Ids for new pieces. Visible ones count up from 1; one placed concealed takes an id from the server's
// nonce, above every counted id, so the ids the enemy sees have no gap where a hidden piece was made.
inline constexpr std::int64_t hidden_id_base = std::int64_t{1} << 40;
std::int64_t next_unit_id(const Battle& b, bool concealed, std::uint64_t nonce);
std::int64_t next_leader_id(const Battle& b, bool concealed, std::uint64_t nonce);

// A book without hidden troops (RuleSet::conceals) refuses a piece made concealed: the error an umpire reads, and
// the check of a change from `before` to `after` (a piece new or changed concealed; one already so, from an older
// log, may still be edited or shown).
Error no_hidden_troops(const RuleSet& rules, const std::string& what = "a piece cannot be concealed");
std::optional<Error> refuse_concealment(const RuleSet& rules, const Battle& before, const Battle& after);

// The dice of one battle: its own stream, so its secret rolls move no public counter.
Dice& battle_dice(Dice& dice, std::int64_t battle);

// The battle's moving parts after a change, whole, and the log lines written since `log_before`.
nlohmann::json snapshot(const BattleEntry& e, std::size_t log_before);
void apply_snapshot(BattleEntry& e, const nlohmann::json& body);

// Lines written from `from` on that name a concealed piece go to its side only (umpires when two sides'
// hidden pieces meet in one line): the one place a log line's audience is narrowed for concealment.
void seal_lines(Battle& b, std::size_t from, const RuleSet& rules);

// A copy of an entry for a step to work on, without its log, frames and talk (a step only appends lines).
BattleEntry copy_for_step(const BattleEntry& e);

void apply_to(BattleEntry& e, const Event& ev);
void open_turn(BattleEntry& e, int turn, std::int64_t at);

Decision decide_create(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_place(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_settings(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_start(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_submit(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_close_turn(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_step(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_override(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_act(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_talk(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_end(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_generate(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
Decision decide_save_scenario(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& d);
// battle.create from a scenario: the scenario's set-up with the body's own fields over it and the players
// seated on its leaders ("seats": {leader name: user}); the body as it was when it names none.
std::optional<Error> expand_scenario(const BattlesState& s, nlohmann::json& body);

}  // namespace muster::battle::detail
