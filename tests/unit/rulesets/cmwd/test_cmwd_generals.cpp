// Risk to generals over game turns (chosen-men-well-disposed.txt, "Risk to Generals"), the French army generator
// behind battle.generate ("Army Generators FRENCH"), and the umpire's overrides, with scripted dice.
#include "rulesets/cmwd/cmwd_table.h"

using namespace cmwd_test;

namespace {

struct Line : CmwdField {
    Line() {
        base("british", "A", "infantry", "bennington", 30, 50, 0);
        base("british", "B", "infantry", "spriggs", 60, 50, 0);
        base("french", "P", "infantry", "hautfront", 30, 53, 180, {{"school", "a_prest"}});
        general("british", "Bennington", "bennington", t.bob.user, 100, 10);
        general("british", "Spriggs", "spriggs", 0, 60, 20);
        general("french", "d'Hautfront", "hautfront", t.dave.user, 100, 110);
    }
    // A game turn with the British first and nothing done but what `french` does in his stage; `end` the dice of
    // the French stage's steps and the game turn's end.
    void game_turn(const std::function<void()>& french, std::vector<int> end = {}) {
        bid(t.bob, 1);
        bid(t.dave, 0);
        done(t.bob);
        if (french) french();
        done(t.dave, std::move(end));
    }
    json general_row(const std::string& n) {
        const json gens = cmwd(t.bob)["generals"];
        for (const auto& g : gens)
            if (g["leader"] == leader(n)) return g;
        return nullptr;
    }
};

}  // namespace

TEST_CASE("cmwd generals: a general by a base fired on risks 2D6; killed, his brigade is held two game turns; a successor", "[cmwd]") {
    Line f;
    f.generals[1]["position"] = {30, 46};  // Spriggs stands at A's rear
    f.generals[1]["values"]["brigade"] = "bennington";
    f.generals[0]["values"]["brigade"] = "spriggs";
    f.create();
    f.start();
    // P fires at A at close range (1 + 1 first fire + die 1 = 3 against 3 + 6): no effect; Spriggs' risk 1 + 1 = 2:
    // hit; the further d6 6: "General is killed instantly."
    f.game_turn([&] { f.act(f.t.dave, {{"action", "fire"}, {"unit", f.id("P")}, {"target", f.id("A")}}); }, {1, 6, 1, 1, 6});
    const json risk = f.tests("risk").back();
    CHECK(risk["dice"] == json::array({1, 1}));
    CHECK(risk["total"] == 2);
    CHECK(risk["fate"] == "killed");
    CHECK(f.general_row("Spriggs")["fate"] == "killed");
    CHECK(f.general_row("Spriggs")["out_until"] == 3);
    // Game turn 2: "No orders given for two game turns": his brigade may not be ordered.
    f.bid(f.t.bob, 1);
    f.bid(f.t.dave, 0);
    std::string why;
    CHECK(f.refused(f.t.bob, "battle.act", {{"action", "order"}, {"brigade", "bennington"}, {"turn", f.of(f.t.bob)["turn"]}}, &why) ==
          "not_now");
    CHECK(why == "Spriggs may not move his brigade this game turn (killed).");
    const json hints = f.cmwd(f.t.bob)["hints"]["order"];
    CHECK(hints == json::array({"spriggs"}));
    f.done(f.t.bob);
    f.done(f.t.dave);
    // Game turn 3 ends with his successor: the d6 on general_table, 6: vigorous.
    f.game_turn(nullptr, {6});
    CHECK(f.general_row("Spriggs")["fate"] == "");
    CHECK(f.general_row("Spriggs")["rank"] == "vigorous");
    CHECK(f.log_of(f.t.dave).find("A successor takes over from Spriggs (killed): the d6 shows 6, a vigorous general.") !=
          std::string::npos);
    check_replay(f.t);
}

