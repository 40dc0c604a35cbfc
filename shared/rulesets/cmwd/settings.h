#pragma once
// The settings of a Chosen Men, Well Disposed battle: the table's generic ones and the book's numbers the
// extract names but does not print, each with its default from the worked example where it shows one, noted in
// docs/rules-notes.md ("Chosen Men, Well Disposed") with the passage it rests on. Lengths in base widths (BW).
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/table_settings.h"
#include "shared/core/error.h"

namespace muster::cmwd {

struct CmwdSettings : battle::TableSettings {
    // One base width in the table's measure; 0: the book's "principal base size ... 60mm x 30mm" in that measure.
    // A BD is half of it ("the 2:1 ratio of base width to base depth").
    double bw = 0;
    // Tempo ("Tempo Bidding", "Using Tempo points": named, not printed).
    int tempo_dice = 2;                    // d6 each side rolls for its tempo points as a game turn opens
    int tempo_bonus = 0;                   // added to that roll
    std::string bid_paid_by = "both";      // both | winner: whose bid is spent
    std::string tempo_tie = "keeps";       // keeps (last game turn's tempo side) | other
    std::string first_tempo;               // the side holding the tempo before the first game turn ("": first listed)
    int tp_start = 2;                      // "2 TPs if initiating a charge with a brigade from stationary"
    int tp_continue = 1;                   // "1TP if continuing a move"
    // Movement ("Movement distances": not printed; the example's moves).
    std::map<std::string, double> move_bw = {{"infantry", 1}, {"horse", 2}, {"dragoons", 2},
                                             {"dismounted_dragoons", 1}, {"artillery", 1}, {"baggage", 1}};
    double charge_bw = 2;                  // a charge's reach ("the two sides were only 2BW apart")
    // Ranged combat ("Weapons ranges": not printed; the example's factors).
    double close_bw = 1;                   // close range ("within 1BW ... may fire")
    double artillery_long_bw = 4;          // artillery's long range
    std::map<std::string, int> fire_factor = {
        {"a_prest.point_blank", 3}, {"a_prest.close", 1}, {"dutch.point_blank", 3}, {"dutch.close", 1},
        {"dismounted_dragoons.point_blank", 2}, {"dismounted_dragoons.close", 1}, {"artillery.point_blank", 3},
        {"artillery.close", 2}, {"artillery.long", 1}, {"pistol", 0}};
    std::map<std::string, int> fire_defence = {{"infantry", 3}, {"dismounted_dragoons", 3}, {"horse", 2},
                                               {"dragoons", 2}, {"artillery", 2}, {"baggage", 1}};
    // "Defence factor Infantry Dismounted dragoons Artillery 3 3 4 2 2": the charge test's target factors.
    std::map<std::string, int> charge_defence = {{"horse", 3}, {"dragoons", 3}, {"infantry", 4},
                                                 {"dismounted_dragoons", 2}, {"artillery", 2}, {"baggage", 1}};
    // "If Cavalry facing heavier cavalry (e.g. dragoons facing horse)": either side of the test (dragoons charged by
    // horse too), or the tester alone.
    std::string heavier_cavalry = "either";  // either | tester
    // Hand to hand ("Hand to hand combat": the example's factors; the results table is not printed).
    std::map<std::string, int> melee_factor = {{"infantry", 0}, {"horse", 0}, {"dragoons", 0},
                                               {"dismounted_dragoons", 0}, {"artillery", 0}, {"baggage", 0}};
    int melee_no_result_upto = 2;          // "The difference is 1. There is no result."
    int melee_recoil_upto = 4;             // "wins by 3. Z is forced to recoil 1BD"
    // "Each time a base with which a general is in contact is fired upon or involved in combat": whether a base's own
    // fire (the book's "Ranged Combat") is combat that puts its general at risk.
    bool risk_when_firing = false;
    // "No movement in next game turn" (a horse, a bruise, a slight wound) against "No movement or orders" and "No
    // orders given": the general's brigade is held for any of them ("brigade"), or only where the book says orders
    // ("orders": a severe wound, death, capture).
    std::string general_no_movement = "brigade";  // brigade | orders
    // Spent "if the morale test had resulted in a score exceeding the number of bases in the brigade": every base it
    // began with ("all") or those still standing ("standing").
    std::string morale_bases = "all";  // all | standing
    // Brigade morale: the d6's adjustment ("He rolls a 2 ... a -1 from the total"), faces 1 to 6.
    std::vector<int> morale_adjustment = {-2, -1, 0, 0, 1, 2};
    // "Ranks and grades of general" (not printed): a successor's rank, or a generated general's, on a d6.
    std::vector<std::string> general_table = {"lethargic", "active", "active", "active", "active", "vigorous"};
    int reserve_cavalry_upto = 4;          // "Reserve Division ... 1-4 Cavalry. 4,5 Infantry"
    // A campaign regiment's losses (not printed: "A base of infantry in CMWD represents between 300 and 500 men" and
    // no base loses men): the percentage of its companies it loses as its base ends the battle, "shaken" per level.
    std::map<std::string, int> regiment_losses = {{"standing", 0}, {"shaken", 10}, {"broken", 50}};
};

nlohmann::json to_json(const CmwdSettings& s);
std::variant<Error, CmwdSettings> merged(const CmwdSettings& s, const nlohmann::json& changes);
CmwdSettings settings_from(const nlohmann::json& j);  // defaults where absent or bad

}  // namespace muster::cmwd
