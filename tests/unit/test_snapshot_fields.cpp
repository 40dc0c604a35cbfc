// A campaign's snapshot (shared/campaign/snapshot.h) holds every field: a state built by hand with every field of
// every struct away from its default (and the awkward cases: an optional json holding null, an empty optional vector,
// empty strings, a role of none, maps keyed by negative numbers) restores equal. The random plays of test_snapshot.cpp
// prove the same on real logs; this one reaches the fields no play sets. A field added to a struct and set here
// without its serializer fails this test.
#include "test_year_table.h"

#include "shared/battle/registry.h"
#include "shared/campaign/snapshot.h"

using namespace year_test;

namespace {

year::Regiment regiment() {
    year::Regiment r;
    r.number = 7, r.name = "The 7th", r.companies = 8, r.declared = 9, r.drill = 2, r.musketry = 3, r.effectiveness = 4;
    r.arrears = 5, r.arrears_months = 6, r.without_drill = 7, r.without_musketry = 8, r.without_effectiveness = 9;
    r.strength_on_campaign = 10;
    return r;
}

year::Diary diary() {
    year::Diary d;
    d.turn = 3, d.label = "May 1744", d.activity = "supervise", d.supervise = "drill";
    d.orders = year::Orders{true, true, true, 7, 6, "arrears"};
    d.text = "Dear diary", d.publish = true, d.at = 5, d.gazette_id = 2;
    return d;
}

year::Colonel colonel() {
    year::Colonel c;
    c.user = 2, c.player = "bob", c.name = "Kemp", c.profile = {30, "gentry", "married", "Eton", "Dettingen"};
    c.created_at = 1, c.fortune = -5, c.pip = 3, c.pip_bought = 4, c.pip_price_paid = 11;
    c.objective = year::Objective{"custom", "To see Paris", "pending", "Why Paris?"};
    c.regiment = regiment();
    c.away = "sea", c.laid_up = "wounded", c.laid_up_until = 9;
    year::Diary quiet;  // no orders, no supervision
    quiet.activity = "business";
    c.standing = diary();
    c.leave = {4, 5};
    c.diaries = {{3, diary()}, {4, quiet}};
    c.last_diary = quiet;
    c.reports = {{3, {{"money", json::array({{{"item", "wages"}, {"amount", -80}}})}}}, {4, nullptr}};
    c.history = {{{"turn", 1}, {"fortune", 1000}}};
    c.adjustments = {year::Adjustment{5, "pip", 1, 2, "A gift", 6}};
    return c;
}

year::YearState year_state() {
    year::YearState y;
    y.rules.wage = 12, y.rules.present = "submitted", y.rules.successor_keeps_pip = true, y.rules.late_colonels_buy_pip = false;
    y.calendar = year::Calendar{true, "1744", 5, 7, 2, 123, {100, 110}, {{1, 2, "The post is late"}}};
    y.colonels[2] = colonel();
    y.colonels[3].user = 3;  // every field at its default
    year::Lot lot;
    lot.lot = 2, lot.regiment = 9, lot.opened_at = 1, lot.closes_at = 5, lot.remind_at = 4, lot.reserve = 3;
    lot.initial = false, lot.bids = {{2, 10, 3}, {3, 11, 4}};
    y.auction.open = lot;
    y.auction.closed = {year::ClosedLot{1, 7, 2, 300, 4, true}, year::ClosedLot{3, 8, std::nullopt, 0, 5, false}};
    y.auction.next_lot = 3;
    year::UndoPoint u;
    u.resolved_seq = 50, u.turn = 6, u.calendar = y.calendar;
    u.sheets[2] = {1, 2, regiment(), diary(), 3};
    u.sheets[3] = {};
    y.undo = u;
    y.last_sheet_change = 44, y.gazette_made = 2, y.paused_since = 77, y.pause_reason = "The club's dinner";
    y.deadline_rule = year::DeadlineRule{3, 1200, "Europe/London"};
    return y;
}

battle::Battle battle_of_every_field() {
    battle::Battle b;
    b.id = 1, b.campaign = 7, b.name = "Moor", b.ruleset = "oth", b.turn = 3, b.phase = "movement";
    b.table = battle::Table{300.5, 200.25, battle::Measure::paces, 40};
    battle::TerrainFeature wood{4, "wood", "", {}, {{"cover", 1}}, {"a"}};
    wood.shape.points = {{1, 2}, {3, 4}, {5, 0.1}};
    battle::TerrainFeature river{5, "river", "The Tay", {}, json::object(), {"*"}};
    river.shape.kind = battle::Shape::Kind::polyline, river.shape.points = {{0, 0}, {9, 9}}, river.shape.width = 2.5;
    battle::TerrainFeature hill{6, "hill", "Knoll", {}, json::object(), {}};
    hill.shape.kind = battle::Shape::Kind::circle, hill.shape.centre = {7, 8}, hill.shape.radius = 1e-7;
    b.terrain = {wood, river, hill};
    b.sides = {{"a", "Blue"}, {"b", ""}};
    battle::Unit u;
    u.id = 11, u.side = "a", u.owner = 2, u.name = "Foot", u.troop_type = "formed_infantry", u.bases = 3;
    u.base_width = 4.5, u.base_depth = 1.75, u.formation = battle::Formation::other, u.formation_name = "skirmish";
    u.position = {12.345678901234567, 0.1 + 0.2}, u.facing = 33.3, u.values = {{"drill", 3}, {"note", ""}};
    u.markers = {{"tension_points", 2}}, u.order = battle::Order{"ADVANCE", 1, {{"to", {1, 2}}}};
    u.pending_order = battle::Order{"FIRE", 2, json::object()}, u.concealed = true, u.removed = true;
    battle::Unit plain;
    plain.id = -12, plain.side = "b", plain.troop_type = "horse", plain.formation = battle::Formation::square;
    b.units = {{11, u}, {-12, plain}};
    b.leaders[3] = battle::Leader{3, "a", 2, "Kemp", {4, 5}, {{"fate", "wounded"}}, true};
    battle::SealedBox box;
    box.turn = 3, box.revealed = true, box.items[2] = battle::Submission{2, "a", {{"card", "move"}}};
    b.boxes = {{"cards", box}, {"tempo", battle::SealedBox{}}};
    b.ruleset_state = {{"next", 4}};
    battle::LogEntry all{1, "orders", "Turn 1.", {{"roll", 6}}, battle::LogEntry::Audience::all, "", 0};
    battle::LogEntry side{1, "orders", "Only a.", json::object(), battle::LogEntry::Audience::side, "a", 0};
    battle::LogEntry user{2, "", "Only Bob.", json::object(), battle::LogEntry::Audience::user, "", 2};
    battle::LogEntry umpire{2, "melee", "Blind.", json::object(), battle::LogEntry::Audience::umpire, "", 0};
    b.log = {all, side, user, umpire};
    b.history = {battle::TurnFrame{1, false, b.units, b.leaders}, battle::TurnFrame{3, true, {}, {}}};
    return b;
}

battle::BattleEntry entry() {
    battle::BattleEntry e;
    e.battle = battle_of_every_field();
    const auto& rules = *battle::rulesets().front();
    e.settings = std::get<json>(rules.merge_settings(rules.default_settings(), {{"auto_run", false}, {"talk_cm", 7.5}}));
    e.table = battle::table_settings_of(e.settings);
    e.status = "resolving", e.next_step = 2, e.deadline = 88, e.regiment_of = {{11, 2}, {-12, 3}};
    e.talk = {battle::TalkMessage{1, 2, 2, 3, "Hold the ford", 99}};
    e.channels = {{2, 3}};
    e.data = {{"tallies", {{"11", 2}}}};
    e.outcome = {{"losses", json::array()}};
    return e;
}

expeditions::ExpeditionsState expeditions_state() {
    using namespace expeditions;
    Expedition x;
    x.id = 1, x.status = "returning";
    x.fields["location"] = Field{"Flanders", true};
    x.fields["notes"] = Field{nullptr, false};
    x.rolls = {{{"die", 3}}};
    x.present = {2, 3};
    Motion closed{1, "Who goes?", {Option{"The 7th", std::vector<int>{7}, 2}, Option{"Nobody", std::vector<int>{}, std::nullopt},
                                   Option{"Ask the King", std::nullopt, std::nullopt}},
                  false, {{2, {1, 0, 0}}, {3, {}}}, {1, 0, 0}, 0, "most_pip"};
    Motion open{2, "", {}, true, {}, {}, std::nullopt, ""};
    x.motions = {closed, open};
    x.regiments = {7}, x.commander = 2, x.roles = {{3, "artillery"}}, x.went = {2};
    x.departed_turn = 3, x.months_campaign = 2;
    x.outcome = json(nullptr);  // an optional holding null is not an empty one
    x.reckoning = {{"public", true}}, x.reckoning_of = {{2, {{"pip", 5}}}}, x.reckoned_turn = 5;
    x.battles = {1}, x.fates = {{{"colonel", 2}, {"fate", "killed"}, {"battle", 1}}};
    ExpeditionsState s;
    s.draft = Expedition{};
    s.list[1] = x;
    s.briefed_made = 1, s.crisis_turn = 8, s.crisis_rolled_turn = 2, s.crisis_roll = {3, 4};
    s.gazette = {{{"expedition", 1}, {"turn", 2}, {"text", "They sailed."}}};
    return s;
}

CampaignState every_field() {
    CampaignState s;
    s.id = 7, s.name = "Flanders 174-", s.created = 11, s.seed_sha256 = "ab", s.seed_hex = "cd", s.closed = true;
    s.seq = 99, s.dice_counters = {{"table", 3}, {"umpire", 4}};
    s.members[1] = Member{1, "alice", Role::umpire, 10};
    s.members[2] = Member{2, "bob", Role::player, 12};
    s.members[5] = Member{5, "erin", Role::observer, 13};
    s.members[-6] = Member{-6, "", Role::none, 0};
    s.invites["CODE1"] = Invite{"CODE1", Role::observer, "alice", 13};
    const Post post{1, 2, "bob", "", 14};
    const Roll roll{1, 2, "bob", "2d6", {3, 4}, "table", {0, 1}, 7, "", true, 15};
    s.notices[1] = post, s.umpire_notes[5] = Post{5, 1, "alice", "Note", 16};
    s.chat = {post, Post{2, 1, "alice", "Hello", 17}};
    s.rolls = {roll}, s.blind_rolls = {roll, Roll{}};
    s.chat_made = 1, s.notices_made = 2, s.notes_made = 3, s.rolls_made = 4, s.blind_rolls_made = 5;
    s.chat_evicted = post, s.roll_evicted = roll;
    s.webhook = "https://example.org/hook";
    s.year = year_state();
    s.battles.battles[1] = entry();
    s.battles.battles[2] = battle::BattleEntry{};
    s.battles.battles[2].battle.id = 2;
    s.battles.battles[2].battle.table.paces_per_inch = 40;  // a ground scale a table in cm does not use
    s.battles.scenarios = {{{"id", "saved-1"}, {"name", "Moor"}}};
    s.battle_seeds[1] = {"aa", "bb"};
    s.battle_seeds[2] = {"cc", ""};
    s.expeditions = expeditions_state();
    return s;
}

}  // namespace

TEST_CASE("snapshot: a state with every field set restores equal, through JSON text", "[snapshot]") {
    const CampaignState s = every_field();
    const json snap = snapshot(s);
    const CampaignState back = restore(json::parse(snap.dump()));
    INFO(json::diff(snapshot(back), snap).dump());
    CHECK(snapshot(back) == snap);
    // Part by part, so that a failure names the part.
    CHECK(back.year.rules == s.year.rules);
    CHECK(back.year.calendar == s.year.calendar);
    CHECK(back.year.colonels == s.year.colonels);
    CHECK(back.year.auction == s.year.auction);
    CHECK(back.year.undo == s.year.undo);
    CHECK(back.year == s.year);
    CHECK(back.battles.battles.at(1).battle == s.battles.battles.at(1).battle);
    CHECK(back.battles == s.battles);
    CHECK(back.expeditions == s.expeditions);
    CHECK(back == s);
    CHECK(back.expeditions.list.at(1).outcome.has_value());
}
