#pragma once
// The pieces of a Loose Files battle as the book reads them (loose-files-american-scramble.txt, "1 figure = 10
// men"): units of companies (infantry, three figures a base), troops (cavalry, two figures), groups of three
// skirmishers and guns, each with its class (1st to 5th) and disorder points; commanders (the commander-in-chief
// and brigadiers) with their command points; the book's bookkeeping in BattleEntry::data.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/rulesets/lfas/settings.h"

namespace muster::lfas {

using battle::Battle;
using battle::BattleEntry;
using battle::Leader;
using battle::Point;
using battle::Unit;

// --- units ---
int class_of(const Unit& u);       // 1-5
int dps(const Unit& u);            // marker "dp"
int casualties(const Unit& u);     // marker "casualties"
bool is_skirmishers(const Unit& u);  // the type, or a unit in skirmish order
bool in_skirmish_order(const Unit& u);
bool is_cavalry(const Unit& u);
bool is_artillery(const Unit& u);
bool limbered(const Unit& u);
// Strength for odds: "counting one cavalry figure as three infantry and one gun as six".
double strength(const Unit& u);
// What stands under a point: "wood", "fieldwork", "fort", "building", "road", "hill" ... (the terrain kinds).
bool on_ground(const Battle& b, Point p, const std::string& kind);
bool in_works(const Battle& b, const Unit& u);   // a fieldwork, fort or building
bool in_woods(const Battle& b, const Unit& u);
bool in_cover(const Battle& b, const Unit& u);   // woods, buildings, works, walls, hills: "+1 terrain"

// --- commanders ---
bool is_c_in_c(const Leader& l);  // values.role "c_in_c"; else a brigadier
// Whether this commander commands the unit: the commander-in-chief his side's, a brigadier his brigade's
// (values.brigade = his leader id).
bool commands(const Leader& l, const Unit& u);
// The side's turn under IGOUGO ("" when simultaneous).
std::string acting_side(const BattleEntry& e);
bool leader_out(const Leader& l);  // seriously wounded (retired) or killed

// --- bookkeeping ---
// data.cp[leader] {"points", "left"}; data.turn: this turn's facts ("under_fire", "moved", "in_combat", "fired",
// "inspired" {unit: bonus}, "ordered"); data.written [{unit, from_turn}]; data.last_shot {gun: {target, range}};
// data.standoffs [{attackers, defender}]; data.retreats [{unit, kind, away_from}].
nlohmann::json& turn_list(BattleEntry& e, const char* key);
bool turn_has(const BattleEntry& e, const char* key, std::int64_t unit);
void turn_add(BattleEntry& e, const char* key, std::int64_t unit);
void log_line(BattleEntry& e, const std::string& text, nlohmann::json details = nlohmann::json::object());
// DPs and casualties as the book counts them: at most five DPs, "further DPs from fire or morale become casualties
// instead" (`overflow_to_casualties`); a casualty removes a company, a troop or a gun, and the last one the unit.
void add_dps(BattleEntry& e, std::int64_t unit, int n, bool overflow_to_casualties);
void add_casualties(BattleEntry& e, std::int64_t unit, int n);

}  // namespace muster::lfas
