// Expeditions and the War Office Committee (over-the-hills.txt, "Going on Campaign", "Expeditions",
// ANNEX A; shared/campaign/expedition*.cpp, committee.cpp, reckoning.cpp): the hidden crisis, the generated
// briefing and its secret fields, PIP votes, a voyage on the calendar and its reckoning, with scripted dice.
#include "test_battle_table.h"  // check_replay

using namespace year_test;

namespace {

// Gina (Colonel Howe, 40 PIP, the 5th: the most senior) joins Bob, Carol and Dave.
const Viewer gina{8, "gina", Role::player};

void four_colonels(YearTable& t) {
    t.join(gina, "player");
    t.create(gina, "Howe", 40);
    t.auction(5, gina, 100);
    t.ready();
}

json xview(YearTable& t, const Viewer& v) { return view(t.state, v)["expeditions"]; }
json one_expedition(YearTable& t, const Viewer& v) { return xview(t, v)["list"]["1"]; }

void resolve(YearTable& t) {
    SequenceDice dice(11);
    auto d = t.run(t.umpire, "month.resolve", json::object(), dice);
    REQUIRE(std::holds_alternative<std::vector<Event>>(d));
    t.commit(std::get<std::vector<Event>>(d));
}

// The generator on a score of 37 (England, "Defend against a seaborne raid by a European enemy*"), the enemy
// d6 4 (French), the enemy numbers d6 6 (the top of "From 1 to 1.5 times").
void briefed_raid(YearTable& t) {
    t.ok(t.umpire, "expedition.create", {{"generate", true}}, {37, 4, 6});
    t.ok(t.umpire, "expedition.edit", {{"field", "notes"}, {"value", "SECRET-NOTE-5521"}});
    t.ok(t.umpire, "expedition.brief", json::object());
}

std::vector<Viewer> not_umpires(const YearTable& t) { return {t.bob, t.carol, t.dave, t.observer, gina}; }

}  // namespace

TEST_CASE("the crisis countdown is 2d6 months that only umpires see", "[expedition]") {
    // over-the-hills.txt, ANNEX A: "allow players say 2-12 months or so between Expeditions ... players
    // shouldn't know in advance how long they have to the next crisis".
    YearTable t;
    t.ready();
    std::vector<std::string> before;
    for (const auto& v : {t.bob, t.carol, t.observer}) before.push_back(view(t.state, v).dump());
    t.ok(t.umpire, "crisis.roll", json::object(), {3, 4});
    const json crisis = xview(t, t.umpire)["umpire"]["crisis"];
    CHECK(crisis["turn"] == 8);
    CHECK(crisis["months_left"] == 7);
    int i = 0;
    for (const auto& v : {t.bob, t.carol, t.observer}) CHECK(view(t.state, v).dump() == before[i++]);
    CHECK(t.error(t.bob, "crisis.roll", json::object()) == "forbidden");
    for (int m = 0; m < 7; ++m) resolve(t);
    CHECK(xview(t, t.umpire)["needs_you"][0]["what"] == "A crisis is due: create an expedition.");
    CHECK(xview(t, t.umpire)["needs_you"][0]["control"] == "expedition-create");
    check_replay(t);
}

