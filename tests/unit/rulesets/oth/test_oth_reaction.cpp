// Over the Hill reaction tests (shared/rulesets/oth/reaction_test.h): every cell of the five tables against a
// transcription of ../shared/rules/over-the-hills.txt, "REACTION TEST RESULTS TABLES", made independently of
// the code's table. Each row below is the book's row text as extracted: the modified die roll followed by the
// nine results for tension points None, 1, 2 ... 8.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shared/rulesets/oth/reaction_test.h"

using namespace muster;
using namespace muster::oth;

namespace {

const std::map<std::string, ReactionResult> book_codes = {
    {"OK", ReactionResult::ok}, {"NA", ReactionResult::na}, {"FB", ReactionResult::fb},
    {"RA", ReactionResult::ra}, {"Ch", ReactionResult::ch}, {"CF", ReactionResult::cf},
};

struct BookTable {
    TroopType type;
    const char* title;
    std::array<const char*, 9> rows;
};

const std::vector<BookTable> book_tables = {
    {TroopType::horse, "HORSE TABLE",
     {
         "0 FB FB FB FB RA RA RA RA RA",
         "1 NA NA NA FB FB RA RA RA RA",
         "2 OK OK NA NA FB FB RA RA RA",
         "3 OK OK OK NA NA FB FB RA RA",
         "4 OK OK OK OK NA NA FB FB FB",
         "5 OK OK OK OK OK NA NA NA NA",
         "6 OK OK Ch Ch OK OK NA NA NA",
         "7 OK Ch Ch Ch Ch OK OK OK NA",
         "8 Ch Ch Ch Ch Ch Ch OK OK NA",
     }},
    {TroopType::formed_infantry, "REGULAR INFANTRY TABLE",
     {
         "0 NA NA NA FB FB RA RA RA RA",
         "1 OK NA NA FB FB FB RA RA RA",
         "2 OK OK NA NA FB FB FB RA RA",
         "3 OK OK OK NA NA FB FB FB RA",
         "4 OK OK OK OK NA NA FB FB FB",
         "5 OK OK OK OK OK NA NA FB FB",
         "6 OK OK OK OK OK OK NA NA NA",
         "7 OK OK OK OK OK OK OK NA NA",
         "8 OK OK OK OK OK OK OK NA NA",
     }},
    {TroopType::militia, "MILITIA INFANTRY TABLE",
     {
         "0 FB FB FB FB RA RA RA RA RA",
         "1 NA NA NA FB FB RA RA RA RA",
         "2 OK OK NA NA FB FB RA RA RA",
         "3 OK OK OK NA NA FB FB RA RA",
         "4 OK OK OK OK NA NA FB RA RA",
         "5 OK OK OK OK OK NA FB FB RA",
         "6 OK OK OK OK OK OK NA NA NA",
         "7 OK OK OK OK OK OK OK NA NA",
         "8 Ch OK OK OK OK OK OK OK NA",
     }},
    {TroopType::irregulars, "IRREGULARS TABLE",
     {
         "0 FB FB FB RA RA RA RA RA RA",
         "1 NA NA FB FB FB RA RA RA RA",
         "2 OK OK OK FB FB FB RA RA RA",
         "3 OK OK OK OK FB FB FB RA RA",
         "4 OK OK OK OK OK OK Ch FB RA",
         "5 OK OK OK OK Ch Ch Ch Ch FB",
         "6 OK OK Ch Ch Ch Ch Ch Ch Ch",
         "7 OK Ch Ch Ch Ch Ch Ch Ch Ch",
         "8 Ch Ch Ch Ch Ch Ch Ch Ch Ch",
     }},
    {TroopType::gunners, "GUNNERS TABLE",
     {
         "0 RA RA RA RA RA RA RA RA RA",
         "1 CF RA RA RA RA RA RA RA RA",
         "2 CF CF RA RA RA RA RA RA RA",
         "3 OK CF CF RA RA RA RA RA RA",
         "4 OK OK CF CF RA RA RA RA RA",
         "5 OK OK OK CF CF RA RA RA RA",
         "6 OK OK OK OK CF CF RA RA RA",
         "7 OK OK OK OK OK CF CF RA RA",
         "8 OK OK OK OK OK OK CF CF RA",
     }},
};

// "r c1 .. c9" -> the nine results, checking the row number.
std::vector<ReactionResult> parse_row(const std::string& text, int expected_row) {
    std::istringstream in(text);
    int row = -1;
    in >> row;
    REQUIRE(row == expected_row);
    std::vector<ReactionResult> out;
    std::string code;
    while (in >> code) {
        auto it = book_codes.find(code);
        REQUIRE(it != book_codes.end());
        out.push_back(it->second);
    }
    REQUIRE(out.size() == 9);
    return out;
}

const BookTable& book(TroopType type) {
    return *std::find_if(book_tables.begin(), book_tables.end(), [&](const BookTable& t) { return t.type == type; });
}

std::string squeeze(const std::string& s) {
    std::string out;
    bool space = false;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

}  // namespace

TEST_CASE("every cell of the five reaction tables reads as the book prints it", "[oth]") {
    // over-the-hills.txt, "REACTION TEST RESULTS TABLES": "Tension Points / Die roll None 1 2 3 4 5 6 7 8".
    int cells = 0;
    for (const auto& t : book_tables) {
        for (int row = 0; row <= 8; ++row) {
            auto expected = parse_row(t.rows[static_cast<std::size_t>(row)], row);
            for (int tp = 0; tp <= 8; ++tp) {
                INFO(t.title << ", modified roll " << row << ", tension points " << tp);
                CHECK(reaction_result(t.type, tp, row) == expected[static_cast<std::size_t>(tp)]);
                CHECK(reaction_table(t.type)[static_cast<std::size_t>(row)][static_cast<std::size_t>(tp)] ==
                      expected[static_cast<std::size_t>(tp)]);
                ++cells;
            }
        }
    }
    CHECK(cells == 5 * 81);
}

TEST_CASE("the transcription's rows are the book's own text", "[oth]") {
#ifdef MUSTER_SOURCE_DIR
    std::ifstream in(std::string(MUSTER_SOURCE_DIR) + "/../shared/rules/over-the-hills.txt");
    if (!in) {
        WARN("over-the-hills.txt not found beside the repository; transcription not compared with the text");
        return;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    auto text = squeeze(buffer.str());
    for (const auto& t : book_tables) {
        auto at = text.find(t.title);
        REQUIRE(at != std::string::npos);
        std::string joined = t.title + std::string(" Tension Points Die roll None 1 2 3 4 5 6 7 8");
        for (auto row : t.rows) joined += std::string(" ") + row;
        INFO(t.title);
        CHECK(text.find(joined) == at);
    }
#else
    WARN("MUSTER_SOURCE_DIR not defined: transcription not compared with the text");
#endif
}

TEST_CASE("a modified roll below 0 reads row 0 and above 8 reads row 8", "[oth]") {
    // rules/README.md: "A modified roll below 0 reads row 0, above 8 reads row 8."
    for (auto type : all_troop_types) {
        for (int tp = 0; tp <= 8; ++tp) {
            auto row0 = parse_row(book(type).rows[0], 0)[static_cast<std::size_t>(tp)];
            auto row8 = parse_row(book(type).rows[8], 8)[static_cast<std::size_t>(tp)];
            for (int roll : {-1, -2, -3, -10}) CHECK(reaction_result(type, tp, roll) == row0);
            for (int roll : {9, 10, 12, 100}) CHECK(reaction_result(type, tp, roll) == row8);
        }
    }
    // Tension points are never more than 8 ("up to a maximum of 8"), nor fewer than none.
    CHECK(reaction_result(TroopType::horse, 9, 3) == ReactionResult::ra);   // read as 8: "3 ... RA RA"
    CHECK(reaction_result(TroopType::horse, -1, 1) == ReactionResult::na);  // read as None
}

TEST_CASE("each die modifier of the reaction test", "[oth]") {
    // over-the-hills.txt, "Die Modifiers: Outnumbered -1 Outflanked -1 Enemy facing unit s Drill more than 2
    // better -1 Leader with the unit +1 Gunners with infantry support/cover +1 Enemy falling back or running
    // away +1"
    auto mod = [](TroopType type, ReactionCircumstances c) { return reaction_modifier(type, c); };
    auto I = TroopType::formed_infantry;
    CHECK(mod(I, {}) == 0);
    CHECK(mod(I, {.outnumbered = true}) == -1);
    CHECK(mod(I, {.outflanked = true}) == -1);
    CHECK(mod(I, {.enemy_drill_more_than_2_better = true}) == -1);
    CHECK(mod(I, {.leader_with_unit = true}) == +1);
    CHECK(mod(I, {.enemy_falling_back = true}) == +1);
    CHECK(mod(I, {.umpire_modifier = -2}) == -2);
    // Support counts for gunners only.
    CHECK(mod(TroopType::gunners, {.supported = true}) == +1);
    for (auto type : {TroopType::horse, TroopType::formed_infantry, TroopType::militia, TroopType::irregulars})
        CHECK(mod(type, {.supported = true}) == 0);
    // All together.
    CHECK(mod(I, {true, true, true, false, false, false, 0}) == -3);
    CHECK(mod(TroopType::gunners, {false, false, false, true, true, true, 0}) == +3);
    CHECK(mod(I, {true, true, true, true, true, true, 0}) == -1);  // support does not count for infantry
    CHECK(mod(TroopType::gunners, {true, true, true, true, true, true, 0}) == 0);
    CHECK(modified_reaction_roll(I, {.outnumbered = true, .outflanked = true}, 1) == -1);
    CHECK(modified_reaction_roll(TroopType::gunners, {.leader_with_unit = true, .supported = true}, 6) == 8);

    // "more than 2 better": 3 or more.
    CHECK_FALSE(drill_more_than_2_better(4, 2));
    CHECK(drill_more_than_2_better(5, 2));
    CHECK(drill_more_than_2_better(6, 1));
    CHECK_FALSE(drill_more_than_2_better(1, 6));
}

TEST_CASE("a reaction test rolls one d6, adds the modifiers and reads the unit's table", "[oth]") {
    // over-the-hills.txt, "Roll one d6 when the situation occurs, and use the results in the table".
    SECTION("formed infantry with 3 TP, outnumbered, roll 4: row 3, NA") {
        ScriptedDice dice({4});
        auto r = reaction_test(TroopType::formed_infantry, 3, {.outnumbered = true}, dice);
        CHECK(r.die == 4);
        CHECK(r.modifier == -1);
        CHECK(r.modified == 3);
        CHECK(r.row == 3);
        CHECK(r.column == 3);
        CHECK(r.result == ReactionResult::na);  // "3 OK OK OK NA ..."
        CHECK(r.tp_gained == 0);
        CHECK(dice.remaining() == 0);
    }
    SECTION("horse with 8 TP, outflanked and outnumbered, roll 1: row 0 (from -1), RA and a TP") {
        ScriptedDice dice({1});
        auto r = reaction_test(TroopType::horse, 8, {.outnumbered = true, .outflanked = true}, dice);
        CHECK(r.modified == -1);
        CHECK(r.row == 0);
        CHECK(r.result == ReactionResult::ra);
        CHECK(r.tp_gained == 1);
        CHECK(reaction_result_meaning(r.result, TroopType::horse) == "Ride away (take 1 TP)");
    }
    SECTION("irregulars, no TP, leader with them and the enemy falling back, roll 6: row 8, Ch") {
        ScriptedDice dice({6});
        auto r = reaction_test(TroopType::irregulars, 0, {.leader_with_unit = true, .enemy_falling_back = true}, dice);
        CHECK(r.modified == 8);
        CHECK(r.result == ReactionResult::ch);
        CHECK(reaction_passed(r.result));
    }
    SECTION("gunners with 2 TP, supported, roll 3: row 4, CF") {
        ScriptedDice dice({3});
        auto r = reaction_test(TroopType::gunners, 2, {.supported = true}, dice);
        CHECK(r.row == 4);
        CHECK(r.result == ReactionResult::cf);  // "4 OK OK CF CF RA ..."
        CHECK_FALSE(reaction_passed(r.result));
        CHECK(r.tp_gained == 0);
    }
    SECTION("militia with no TP, leader with them, roll 6 plus 2 from the umpire: row 9 reads 8, Ch") {
        ScriptedDice dice({6});
        auto r = reaction_test(TroopType::militia, 0, {.leader_with_unit = true, .umpire_modifier = 2}, dice);
        CHECK(r.modified == 9);
        CHECK(r.row == 8);
        CHECK(r.result == ReactionResult::ch);  // "8 Ch OK OK ..."
    }
}

TEST_CASE("the results' codes, meanings and the TP they give", "[oth]") {
    // The key under each table: "Ch Charge nearest enemy OK Continue as ordered NA No Advance closer to the
    // enemy FB Fall back for a turn (take 1 TP) RA Run Away (take 1 TP)"; gunners: "CF Cease firing (and hide
    // under guns)".
    for (const auto& [code, result] : book_codes) {
        CHECK(reaction_result_code(result) == code);
        CHECK(reaction_result_from_code(code) == result);
    }
    CHECK_FALSE(reaction_result_from_code("XX").has_value());
    CHECK(reaction_result_tp(ReactionResult::fb) == 1);
    CHECK(reaction_result_tp(ReactionResult::ra) == 1);
    for (auto r : {ReactionResult::ok, ReactionResult::na, ReactionResult::ch, ReactionResult::cf})
        CHECK(reaction_result_tp(r) == 0);
    CHECK(reaction_passed(ReactionResult::ok));
    CHECK(reaction_passed(ReactionResult::ch));
    for (auto r : {ReactionResult::na, ReactionResult::fb, ReactionResult::ra, ReactionResult::cf})
        CHECK_FALSE(reaction_passed(r));
    CHECK(reaction_result_meaning(ReactionResult::ra, TroopType::militia) == "Run away (take 1 TP)");
    CHECK(reaction_result_meaning(ReactionResult::cf, TroopType::gunners) == "Cease firing (and hide under guns)");
    for (auto type : all_troop_types) CHECK(troop_type_from_name(troop_type_name(type)) == type);
    CHECK_FALSE(troop_type_from_name("dragoons").has_value());
}
