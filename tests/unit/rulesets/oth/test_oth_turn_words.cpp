// Over the Hill's turn says in words why an order did nothing, or less than the player chose
// (shared/rulesets/oth/order_words.h and the steps): an order still being digested, an advance that halts at
// shooting distance or is held up, a volley with no one in range, a leader's card that found nothing to do. On a
// bare table with scripted dice (tests/unit/rulesets/oth/oth_turn_table.h), against
// ../shared/rules/over-the-hills.txt.
#include "rulesets/oth/oth_turn_table.h"

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/order_words.h"

using namespace oth_turn_test;

namespace {

const char* const digest_quote = "(\"It takes one turn for a unit to digest a new order\")";

}  // namespace

TEST_CASE("turn words: an order being digested says so in the movement step, then it is carried out", "[oth][turn][log]") {
    TurnTable t;
    // Colonel Kemp (player 7) is with Kempson's Regiment (D2); the Manchesters stand 40 cm ahead.
    t.unit(1, "british", "Kempson's Regiment", {50, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 90}, 180);
    t.leader(1, "british", 7, "Colonel Kemp", {50, 49});
    t.card(7, {{"card", "order.advance"}, {"unit", 1}});

    // Turn 1. over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
    // They stand; the movement step says why, to both sides (the card is revealed), where it used to say
    // "Movement: nothing to see."
    t.turn();
    const std::string digesting = std::string("Advance: Kempson's Regiment are still digesting the order ") +
                                  digest_quote + ": they act on it from turn 2.";
    CHECK(contains(t.texts_for("jacobite", 1, "movement"), digesting));
    CHECK(contains(t.texts_for("british", 1, "movement"), digesting));
    CHECK_FALSE(contains(t.texts_for("british", 1, "movement"), "Movement: nothing to see."));
    CHECK(t.u(1).position.y == Approx(50));

    // Turn 2. "A Reaction Test is taken when ... 2. Ordered to advance/charge": 4 with no TPs, OK on the
    // REGULAR INFANTRY TABLE. "Movement": "Forward movement (keeping formation) 8 + DRI cm": 10 cm; the
    // Manchesters are still 30 cm off, beyond "effective shooting distance" (4 + MUS 2 = 6 cm).
    t.turn({{"movement", {4}}});
    CHECK(t.u(1).position.y == Approx(60));
    CHECK(contains(t.texts_for("jacobite", 2, "movement"), "Kempson's Regiment (ordered to advance): continue as ordered."));
    CHECK(contains(t.texts_for("jacobite", 2, "movement"), "Advance: Kempson's Regiment advance 10 cm."));
}

namespace {

// The how under a line of `side`'s (its own copy, with the details), or empty.
std::vector<std::string> how_for(const TurnTable& t, int turn, const std::string& phase, const std::string& text,
                                 const std::string& side) {
    std::vector<std::string> out;
    for (const auto& l : t.lines(turn, phase))
        if (l.text == text && l.audience == battle::LogEntry::Audience::side && l.side == side)
            for (const auto& s : l.details.value("how", json::array())) out.push_back(s.get<std::string>());
    return out;
}

// No line the enemy may read names a rating: Drill and Musketry are the unit's side's to know.
void no_ratings_for(const TurnTable& t, const std::string& side) {
    for (const auto& l : t.battle.log) {
        if (!TurnTable::readable_by(l, side)) continue;
        INFO(l.text);
        CHECK(l.text.find("MUS") == std::string::npos);
        CHECK(l.text.find("DRI") == std::string::npos);
        if (l.audience == battle::LogEntry::Audience::all) CHECK(l.details.empty());
    }
}

}  // namespace

TEST_CASE("turn words: ADVANCE halts at effective shooting distance, and says so", "[oth][turn][log]") {
    // over-the-hills.txt, "2. Give Orders": ADVANCE, "Move forward until within effective shooting distance";
    // "Musketry": "firing range of 4+ MUS centimetres".
    SECTION("already within it: they stay put") {
        TurnTable t;
        t.unit(1, "british", "33rd Foot", {50, 50}, 0);
        t.unit(2, "jacobite", "Manchester Regiment", {50, 55}, 180);
        oth::impose(t.u(1), "advance");
        t.step("movement");
        CHECK(t.u(1).position.y == Approx(50));
        const std::string text = "Advance: 33rd Foot halt: they are already within effective shooting distance of "
                                 "Manchester Regiment (\"Move forward until within effective shooting distance\").";
        CHECK(t.texts_for("jacobite", 1, "movement") == std::vector<std::string>{text});
        // The figures are for the 33rd's side: "Forward movement (keeping formation) 8 + DRI cm", "4+ MUS".
        CHECK(how_for(t, 1, "movement", text, "british") ==
              std::vector<std::string>{"Forward movement (keeping formation): foot 8 + DRI 2 = 10 cm a turn.",
                                       "Manchester Regiment are 5 cm off; effective shooting distance (4 + MUS 2 = 6 cm)."});
        no_ratings_for(t, "jacobite");
    }
    SECTION("12 cm off: they go 6 cm of their 10 and halt") {
        TurnTable t;
        t.unit(1, "british", "33rd Foot", {50, 50}, 0);
        t.unit(2, "jacobite", "Manchester Regiment", {50, 62}, 180);
        oth::impose(t.u(1), "advance");
        t.step("movement");
        CHECK(t.u(1).position.y == Approx(56));
        CHECK(contains(t.texts_for("jacobite", 1, "movement"),
                       "Advance: 33rd Foot advance 6 cm and halt within effective shooting distance of Manchester "
                       "Regiment."));
        no_ratings_for(t, "jacobite");
    }
}