TEST_CASE("the generated briefing: players see its public fields once briefed, never the secret ones", "[expedition]") {
    YearTable t;
    four_colonels(t);
    t.ok(t.umpire, "expedition.create", {{"generate", true}}, {37, 4, 6});
    const json draft = xview(t, t.umpire)["umpire"]["draft"];
    CHECK(draft["briefing"]["region"]["value"] == "England");
    CHECK(draft["briefing"]["mission"]["value"] == "defend_raid");
    CHECK(draft["briefing"]["enemy"]["value"] == "French");
    CHECK(draft["briefing"]["enemy_quality"]["value"] == "Regulars");
    CHECK(draft["briefing"]["enemy_numbers"]["value"] == 1.5);
    CHECK(draft["briefing"]["enemy_numbers"]["public"] == false);
    CHECK(draft["rolls"].size() == 3);
    // A draft is the umpire's alone.
    for (const auto& v : not_umpires(t)) CHECK(xview(t, v)["list"].empty());
    t.ok(t.umpire, "expedition.generate", json::object(), {95, 2});  // Netherlands: no enemy roll
    CHECK(xview(t, t.umpire)["umpire"]["draft"]["briefing"]["enemy"]["value"] == "Dutch");
    t.ok(t.umpire, "expedition.edit", {{"field", "enemy_quality"}, {"value", "Grenadiers of the Guard MARKER-Q"}});
    t.ok(t.umpire, "expedition.edit", {{"field", "believed_enemy"}, {"value", "A few militia, they say"}});
    t.ok(t.umpire, "expedition.edit", {{"field", "disease_risk"}, {"value", 37}});
    CHECK(t.error(t.umpire, "expedition.edit", {{"field", "disease_risk"}, {"value", 101}}) == "bad_request");
    CHECK(t.error(t.umpire, "expedition.edit", {{"field", "treasure"}, {"value", "x"}}) == "bad_request");
    CHECK(t.error(t.bob, "expedition.brief", json::object()) == "forbidden");
    t.ok(t.umpire, "expedition.brief", json::object());
    for (const auto& v : not_umpires(t)) {
        const json x = one_expedition(t, v);
        CHECK(x["briefing"]["region"] == "Netherlands");
        CHECK(x["briefing"]["believed_enemy"] == "A few militia, they say");
        CHECK_FALSE(x["briefing"].contains("enemy_quality"));
        CHECK_FALSE(x["briefing"].contains("disease_risk"));
        const std::string all = view(t.state, v).dump();
        CHECK(all.find("MARKER-Q") == std::string::npos);
        CHECK(all.find("\"rolls\":[{\"dice\":\"d100\"") == std::string::npos);
    }
    CHECK(xview(t, t.bob)["gazette"][0]["text"] ==
          "The War Office Committee is to sit on an expedition to Netherlands: raid on coastal region.");
    // Marking a field public shows it; the umpire may do so at any time.
    t.ok(t.umpire, "expedition.edit", {{"expedition", 1}, {"field", "enemy_quality"}, {"public", true}});
    CHECK(one_expedition(t, t.bob)["briefing"]["enemy_quality"] == "Grenadiers of the Guard MARKER-Q");
    check_replay(t);
}

