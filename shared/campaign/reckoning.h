#pragma once
// The reckoning of an expedition (over-the-hills.txt, ANNEX A, the table of force levels: "PIP Gain" and
// "Other gains"): what the umpire records of its outcome, and what that is worth to each colonel who went.
// Pure: the dice are rolled by the caller (expedition_voyage.cpp).
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/annex_a.h"
#include "shared/core/error.h"

namespace muster::campaign::expeditions {

// What happened, as the umpire records it. Which flags matter depends on the mission (docs/protocol.md,
// "Expeditions"); the rest are ignored.
struct Outcome {
    bool success = false;      // the objective achieved: the battle won, the island captured, the riots put down
    bool outnumbered = false;  // the enemy outnumbered the expedition
    bool town_taken = false;   // the town (or pirate port) taken and looted; when defending, taken by the enemy
    int battles_won = 0;       // capturing an island: "Win a battle +5 PIP"
    bool riots_worse = false;  // putting down riots: "-10 PIP if the riots get worse"
    std::map<int, int> losses_percent;  // regiment number -> percent of its companies lost in action
};

// Reads the umpire's outcome; `regiments` are the regiments that went (losses may name only those).
std::variant<Error, Outcome> read_outcome(const nlohmann::json& body, const std::vector<int>& regiments);
nlohmann::json to_json(const Outcome& outcome);
Outcome outcome_from_json(const nlohmann::json& j);

struct PipLine {
    std::string item;
    int amount = 0;
    std::string text;
};
// The PIP a colonel who went gains (or loses) for this outcome; `commander` adds the commander's bonus.
std::vector<PipLine> pip_gains(Mission mission, const Outcome& outcome, bool commander);

// The loot the outcome earns: `dice` d6 times `multiplier` pounds, or nothing (dice 0).
struct Loot {
    int dice = 0;
    int multiplier = 0;
    std::string text;
};
Loot loot_for(Mission mission, const Outcome& outcome);
// Pounds to each colonel whose regiment went ("Bonus of 250 per regiment").
int bonus_for(Mission mission, const Outcome& outcome);

// The public words of the outcome, for the gazette: "The island was taken. One battle won."
std::string outcome_words(Mission mission, const Outcome& outcome);

}  // namespace muster::campaign::expeditions
