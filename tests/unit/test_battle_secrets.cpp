// What the battle view filter keeps from each viewer (shared/battle/entry_view.cpp, log_audience.cpp), and
// stale commands refused (shared/battle/lifecycle.cpp, check_moment). Each secret is searched for in the
// whole serialized view of every viewer who may not see it.
#include "test_battle_table.h"

using namespace year_test;

namespace {

constexpr const char* hidden_leader = "Lochiel-HIDDEN-LEADER";
constexpr const char* hidden_unit = "Atholl-HIDDEN-UNIT";
constexpr const char* secret_wood = "Secret-WOOD-of-the-British";

// Bob's 7th (unit 2) and Carol's 12th (unit 3) for the British; Dave's clan (unit 1) and a clan hidden in
// ambush for the Jacobites; Dave commands as a concealed leader. A wood only the British know.
void set_up_secrets(YearTable& t) {
    t.ready();
    t.ok(t.umpire, "battle.create",
         {{"name", "Clifton Moor"},
          {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
          {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
          {"units", {{{"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Clan Donald"}, {"troop_type", "irregulars"},
                      {"position", {50, 90}}, {"facing", 180}},
                     {{"side", "jacobite"}, {"owner", t.dave.user}, {"name", hidden_unit}, {"troop_type", "irregulars"},
                      {"position", {150, 100}}, {"facing", 180}, {"concealed", true}}}},
          {"leaders", {{{"user", t.dave.user}, {"side", "jacobite"}, {"name", hidden_leader}, {"position", {50, 91}},
                        {"concealed", true}}}},
          {"terrain", {{{"kind", "wood"}, {"name", secret_wood}, {"shape", "circle"}, {"centre", {20, 20}}, {"radius", 5},
                        {"known_to", {"british"}}}}},
          {"from_regiments", {{{"colonel", t.bob.user}, {"side", "british"}, {"position", {50, 30}}},
                              {{"colonel", t.carol.user}, {"side", "british"}, {"position", {80, 30}}}}}});
}

std::string seen_by(YearTable& t, const Viewer& v) { return view(t.state, v).dump(); }

bool has_text(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("a concealed piece takes an id that leaves no gap in the ids the enemy sees", "[battles][secrets]") {
    YearTable t;
    set_up_secrets(t);
    auto b = battle_of(t, t.umpire);
    std::vector<std::int64_t> ids;
    for (const auto& u : b["units"]) ids.push_back(u["id"].get<std::int64_t>());
    // Clan Donald 1, then the 7th and the 12th 2 and 3: the ambush made second took an id from the nonce.
    REQUIRE(ids.size() == 4);
    CHECK(ids[0] == 1);
    CHECK(ids[1] == 2);
    CHECK(ids[2] == 3);
    CHECK(ids[3] >= (std::int64_t{1} << 40));
    auto seen = battle_of(t, t.bob);
    CHECK(seen["units"].size() == 3);
    CHECK_FALSE(has_text(seen.dump(), std::to_string(ids[3])));
    // A piece placed concealed later draws its id the same way; one placed in sight counts on.
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"side", "jacobite"}, {"name", "Hidden two"}, {"position", {160, 100}}, {"concealed", true}}}});
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"unit", {{"side", "jacobite"}, {"name", "Pickets"}, {"position", {100, 100}}}}});
    CHECK(umpire_unit(t, 4)["name"] == "Pickets");
}

TEST_CASE("a concealed leader's person is in no list the enemy gets: players, submitted, revealed cards, log", "[battles][secrets]") {
    YearTable t;
    set_up_secrets(t);
    t.ok(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"auto_run", true}}}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    // Dave inspires Clan Donald, whom he stands with (over-the-hills.txt, "You remove TPs by: ... Inspiration
    // by a leader"): the line names him, so it must stay with the Jacobites.
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "tp"}, {"unit", 1}, {"value", 2}, {"reason", "shaken"}});
    t.ok(t.dave, "card.play", {{"battle", 1}, {"card", "inspire"}});
    for (const auto& v : {t.bob, t.carol, t.observer}) {
        auto b = battle_of(t, v);
        for (const auto& p : b["players"]) CHECK(p != t.dave.user);
        for (const auto& s : b["boxes"]["cards"]["submitted"]) CHECK(s != t.dave.user);
    }
    CHECK(battle_of(t, t.dave)["boxes"]["cards"]["submitted"].size() == 1);
    t.ok(t.bob, "card.play", {{"battle", 1}, {"card", "no_action"}});
    t.ok(t.carol, "card.play", {{"battle", 1}, {"card", "no_action"}}, {6});  // Clan Donald's rally roll fails
    CHECK(battle_of(t, t.umpire)["turn"] == 2);
    for (const auto& v : {t.bob, t.carol, t.observer}) {
        const std::string text = seen_by(t, v);
        INFO(v.name);
        CHECK_FALSE(has_text(text, hidden_leader));
        CHECK_FALSE(has_text(text, hidden_unit));
        // The reveal's line shows the British cards and nothing of Dave's.
        // The battle held by name: a range-for over a part of a temporary would read it after its destruction.
        const json battle = battle_of(t, v);
        for (const auto& l : battle["log"])
            if (l["details"].contains("cards"))
                for (const auto& c : l["details"]["cards"]) CHECK(c["user"] != t.dave.user);
    }
    CHECK(has_text(seen_by(t, t.dave), std::string(hidden_leader) + " inspires Clan Donald"));
    check_replay(t);
}