TEST_CASE("the committee: three motions, four voters, a tie by seniority, sealed votes, refusals change nothing", "[expedition][committee]") {
    // over-the-hills.txt, "Expeditions": "Instead of voting by a show of hands, voting is by amount of PIP spent";
    // "Players who are not present at the session cannot go on campaign and neither can their regiments";
    // "Command of the force will normally be determined by seniority".
    YearTable t;
    four_colonels(t);
    briefed_raid(t);
    // Bob 30 PIP (7th), Carol 50 (12th), Gina 40 (5th); Dave (no PIP, no regiment) is absent.
    t.ok(t.umpire, "committee.attendance", {{"expedition", 1}, {"present", {t.bob.user, t.carol.user, gina.user}}});
    t.ok(t.umpire, "motion.put", {{"expedition", 1}, {"question", "How many regiments go?"},
                                   {"options", {{{"label", "One"}}, {{"label", "Two"}}}}});
    // His vote names the motion it is for, so his page opens on that motion's form (docs/protocol.md, "What needs you").
    CHECK(xview(t, t.bob)["needs_you"] == json::parse(R"([{"what": "Vote in the War Office Committee: How many regiments go?",
        "due": null, "tab": "expeditions", "control": "motion-vote", "expedition": 1, "motion": 1}])"));
    const std::string carol_before = view(t.state, t.carol).dump();
    t.ok(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {0, 10}}});
    CHECK(view(t.state, t.carol).dump() == carol_before);  // sealed: not even whether Bob voted
    CHECK(one_expedition(t, t.bob)["motions"][0]["my_vote"] == json({0, 10}));
    CHECK(one_expedition(t, t.umpire)["motions"][0]["tally"]["totals"] == json({0, 10}));
    CHECK(t.sheet(t.bob)["pip"] == 20);
    t.ok(t.carol, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {5, 0}}});
    t.ok(gina, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {5, 0}}});
    std::string message;
    CHECK(t.error(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {31, 0}}}, &message) == "conflict");
    CHECK(message == "You have 30 PIP to spend on this motion, not 31.");
    CHECK(t.error(t.dave, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {0, 0}}}) == "forbidden");
    CHECK(t.error(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {1}}}) == "bad_request");
    CHECK(t.error(t.carol, "motion.close", {{"expedition", 1}, {"motion", 1}}) == "forbidden");
    // 10 to 10: Gina's 5th is the most senior regiment among those who backed a tied option.
    t.ok(t.umpire, "motion.close", {{"expedition", 1}, {"motion", 1}});
    json m = one_expedition(t, t.dave)["motions"][0];
    CHECK(m["totals"] == json({10, 10}));
    CHECK(m["carried"] == 0);
    CHECK(m["how"] == "seniority");
    CHECK(m["votes"][std::to_string(t.bob.user)] == json({0, 10}));
    CHECK(t.sheet(t.bob)["pip"] == 20);  // spent whatever the result
    CHECK(t.error(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 1}, {"pip", {1, 0}}}) == "conflict");

    // Motion 2 settles the force; a vote can be changed until the close, spending the difference only.
    CHECK(t.error(t.umpire, "motion.put", {{"expedition", 1}, {"question", "Which?"},
                                           {"options", {{{"label", "Dave's"}, {"regiments", {3}}}, {{"label", "x"}}}}}) == "not_found");
    t.ok(t.umpire, "motion.put", {{"expedition", 1}, {"question", "Which regiment goes?"},
                                   {"options", {{{"label", "The 7th"}, {"regiments", {7}}}, {{"label", "The 12th"}, {"regiments", {12}}}}}});
    t.ok(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 2}, {"pip", {15, 0}}});
    t.ok(t.bob, "motion.vote", {{"expedition", 1}, {"motion", 2}, {"pip", {12, 0}}});
    CHECK(t.sheet(t.bob)["pip"] == 8);
    t.ok(t.carol, "motion.vote", {{"expedition", 1}, {"motion", 2}, {"pip", {0, 11}}});
    t.ok(t.umpire, "motion.close", {{"expedition", 1}, {"motion", 2}});
    CHECK(one_expedition(t, t.bob)["regiments"] == json({7}));
    CHECK(one_expedition(t, t.bob)["default_commander"] == t.bob.user);

    // Motion 3, with the umpire's casting vote as the house rule.
    t.ok(t.umpire, "rules.set", {{"settings", {{"committee_ties", "umpire"}}}});
    t.ok(t.umpire, "motion.put", {{"expedition", 1}, {"question", "Who commands?"},
                                   {"options", {{{"label", "Kemp"}, {"commander", t.bob.user}}, {{"label", "Howe"}, {"commander", gina.user}}}}});
    t.ok(t.carol, "motion.vote", {{"expedition", 1}, {"motion", 3}, {"pip", {4, 0}}});
    t.ok(gina, "motion.vote", {{"expedition", 1}, {"motion", 3}, {"pip", {0, 4}}});
    CHECK(t.error(t.umpire, "motion.close", {{"expedition", 1}, {"motion", 3}}) == "conflict");
    CHECK(t.error(t.umpire, "motion.close", {{"expedition", 1}, {"motion", 3}, {"tie_break", 5}}) == "bad_request");
    t.ok(t.umpire, "motion.close", {{"expedition", 1}, {"motion", 3}, {"tie_break", 1}});
    CHECK(one_expedition(t, t.bob)["commander"] == gina.user);
    CHECK(one_expedition(t, t.bob)["motions"][2]["how"] == "umpire");
    // Roles for those present who do not go; not for one who goes.
    CHECK(t.error(t.umpire, "expedition.roles", {{"expedition", 1}, {"roles", {{std::to_string(t.bob.user), "cavalry"}}}}) == "conflict");
    t.ok(t.umpire, "expedition.roles", {{"expedition", 1}, {"roles", {{std::to_string(t.carol.user), "naval"}}}});
    CHECK(one_expedition(t, t.observer)["roles"][std::to_string(t.carol.user)] == "naval");
    check_replay(t);
}

