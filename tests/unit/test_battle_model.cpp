// The shared battle model (shared/battle/battle.h, table.h, secret_orders.h, battle_view.h): measures,
// JSON round trips, the sealed submission box, and hidden information in the battle view.
#include <catch2/catch.hpp>

#include "shared/battle/battle.h"
#include "shared/battle/battle_view.h"
#include "shared/battle/entry_view.h"
#include "shared/battle/secret_orders.h"

using namespace muster;
using namespace muster::battle;
using nlohmann::json;

namespace {

Unit make_unit(std::int64_t id, std::string side, std::int64_t owner, Point position, double facing) {
    Unit u;
    u.id = id;
    u.side = std::move(side);
    u.owner = owner;
    u.name = "Unit " + std::to_string(id);
    u.troop_type = "formed_infantry";
    u.position = position;
    u.facing = facing;
    return u;
}

Leader make_leader(std::int64_t id, std::string side, std::int64_t user, Point position) {
    Leader l;
    l.id = id;
    l.side = std::move(side);
    l.user = user;
    l.name = "Leader " + std::to_string(id);
    l.position = position;
    return l;
}

// Two sides; bob (user 2) leads the british with unit 1, eve (user 3) the french with units 2 and 3
// (3 concealed); an umpire-controlled french unit 4. Unique markers in everything secret.
Battle sample_battle() {
    Battle b;
    b.id = 11;
    b.campaign = 7;
    b.name = "Fontenoy";
    b.ruleset = "test";
    b.table = Table{180, 120, Measure::cm, default_paces_per_inch};
    b.sides = {{"british", "British"}, {"french", "French"}};
    TerrainFeature wood{1, "wood", "Barry wood", {}, json::object()};
    wood.shape.points = {{10, 10}, {30, 10}, {30, 30}};
    TerrainFeature river{2, "river", "", {}, {{"fordable", true}}};
    river.shape.kind = Shape::Kind::polyline;
    river.shape.points = {{0, 60}, {180, 61.25}};
    river.shape.width = 3.5;
    TerrainFeature hill{3, "hill", "", {}, json::object()};
    hill.shape.kind = Shape::Kind::circle;
    hill.shape.centre = {90.125, 20};
    hill.shape.radius = 12.5;
    b.terrain = {wood, river, hill};

    Unit mine = make_unit(1, "british", 2, {50, 40}, 0);
    mine.values = {{"drill", 3}, {"secret_note", "BRITISH-OWN-VALUE-4471"}};
    mine.markers = {{"tension_points", 2}};
    b.units[1] = mine;

    Unit enemy = make_unit(2, "french", 3, {50, 80}, 180);
    enemy.values = {{"drill", 5}, {"quality", "ENEMY-VALUE-9137"}, {"guns", 2}};
    enemy.markers = {{"tension_points", 77731}, {"disorder_points", 1}};
    enemy.order = Order{"FIRE", 0, json::object()};
    enemy.pending_order = Order{"PENDING-ORDER-5521", 1, {{"target", 1}}};
    enemy.formation = Formation::column;
    b.units[2] = enemy;

    Unit ambush = make_unit(3, "french", 3, {120, 70}, 200.5);
    ambush.name = "CONCEALED-NAME-6060";
    ambush.troop_type = "CONCEALED-TYPE-6061";
    ambush.concealed = true;
    b.units[3] = ambush;

    Unit umpires = make_unit(4, "french", 0, {150, 90}, 180);
    umpires.formation = Formation::other;
    umpires.formation_name = "skirmish";
    umpires.order = Order{"HOLD-ORDER-3131", 0, json::object()};
    b.units[4] = umpires;

    b.leaders[1] = make_leader(1, "british", 2, {50, 35});
    b.leaders[2] = make_leader(2, "french", 3, {50, 90});
    b.leaders[2].values = {{"wound", "LEADER-WOUND-8181"}};
    b.leaders[3] = make_leader(3, "french", 0, {130, 75});
    b.leaders[3].concealed = true;
    b.leaders[3].name = "HIDDEN-LEADER-2929";

    b.turn = 3;
    b.phase = "orders";
    SealedBox cards;
    open_turn(cards, 3);
    submit(cards, 2, "british", {{"card", "talk"}, {"to", 3}});
    submit(cards, 3, "french", {{"card", "SEALED-CARD-4242"}});
    b.boxes["cards"] = cards;
    b.ruleset_state = {{"next_crisis", "RULESET-STATE-1212"}};

    b.log.push_back({1, "fire", "The French fire.", {{"roll", 4}}, LogEntry::Audience::all, "", 0});
    b.log.push_back({2, "blind", "BLIND-ROLL-7373", {{"roll", 6}}, LogEntry::Audience::umpire, "", 0});
    b.log.push_back({2, "scout", "FRENCH-SCOUTING-1919", json::object(), LogEntry::Audience::side, "french", 0});
    b.log.push_back({2, "note", "EVE-ONLY-2828", json::object(), LogEntry::Audience::user, "", 3});
    return b;
}

const Viewer umpire{1, "alice", Role::umpire};
const Viewer bob{2, "bob", Role::player};
const Viewer eve{3, "eve", Role::player};
const Viewer observer{4, "carol", Role::observer};
const Viewer stranger{5, "dave", Role::none};

// The battle as the one view filter shows it (shared/battle/entry_view.h), its pieces drawn with `vis` in
// place of the rule set's visibility (the model's own settings: public markers, values, names).
json view(const Battle& b, const Viewer& v, const std::string&, const BattleVisibility& vis = {}) {
    BattleEntry e;
    e.battle = b;
    json j = muster::battle::view(e, v);
    if (v.is_member() && !v.is_umpire()) {
        auto pieces = visible_pieces(b.units, b.leaders, v, side_in(b, v), vis);
        j["units"] = pieces.first;
        j["leaders"] = pieces.second;
    }
    return j;
}

const json* find_by_id(const json& list, std::int64_t id) {
    for (const auto& item : list)
        if (item.at("id") == id) return &item;
    return nullptr;
}

}  // namespace

