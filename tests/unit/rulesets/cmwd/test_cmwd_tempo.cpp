// The tempo (chosen-men-well-disposed.txt, "Tempo Bidding", "Using Tempo points"; the settings in
// docs/rules-notes.md): each side's points, the sealed bids, the tempo side, ties, who pays, and ordering brigades.
#include "rulesets/cmwd/cmwd_table.h"

using namespace cmwd_test;

namespace {

struct Small : CmwdField {
    explicit Small(json more = json::object()) {
        settings.merge_patch(more);
        base("british", "A", "infantry", "bennington", 30, 50, 0);
        base("british", "F", "horse", "spriggs", 60, 50, 0);
        base("french", "P", "infantry", "hautfront", 30, 80, 180, {{"school", "a_prest"}});
        general("british", "Bennington", "bennington", t.bob.user, 30, 20);
        general("british", "Spriggs", "spriggs", t.carol.user, 60, 20);
        general("french", "d'Hautfront", "hautfront", t.dave.user, 30, 110);
    }
    std::vector<std::string> views() {
        std::vector<std::string> out;
        for (const auto& v : {t.dave, t.observer, t.carol}) out.push_back(view(t.state, v).dump());
        return out;
    }
};

}  // namespace

TEST_CASE("cmwd tempo: each side's points are tempo_dice d6 + tempo_bonus, seen by that side only", "[cmwd]") {
    Small f(json{{"tempo_dice", 2}, {"tempo_bonus", 1}});
    f.create();
    f.start({3, 4, 6, 1});  // the British throw 3 and 4, the French 6 and 1
    CHECK(f.cmwd(f.t.bob)["tempo"]["points"] == 8);
    CHECK(f.cmwd(f.t.bob)["tempo"]["dice"] == json::array({3, 4}));
    CHECK(f.cmwd(f.t.dave)["tempo"]["points"] == 8);
    CHECK(f.cmwd(f.t.dave)["tempo"]["dice"] == json::array({6, 1}));
    CHECK(f.cmwd(f.t.observer)["tempo"].is_null());
    CHECK(f.cmwd(f.t.umpire)["tempo"]["british"]["points"] == 8);
    CHECK(f.cmwd(f.t.bob)["stage"] == "bid");
    CHECK(f.of(f.t.bob)["needs_you"]["what"] == "At Example of Combat: bid for the tempo of game turn 1.");
    CHECK(f.of(f.t.carol)["needs_you"].is_null());  // Spriggs is not the commander
}

TEST_CASE("cmwd tempo: a bid is sealed: the other side and observers learn neither the amount nor that it is in", "[cmwd]") {
    Small f;
    f.create();
    f.start();
    const auto before = f.views();
    f.bid(f.t.bob, 3);
    const auto after = f.views();
    CHECK(after[0] == before[0]);  // Dave's whole view: not a byte changed
    CHECK(after[1] == before[1]);  // the observer's
    CHECK(after[2] != before[2]);  // Carol, of Bob's side, sees that her commander's bid is in
    CHECK(f.of(f.t.bob)["boxes"]["orders"]["items"][0]["item"]["bid"] == 3);
    CHECK(f.of(f.t.carol)["boxes"]["orders"]["submitted"] == json::array({f.t.bob.user}));
    CHECK(f.of(f.t.dave)["boxes"]["orders"]["submitted"].empty());
    CHECK(f.of(f.t.dave)["needs_you"]["what"] == "At Example of Combat: bid for the tempo of game turn 1.");
    // Withdrawn and made again: still nothing for the French.
    f.t.ok(f.t.bob, "battle.withdraw", {{"battle", 1}});
    f.bid(f.t.bob, 1);
    CHECK(f.views()[0] == before[0]);
    f.bid(f.t.dave, 2);
    for (const auto& v : {f.t.bob, f.t.dave, f.t.observer}) {
        CHECK(f.cmwd(v)["bids"] == json{{"british", 1}, {"french", 2}});
        CHECK(f.cmwd(v)["tempo_side"] == "french");
        CHECK(f.cmwd(v)["stage"] == "first");
        CHECK(f.cmwd(v)["acting_side"] == "french");
    }
    CHECK(f.log_of(f.t.observer).find("Game turn 1: the tempo bids are British 1, French 2; the French have the tempo.") !=
          std::string::npos);
    check_replay(f.t);
}

