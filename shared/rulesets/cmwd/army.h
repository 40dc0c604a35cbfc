#pragma once
// The pieces of a Chosen Men battle as the book reads them: bases of a brigade under a general, the side's
// commander, where a game turn stands (three battle turns: the tempo bids, the tempo side, the other side), and
// the book's bookkeeping in BattleEntry::data (chosen-men-well-disposed.txt, "Organisation of the army",
// "Turn sequence").
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/rulesets/cmwd/settings.h"

namespace muster::cmwd {

using battle::Battle;
using battle::BattleEntry;
using battle::Leader;
using battle::Unit;

enum class Stage { bid, first, second };
std::string to_string(Stage s);  // "bid" | "first" | "second"
int game_turn_of(int turn);      // battle turns 1-3 are game turn 1, 4-6 game turn 2...
Stage stage_of(int turn);

std::string first_side(const Battle& b, const CmwdSettings& s);  // first_tempo, else the first listed
std::string other_side(const Battle& b, const std::string& side);
// The side that moves and fights in this stage ("" while the bids are open).
std::string acting_side(const BattleEntry& e);
// The leader whose player bids and finishes for a side: values.commander, else the side's first player.
const Leader* commander_of(const Battle& b, const std::string& side);
bool is_commander(const Battle& b, const Leader& l);

// --- bases ---
bool is_cavalry(const Unit& u);   // horse or mounted dragoons
bool can_fire(const Unit& u);     // infantry, dismounted dragoons, artillery
std::string brigade_of(const Unit& u);
std::string quality_of(const Unit& u);
std::string school_of(const Unit& u);
bool is_broken(const Unit& u);
bool standing(const Unit& u);     // on the table and not broken
int shaken(const Unit& u);
double bw(const BattleEntry& e);  // the setting bw, else 60 mm in the table's measure
double bw(const CmwdSettings& s, const Battle& b);
double default_bw(const Battle& b);
double bd(const BattleEntry& e);
double bd(const CmwdSettings& s, const Battle& b);

// --- brigades ---
std::vector<std::string> brigades_of(const Battle& b, const std::string& side);  // in id order
std::vector<const Unit*> bases_of(const Battle& b, const std::string& brigade);  // every one, broken and gone too
std::string side_of_brigade(const Battle& b, const std::string& brigade);
const Leader* general_of(const Battle& b, const std::string& brigade);
std::string brigade_name(const Battle& b, const std::string& brigade);
// data.brigades[id]: {"ordered", "moved", "moved_last", "spent", "morale"}; created empty.
nlohmann::json& brigade_state(BattleEntry& e, const std::string& brigade);
nlohmann::json brigade_state(const BattleEntry& e, const std::string& brigade);
bool spent(const BattleEntry& e, const std::string& brigade);
// The tempo points the brigade needs to be ordered now: tp_continue if it moved in its last stage, else tp_start.
int order_cost(const BattleEntry& e, const std::string& brigade);
int order_cost(const BattleEntry& e, const CmwdSettings& s, const std::string& brigade);
// Why the brigade's general holds it this game turn ("" when he does not): a fall from his horse, a wound.
std::string held_by_general(const BattleEntry& e, const std::string& brigade);
// May this player's leader act for the brigade: the commander for any of his side's, a general for his own.
bool commands(const Battle& b, const Leader& me, const std::string& brigade);

// --- bookkeeping of the stage ---
// data.tempo[side] {"points", "left"}; data.tempo_side; data.bids; data.declared; data.acted; data.advanced;
// data.losses; data.melees; data.passed.
nlohmann::json& data_list(BattleEntry& e, const char* key);
bool in_list(const nlohmann::json& list, std::int64_t id);
// The lines of the book's log: to all at the table (every test is rolled in the open).
void log_line(BattleEntry& e, const std::string& text, nlohmann::json details = nlohmann::json::object());
// A line for one side (and the umpires): its tempo points spent, its fire and charges declared before they are
// resolved.
void side_line(BattleEntry& e, const std::string& side, const std::string& text);

}  // namespace muster::cmwd
