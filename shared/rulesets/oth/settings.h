#pragma once
// The umpire's settings for Over the Hill battles: every reading of an ambiguous or missing rule, with the
// reading a club umpire would take as the default. Each is written down in docs/rules-notes.md,
// "Over the Hill battles", with the passage of over-the-hills.txt it interprets.
#include <string_view>
#include <variant>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::oth {

// over-the-hills.txt, "Musketry": the table's header says "No of bases", but a regiment always has four bases
// and the Records chart gives a regiment of Musketry 2 the score 5,6: read by the firing unit's Musketry
// rating (default), or by its number of bases (the umpire's alternative).
enum class MusketryScoreBy { rating, bases };

// over-the-hills.txt, "Movement": the table has columns for Foot and Horse only. Gunners move as foot with
// the Drill of a non-played battalion (default), or stay with their guns and only run away.
enum class GunnerMovement { as_foot, immobile };

struct OthSettings {
    MusketryScoreBy musketry_score_by = MusketryScoreBy::rating;
    // "You get TPs for ... Receiving a volley of musketry" and "Roll 1d6 and score ... To Inflict TP": by
    // default the volley's TP is the one the musketry roll inflicts; true: every volley gives one TP and a
    // scoring roll one more.
    bool every_volley_gives_tp = false;
    // HOLD YOUR FIRE: "The closer the enemy, the more devastating the shooting": added to the musketry die of
    // the first volley of a unit that held its fire until the enemy was close (0: no bonus).
    int hold_your_fire_bonus = 1;
    // "You remove TPs by: ... Sight of enemy units running away (any number) +1": read as one TP removed.
    bool enemy_running_removes_tp = true;
    // "Roll 1d6 and score Regimental Effectiveness or less": a unit with TPs rolls once a turn to remove one.
    bool rally_roll_each_turn = true;
    // "Highlanders/Battle Cavalry automatically inflict an extra TP": irregulars fight as highlanders.
    bool irregulars_fight_as_highlanders = true;
    // "Engage in A Fight ... troops involved in the fight will gain an advantage": added to the melee
    // roll's target (foot roll less than the average + this; ordinary horse need 4 - this or more).
    int leader_fight_bonus = 1;
    // "... might be killed or wounded": each melee round he fights, a d6 of leader_hit_on or less hits him;
    // then a d6 of leader_killed_on or less kills him, else he is wounded.
    int leader_hit_on = 1;
    int leader_killed_on = 2;
    // "Command & Control": "It takes one turn for a unit to digest a new order."
    int digest_turns = 1;
    GunnerMovement gunner_movement = GunnerMovement::as_foot;
    int gunner_drill = 2;  // "A typical non-played battalion (NPB) will have the ratings D2 : M2 : E2."
    // CEASE FIRE: "Stop shooting (this is quite hard to do since it is hard to hear the order!)": obeyed
    // on a d6 of this or more, otherwise the unit fires on.
    int cease_fire_score = 4;
    // "Overall Losses": the resulting percentage is capped here (a regiment cannot lose more than itself).
    int losses_cap_percent = 100;

    bool operator==(const OthSettings&) const = default;
};

std::string_view musketry_score_by_name(MusketryScoreBy by);
std::string_view gunner_movement_name(GunnerMovement movement);

// All settings by name; enums as their names.
nlohmann::json to_json(const OthSettings& settings);
// Checks a partial set of settings ({name: value}) against the names, types and ranges and returns
// `settings` with them applied, or an error a person can read (code bad_request).
std::variant<Error, OthSettings> merged(const OthSettings& settings, const nlohmann::json& changes);
// A whole set from JSON: the defaults with `j` applied.
std::variant<Error, OthSettings> settings_from_json(const nlohmann::json& j);

}  // namespace muster::oth