TEST_CASE("a capture of an island from crisis to home: voyage, diaries, the reckoning and the half-strength drop", "[expedition][reckoning]") {
    // over-the-hills.txt, ANNEX A, "Capture / Recapture an Island": "Win a battle +5 PIP. Successfully capture
    // island +15 PIP. Commander of force gets +20 PIP for capturing island."; "Bonus of 250 per regiment";
    // "1 Month sea voyage each way". "The Regiment": half its strength lost on campaign drops every attribute.
    YearTable t;
    four_colonels(t);
    t.ok(t.umpire, "crisis.roll", json::object(), {1, 1});
    resolve(t);
    resolve(t);
    t.ok(t.umpire, "expedition.create", {{"generate", true}}, {5, 3, 1});  // West Indies capture; Dutch; 0.5
    t.ok(t.umpire, "expedition.edit", {{"field", "disease_risk"}, {"value", 10}});
    t.ok(t.umpire, "expedition.edit", {{"field", "shipwreck_risk"}, {"value", 5}});
    t.ok(t.umpire, "expedition.brief", json::object());
    CHECK(xview(t, t.umpire)["umpire"]["crisis"].is_null());
    t.ok(t.umpire, "committee.attendance", {{"expedition", 1}, {"present", {t.bob.user, t.carol.user}}});
    CHECK(t.error(t.umpire, "expedition.force", {{"expedition", 1}, {"regiments", {5}}}) == "conflict");  // Gina absent
    t.ok(t.umpire, "expedition.force", {{"expedition", 1}, {"regiments", {7, 12}}});
    const int sailed = t.state.year.calendar.turn;
    t.ok(t.umpire, "expedition.depart", {{"expedition", 1}, {"months_campaign", 1}});
    CHECK(t.sheet(t.bob)["away"] == "sea");
    CHECK(t.sheet(gina)["away"].is_null());
    CHECK(one_expedition(t, t.bob)["commander"] == t.bob.user);  // the 7th is senior to the 12th
    resolve(t);  // the voyage out
    CHECK(t.sheet(t.bob)["reports"][std::to_string(sailed)]["activity"] == "sea");
    CHECK(t.sheet(t.carol)["away"] == "expedition");
    resolve(t);  // on campaign
    CHECK(t.sheet(t.carol)["reports"][std::to_string(sailed + 1)]["activity"] == "expedition");
    CHECK(xview(t, t.umpire)["needs_you"][0]["what"] == "Record the outcome of Expedition 1 (West Indies) and reckon it.");
    CHECK(xview(t, t.umpire)["needs_you"][0]["expedition"] == 1);

    CHECK(t.error(t.umpire, "expedition.outcome", {{"expedition", 1}, {"outcome", {{"losses_percent", {{"5", 10}}}}}}) == "bad_request");
    t.ok(t.umpire, "expedition.outcome", {{"expedition", 1},
                                          {"outcome", {{"success", true}, {"battles_won", 1}, {"losses_percent", {{"7", 30}}}}}});
    const json preview = one_expedition(t, t.umpire)["preview"];
    CHECK(preview["words"] == "The island was captured. 1 battle won.");
    CHECK(preview["colonels"][std::to_string(t.bob.user)]["pip"].size() == 3);
    for (const auto& v : not_umpires(t)) CHECK_FALSE(one_expedition(t, v).contains("preview"));

    const auto bob_pip = t.sheet(t.bob)["pip"].get<int>(), carol_pip = t.sheet(t.carol)["pip"].get<int>();
    const auto bob_money = t.sheet(t.bob)["fortune"].get<int>();
    // Bob's stream: disease 50 (spared), shipwreck out 3 (struck: half of 7 lost), home 90. Carol's: 10
    // (struck by disease: 20% of 10), 99, 99.
    t.ok(t.umpire, "expedition.reckon", {{"expedition", 1}}, {50, 3, 90, 10, 99, 99});
    CHECK(t.sheet(t.bob)["pip"] == bob_pip + 40);
    CHECK(t.sheet(t.carol)["pip"] == carol_pip + 20);
    CHECK(t.sheet(t.bob)["fortune"] == bob_money + 250);
    const json seventh = t.sheet(t.bob)["sheet"];
    CHECK(seventh["companies"] == 3);  // 10 - 3 in action = 7; shipwreck takes 4 (50% of 7, rounded)
    CHECK(seventh["drill"] == 1);      // already at the floor
    CHECK(t.sheet(t.carol)["sheet"]["companies"] == 8);
    const json report = t.sheet(t.bob)["reports"][std::to_string(sailed + 1)]["expedition"][0];
    CHECK(report["words"] == "The island was captured. 1 battle won.");
    CHECK(report["rolls"].size() == 3);
    CHECK(report["losses"].size() == 2);
    CHECK(one_expedition(t, t.bob)["my_reckoning"]["pip_total"] == 40);
    CHECK_FALSE(one_expedition(t, t.carol)["my_reckoning"].dump().find("\"pip_total\":40") != std::string::npos);
    CHECK(one_expedition(t, t.observer)["reckoning"]["words"] == "The island was captured. 1 battle won.");
    CHECK(one_expedition(t, t.bob)["status"] == "returning");
    CHECK(t.sheet(t.bob)["away"] == "sea");
    resolve(t);  // the voyage home
    CHECK(one_expedition(t, t.bob)["status"] == "home");
    CHECK(t.sheet(t.bob)["away"].is_null());  // at home
    CHECK(xview(t, t.dave)["gazette"].size() == 3);
    check_replay(t);
}

