#pragma once
// The turn log's words (over-the-hills.txt, "Over The Hill"): each roll's line as a sentence a player reads, and
// its `how`, short sentences that name the book's table, the row and column read, the die, each modifier by the
// book's name and the outcome, for whoever wants to check them. All the log's wording of a roll is here, one
// function per table, so that the words and the book stay side by side.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "shared/rulesets/oth/cannon.h"
#include "shared/rulesets/oth/cease_fire.h"
#include "shared/rulesets/oth/losses.h"
#include "shared/rulesets/oth/melee.h"
#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/reaction_test.h"
#include "shared/rulesets/oth/settings.h"
#include "shared/rulesets/oth/tension_points.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

// "5 cm", "5.5 cm": a tenth of a cm is finer than any ruler at the table.
std::string words_cm(double cm);

// The reaction table of a troop type as the book heads it, in title case: "Regular Infantry Table".
std::string_view reaction_table_name(TroopType type);
// What a unit does on a result, in the key's words as a player reads them: "continue as ordered", "fall back
// for a turn", "run away" ("ride away" for horse), "charge the nearest enemy".
std::string_view reaction_result_words(ReactionResult result, TroopType type);

// A reaction test's line: "33rd Foot (charged): continue as ordered."
std::string reaction_line(const std::string& unit, const std::string& why, ReactionResult result, TroopType type);
// Its how: why the test is taken, the table read, and the TP it gave. `tension_points` is the unit's after.
nlohmann::json reaction_how(TroopType type, const std::string& why, const ReactionCircumstances& circumstances,
                            const ReactionOutcome& outcome, int tension_points);

// A volley's how: the range, the Musketry table read and the TPs the target takes.
nlohmann::json musketry_how(const MusketryFire& fire, double distance_cm, const OthSettings& settings,
                            const MusketryOutcome& outcome);

// One gun's shot: "Cannon Fire, ball (50 cm): 5,6 to hit; rolled 3: a miss." (`gun` numbered when guns > 1).
std::string cannon_shot_how(const CannonOutcome& outcome, int gun, int guns);
// The shots' how: the range, each shot, the TPs in all.
nlohmann::json cannon_how(double distance_cm, const nlohmann::json& shot_sentences, int guns, int hits);

// A side's round of melee: the automatic TP, its roll for the extra TP, its leader's risk and the TPs it took.
nlohmann::json melee_how(const MeleeSide& side, const MeleeSideOutcome& outcome, const OthSettings& settings,
                         int tension_points);

// "Roll 1d6 and score Regimental Effectiveness or less".
std::string rally_line(const std::string& unit, const RallyOutcome& outcome);
nlohmann::json rally_how(int effectiveness, const RallyOutcome& outcome);

// CEASE FIRE, "hard to hear the order".
nlohmann::json cease_fire_how(const OthSettings& settings, const CeaseFireOutcome& outcome);

// "Overall Losses": the die, each addition and the percentage.
nlohmann::json losses_how(const BattleRecord& record, const LossesOutcome& outcome, const OthSettings& settings);

}  // namespace muster::oth