TEST_CASE("cmwd generator: the umpire draws a French cavalry division in set-up, every die in his log", "[cmwd]") {
    Line f;
    f.create();
    // Brigades 1: 2. Brigade 1: bases 1 (2), type 1 (dragoons), quality 6 (veteran), general 6 (vigorous).
    // Brigade 2: bases 6 (4), type 2 (horse), quality 1 (raw), general 1 (lethargic).
    f.t.ok(f.t.umpire, "battle.generate",
           {{"battle", 1}, {"generator", "french"}, {"division", "cavalry"}, {"side", "french"}, {"at", {20, 100}}, {"facing", 180}},
           {1, 1, 1, 6, 6, 6, 2, 1, 1});
    const json b = f.umpire();
    int dragoons = 0, horse = 0;
    for (const auto& u : b["units"]) {
        if (u["values"]["brigade"] == "fr1-cav-1") {
            CHECK(u["troop_type"] == "dragoons");
            CHECK(u["values"]["quality"] == "veteran");
            ++dragoons;
        }
        if (u["values"]["brigade"] == "fr1-cav-2") {
            CHECK(u["troop_type"] == "horse");
            CHECK(u["values"]["quality"] == "raw");
            CHECK(u["base_width"] == Approx(BW));
            ++horse;
        }
    }
    CHECK(dragoons == 2);
    CHECK(horse == 4);
    CHECK(f.tests("generator").size() == 9);
    CHECK(f.log_of(f.t.umpire).find("French cavalry division: Brigade 1: quality: the d6 shows 6: veteran.") != std::string::npos);
    CHECK(f.log_of(f.t.dave).find("French cavalry division") == std::string::npos);  // the umpire's scenario, his own
    std::string why;
    CHECK(f.refused(f.t.umpire, "battle.generate", {{"generator", "spanish"}, {"division", "cavalry"}, {"side", "french"}, {"at", {1, 1}}},
                    &why) == "bad_request");
    CHECK(why == "\"generator\": the one printed is \"french\".");
    CHECK(f.refused(f.t.bob, "battle.generate", {{"generator", "french"}, {"division", "cavalry"}, {"side", "french"}, {"at", {1, 1}}}) ==
          "forbidden");
    // A second division's brigades get their own ids.
    f.t.ok(f.t.umpire, "battle.generate",
           {{"battle", 1}, {"generator", "french"}, {"division", "infantry"}, {"side", "french"}, {"at", {20, 80}}, {"facing", 180}},
           {1, 3, 3, 3, 3, 3, 3});
    bool second = false;
    const json again = f.umpire();
    for (const auto& u : again["units"])
        if (u["values"]["brigade"] == "fr2-inf-1") second = u["values"]["school"] == "a_prest";
    CHECK(second);
    f.start();
    CHECK(f.refused(f.t.umpire, "battle.generate", {{"generator", "french"}, {"division", "cavalry"}, {"side", "french"}, {"at", {1, 1}}}) ==
          "wrong_phase");
    check_replay(f.t);
}

TEST_CASE("cmwd overrides: markers, fates, tempo points, spent, acting for a side; bad ones change nothing", "[cmwd]") {
    Line f;
    f.create();
    f.start();
    f.override_({{"what", "marker"}, {"unit", f.id("A")}, {"marker", "shaken"}, {"value", 2}});
    CHECK(f.shaken("A") == 2);
    CHECK(f.of(f.t.dave)["units"][0]["markers"]["shaken"] == 2);  // a shaken base is plain to see
    f.override_({{"what", "tempo"}, {"side", "british"}, {"points", 7}});
    CHECK(f.cmwd(f.t.bob)["tempo"]["points"] == 7);
    CHECK(f.log_of(f.t.bob).find("The umpire sets your side's tempo points to 7.") != std::string::npos);
    CHECK(f.log_of(f.t.dave).find("tempo points") == std::string::npos);
    f.override_({{"what", "fate"}, {"leader", f.leader("Spriggs")}, {"fate", "severe"}});
    CHECK(f.general_row("Spriggs")["out_until"] == 2);
    f.override_({{"what", "spent"}, {"brigade", "spriggs"}, {"spent", true}});
    f.bid(f.t.bob, 1);
    f.bid(f.t.dave, 0);
    f.override_({{"what", "act"}, {"side", "british"}, {"action", "order"}, {"brigade", "bennington"}});
    CHECK(f.log_of(f.t.bob).find("Bennington's brigade is ordered (2 tempo points).") != std::string::npos);
    CHECK(f.log_of(f.t.dave).find("is ordered") == std::string::npos);  // the tempo points a side spends are its own
    auto bad = [&](json body) {
        body["what"] = body.value("what", "marker");
        body["reason"] = "no";
        body["turn"] = f.of(f.t.umpire)["turn"];
        return f.refused(f.t.umpire, "battle.override", body);
    };
    CHECK(bad({{"unit", f.id("A")}, {"marker", "shaken"}, {"value", 9}}) == "bad_request");
    CHECK(bad({{"unit", f.id("A")}, {"marker", "fear"}, {"value", 1}}) == "bad_request");
    CHECK(bad({{"what", "fate"}, {"leader", f.leader("Spriggs")}, {"fate", "bored"}}) == "bad_request");
    CHECK(bad({{"what", "tempo"}, {"side", "prussians"}, {"points", 1}}) == "not_found");
    CHECK(bad({{"what", "spent"}, {"brigade", "nobody"}, {"spent", true}}) == "not_found");
    CHECK(bad({{"what", "part"}, {"unit", f.id("A")}}) == "not_found");
    CHECK(bad({{"what", "charm"}}) == "bad_request");
    check_replay(f.t);
}