TEST_CASE("a colonel away does not train his regiment unless the house rule says so", "[expedition]") {
    // The issue's reading of "Going on Campaign": the colonel serves with his regiment; drill at home stops.
    YearTable t;
    t.ready();
    t.ok(t.umpire, "colonel.away", {{"colonel", t.bob.user}, {"away", "expedition"}});
    t.ok(t.bob, "diary.submit", {{"activity", "politics"}, {"orders", orders(true, false, false)}});
    resolve(t);
    const json report = t.sheet(t.bob)["reports"]["1"];
    CHECK(report["diary"]["orders"]["drill"] == false);
}

namespace {

// Bob's 7th and Carol's 12th sail; Dave commands the attached artillery, Gina the enemy.
void expedition_with_roles(YearTable& t) {
    four_colonels(t);
    briefed_raid(t);
    t.ok(t.umpire, "committee.attendance", {{"expedition", 1}, {"present", {t.bob.user, t.carol.user, t.dave.user, gina.user}}});
    t.ok(t.umpire, "expedition.force", {{"expedition", 1}, {"regiments", {7, 12}}});
    t.ok(t.umpire, "expedition.roles", {{"expedition", 1}, {"roles", {{std::to_string(t.dave.user), "artillery"},
                                                                       {std::to_string(gina.user), "enemy"}}}});
}

const json two_sides = {{{"id", "british"}, {"name", "The expedition"}}, {{"id", "french"}, {"name", "The French"}}};

std::int64_t leader_of(const json& battle, std::int64_t user) {
    for (const auto& l : battle["leaders"])
        if (l.value("user", std::int64_t{0}) == user) return l["id"].get<std::int64_t>();
    return 0;
}

}  // namespace