TEST_CASE("table measures and conversions", "[battle]") {
    Table cm{180, 120, Measure::cm, default_paces_per_inch};
    CHECK(cm.to_cm(10) == 10);
    CHECK(cm.convert(25.4, Measure::inches) == Approx(10));
    CHECK(cm.convert(2.54, Measure::paces) == Approx(50));
    Table inches{72, 48, Measure::inches, default_paces_per_inch};
    CHECK(inches.to_cm(6) == Approx(15.24));
    CHECK(inches.from_cm(2.54) == Approx(1));
    CHECK(inches.convert(3, Measure::paces) == Approx(150));
    Table paces{3600, 2400, Measure::paces, 50};
    CHECK(paces.to_cm(300) == Approx(15.24));  // border-reivers.txt: craft's 300 paces are 6"
    CHECK(paces.convert(300, Measure::inches) == Approx(6));
    paces.paces_per_inch = 25;
    CHECK(paces.convert(300, Measure::inches) == Approx(12));
    CHECK(measure_from_string("paces") == Measure::paces);
    CHECK_FALSE(measure_from_string("yards"));
    CHECK(to_string(Measure::inches) == "inches");
    CHECK(inches.contains(72, 0));
    CHECK_FALSE(inches.contains(72.5, 0));
}

TEST_CASE("battle JSON round trip is exact", "[battle]") {
    Battle b = sample_battle();
    b.units[1].facing = 33.333333333333336;
    b.units[1].position = {0.1 + 0.2, 1.0 / 3.0};
    json j = b;
    Battle back = j.get<Battle>();
    CHECK(back == b);
    CHECK(json(back).dump() == j.dump());
    // Through text too, as the store keeps it.
    Battle from_text = json::parse(j.dump()).get<Battle>();
    CHECK(from_text == b);

    SECTION("each piece on its own") {
        CHECK(json(b.units[2]).get<Unit>() == b.units[2]);
        CHECK(json(b.units[4]).at("formation") == "skirmish");
        CHECK(json(b.units[4]).get<Unit>().formation == Formation::other);
        CHECK(json(b.leaders[3]).get<Leader>() == b.leaders[3]);
        CHECK(json(b.terrain[1]).get<TerrainFeature>() == b.terrain[1]);
        CHECK(json(b.terrain[2]).get<TerrainFeature>() == b.terrain[2]);
        CHECK(json(b.log[3]).get<LogEntry>() == b.log[3]);
        CHECK(json(b.boxes["cards"]).get<SealedBox>() == b.boxes["cards"]);
        CHECK(json(b.table).get<Table>() == b.table);
        CHECK(json(b.units[1]).at("order").is_null());
        CHECK(json(b.units[1]).get<Unit>().marker("tension_points") == 2);
        CHECK(b.units[1].marker("shaken") == 0);
    }
}

