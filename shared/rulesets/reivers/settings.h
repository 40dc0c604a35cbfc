#pragma once
// The settings of a Border Reivers raid: the table's generic ones (battle::TableSettings) and the readings
// the umpire may change where border-reivers.txt is silent or ambiguous, each noted in docs/rules-notes.md
// ("Border Reivers") with the passage it interprets. Distances in paces, as the book measures.
#include <map>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "shared/battle/table_settings.h"
#include "shared/core/error.h"

namespace muster::reivers {

struct ReiversSettings : battle::TableSettings {
    // The kinds that hide a name from an enemy watching it go to ground ("woods for foot, in built up areas or
    // behind hills"): the generic blocks_sight, with the raid's own kinds.
    ReiversSettings() { blocks_sight = {"wood", "woods", "town", "built_up", "hill"}; }
    // "The range of craft is 300 paces in normal conditions. This is reduced to 50 paces in the dark or in
    // fog, and on a sliding scale in other weather conditions": the weather, and the scale.
    std::string weather = "clear";
    std::map<std::string, double> craft_range_paces = {{"clear", 300}, {"overcast", 250}, {"rain", 200},
                                                       {"mist", 150},  {"dusk", 100},     {"dark", 50},
                                                       {"fog", 50}};
    std::string combat_die = "d6";          // the die added to each side's combat score: d6 | d10 | average | none
    std::string factor_column = "own";      // Foot / Mounted column by the name's own state, or "enemy"'s
    std::string recoil_flanked = "flee";    // a flanked loser who would recoil: "flee" (the table) | "destroyed"
    std::string unnamed_type = "impassable";  // "Foot ¼ speed": the kind the row does not name may not pass
    std::string concealment_from = "kind";  // the ambush's terrain class: by the feature's kind, or its "cover"
    std::string flee_obstacles = "round";   // ground a fleeing name may not enter: it goes "round", "stop"s or "pass"es
    std::string stand_failed = "recoil";    // a charged name that fails to stand (not surprised): recoil | flee
    std::string under_fire_lasts = "round"; // until the shooters' next bound ends ("round") or its own ("bound")
    std::string craft_thrown = "bound_start";  // every heidman's craft at his bound's start, or at his "first_action"
    std::string follow_up = "close";        // a melee's winner closes up on a loser that recoiled, or "stand"s
    std::string hidden_in_contact = "lies_still";  // a name in ambush touching an enemy at melee, or "fights" (shown)
    bool test_to_charge = true;             // moving into contact is "something more dangerous": a test
    int cover_modifier = -2;                // "+/-2 In cover", for a name that stands or rallies in cover
    double contact_paces = 10;              // names this near are in contact
    double with_paces = 50;                 // a heidman this near his name is with it ("Heidman's name in combat")
    double search_paces = 100;              // a search finds concealed names this near the point searched
    double conceal_near_enemy_paces = 300;  // no concealing within this of an enemy name in view (0: anywhere)
    double surprise_paces = 100;            // a sprung ambush surprises the enemy names this near
    int rally_cost = 1;                     // craft to rally a fleeing name (the cost table names none)
    // A campaign's regiment raised as a name loses this percent of its companies by the state the raid leaves the
    // name in (the book counts no men lost: a name stands, flees, leaves the field or is destroyed).
    std::map<std::string, int> regiment_losses = {{"standing", 0}, {"fleeing", 10}, {"fled", 25}, {"destroyed", 50}};
    std::string local_knowledge;            // the side that rolls every terrain area in secret before play
    std::string first_side;                 // the side whose bound is first ("" : the first side listed)
};

nlohmann::json to_json(const ReiversSettings& s);
// The settings with `changes` made, or a bad_request naming the first bad one.
std::variant<Error, ReiversSettings> merged(const ReiversSettings& s, const nlohmann::json& changes);
ReiversSettings settings_from(const nlohmann::json& j);  // defaults where absent or bad

// The craft range now: the weather's entry on the scale (300 when the weather is not on it).
double craft_range(const ReiversSettings& s);

}  // namespace muster::reivers