TEST_CASE("a battle on an expedition: its regiments and roles on the table, its colonels' fates in the campaign", "[expedition][fates]") {
    // over-the-hills.txt, "Set Up": "risk to the colonel in battle is risk to the player". House rules
    // wounded_months 2 and successor_keeps_pip false (docs/rules-notes.md, "A colonel's fate in battle").
    YearTable t;
    expedition_with_roles(t);
    CHECK(t.error(t.umpire, "battle.create", {{"name", "Too soon"}, {"sides", two_sides}, {"expedition", 1}}) == "conflict");
    CHECK(t.error(t.umpire, "battle.create", {{"name", "Nowhere"}, {"sides", two_sides}, {"expedition", 2}}) == "not_found");
    t.ok(t.umpire, "expedition.depart", {{"expedition", 1}});
    resolve(t);  // the voyage out
    const int turn = t.state.year.calendar.turn;
    t.ok(t.umpire, "battle.create", {{"name", "Bantry Bay"}, {"sides", two_sides}, {"expedition", 1}});
    json b = battle_of(t, t.umpire);
    std::map<std::string, std::string> units;  // name -> troop type
    for (const auto& u : b["units"]) units[u["name"].get<std::string>()] = u["troop_type"].get<std::string>();
    CHECK(units.size() == 3);
    CHECK(units.count("Howe's guns") == 0);  // Gina commands the enemy: no guns of hers
    CHECK(units.count("Wolfe's guns") == 1);
    CHECK(units["Wolfe's guns"] == "gunners");
    CHECK(b["leaders"].size() == 4);
    const std::int64_t kemp = leader_of(b, t.bob.user), dartington = leader_of(b, t.carol.user);
    for (const auto& l : b["leaders"]) CHECK(l["side"] == (l["user"] == gina.user ? "french" : "british"));
    CHECK(one_expedition(t, t.dave)["battles"] == json::array({1}));
    {
        // The live views the server keeps by patches gain it too (docs/protocol.md, "Views and versions").
        YearTable live;
        expedition_with_roles(live);
        live.ok(live.umpire, "expedition.depart", {{"expedition", 1}});
        resolve(live);
        ScriptedDice none({});
        auto made = live.run(live.umpire, "battle.create", {{"name", "Bantry Bay"}, {"sides", two_sides}, {"expedition", 1}}, none);
        REQUIRE(std::holds_alternative<std::vector<Event>>(made));
        live.commit_patched(std::get<std::vector<Event>>(made), {live.umpire, live.dave, live.observer, gina});
        CHECK(one_expedition(live, live.observer)["battles"] == json::array({1}));
    }

    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "leader"}, {"leader", kemp}, {"fate", "wounded"}, {"reason", "a ball"}});
    t.ok(t.umpire, "battle.override", {{"battle", 1}, {"what", "leader"}, {"leader", dartington}, {"fate", "killed"}, {"reason", "a ball"}});
    const auto ended = t.ok(t.umpire, "battle.end", {{"battle", 1}}, {1, 1, 1});
    REQUIRE(ended.size() == 3);
    CHECK(ended[1].type == "colonel.fell");
    CHECK(t.sheet(t.bob)["laid_up"] == json{{"fate", "wounded"}, {"until", turn + 3}});
    CHECK(t.sheet(t.bob)["away"] == "wounded");
    CHECK(view(t.state, t.dave)["year"]["colonels"][std::to_string(t.carol.user)]["laid_up"]["fate"] == "killed");
    CHECK(one_expedition(t, t.observer)["fates"].size() == 2);
    CHECK(xview(t, t.dave)["gazette"].back()["text"] == "Colonel Dartington was killed at Bantry Bay: his player raises his successor.");
    bool told = false;
    const json needs = view(t.state, t.carol)["year"]["needs_you"];
    for (const auto& n : needs) told |= n["what"] == "Colonel Dartington is dead: name his successor.";
    CHECK(told);

    CHECK(t.error(t.bob, "colonel.succeed", {{"name", "Kemp the Younger"}}) == "conflict");  // wounded, not dead
    CHECK(t.error(t.carol, "colonel.succeed", {{"name", ""}}) == "bad_request");
    const auto fortune = t.sheet(t.carol)["fortune"];
    t.ok(t.carol, "colonel.succeed", {{"name", "Dartington the Younger"}});
    CHECK(t.sheet(t.carol)["name"] == "Dartington the Younger");
    CHECK(t.sheet(t.carol)["pip"] == 0);
    CHECK(t.sheet(t.carol)["fortune"] == fortune);
    CHECK(t.sheet(t.carol)["regiment"] == 12);
    CHECK(t.sheet(t.carol)["away"] == "expedition");  // still on it
    CHECK_FALSE(t.sheet(t.carol).contains("laid_up"));

    // Laid up through the month after the battle's month; then his own man again.
    resolve(t);
    CHECK(t.sheet(t.bob)["reports"][std::to_string(turn)]["activity"] == "wounded");
    resolve(t);
    CHECK(t.sheet(t.bob)["reports"][std::to_string(turn + 1)]["activity"] == "wounded");
    check_replay(t);
}

TEST_CASE("a colonel's fall outside an expedition counts only by house rule", "[expedition][fates]") {
    YearTable t;
    expedition_with_roles(t);
    auto fight = [&](int n, bool concealed = false) {
        t.ok(t.umpire, "battle.create",
             {{"name", "Skirmish"}, {"sides", two_sides},
              {"leaders", {{{"user", t.dave.user}, {"side", "british"}, {"name", "Wolfe"}, {"position", {10, 10}},
                            {"concealed", concealed}}}}});
        t.ok(t.umpire, "battle.start", {{"battle", n}});
        const json b = view(t.state, t.umpire)["battles"][std::to_string(n)];
        t.ok(t.umpire, "battle.override", {{"battle", n}, {"what", "leader"}, {"leader", leader_of(b, t.dave.user)},
                                           {"fate", "killed"}, {"reason", "a ball"}});
        return t.ok(t.umpire, "battle.end", {{"battle", n}});
    };
    CHECK(fight(1).size() == 1);  // colonel_fates "expedition": not this one
    CHECK_FALSE(t.sheet(t.dave).contains("laid_up"));
    t.ok(t.umpire, "rules.set", {{"settings", {{"colonel_fates", "all"}}}});
    // A leader still in ambush when the battle ends: his fall would tell the enemy who lay in wait.
    CHECK(fight(2, true).size() == 1);
    CHECK_FALSE(t.sheet(t.dave).contains("laid_up"));
    CHECK(fight(3).size() == 2);
    CHECK(t.sheet(t.dave)["laid_up"]["fate"] == "killed");
    // A dead colonel cannot sit on a committee.
    CHECK(t.error(t.umpire, "committee.attendance", {{"expedition", 1}, {"present", {t.dave.user}}}) == "conflict");
    check_replay(t);
}
