// A set-up to play (the extract of loose-files-american-scramble.txt prints no scenario): Guilford Courthouse, 15
// March 1781, the southern battle the book's troop classes fit, at its scale ("1 figure = 10 men, 1 inch = 25
// yards"): Greene's three lines, North Carolina militia behind a rail fence at the edge of the fields, Virginia
// militia in the woods, the Continentals on the rise by the courthouse, against Cornwallis's regulars, Hessians,
// Jagers and Tarleton's Legion coming up the New Garden road. Classes by the book's list: "1st Class grenadiers and
// light infantry; 2nd regulars, Continentals, Rangers, Jagers; 3rd raw regulars, veteran militia, Loyalists; 4th
// militia". A battle.create body; the umpire seats the players on the commanders by name (docs/protocol.md,
// "Scenarios and strings of battles").
#include "shared/rulesets/lfas/ruleset.h"

#include <nlohmann/json.hpp>

namespace muster::lfas {

using nlohmann::json;

namespace {

const char* const guilford = R"json({
  "id": "lfas-guilford", "name": "Guilford Courthouse, 1781",
  "description": "Cornwallis's regulars come up the New Garden road from the west against Greene's three lines: North Carolina militia behind the rail fence, Virginia militia in the woods, the Continentals on the rise by the courthouse. Not from the book (its extract prints no scenario): a set-up at the book's scale, 72 by 48 inches.",
  "battle": {
    "table": {"width": 72, "depth": 48, "measure": "inches"},
    "sides": [{"id": "british", "name": "British"}, {"id": "americans", "name": "Americans"}],
    "terrain": [
      {"id": 1, "kind": "road", "name": "The New Garden road", "shape": "polyline", "points": [[0, 24], [72, 24]], "width": 1},
      {"id": 2, "kind": "fence", "name": "The rail fence", "shape": "polyline", "points": [[22, 10], [22, 38]], "width": 0},
      {"id": 3, "kind": "wood", "name": "The woods", "shape": "polygon", "points": [[30, 2], [50, 2], [50, 46], [30, 46]]},
      {"id": 4, "kind": "hill", "name": "The courthouse rise", "shape": "polygon", "points": [[54, 0], [72, 0], [72, 48], [54, 48]]},
      {"id": 5, "kind": "building", "name": "Guilford Courthouse", "shape": "polygon", "points": [[66, 20], [69, 20], [69, 23], [66, 23]]}
    ],
    "leaders": [
      {"id": 1, "side": "british", "user": 0, "name": "Lord Cornwallis", "position": [4, 24], "values": {"role": "c_in_c"}},
      {"id": 2, "side": "british", "user": 0, "name": "Major-General Leslie", "position": [5, 14], "values": {"role": "brigadier"}},
      {"id": 3, "side": "british", "user": 0, "name": "Lieutenant-Colonel Webster", "position": [5, 34], "values": {"role": "brigadier"}},
      {"id": 4, "side": "americans", "user": 0, "name": "Major-General Greene", "position": [64, 26], "values": {"role": "c_in_c"}},
      {"id": 5, "side": "americans", "user": 0, "name": "Brigadier Eaton", "position": [26, 24], "values": {"role": "brigadier"}},
      {"id": 6, "side": "americans", "user": 0, "name": "Brigadier Stevens", "position": [45, 24], "values": {"role": "brigadier"}},
      {"id": 7, "side": "americans", "user": 0, "name": "Brigadier Huger", "position": [63, 20], "values": {"role": "brigadier"}}
    ],
    "units": [
      {"side": "british", "name": "Regiment von Bose", "troop_type": "infantry", "bases": 10, "position": [8, 8], "facing": 90, "values": {"class": 2, "kind": "regular", "regular": true, "hessian": true, "brigade": 2}},
      {"side": "british", "name": "71st Highlanders", "troop_type": "infantry", "bases": 8, "position": [8, 18], "facing": 90, "values": {"class": 2, "kind": "regular", "regular": true, "brigade": 2}},
      {"side": "british", "name": "1st Battalion of Guards", "troop_type": "infantry", "bases": 8, "position": [3, 12], "facing": 90, "values": {"class": 2, "kind": "regular", "regular": true, "brigade": 2}},
      {"side": "british", "name": "23rd Fusiliers", "troop_type": "infantry", "bases": 8, "position": [8, 30], "facing": 90, "values": {"class": 2, "kind": "regular", "regular": true, "brigade": 3}},
      {"side": "british", "name": "33rd Foot", "troop_type": "infantry", "bases": 8, "position": [8, 40], "facing": 90, "values": {"class": 2, "kind": "regular", "regular": true, "brigade": 3}},
      {"side": "british", "name": "Guards Grenadiers", "troop_type": "infantry", "bases": 3, "position": [3, 30], "facing": 90, "values": {"class": 1, "kind": "regular", "regular": true, "brigade": 3}},
      {"side": "british", "name": "Guards Light Infantry", "troop_type": "infantry", "bases": 3, "position": [3, 40], "facing": 90, "values": {"class": 1, "kind": "light", "regular": true, "brigade": 3}},
      {"side": "british", "name": "Hessian Jagers", "troop_type": "skirmishers", "bases": 3, "position": [10, 45.5], "facing": 90, "values": {"class": 2, "weapon": "rifle", "brigade": 3}},
      {"side": "british", "name": "Royal Artillery", "troop_type": "artillery", "bases": 2, "position": [8, 24], "facing": 90, "values": {"class": 2, "gun": "light"}},
      {"side": "british", "name": "British Legion dragoons", "troop_type": "cavalry", "bases": 4, "position": [2, 24], "facing": 90, "values": {"class": 3}},
      {"side": "americans", "name": "Butler's North Carolinians", "troop_type": "infantry", "bases": 10, "position": [23, 16], "facing": 270, "values": {"class": 4, "kind": "militia", "brigade": 5}},
      {"side": "americans", "name": "Eaton's North Carolinians", "troop_type": "infantry", "bases": 10, "position": [23, 32], "facing": 270, "values": {"class": 4, "kind": "militia", "brigade": 5}},
      {"side": "americans", "name": "Singleton's guns", "troop_type": "artillery", "bases": 2, "position": [23, 24], "facing": 270, "values": {"class": 2, "gun": "field"}},
      {"side": "americans", "name": "Campbell's riflemen", "troop_type": "skirmishers", "bases": 4, "position": [24, 7], "facing": 270, "values": {"class": 3, "weapon": "rifle"}},
      {"side": "americans", "name": "Lee's Legion infantry", "troop_type": "infantry", "bases": 3, "position": [26, 3], "facing": 270, "values": {"class": 2, "kind": "light"}},
      {"side": "americans", "name": "Lee's Legion horse", "troop_type": "cavalry", "bases": 3, "position": [29, 6], "facing": 270, "values": {"class": 2}},
      {"side": "americans", "name": "Lynch's riflemen", "troop_type": "skirmishers", "bases": 3, "position": [24, 41], "facing": 270, "values": {"class": 3, "weapon": "rifle"}},
      {"side": "americans", "name": "Kirkwood's Delawares", "troop_type": "infantry", "bases": 2, "position": [26, 45], "facing": 270, "values": {"class": 2, "kind": "light"}},
      {"side": "americans", "name": "Washington's dragoons", "troop_type": "cavalry", "bases": 3, "position": [29, 42], "facing": 270, "values": {"class": 2}},
      {"side": "americans", "name": "Stevens' Virginians", "troop_type": "infantry", "bases": 10, "position": [42, 16], "facing": 270, "values": {"class": 3, "kind": "militia", "brigade": 6}},
      {"side": "americans", "name": "Lawson's Virginians", "troop_type": "infantry", "bases": 10, "position": [42, 32], "facing": 270, "values": {"class": 4, "kind": "militia", "brigade": 6}},
      {"side": "americans", "name": "1st Maryland", "troop_type": "infantry", "bases": 8, "position": [60, 31], "facing": 270, "values": {"class": 2, "kind": "regular", "regular": true, "brigade": 7}},
      {"side": "americans", "name": "2nd Maryland", "troop_type": "infantry", "bases": 8, "position": [60, 40], "facing": 270, "values": {"class": 3, "kind": "regular", "regular": true, "brigade": 7}},
      {"side": "americans", "name": "Hawes' Virginia Continentals", "troop_type": "infantry", "bases": 8, "position": [60, 10], "facing": 270, "values": {"class": 3, "kind": "regular", "regular": true, "brigade": 7}},
      {"side": "americans", "name": "Green's Virginia Continentals", "troop_type": "infantry", "bases": 8, "position": [60, 19], "facing": 270, "values": {"class": 3, "kind": "regular", "regular": true, "brigade": 7}}
    ]
  }
})json";

}  // namespace

json scenarios() { return json::array({json::parse(guilford)}); }

}  // namespace muster::lfas