TEST_CASE("turn words: a move held up names what is in the way; a hidden unit is not named", "[oth][turn][log]") {
    for (bool hidden : {false, true}) {
        INFO("the unit in the way is concealed: " << hidden);
        TurnTable t;
        t.settings.ambush_surprise = false;  // the ambush shown after the move: no surprise test to roll
        // The 33rd (D2, 10 cm forward) have the 12th's rear 4 cm ahead of their front (a line is 2 cm deep).
        t.unit(1, "british", "33rd Foot", {50, 50}, 0);
        t.unit(3, hidden ? "jacobite" : "british", "12th Foot", {50, 56}, 0);
        t.u(3).concealed = hidden;
        oth::impose(t.u(1), "advance");
        t.step("movement");
        CHECK(t.u(1).position.y == Approx(54).margin(0.01));
        const std::string why = hidden ? "something is in the way" : "12th Foot are in the way";
        CHECK(contains(t.texts_for("british", 1, "movement"), "Advance: 33rd Foot advance 4 cm: " + why + "."));
    }
}

TEST_CASE("turn words: FIRE and HOLD YOUR FIRE with no enemy in reach say so", "[oth][turn][log]") {
    TurnTable t;
    // over-the-hills.txt, "Musketry": "All musketry takes place at firing range of 4+ MUS centimetres range or
    // less"; HOLD YOUR FIRE: "The unit will wait until the enemy is close before starting to shoot"
    // (hold_fire_close_cm 3). The Manchesters are 10 cm off: no dice are thrown.
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(3, "british", "12th Foot", {80, 50}, 0, ratings(2, 3, 2));
    t.unit(2, "jacobite", "Manchester Regiment", {50, 60}, 180);
    t.unit(4, "jacobite", "Clan Cameron", {80, 60}, 180, ratings(2, 2, 2), "irregulars");
    oth::impose(t.u(1), "fire");
    oth::impose(t.u(3), "hold_your_fire");
    t.step("fire");
    const auto seen = t.texts_for("jacobite", 1, "fire");
    const std::string fire = "FIRE: 33rd Foot do not fire: no enemy in front within effective shooting distance.";
    CHECK(contains(seen, fire));
    CHECK(how_for(t, 1, "fire", fire, "british") ==
          std::vector<std::string>{"Musketry: effective shooting distance (4 + MUS 2 = 6 cm)."});
    no_ratings_for(t, "jacobite");
    CHECK(contains(seen, "Hold your fire: 12th Foot hold their fire: no enemy in front within 3 cm (\"The unit will "
                         "wait until the enemy is close before starting to shoot\")."));
    CHECK(t.tp(2) == 0);
}

TEST_CASE("turn words: \"Ch Charge nearest enemy\" on the order to advance charges at once, or next turn by setting",
          "[oth][turn][log]") {
    for (bool next_turn : {false, true}) {
        INFO("test_charge_next_turn: " << next_turn);
        TurnTable t;
        t.settings.test_charge_next_turn = next_turn;
        // Clan Cameron (irregulars, 2 TP) act on ADVANCE for the first time; the 7th stand 30 cm ahead.
        t.unit(2, "jacobite", "Clan Cameron", {50, 50}, 0, ratings(2, 2, 2), "irregulars");
        t.unit(1, "british", "7th Foot", {50, 80}, 180);
        t.set_tp(2, 2);
        oth::impose(t.u(2), "advance", {{"new", true}});
        // over-the-hills.txt, "IRREGULARS TABLE": die 6 with 2 TPs reads Ch, "Charge nearest enemy". At once:
        // "1. Enemy charging towards you": the 7th test, 4 with no TPs: OK; the clan rush 20 cm ("Rush to contact
        // ... 20 cm"). By the setting they stand, and the 7th roll nothing.
        std::vector<int> dice = {6};
        if (!next_turn) dice.push_back(4);
        t.step("movement", dice);
        CHECK(oth::order_of(t.u(2)) == "charge");
        CHECK(contains(t.texts_for("british", 1, "movement"), "Clan Cameron (ordered to advance): charge the nearest enemy."));
        CHECK(t.u(2).position.y == Approx(next_turn ? 50 : 70));
        CHECK(contains(t.texts_for("british", 1, "movement"), "Clan Cameron charge!") == !next_turn);
    }
}