// docs/protocol.md, "Chosen Men": "`bids` and `tempo_side` are null until the bids are revealed", in an ended
// battle's record too.
TEST_CASE("cmwd tempo: an ended battle shows its last game turn's bids only if they were revealed", "[cmwd]") {
    Small f;
    f.create();
    f.start();
    SECTION("ended in a stage after the bids: they stand") {
        f.bid(f.t.bob, 1);
        f.bid(f.t.dave, 2);
        f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
        for (const auto& v : f.t.everyone()) {
            CHECK(f.cmwd(v)["bids"] == json{{"british", 1}, {"french", 2}});
            CHECK(f.cmwd(v)["tempo_side"] == "french");
        }
    }
    SECTION("ended at the next game turn's bids, none in: null, not the last game turn's") {
        f.bid(f.t.bob, 1);
        f.bid(f.t.dave, 2);
        f.done(f.t.dave);  // the French stage: nothing declared, nothing to roll
        f.done(f.t.bob);
        REQUIRE(f.cmwd(f.t.umpire)["game_turn"] == 2);
        REQUIRE(f.cmwd(f.t.umpire)["stage"] == "bid");
        f.t.ok(f.t.umpire, "battle.end", {{"battle", 1}});
        for (const auto& v : f.t.everyone()) {
            CHECK(f.cmwd(v)["bids"].is_null());
            CHECK(f.cmwd(v)["tempo_side"].is_null());
        }
    }
    check_replay(f.t);
}

TEST_CASE("cmwd tempo: bids paid by both sides by default, or by the winner alone", "[cmwd]") {
    Small both;
    both.create();
    both.start();
    both.bid(both.t.bob, 3);
    both.bid(both.t.dave, 1);
    CHECK(both.cmwd(both.t.bob)["tempo"]["left"] == 1);
    CHECK(both.cmwd(both.t.dave)["tempo"]["left"] == 3);
    Small winner(json{{"bid_paid_by", "winner"}});
    winner.create();
    winner.start();
    winner.bid(winner.t.bob, 3);
    winner.bid(winner.t.dave, 1);
    CHECK(winner.cmwd(winner.t.bob)["tempo"]["left"] == 1);
    CHECK(winner.cmwd(winner.t.dave)["tempo"]["left"] == 4);
}

TEST_CASE("cmwd tempo: a tie keeps the tempo where it was (first_tempo before the first game turn), or passes it", "[cmwd]") {
    Small keeps(json{{"first_tempo", "french"}});
    keeps.create();
    keeps.start();
    keeps.bid(keeps.t.bob, 2);
    keeps.bid(keeps.t.dave, 2);
    CHECK(keeps.cmwd(keeps.t.bob)["tempo_side"] == "french");
    keeps.done(keeps.t.dave);
    keeps.done(keeps.t.bob);
    keeps.bid(keeps.t.bob, 0);
    keeps.bid(keeps.t.dave, 0);
    CHECK(keeps.cmwd(keeps.t.bob)["tempo_side"] == "french");
    Small other(json{{"tempo_tie", "other"}});
    other.create();
    other.start();
    other.bid(other.t.bob, 1);
    other.bid(other.t.dave, 1);
    CHECK(other.cmwd(other.t.bob)["tempo_side"] == "british");  // the first game turn: the first listed holds it
    other.done(other.t.bob);
    other.done(other.t.dave);
    other.bid(other.t.bob, 1);
    other.bid(other.t.dave, 1);
    CHECK(other.cmwd(other.t.bob)["tempo_side"] == "french");  // a tie passes it on
    CHECK(other.cmwd(other.t.bob)["game_turn"] == 2);
}

