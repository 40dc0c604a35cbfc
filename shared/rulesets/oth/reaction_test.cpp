#include "shared/rulesets/oth/reaction_test.h"

#include <algorithm>

namespace muster::oth {

namespace {

constexpr auto OK = ReactionResult::ok;
constexpr auto NA = ReactionResult::na;
constexpr auto FB = ReactionResult::fb;
constexpr auto RA = ReactionResult::ra;
constexpr auto Ch = ReactionResult::ch;
constexpr auto CF = ReactionResult::cf;

// Rows are the modified die roll 0..8; columns the tension points None, 1 .. 8.

// over-the-hills.txt, "HORSE TABLE"
constexpr ReactionTable horse_table = {{
    /* 0 */ {FB, FB, FB, FB, RA, RA, RA, RA, RA},
    /* 1 */ {NA, NA, NA, FB, FB, RA, RA, RA, RA},
    /* 2 */ {OK, OK, NA, NA, FB, FB, RA, RA, RA},
    /* 3 */ {OK, OK, OK, NA, NA, FB, FB, RA, RA},
    /* 4 */ {OK, OK, OK, OK, NA, NA, FB, FB, FB},
    /* 5 */ {OK, OK, OK, OK, OK, NA, NA, NA, NA},
    /* 6 */ {OK, OK, Ch, Ch, OK, OK, NA, NA, NA},
    /* 7 */ {OK, Ch, Ch, Ch, Ch, OK, OK, OK, NA},
    /* 8 */ {Ch, Ch, Ch, Ch, Ch, Ch, OK, OK, NA},
}};

// over-the-hills.txt, "REGULAR INFANTRY TABLE" (the formed infantry of "Morale/Reaction")
constexpr ReactionTable formed_infantry_table = {{
    /* 0 */ {NA, NA, NA, FB, FB, RA, RA, RA, RA},
    /* 1 */ {OK, NA, NA, FB, FB, FB, RA, RA, RA},
    /* 2 */ {OK, OK, NA, NA, FB, FB, FB, RA, RA},
    /* 3 */ {OK, OK, OK, NA, NA, FB, FB, FB, RA},
    /* 4 */ {OK, OK, OK, OK, NA, NA, FB, FB, FB},
    /* 5 */ {OK, OK, OK, OK, OK, NA, NA, FB, FB},
    /* 6 */ {OK, OK, OK, OK, OK, OK, NA, NA, NA},
    /* 7 */ {OK, OK, OK, OK, OK, OK, OK, NA, NA},
    /* 8 */ {OK, OK, OK, OK, OK, OK, OK, NA, NA},
}};

// over-the-hills.txt, "MILITIA INFANTRY TABLE"
constexpr ReactionTable militia_table = {{
    /* 0 */ {FB, FB, FB, FB, RA, RA, RA, RA, RA},
    /* 1 */ {NA, NA, NA, FB, FB, RA, RA, RA, RA},
    /* 2 */ {OK, OK, NA, NA, FB, FB, RA, RA, RA},
    /* 3 */ {OK, OK, OK, NA, NA, FB, FB, RA, RA},
    /* 4 */ {OK, OK, OK, OK, NA, NA, FB, RA, RA},
    /* 5 */ {OK, OK, OK, OK, OK, NA, FB, FB, RA},
    /* 6 */ {OK, OK, OK, OK, OK, OK, NA, NA, NA},
    /* 7 */ {OK, OK, OK, OK, OK, OK, OK, NA, NA},
    /* 8 */ {Ch, OK, OK, OK, OK, OK, OK, OK, NA},
}};

// over-the-hills.txt, "IRREGULARS TABLE"
constexpr ReactionTable irregulars_table = {{
    /* 0 */ {FB, FB, FB, RA, RA, RA, RA, RA, RA},
    /* 1 */ {NA, NA, FB, FB, FB, RA, RA, RA, RA},
    /* 2 */ {OK, OK, OK, FB, FB, FB, RA, RA, RA},
    /* 3 */ {OK, OK, OK, OK, FB, FB, FB, RA, RA},
    /* 4 */ {OK, OK, OK, OK, OK, OK, Ch, FB, RA},
    /* 5 */ {OK, OK, OK, OK, Ch, Ch, Ch, Ch, FB},
    /* 6 */ {OK, OK, Ch, Ch, Ch, Ch, Ch, Ch, Ch},
    /* 7 */ {OK, Ch, Ch, Ch, Ch, Ch, Ch, Ch, Ch},
    /* 8 */ {Ch, Ch, Ch, Ch, Ch, Ch, Ch, Ch, Ch},
}};

// over-the-hills.txt, "GUNNERS TABLE"
constexpr ReactionTable gunners_table = {{
    /* 0 */ {RA, RA, RA, RA, RA, RA, RA, RA, RA},
    /* 1 */ {CF, RA, RA, RA, RA, RA, RA, RA, RA},
    /* 2 */ {CF, CF, RA, RA, RA, RA, RA, RA, RA},
    /* 3 */ {OK, CF, CF, RA, RA, RA, RA, RA, RA},
    /* 4 */ {OK, OK, CF, CF, RA, RA, RA, RA, RA},
    /* 5 */ {OK, OK, OK, CF, CF, RA, RA, RA, RA},
    /* 6 */ {OK, OK, OK, OK, CF, CF, RA, RA, RA},
    /* 7 */ {OK, OK, OK, OK, OK, CF, CF, RA, RA},
    /* 8 */ {OK, OK, OK, OK, OK, OK, CF, CF, RA},
}};

}  // namespace

std::string_view reaction_result_code(ReactionResult result) {
    switch (result) {
        case ReactionResult::ok: return "OK";
        case ReactionResult::na: return "NA";
        case ReactionResult::fb: return "FB";
        case ReactionResult::ra: return "RA";
        case ReactionResult::ch: return "Ch";
        case ReactionResult::cf: return "CF";
    }
    return "";
}

std::optional<ReactionResult> reaction_result_from_code(std::string_view code) {
    for (auto r : {OK, NA, FB, RA, Ch, CF})
        if (reaction_result_code(r) == code) return r;
    return std::nullopt;
}

// over-the-hills.txt, the key under each reaction table.
std::string_view reaction_result_meaning(ReactionResult result, TroopType type) {
    switch (result) {
        case ReactionResult::ok: return "Continue as ordered";
        case ReactionResult::na: return "No advance closer to the enemy";
        case ReactionResult::fb: return "Fall back for a turn (take 1 TP)";
        case ReactionResult::ra: return type == TroopType::horse ? "Ride away (take 1 TP)" : "Run away (take 1 TP)";
        case ReactionResult::ch: return "Charge nearest enemy";
        case ReactionResult::cf: return "Cease firing (and hide under guns)";
    }
    return "";
}

int reaction_result_tp(ReactionResult result) {
    return result == ReactionResult::fb || result == ReactionResult::ra ? 1 : 0;
}

bool reaction_passed(ReactionResult result) { return result == ReactionResult::ok || result == ReactionResult::ch; }

const ReactionTable& reaction_table(TroopType type) {
    switch (type) {
        case TroopType::horse: return horse_table;
        case TroopType::formed_infantry: return formed_infantry_table;
        case TroopType::militia: return militia_table;
        case TroopType::irregulars: return irregulars_table;
        case TroopType::gunners: return gunners_table;
    }
    return formed_infantry_table;
}

// over-the-hills.txt, "REACTION TEST RESULTS TABLES", "Die Modifiers".
int reaction_modifier(TroopType type, const ReactionCircumstances& c) {
    int m = 0;
    if (c.outnumbered) m -= 1;
    if (c.outflanked) m -= 1;
    if (c.enemy_drill_more_than_2_better) m -= 1;
    if (c.leader_with_unit) m += 1;
    if (c.supported && type == TroopType::gunners) m += 1;
    if (c.enemy_falling_back) m += 1;
    return m + c.umpire_modifier;
}

int modified_reaction_roll(TroopType type, const ReactionCircumstances& c, int die) {
    return die + reaction_modifier(type, c);
}

// rules/README.md: "A modified roll below 0 reads row 0, above 8 reads row 8."
ReactionResult reaction_result(TroopType type, int tension_points, int modified_roll) {
    int row = std::clamp(modified_roll, reaction_min_row, reaction_max_row);
    int column = std::clamp(tension_points, 0, reaction_columns - 1);
    return reaction_table(type)[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
}

// over-the-hills.txt, "REACTION TEST RESULTS TABLES": "Roll one d6 when the situation occurs".
ReactionOutcome reaction_test(TroopType type, int tension_points, const ReactionCircumstances& c, Dice& dice) {
    ReactionOutcome out;
    out.die = dice.d6();
    out.modifier = reaction_modifier(type, c);
    out.modified = out.die + out.modifier;
    out.row = std::clamp(out.modified, reaction_min_row, reaction_max_row);
    out.column = std::clamp(tension_points, 0, reaction_columns - 1);
    out.result = reaction_result(type, tension_points, out.modified);
    out.tp_gained = reaction_result_tp(out.result);
    return out;
}

}  // namespace muster::oth