TEST_CASE("reading units and battles from a command body", "[battle]") {
    Unit u;
    json good = make_unit(9, "british", 2, {1, 2}, 0);
    CHECK_FALSE(read_unit(good, u));
    CHECK(u.id == 9);

    json bad = good;
    bad["bases"] = 0;
    auto e = read_unit(bad, u);
    REQUIRE(e);
    CHECK(e->code == "bad_request");
    CHECK(u.id == 9);  // unchanged

    bad = good;
    bad["base_width"] = "wide";
    REQUIRE(read_unit(bad, u));
    bad = good;
    bad.erase("position");
    REQUIRE(read_unit(bad, u));
    bad = good;
    bad["formation"] = "";
    REQUIRE(read_unit(bad, u));
    bad = good;
    bad["position"] = json::array({1});
    REQUIRE(read_unit(bad, u));

    TerrainFeature t;
    CHECK(read_terrain({{"id", 1}, {"kind", "wood"}, {"shape", "polygon"}, {"points", {{0, 0}, {1, 0}}}}, t));
    CHECK(read_terrain({{"id", 1}, {"kind", "wood"}, {"shape", "blob"}, {"points", json::array()}}, t));
    CHECK(read_terrain({{"id", 1}, {"kind", "hill"}, {"shape", "circle"}, {"centre", {5, 5}}, {"radius", -1}}, t));
    CHECK_FALSE(read_terrain({{"id", 1}, {"kind", "hill"}, {"shape", "circle"}, {"centre", {5, 5}}, {"radius", 2}}, t));
    CHECK(t.shape.radius == 2);

    Battle b;
    CHECK_FALSE(read_battle(json(sample_battle()), b));
    CHECK(b == sample_battle());
    json no_table = json(sample_battle());
    no_table["table"]["width"] = -5;
    CHECK(read_battle(no_table, b));
    CHECK(read_battle(json::array(), b));
    json twice = json(sample_battle());
    twice["units"].push_back(twice["units"][0]);
    CHECK(read_battle(twice, b)->message == "Two units have the same id.");
}

TEST_CASE("battle lookups", "[battle]") {
    Battle b = sample_battle();
    CHECK(b.side_of(2) == "british");
    CHECK(b.side_of(3) == "french");
    CHECK(b.side_of(99).empty());
    CHECK(b.side_of(0).empty());
    CHECK(b.leader_of(3)->id == 2);
    CHECK(b.unit(4)->formation_name == "skirmish");
    CHECK(b.unit(99) == nullptr);
    CHECK(b.side("french")->name == "French");
}