TEST_CASE("cmwd talk: two players' generals talk while their figures stand next to each other, and the view says so", "[cmwd]") {
    Line f;
    f.generals[1]["user"] = f.t.carol.user;  // Spriggs is Carol's
    f.generals[1]["position"] = {101, 10};    // beside Bennington (Bob's)
    f.create();
    f.start();
    CHECK(f.of(f.t.bob)["channels"] == json::array({{{"a", f.t.bob.user}, {"b", f.t.carol.user}}}));
    CHECK(f.of(f.t.dave)["channels"].empty());
    f.t.ok(f.t.bob, "talk.say", {{"battle", 1}, {"to", f.t.carol.user}, {"text", "Hold the hedge."}});
    std::string why;
    CHECK(f.refused(f.t.bob, "talk.say", {{"to", f.t.dave.user}, {"text", "Parley?"}, {"turn", 1}}, &why) == "not_adjacent");
    check_replay(f.t);
}

TEST_CASE("cmwd scenarios: the book's Example of Combat to play, brigades on the move as the book says; a drawn army saved", "[cmwd]") {
    YearTable t;
    t.ready();
    const json offered = view(t.state, t.umpire)["battle_scenarios"];
    bool found = false;
    for (const auto& s : offered) found = found || s["id"] == "cmwd-example";
    REQUIRE(found);
    t.ok(t.umpire, "battle.create",
         {{"scenario", "cmwd-example"}, {"name", "Pages 28-34"}, {"ruleset", "cmwd"},
          {"seats", {{"Brigadier Norbert Bennington", t.bob.user}, {"Brigadier the Comte d'Hautfront", t.dave.user}}}});
    t.ok(t.umpire, "battle.start", {{"battle", 1}}, {3, 4, 2, 2});
    const json c = battle_of(t, t.bob)["cmwd"];
    for (const auto& b : c["brigades"]) {
        if (b["id"] == "bennington") CHECK(b["cost"] == 1);  // "advancing steadily ... for the last three game turns"
        if (b["id"] == "bennington") CHECK(b["name"] == "Bennington's brigade");
    }
    CHECK(c["tempo"]["points"] == 7);
    // An army drawn by the generator is saved as a scenario like any set-up.
    t.ok(t.umpire, "battle.create",
         {{"name", "Drawn"}, {"ruleset", "cmwd"}, {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
          {"sides", {{{"id", "british"}, {"name", "British"}}, {{"id", "french"}, {"name", "French"}}}}});
    t.ok(t.umpire, "battle.generate",
         {{"battle", 2}, {"generator", "french"}, {"division", "infantry"}, {"side", "french"}, {"at", {20, 100}}, {"facing", 180}},
         {1, 1, 3, 2, 1, 3, 4});
    t.ok(t.umpire, "battle.save_scenario", {{"battle", 2}, {"name", "A French infantry division"}});
    bool saved = false;
    const json again = view(t.state, t.umpire)["battle_scenarios"];
    for (const auto& s : again)
        if (s["name"] == "A French infantry division") saved = s["battle"]["units"].size() == 4;
    CHECK(saved);
}
