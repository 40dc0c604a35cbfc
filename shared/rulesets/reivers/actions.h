#pragma once
// A heidman's actions in his bound (battle.act, docs/protocol.md, "Border Reivers"), each paid for in craft
// (border-reivers.txt, "The cost in craft to perform various actions"):
//   {"action": "craft"}                                   throw the bound's craft (any first action does)
//   {"action": "move", "unit" | "units": [..], "to": [x, y]}  a name, or a group of names in base contact
//   {"action": "move_heidman", "to": [x, y]}              the heidman's own figure, as a group of one
//   {"action": "conceal", "unit", "craft": n}             lay an ambush: n craft into concealment points
//   {"action": "detect", "at": [x, y], "craft": n}        search for an ambush with n detection points
//   {"action": "dismount" | "remount", "unit"}
//   {"action": "rally", "unit"}                           a fleeing name tests its fyrebrand
//   {"action": "spring", "unit"}                          a concealed name breaks cover: the enemy is surprised
// The heidman finishes his part of the bound with battle.submit (the box "bound").
#include <nlohmann/json.hpp>

#include "shared/battle/ruleset.h"
#include "shared/rulesets/reivers/raid.h"

namespace muster::reivers {

// `by_umpire`: the umpire acts for a heidman (an override): the order of heidmen is not enforced.
battle::OverrideResult act(BattleEntry& e, const Leader& me, const nlohmann::json& body, Dice& dice, bool by_umpire);

// The craft an action on `u` costs this heidman beyond its own cost: +1 beyond craft range, or the error
// (`too_far`) when it is beyond twice the range ("Craft may not be used at over twice the current range").
struct Reach {
    int extra = 0;
    std::optional<Error> error;
};
Reach reach_to(const BattleEntry& e, const ReiversSettings& s, const Leader& me, double paces);

// A point on the table from body[key] ([x, y] in paces), or the error a player reads.
std::optional<Error> read_point(const nlohmann::json& body, const char* key, const battle::Table& t, Point& out);

// A fyrebrand test of a name with the situation's modifiers, logged with its dice. `against`: the enemy it
// faces, if any (mounted against foot, feuds); `in_cover_counts`: the setting cover_modifier applies.
FyrebrandTest name_test(BattleEntry& e, const ReiversSettings& s, Unit& u, const Unit* against, FyrebrandModifiers m,
                        Dice& dice, const std::string& what);

// The name has come into contact with `enemy`: a charge into the enemy's view (the charger tests unless
// `tested`; the enemy tests to stand), an ambush sprung from cover, or an ambush stumbled upon. Returns false
// when the charger thinks better of it (and must halt short).
bool meet(BattleEntry& e, const ReiversSettings& s, Unit& u, bool was_hidden, Unit& enemy, Dice& dice, bool tested = false);

}  // namespace muster::reivers