TEST_CASE("turn words: NA on the order to advance ends it, and the log says the unit stands until a new order",
          "[oth][turn][log]") {
    TurnTable t;
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(2, "jacobite", "Manchester Regiment", {50, 90}, 180);
    t.set_tp(1, 2);
    oth::impose(t.u(1), "advance", {{"new", true}});
    // over-the-hills.txt, "REGULAR INFANTRY TABLE": die 2 with 2 TPs reads NA, "No Advance closer to the enemy".
    t.step("movement", {2});
    CHECK(t.u(1).position.y == Approx(50));
    CHECK_FALSE(t.u(1).order);
    CHECK(t.texts_for("jacobite", 1, "movement") ==
          std::vector<std::string>{"33rd Foot (ordered to advance): no advance closer to the enemy.",
                                   "Advance: 33rd Foot give it up (NA, \"No advance closer to the enemy\"): they stand "
                                   "until given a new order."});
}

TEST_CASE("turn words: a leader's card that found nothing to do says why", "[oth][turn][log]") {
    TurnTable t;
    t.unit(1, "british", "33rd Foot", {50, 50}, 0);
    t.unit(3, "british", "12th Foot", {100, 50}, 0);
    t.u(3).removed = true;
    t.leader(1, "british", 7, "Colonel Kemp", {150, 100});
    t.leader(2, "british", 8, "Major Hale", {10, 10});
    t.leader(3, "british", 9, "Captain Lowe", {50, 49});
    t.card(7, {{"card", "engage"}});
    t.card(8, {{"card", "move"}, {"to", json::array({110, 10})}});
    t.card(9, {{"card", "order.fire"}, {"unit", 3}});
    t.turn();
    const auto orders = t.texts_for("british", 1, "orders");
    // "Leaders can move 40cm per turn on horseback."
    CHECK(contains(orders, "Major Hale rides only 40 cm of the 100 cm to where he was sent (\"Leaders can move 40cm "
                           "per turn on horseback\")."));
    CHECK(t.battle.leaders.at(2).position.x == Approx(50));
    CHECK(contains(orders, "Captain Lowe's order to 12th Foot (FIRE) is not carried out: they have left the field."));
    // "4. Engage in A Fight": no unit of his is fighting hand to hand.
    CHECK(contains(t.texts_for("jacobite", 1, "melee"),
                   "Colonel Kemp finds no fight to join: no unit he is with is in hand to hand combat."));

    // "3. Inspire the Men": Colonel Kemp, with none of his units, inspires no one.
    t.card(7, {{"card", "inspire"}});
    t.turn();
    CHECK(contains(t.texts_for("jacobite", 2, "tension"), "Colonel Kemp inspires no one: none of his units is with him."));
}

TEST_CASE("turn words: a concealed unit's digesting stays with its side", "[oth][turn][log]") {
    TurnTable t;
    t.unit(1, "british", "Light Company", {50, 50}, 0);
    t.u(1).concealed = true;
    t.leader(1, "british", 7, "Colonel Kemp", {50, 49});
    t.battle.leaders.at(1).concealed = true;
    t.card(7, {{"card", "order.fire"}, {"unit", 1}});
    t.step("orders");
    t.step("movement");
    t.step("fire");
    const std::string line = std::string("FIRE: Light Company are still digesting the order ") + digest_quote +
                             ": they act on it from turn 2.";
    CHECK(contains(t.texts_for("british", 1, "fire"), line));
    CHECK_FALSE(contains(t.texts_for("jacobite", 1, "fire"), line));
}

TEST_CASE("order words: the card names and the digest line", "[oth][log]") {
    CHECK(oth::order_card_name("advance") == "Advance");
    CHECK(oth::order_card_name("fire") == "FIRE");
    CHECK(oth::order_card_name("hold_your_fire") == "Hold your fire");
    CHECK(oth::is_fire_order("cease_fire"));
    CHECK_FALSE(oth::is_fire_order("charge"));
    CHECK(oth::digesting_line("33rd Foot", "charge", 3, "FIRE") ==
          std::string("Charge: 33rd Foot are still digesting the order ") + digest_quote +
              ": they act on it from turn 3; meanwhile they carry on with FIRE.");
    CHECK(oth::shooting_distance_words(3) == "effective shooting distance (4 + MUS 3 = 7 cm)");
    // over-the-hills.txt, "Movement": "Backward movement (in good order) DRI cm 5 cm".
    CHECK(oth::move_rate_how(oth::MoveAction::backward, oth::TroopType::militia, 3, 3) ==
          "Backward movement (in good order): foot DRI 3 = 3 cm a turn.");
    CHECK(oth::move_rate_how(oth::MoveAction::backward, oth::TroopType::horse, 3, 5) ==
          "Backward movement (in good order): horse 5 cm a turn.");
    CHECK(oth::move_rate_how(oth::MoveAction::rush_to_contact, oth::TroopType::formed_infantry, 2, 20) ==
          "Rush to contact (not bothering with formation): foot 20 cm a turn.");
}