TEST_CASE("cmwd tempo: bad bids change nothing; the umpire closing counts a missing bid as 0", "[cmwd]") {
    Small f;
    f.create();
    f.start();
    std::string why;
    CHECK(f.refused(f.t.bob, "battle.submit", {{"bid", 5}, {"turn", 1}}, &why) == "bad_request");
    CHECK(why == "A bid is a whole number of tempo points from 0 to 4.");
    CHECK(f.refused(f.t.bob, "battle.submit", {{"bid", "all"}, {"turn", 1}}) == "bad_request");
    CHECK(f.refused(f.t.carol, "battle.submit", {{"bid", 1}, {"turn", 1}}, &why) == "not_now");
    CHECK(why == "Only the commander of the british bids for the tempo.");
    CHECK(f.refused(f.t.bob, "battle.submit", {{"bid", 1}, {"turn", 2}}) == "stale");
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "order"}, {"brigade", "bennington"}, {"turn", 1}}, &why) == "not_now");
    CHECK(why == "The tempo bids are open: nothing moves yet.");
    f.bid(f.t.dave, 1);
    f.t.ok(f.t.umpire, "battle.close_turn", {{"battle", 1}});
    CHECK(f.cmwd(f.t.bob)["bids"] == json{{"british", 0}, {"french", 1}});
    CHECK(f.cmwd(f.t.bob)["tempo_side"] == "french");
}

TEST_CASE("cmwd tempo: ordering a brigade pays 2 from stationary, 1 on the move; the stage is the acting side's", "[cmwd]") {
    Small f(json{{"tempo_bonus", 3}});
    f.create();
    f.start();
    f.bid(f.t.bob, 0);
    f.bid(f.t.dave, 0);  // a tie: the British, first listed, hold it
    std::string why;
    CHECK(f.refused(f.t.dave, "battle.act", {{"action", "order"}, {"brigade", "hautfront"}, {"turn", 2}}, &why) == "not_now");
    CHECK(why == "It is the other side's stage.");
    CHECK(f.refused(f.t.carol, "battle.act", {{"action", "order"}, {"brigade", "bennington"}, {"turn", 2}}, &why) ==
          "not_your_brigade");
    CHECK(why == "Spriggs does not command Bennington's brigade.");
    f.act(f.t.carol, {{"action", "order"}, {"brigade", "spriggs"}});  // a general orders his own brigade
    CHECK(f.cmwd(f.t.bob)["tempo"]["left"] == 1);
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "order"}, {"brigade", "bennington"}, {"turn", 2}}, &why) == "no_tempo");
    CHECK(why == "Bennington's brigade needs 2 tempo points; 1 left.");
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "order"}, {"brigade", "spriggs"}, {"turn", 2}}) == "already_acted");
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "move"}, {"unit", f.id("A")}, {"distance", 1}, {"turn", 2}}, &why) ==
          "not_ordered");
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "move"}, {"unit", f.id("F")}, {"distance", 2.5}, {"turn", 2}}, &why) ==
          "out_of_range");
    CHECK(why == "F moves at most 2.00 BW.");
    f.act(f.t.bob, {{"action", "move"}, {"unit", f.id("F")}, {"distance", 1.5}});
    CHECK(f.front_y("F") == Approx(50 + 1.5 * BW));
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "move"}, {"unit", f.id("F")}, {"distance", 0.5}, {"turn", 2}}) ==
          "already_acted");
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "gallop"}, {"turn", 2}}) == "bad_request");
    f.done(f.t.bob);
    f.done(f.t.dave);
    // Next game turn Spriggs, having moved, continues for 1; Bennington, stationary, still needs 2.
    const json c = f.cmwd(f.t.bob);
    for (const auto& b : c["brigades"]) {
        if (b["id"] == "spriggs") CHECK(b["cost"] == 1);
        if (b["id"] == "bennington") CHECK(b["cost"] == 2);
    }
    check_replay(f.t);
}

// chosen-men-well-disposed.txt, "Turn sequence": a game turn is the tempo bids and then each side's move and
// combat. The log numbers them as the page does, by game turn, not by the server's battle turn (2 and 3 here).
TEST_CASE("cmwd tempo: each side's stage is announced in the log by its game turn", "[cmwd]") {
    Small f;
    f.create();
    f.start();
    f.bid(f.t.bob, 1);
    f.bid(f.t.dave, 2);
    f.done(f.t.dave);
    f.done(f.t.bob);
    const std::string log = f.log_of(f.t.observer);
    CHECK(log.find("Game turn 1: the French have moved: combat.") != std::string::npos);
    CHECK(log.find("Game turn 1: the British have moved: combat.") != std::string::npos);
    CHECK(log.find("The French have moved: combat.") == std::string::npos);
}