TEST_CASE("sealed box: submit, replace, reveal, who sees what", "[battle]") {
    SealedBox box;
    open_turn(box, 1);
    CHECK_FALSE(check_submit(box, 2, 1));
    CHECK(check_submit(box, 2, 2)->code == "wrong_turn");
    submit(box, 2, "british", {{"card", "advance"}});
    submit(box, 2, "british", {{"card", "fire"}});  // replaced
    submit(box, 5, "british", {{"card", "FRIEND-CARD-5151"}});
    CHECK(box.items.at(2).item.at("card") == "fire");
    CHECK(submitted(box) == std::vector<std::int64_t>{2, 5});
    CHECK_FALSE(all_submitted(box, {2, 3, 5}));

    json before_eve = view(box, eve, "french");
    CHECK(before_eve.at("submitted") == json::array({2, 5}));  // who, not what
    CHECK(before_eve.at("items").empty());
    CHECK(before_eve.dump().find("fire") == std::string::npos);
    CHECK(before_eve.dump().find("FRIEND-CARD-5151") == std::string::npos);

    json bobs = view(box, bob, "british");
    REQUIRE(bobs.at("items").size() == 1);
    CHECK(bobs.at("items")[0].at("item").at("card") == "fire");
    CHECK(bobs.dump().find("FRIEND-CARD-5151") == std::string::npos);
    // Where the rules let a side plan together, bob sees his friend's card.
    CHECK(view(box, bob, "british", BoxVisibility{true}).dump().find("FRIEND-CARD-5151") != std::string::npos);
    CHECK(view(box, eve, "french", BoxVisibility{true}).dump().find("FRIEND-CARD-5151") == std::string::npos);
    CHECK(view(box, observer, "").at("items").empty());
    CHECK(view(box, umpire, "").at("items").size() == 2);

    submit(box, 3, "french", {{"card", "talk"}});
    withdraw(box, 5);
    CHECK(submitted(box) == std::vector<std::int64_t>{2, 3});
    CHECK(all_submitted(box, {2, 3}));

    reveal(box);
    CHECK(check_submit(box, 2, 1)->code == "turn_closed");
    submit(box, 2, "british", {{"card", "late"}});  // ignored once revealed
    withdraw(box, 3);
    CHECK(box.items.at(2).item.at("card") == "fire");
    CHECK(view(box, eve, "french").at("items").size() == 2);
    CHECK(view(box, observer, "").at("items").size() == 2);

    open_turn(box, 2);
    CHECK(box.items.empty());
    CHECK_FALSE(box.revealed);
    CHECK_FALSE(check_submit(box, 2, 2));
}

TEST_CASE("battle view: the umpire sees everything", "[battle]") {
    Battle b = sample_battle();
    json v = view(b, umpire, "");
    std::string text = v.dump();
    for (const char* marker : {"77731", "ENEMY-VALUE-9137", "PENDING-ORDER-5521", "CONCEALED-NAME-6060",
                               "CONCEALED-TYPE-6061", "SEALED-CARD-4242", "RULESET-STATE-1212", "BLIND-ROLL-7373",
                               "FRENCH-SCOUTING-1919", "EVE-ONLY-2828", "LEADER-WOUND-8181", "HIDDEN-LEADER-2929",
                               "BRITISH-OWN-VALUE-4471", "HOLD-ORDER-3131"})
        CHECK(text.find(marker) != std::string::npos);
    CHECK(v.at("units").size() == 4);
}

