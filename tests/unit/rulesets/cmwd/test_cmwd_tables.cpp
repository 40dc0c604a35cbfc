// Every table chosen-men-well-disposed.txt prints, row by row: the fire effect table, the charge test effect,
// troop quality, risk to generals with what befalls a general hit, capture by rank, and successors.
#include <catch2/catch.hpp>

#include "shared/rulesets/cmwd/settings.h"
#include "shared/rulesets/cmwd/tables.h"

using namespace muster::cmwd;

TEST_CASE("cmwd tables: the fire effect table, by how much the firer's score is higher (\"Ranged Combat\")", "[cmwd]") {
    // "Defender's total is higher or scores equal": no effect.
    CHECK(fire_effect(-3) == FireEffect::none);
    CHECK(fire_effect(0) == FireEffect::none);
    // "Firer score higher by 1 or 2": recoils 1BD; "by 3 or 4": recoils shaken 1BD; "by 5 or more": breaks.
    CHECK(fire_effect(1) == FireEffect::recoil);
    CHECK(fire_effect(2) == FireEffect::recoil);
    CHECK(fire_effect(3) == FireEffect::recoil_shaken);
    CHECK(fire_effect(4) == FireEffect::recoil_shaken);
    CHECK(fire_effect(5) == FireEffect::breaks);
    CHECK(fire_effect(11) == FireEffect::breaks);
    CHECK(to_string(FireEffect::recoil_shaken) == "recoils shaken 1BD");
}

TEST_CASE("cmwd tables: the charge test effect (\"Cavalry test to charge\")", "[cmwd]") {
    CHECK(charge_effect(-1) == ChargeEffect::refuse);  // "Testers lose. Refuse to charge."
    CHECK(charge_effect(-6) == ChargeEffect::refuse);
    CHECK(charge_effect(0) == ChargeEffect::charge);  // "No difference or testers win by 1 or 2. Testers charge."
    CHECK(charge_effect(1) == ChargeEffect::charge);
    CHECK(charge_effect(2) == ChargeEffect::charge);
    CHECK(charge_effect(3) == ChargeEffect::charge_target_shaken);  // "Target receives attack stationary and is shaken."
    CHECK(charge_effect(4) == ChargeEffect::charge_target_shaken);
    CHECK(charge_effect(5) == ChargeEffect::target_breaks);  // "Target breaks before contact."
    CHECK(charge_effect(9) == ChargeEffect::target_breaks);
}

TEST_CASE("cmwd tables: the charge factors and modifiers as printed", "[cmwd]") {
    CHECK(cavalry_charge_factor == 3);  // "The cavalry factor is 3"
    CHECK(quality_modifier("veteran") == 1);  // "Plus One If Veterans"
    CHECK(quality_modifier("raw") == -1);     // "Minus One If Raw"
    CHECK(quality_modifier("trained") == 0);
    CHECK(brigade_passed_bonus == 1);
    CHECK(flank_or_rear_bonus == 2);  // "Plus Two Testing to charge enemy flank or rear"
    CHECK(shaken_penalty == 1);       // "For each shaken level"
    CHECK(secure_flanks_penalty == 1);
    CHECK(heavier_cavalry_penalty == 1);
    // "Defence factor ... 3 3 4 2 2" read as cavalry 3, infantry 4, dismounted dragoons 2, artillery 2
    // (docs/rules-notes.md: the factor the example gives F, a horse base, is 3).
    const CmwdSettings s;
    CHECK(s.charge_defence.at("horse") == 3);
    CHECK(s.charge_defence.at("dragoons") == 3);
    CHECK(s.charge_defence.at("infantry") == 4);
    CHECK(s.charge_defence.at("dismounted_dragoons") == 2);
    CHECK(s.charge_defence.at("artillery") == 2);
}