TEST_CASE("the umpire's reason for placing a concealed piece during play stays with its side", "[battles][secrets]") {
    YearTable t;
    set_up_secrets(t);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    const std::string reason = "REINFORCEMENTS-BEHIND-THE-WALL";
    t.ok(t.umpire, "battle.place", {{"battle", 1}, {"reason", reason},
                                    {"unit", {{"side", "jacobite"}, {"name", "Late clan"}, {"position", {170, 110}}, {"concealed", true}}}});
    CHECK_FALSE(has_text(seen_by(t, t.bob), reason));
    CHECK_FALSE(has_text(seen_by(t, t.observer), reason));
    CHECK(has_text(seen_by(t, t.dave), reason));
    CHECK(has_text(seen_by(t, t.umpire), reason));
}

TEST_CASE("secret terrain: a feature's nature only to the sides that know it", "[battles][secrets]") {
    YearTable t;
    set_up_secrets(t);
    CHECK(has_text(seen_by(t, t.bob), secret_wood));
    CHECK_FALSE(has_text(seen_by(t, t.dave), secret_wood));
    CHECK_FALSE(has_text(seen_by(t, t.observer), secret_wood));
    auto feature = battle_of(t, t.dave)["terrain"][0];
    CHECK(feature["known"] == false);
    CHECK_FALSE(feature.contains("kind"));
    CHECK(feature.contains("radius"));  // its shape is on the table for all to see
}

TEST_CASE("after the battle: each side its own rows, a regiment's companies to its colonel only", "[battles][secrets]") {
    YearTable t;
    set_up_secrets(t);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    // over-the-hills.txt, "Overall Losses": one d6 per unit, in unit order (1, 2, 3, the ambush).
    t.ok(t.umpire, "battle.end", {{"battle", 1}}, {2, 4, 6, 1});
    auto bob = battle_of(t, t.bob);
    REQUIRE(bob["losses"].size() == 2);  // the 7th and the 12th
    for (const auto& row : bob["losses"]) {
        CHECK(row["side"] == "british");
        if (row["unit"] == 2) {
            CHECK(row["colonel"] == t.bob.user);
            CHECK(row.contains("after"));
        } else {
            CHECK_FALSE(row.contains("after"));  // Carol's 12th: her companies are hers to know
            CHECK_FALSE(row.contains("attributes"));
        }
    }
    CHECK(bob["records"].size() == 2);
    auto dave = battle_of(t, t.dave);
    CHECK(dave["losses"].size() == 2);  // Clan Donald and the ambush, his side
    for (const auto& row : dave["losses"]) CHECK(row["side"] == "jacobite");
    CHECK(battle_of(t, t.observer)["losses"].empty());
    CHECK_FALSE(has_text(seen_by(t, t.bob), hidden_unit));  // never revealed: not named after the end either
    CHECK(battle_of(t, t.umpire)["losses"].size() == 4);
    check_replay(t);
}

TEST_CASE("stale commands: the turn or step a command names must be the battle's now, or nothing changes", "[battles][stale]") {
    YearTable t;
    set_up_secrets(t);
    t.ok(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"auto_run", false}}}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    std::string message;
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"turn", 2}, {"card", "no_action"}}, &message) == "stale");
    CHECK(has_text(message, "turn 2"));
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"turn", "1"}, {"card", "no_action"}}) == "bad_request");
    // Two umpires close turn 1 at once: the first closes it, the second is stale (it saw turn 1 open).
    t.ok(t.umpire, "battle.close_turn", {{"battle", 1}, {"turn", 1}});
    CHECK(t.error(t.umpire, "battle.close_turn", {{"battle", 1}, {"turn", 1}}) == "wrong_phase");
    // battle.step names the step it saw next: a double click resolves one step.
    t.ok(t.umpire, "battle.step", {{"battle", 1}, {"turn", 1}, {"step", "orders"}});
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"turn", 1}, {"step", "orders"}}, &message) == "stale");
    CHECK(has_text(message, "movement"));
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"turn", 1}, {"step", nullptr}}) == "bad_request");
    for (const char* step : {"movement", "fire", "reaction", "melee", "tension"})
        t.ok(t.umpire, "battle.step", {{"battle", 1}, {"turn", 1}, {"step", step}});  // nobody near: no roll
    CHECK(battle_of(t, t.umpire)["turn"] == 2);
    // A step or a close raced past the end of turn 1 is stale, not wrong_phase: the sender saw another moment.
    CHECK(t.error(t.umpire, "battle.step", {{"battle", 1}, {"turn", 1}, {"step", "tension"}}) == "stale");
    CHECK(t.error(t.umpire, "battle.close_turn", {{"battle", 1}, {"turn", 1}}) == "stale");
    // A card sent for turn 1 after the turn closed does not count for turn 2.
    CHECK(t.error(t.bob, "card.play", {{"battle", 1}, {"turn", 1}, {"card", "no_action"}}) == "stale");
    check_replay(t);
}
