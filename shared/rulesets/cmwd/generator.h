#pragma once
// The book's army generators (chosen-men-well-disposed.txt, "Army Generators"): the French is printed; the
// contents list Imperialist, Bavaria and United Provinces, whose pages the extract does not carry.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/dice.h"

namespace muster::cmwd {

struct GeneratorRoll {
    std::string what;   // "Brigade 2: quality"
    int die = 0;        // 4
    std::string reads;  // "trained"
};

struct GeneratedBrigade {
    std::string id;            // "fr-cav-1" : prefix + "-" + (cav|inf) + "-" + n
    std::string kind;          // "cavalry" | "infantry"
    std::string troop_type;    // "horse" | "dragoons" | "infantry"
    std::string quality;       // "raw" | "trained" | "veteran"
    int bases = 0;
    std::string general_rank;  // from general_table on a d6
};

struct GeneratedDivision {
    std::string kind;  // "cavalry" | "infantry" (a reserve division is one of these)
    std::vector<GeneratedBrigade> brigades;
    std::vector<GeneratorRoll> rolls;  // every die, in the order thrown
};

// general_table: six ranks, the d6 face 1..6 -> rank (a setting; the book's "Ranks and grades of general" table
// is not printed). A face beyond a shorter table reads "".
// reserve_cavalry_upto: a reserve division is cavalry on a d6 up to this, infantry above (the book prints
// "1-4 Cavalry. 4,5 Infantry").
// division: "cavalry" | "infantry" | "reserve"; anything else gives an empty division and throws no die.
// prefix: the brigade id prefix ("fr").
GeneratedDivision french_division(const std::string& division, const std::vector<std::string>& general_table,
                                  int reserve_cavalry_upto, const std::string& prefix, Dice& dice);

// The division's bases and generals as battle.place bodies: units {"name", "side", "troop_type",
// "position": [x,y], "facing", "bases": 1, "base_width", "base_depth", "values": {"brigade", "quality",
// "school": "a_prest" for infantry}} and one leader per brigade {"name", "side", "position",
// "values": {"brigade", "rank"}}. Bases stand in line abreast from `at`, side by side along the facing's
// left-to-right, a gap of one base width between brigades; the general stands just behind the middle of his
// brigade (half a base depth behind its rear). bw = base width in table units; base depth bw/2.
// Returns {"units": [...], "leaders": [...]}.
nlohmann::json french_pieces(const GeneratedDivision& d, const std::string& side, double x, double y, double facing,
                             double bw);

}  // namespace muster::cmwd