TEST_CASE("battle view: hidden information is not in the view of those who may not see it", "[battle]") {
    Battle b = sample_battle();
    BattleVisibility vis;
    vis.public_orders = {"FIRE"};

    SECTION("the enemy player sees the enemy as a person at the table would") {
        json v = view(b, bob, b.side_of(bob.user), vis);
        std::string text = v.dump();
        for (const char* marker : {"77731", "ENEMY-VALUE-9137", "PENDING-ORDER-5521", "CONCEALED-NAME-6060",
                                   "CONCEALED-TYPE-6061", "SEALED-CARD-4242", "RULESET-STATE-1212",
                                   "BLIND-ROLL-7373", "FRENCH-SCOUTING-1919", "EVE-ONLY-2828", "LEADER-WOUND-8181",
                                   "HIDDEN-LEADER-2929", "HOLD-ORDER-3131"}) {
            INFO(marker);
            CHECK(text.find(marker) == std::string::npos);
        }
        CHECK(text.find("BRITISH-OWN-VALUE-4471") != std::string::npos);  // his own unit, fully
        CHECK(find_by_id(v.at("units"), 3) == nullptr);                   // concealed: not at all
        const json* enemy = find_by_id(v.at("units"), 2);
        REQUIRE(enemy);
        CHECK(enemy->at("position") == json::array({50, 80}));
        CHECK(enemy->at("facing") == 180);
        CHECK(enemy->at("formation") == "column");
        CHECK(enemy->at("troop_type") == "formed_infantry");
        CHECK(enemy->at("bases") == 4);
        CHECK(enemy->at("markers").empty());
        CHECK(enemy->at("values").empty());
        CHECK(enemy->at("order").at("name") == "FIRE");  // he sees them fire
        CHECK_FALSE(enemy->contains("pending_order"));
        CHECK(find_by_id(v.at("units"), 4)->at("formation") == "skirmish");
        CHECK_FALSE(find_by_id(v.at("units"), 4)->contains("order"));
        CHECK(find_by_id(v.at("leaders"), 3) == nullptr);
        CHECK(v.at("boxes").at("cards").at("submitted") == json::array({2, 3}));
        CHECK(v.at("log").size() == 1);
        CHECK(v.at("viewer_side") == "british");
    }
    SECTION("the owning player sees his units, the concealed one included, and his card") {
        std::string text = view(b, eve, b.side_of(eve.user), vis).dump();
        for (const char* marker : {"77731", "ENEMY-VALUE-9137", "PENDING-ORDER-5521", "CONCEALED-NAME-6060",
                                   "SEALED-CARD-4242", "FRENCH-SCOUTING-1919", "EVE-ONLY-2828", "LEADER-WOUND-8181",
                                   "HIDDEN-LEADER-2929", "HOLD-ORDER-3131"})
            CHECK(text.find(marker) != std::string::npos);
        for (const char* marker : {"BRITISH-OWN-VALUE-4471", "RULESET-STATE-1212", "BLIND-ROLL-7373"})
            CHECK(text.find(marker) == std::string::npos);
        // The view held by name: a range-for over a part of a temporary would read it after its destruction.
        const json own = view(b, eve, "", vis);
        for (const auto& item : own["boxes"]["cards"]["items"]) CHECK(item["user"] == eve.user);
    }
    SECTION("observers and strangers") {
        for (const Viewer& v : {observer, stranger}) {
            std::string text = view(b, v, "", vis).dump();
            for (const char* marker : {"77731", "ENEMY-VALUE-9137", "PENDING-ORDER-5521", "CONCEALED-NAME-6060",
                                       "SEALED-CARD-4242", "RULESET-STATE-1212", "BLIND-ROLL-7373",
                                       "FRENCH-SCOUTING-1919", "EVE-ONLY-2828", "LEADER-WOUND-8181",
                                       "HIDDEN-LEADER-2929", "BRITISH-OWN-VALUE-4471"}) {
                INFO(v.name << " " << marker);
                CHECK(text.find(marker) == std::string::npos);
            }
        }
        CHECK(view(b, observer, "", vis)["boxes"]["cards"]["items"].empty());  // no card before the reveal
        CHECK(view(b, stranger, "").size() == 1);
        // A player's role with a side he does not claim sees nothing more than an observer.
        CHECK(view(b, observer, "french", vis).dump().find("77731") == std::string::npos);
    }
    SECTION("what the rule set puts on the table for all to see") {
        vis.public_markers = {"disorder_points"};
        vis.public_values = {"guns"};
        json enemy = *find_by_id(view(b, bob, "british", vis).at("units"), 2);
        CHECK(enemy.at("markers") == json({{"disorder_points", 1}}));
        CHECK(enemy.at("values") == json({{"guns", 2}}));
        vis.enemy_sees_names = false;
        CHECK_FALSE(find_by_id(view(b, bob, "british", vis).at("units"), 2)->contains("name"));
    }
    SECTION("a side that does not share: a player sees fully only his own units") {
        Battle shared = b;
        Unit friend_unit = make_unit(5, "british", 6, {70, 40}, 0);
        friend_unit.markers = {{"tension_points", 64646}};
        shared.units[5] = friend_unit;
        CHECK(view(shared, bob, "british", vis).dump().find("64646") != std::string::npos);
        vis.side_sees_side = false;
        CHECK(view(shared, bob, "british", vis).dump().find("64646") == std::string::npos);
        CHECK(view(shared, bob, "british", vis).dump().find("BRITISH-OWN-VALUE-4471") != std::string::npos);
    }
    SECTION("once revealed, every card is public; once detected, the ambush shows") {
        reveal(b.boxes["cards"]);
        b.units[3].concealed = false;
        std::string text = view(b, bob, "british", vis).dump();
        CHECK(text.find("SEALED-CARD-4242") != std::string::npos);
        CHECK(text.find("CONCEALED-TYPE-6061") != std::string::npos);
        CHECK(view(b, observer, "", vis).dump().find("SEALED-CARD-4242") != std::string::npos);
    }
}
