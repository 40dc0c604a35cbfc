// Border Reivers between raids: the book's three scenarios (scenarios.cpp), a set-up saved as a scenario, and a
// string of raids carrying its names, heidmen and feuds on (campaign.h), with the campaign's page of the names'
// history.
#include "rulesets/reivers/raid_table.h"

using namespace reivers_test;

namespace {

// Runs a command that must succeed with whatever dice it needs (a start rolls the ground of local knowledge and
// the first bound's craft: 4s, a face of every die it throws).
void run_ok(YearTable& t, const Viewer& who, const std::string& type, json body) {
    ScriptedDice dice(std::vector<int>(40, 4));
    auto d = t.run(who, type, std::move(body), dice);
    if (auto* e = std::get_if<Error>(&d)) FAIL(type << " refused: " << e->code << ": " << e->message);
    t.commit(std::get<std::vector<Event>>(d));
}

std::vector<std::string> names_in(const json& battle) {
    std::vector<std::string> out;
    for (const auto& u : battle["units"]) out.push_back(u["name"]);
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("border-reivers.txt, March law: each of the three scenarios sets up and starts, its ambushes hidden", "[reivers]") {
    YearTable t;
    t.ready();
    const json scenarios = view(t.state, t.umpire)["battle_scenarios"];
    std::vector<std::string> ids;
    for (const auto& sc : scenarios)
        if (sc["ruleset"] == "reivers") ids.push_back(sc["id"]);
    CHECK(ids == std::vector<std::string>{"reivers-foray", "reivers-truce", "reivers-ambush"});
    CHECK_FALSE(view(t.state, t.bob).contains("battle_scenarios"));  // a set-up holds every ambush
    int battle = 0;
    for (const auto& sc : scenarios) {
        if (sc["ruleset"] != "reivers") continue;
        ++battle;
        json seats = json::object();
        const std::int64_t users[] = {t.bob.user, t.carol.user, t.dave.user, 0};
        int k = 0;
        // One player a side at least: the first leader of each side, then the rest in order.
        for (const auto& l : sc["battle"]["leaders"]) seats[l["name"].get<std::string>()] = users[std::min(k++, 3)];
        run_ok(t, t.umpire, "battle.create", {{"scenario", sc["id"]}, {"seats", seats}});
        const std::string id = std::to_string(battle);
        CHECK(view(t.state, t.umpire)["battles"][id]["ruleset"] == "reivers");
        run_ok(t, t.umpire, "battle.start", {{"battle", battle}});
        // No player sees a name of the other side that lies in ambush.
        const json um = view(t.state, t.umpire)["battles"][id];
        for (const Viewer& v : {t.bob, t.carol, t.dave, t.observer}) {
            const json b = view(t.state, v)["battles"][id];
            const auto seen = names_in(b);
            for (const auto& u : um["units"])
                if (u["concealed"] == true && u["side"] != b.value("viewer_side", "")) CHECK_FALSE(has(seen, u["name"]));
        }
    }
    check_replay(t);
}

TEST_CASE("a set-up saved as a scenario starts a new battle with fresh ids for its ambushes", "[reivers]") {
    Raid r;
    r.name("a", "Armstrongs", "rider", true, 500, 250, 0);
    r.name("b", "Forsters", "blade", false, 700, 500, 180, {{"concealed", true}, {"markers", {{"concealment", 3}}}});
    r.create();
    r.t.ok(r.t.umpire, "battle.save_scenario", {{"battle", 1}, {"name", "Forsters lie in the moss"}});
    const json list = view(r.t.state, r.t.umpire)["battle_scenarios"];
    REQUIRE(list.back()["id"] == "saved-1");
    CHECK(list.back()["name"] == "Forsters lie in the moss");
    run_ok(r.t, r.t.umpire, "battle.create",
           {{"scenario", "saved-1"}, {"name", "Again"}, {"seats", {{"Kinmont Willie", r.t.bob.user}, {"Lord Lowther", r.t.dave.user}}}});
    const json again = view(r.t.state, r.t.umpire)["battles"]["2"];
    CHECK(again["name"] == "Again");
    CHECK(again["units"].size() == 2);
    for (const auto& u : again["units"])
        if (u["name"] == "Forsters") {
            CHECK(u["concealed"] == true);
            CHECK(u["id"] != r.id("Forsters"));
        }
    CHECK(r.t.error(r.t.umpire, "battle.create", {{"scenario", "saved-9"}}) == "not_found");
    CHECK(r.t.error(r.t.bob, "battle.save_scenario", {{"battle", 1}, {"name", "Mine"}}) == "forbidden");
    check_replay(r.t);
}

TEST_CASE("a string of raids: the dead and the destroyed stay gone, the captured stay taken, feuds carry on", "[reivers]") {
    Raid r;
    r.name("a", "Armstrongs", "rider", true, 500, 250, 0);
    r.name("a", "Elliots", "lowne", true, 650, 250, 0, {{"values", {{"heidman", 2}}}});
    r.name("b", "Forsters", "blade", false, 700, 800, 180);
    r.create();
    r.start();
    auto over = [&](json body) {
        body["battle"] = 1;
        body["reason"] = "as the umpire rules";
        r.t.ok(r.t.umpire, "battle.override", body);
    };
    over({{"what", "fate"}, {"leader", 2}, {"fate", "dead"}});        // Jock Elliot
    over({{"what", "fate"}, {"leader", 3}, {"fate", "captured"}});    // Lord Lowther
    over({{"what", "marker"}, {"unit", r.id("Armstrongs")}, {"marker", "destroyed"}, {"value", 1}});
    over({{"what", "feud"}, {"by", r.id("Forsters")}, {"against", {r.id("Elliots")}}});
    r.t.ok(r.t.umpire, "battle.end", {{"battle", 1}});
    r.t.ok(r.t.umpire, "battle.create",
           {{"name", "The second raid"}, {"ruleset", "reivers"}, {"carry_from", 1},
            {"table", {{"width", 1500}, {"depth", 1000}, {"measure", "paces"}}},
            {"sides", {{{"id", "a"}, {"name", "Scots"}}, {{"id", "b"}, {"name", "English"}}}}});
    const json second = view(r.t.state, r.t.umpire)["battles"]["2"];
    const auto names = names_in(second);
    CHECK_FALSE(has(names, "Armstrongs"));
    CHECK(has(names, "Elliots"));
    CHECK(has(names, "Forsters"));
    std::vector<std::string> heidmen;
    for (const auto& l : second["leaders"]) {
        heidmen.push_back(l["name"]);
        if (l["name"] == "Lord Lowther") CHECK(l["values"]["fate"] == "captured");
    }
    CHECK_FALSE(has(heidmen, "Jock Elliot"));
    for (const auto& u : second["units"])
        if (u["name"] == "Elliots") CHECK(u["values"]["heidman"] == 0);  // his heidman is dead
    REQUIRE(second["feuds"].size() == 1);
    // The names' history, as anyone at the table saw it.
    const json roster = view(r.t.state, r.t.bob)["battle_books"]["reivers"]["names"];
    REQUIRE(roster.size() == 3);
    CHECK(roster[0]["name"] == "Armstrongs");
    CHECK(roster[0]["raids"][0]["state"] == "destroyed");
    CHECK(roster[0]["raids"][0]["raid"] == "Raid");
    check_replay(r.t);
}
