#pragma once
// What a battle book gives the random-play test (test_battle_property.cpp): its set-up with canaries, a
// player's random command, its overrides, and checks of its own view fields.
#include <functional>
#include <string>
#include <vector>

#include "test_battle_table.h"

namespace year_test {

struct Canary {
    std::string text;
    std::string side;        // the side that may see it (umpires always); empty: nobody but umpires
    std::int64_t user_a = 0;  // users who may see it besides (talk)
    std::int64_t user_b = 0;
    std::int64_t piece = 0;  // a concealed unit (or leader, negative id) whose canary retires once revealed
    std::int64_t unit = 0;   // a unit's values: its side's to see, whichever side holds it now (a herd taken)
};

struct Fixture {
    // The battle.create body: two sides "a" (Bob, Carol) and "b" (Dave), with concealed pieces and secret
    // terrain whose names are canaries ("VALUE-<name>" in each unit's values; "TERRAIN-A-ONLY" known to "a").
    std::function<json(YearTable&)> create;
    // A player's random command (its body without battle and turn), from his view of the battle.
    std::function<Command(SequenceDice&, const json& battle_view)> item;
    std::vector<std::string> overrides;  // the "what"s the umpire's random overrides take
    // Checks of the book's own fields, after every command: (the umpire's battle, a viewer, his battle).
    std::function<void(const json& umpire_battle, const Viewer& v, const json& battle)> check;
    std::array<int, 2> table{180, 120};  // where random points fall
    // Fills a random override's book fields (leader, feature, ...), from the umpire's battle.
    std::function<void(SequenceDice&, const json& umpire_battle, json& body)> override_extra;
};

}  // namespace year_test