TEST_CASE("cmwd tables: hand to hand, the example's factors and the settings' bands", "[cmwd]") {
    CHECK(charging_bonus == 2);
    CHECK(fired_in_charge_penalty == 1);
    CHECK(slowed_penalty == 1);
    const CmwdSettings s;
    CHECK(melee_effect(0, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::no_result);
    CHECK(melee_effect(1, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::no_result);  // "no result"
    CHECK(melee_effect(2, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::no_result);
    CHECK(melee_effect(3, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::recoil);  // "wins by 3 ... recoil"
    CHECK(melee_effect(4, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::recoil);
    CHECK(melee_effect(5, s.melee_no_result_upto, s.melee_recoil_upto) == MeleeEffect::breaks);
    CHECK(melee_effect(2, 1, 3) == MeleeEffect::recoil);
}

TEST_CASE("cmwd tables: risk to generals, 2D6 with rank and a breaking base; hit on 3 or less (\"Risk to Generals\")", "[cmwd]") {
    CHECK(risk_modifier("lethargic") == 1);
    CHECK(risk_modifier("active") == 0);
    CHECK(risk_modifier("vigorous") == -1);
    CHECK(risk_breaks_penalty == 2);
    CHECK(risk_hit_upto == 3);
}

TEST_CASE("cmwd tables: what befalls a general hit, each face of the further D6", "[cmwd]") {
    const HitResult h1 = hit_result(1), h2 = hit_result(2), h3 = hit_result(3), h4 = hit_result(4), h5 = hit_result(5),
                    h6 = hit_result(6);
    CHECK(h1.fate == "aide");  // "An aide close by is neatly decapitated"
    CHECK(h1.no_move_turns == 0);
    CHECK_FALSE(h1.lost);
    CHECK(h2.fate == "horse");  // "No movement in next game turn while an aide gallantly provides a new mount."
    CHECK(h2.no_move_turns == 1);
    CHECK(h3.fate == "bruise");
    CHECK(h3.no_move_turns == 1);
    CHECK(h4.fate == "slight");
    CHECK(h4.no_move_turns == 1);
    CHECK_FALSE(h4.lost);
    CHECK(h5.fate == "severe");  // "No movement or orders given in next game turn ... a successor is appointed"
    CHECK(h5.no_orders_turns == 1);
    CHECK(h5.lost);
    CHECK(h6.fate == "killed");  // "No orders given for two game turns until his successor is found"
    CHECK(h6.no_orders_turns == 2);
    CHECK(h6.lost);
}

TEST_CASE("cmwd tables: capture by rank, and when a successor comes", "[cmwd]") {
    // "If a Vigorous general rolls 1 ... Active ... 1 or 2 ... Lethargic ... 1,2 or 3, he is captured."
    for (int d = 1; d <= 6; ++d) {
        CHECK(captured("vigorous", d) == (d <= 1));
        CHECK(captured("active", d) == (d <= 2));
        CHECK(captured("lethargic", d) == (d <= 3));
    }
    // "a successor is appointed after one game turn if severely wounded, two game turns if killed or captured."
    CHECK(successor_after("severe") == 1);
    CHECK(successor_after("killed") == 2);
    CHECK(successor_after("captured") == 2);
    CHECK(successor_after("slight") == 0);
}

TEST_CASE("cmwd settings: every name checked, the defaults from the worked example", "[cmwd]") {
    const CmwdSettings d;
    CHECK(d.tp_start == 2);     // "2 TPs if initiating a charge with a brigade from stationary"
    CHECK(d.tp_continue == 1);  // "1TP if continuing a move"
    CHECK(d.move_bw.at("infantry") == 1);  // "moves forward 1BW"
    CHECK(d.move_bw.at("horse") == 2);     // "advances 2BW"
    CHECK(d.fire_factor.at("a_prest.point_blank") == 3);
    CHECK(d.fire_factor.at("a_prest.close") == 1);
    CHECK(d.fire_factor.at("pistol") == 0);
    CHECK(d.fire_defence.at("infantry") == 3);
    CHECK(d.fire_defence.at("horse") == 2);
    CHECK(d.morale_adjustment.at(1) == -1);  // "He rolls a 2 ... a -1 from the total"
    auto ok = merged(d, {{"tempo_dice", 3}, {"fire_defence", {{"horse", 1}}}, {"general_table", {"vigorous", "vigorous", "active", "active", "lethargic", "lethargic"}}});
    REQUIRE(std::holds_alternative<CmwdSettings>(ok));
    CHECK(std::get<CmwdSettings>(ok).tempo_dice == 3);
    CHECK(std::get<CmwdSettings>(ok).fire_defence.at("horse") == 1);
    CHECK(std::get<CmwdSettings>(ok).fire_defence.at("infantry") == 3);
    CHECK(std::get<CmwdSettings>(ok).general_table.at(0) == "vigorous");
    auto message = [&](const nlohmann::json& change) {
        auto m = merged(d, change);
        REQUIRE(std::holds_alternative<muster::Error>(m));
        return std::get<muster::Error>(m).message;
    };
    CHECK(message({{"tempo_dice", 9}}) == "The setting \"tempo_dice\" must be a whole number from 0 to 6.");
    CHECK(message({{"bid_paid_by", "loser"}}) == "The setting \"bid_paid_by\" is one of both, winner.");
    CHECK(message({{"fire_defence", {{"elephants", 1}}}}) == "The setting \"fire_defence\" has no entry \"elephants\".");
    CHECK(message({{"morale_adjustment", {1, 2}}}) ==
          "The setting \"morale_adjustment\" must be a list of 6 whole numbers from -6 to 6 (the d6's faces 1 to 6).");
    CHECK(message({{"general_table", {"a", "b", "c", "d", "e", "f"}}}).find("ranks") != std::string::npos);
    CHECK(message({{"melee_no_result_upto", 5}}) == "The setting \"melee_recoil_upto\" must be at least melee_no_result_upto.");
    CHECK(message({{"nonsense", 1}}) == "There is no setting \"nonsense\" in Chosen Men, Well Disposed.");
    CHECK(message({{"turn_seconds", -1}}).find("turn_seconds") != std::string::npos);  // the table's own, checked too
}
