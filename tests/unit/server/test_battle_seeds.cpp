// A battle's own dice seed (docs/dice.md, "Battles' own seeds"): derived from the campaign's, committed in the
// battle's creation, revealed at its end; its rolls recompute from it with the documented recipe, and the
// checker (server/app/archive.h, verify_dice) takes both a battle's dice file and a campaign's archive.
#include <cstdint>
#include <string>

#include "server/app/archive.h"
#include "server/app/tokens.h"
#include "server/app/verifiable_dice.h"
#include "test_battle_table.h"

using namespace year_test;

namespace {

const std::string campaign_seed(32, '\x5c');

// docs/dice.md, "How a roll is made", written out again here rather than calling the server's code.
int recipe(const std::string& key, const std::string& stream, std::int64_t k, int n) {
    const std::uint64_t limit = (std::uint64_t{1} << 32) - ((std::uint64_t{1} << 32) % static_cast<std::uint64_t>(n));
    for (int j = 0;; ++j) {
        const std::string block = hmac_sha256(key, stream + ":" + std::to_string(k) + ":" + std::to_string(j));
        for (int i = 0; i < 8; ++i) {
            std::uint64_t w = 0;
            for (int b = 0; b < 4; ++b) w = w << 8 | static_cast<unsigned char>(block[static_cast<std::size_t>(4 * i + b)]);
            if (w < limit) return static_cast<int>(w % static_cast<std::uint64_t>(n)) + 1;
        }
    }
}

// A command decided as the hub decides it: the battle seed's hash and seed supplied, the battle's stream keyed
// by its own seed once its creation committed to one; `seeded` false is a server from before battle seeds.
std::vector<Event> run(YearTable& t, const Viewer& who, const std::string& type, json body, bool seeded = true) {
    Supplied supplied;
    supplied.now = t.now;
    supplied.nonce = static_cast<std::uint64_t>(t.state.seq) * 7919u + 1;
    if (seeded) {
        supplied.battle_seed_sha256 = [](std::int64_t b) { return sha256_hex(battle_seed(campaign_seed, b)); };
        supplied.battle_seed_hex = [](std::int64_t b) { return to_hex(battle_seed(campaign_seed, b)); };
    }
    VerifiableDice dice(campaign_seed, "campaign", t.state.dice_counters);
    dice.key_streams([&](const std::string& stream) -> std::optional<std::string> {
        auto b = battle_of_stream(stream);
        if (!b || !t.state.battle_seeds.count(*b)) return std::nullopt;
        return battle_seed(campaign_seed, *b);
    });
    auto d = decide(t.state, Command{type, std::move(body)}, who, dice, supplied);
    if (auto* e = std::get_if<Error>(&d)) FAIL(type << " refused: " << e->message);
    auto events = std::get<std::vector<Event>>(d);
    for (auto& r : dice.take_all_logs()) events.back().dice.push_back(r);
    t.commit(events);
    return events;
}

json two_units(const YearTable& t, const std::string& name) {
    auto unit = [](const std::string& side, std::int64_t owner, double y) {
        return json{{"side", side}, {"owner", owner}, {"name", side + " foot"}, {"troop_type", "irregulars"},
                    {"position", {50, y}}, {"facing", 0}, {"values", {{"drill", 2}, {"musketry", 3}, {"effectiveness", 2}}}};
    };
    return {{"name", name},
            {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
            {"sides", {{{"id", "red"}, {"name", "Red"}}, {{"id", "blue"}, {"name", "Blue"}}}},
            {"units", {unit("red", t.bob.user, 30), unit("blue", t.carol.user, 90)}}};
}

// The campaign's archive of the table's log, with this test's campaign seed revealed.
json archive_of(const YearTable& t) {
    json events = json::array();
    for (const auto& e : t.log)
        events.push_back({{"seq", e.seq}, {"type", e.type}, {"actor", e.actor}, {"at", e.at}, {"body", e.body}, {"dice", e.dice}});
    events[0]["body"]["seed_sha256"] = sha256_hex(campaign_seed);
    return {{"format", "muster-campaign"}, {"version", 1}, {"campaign", {{"seed", to_hex(campaign_seed)}}}, {"events", events}};
}

}  // namespace

TEST_CASE("a battle's seed: derived, committed at creation, its rolls keyed by it, revealed at its end", "[dice][battles]") {
    YearTable t;
    const auto created = run(t, t.umpire, "battle.create", two_units(t, "Moor"));
    const std::string seed = battle_seed(campaign_seed, 1);
    CHECK(seed == hmac_sha256(campaign_seed, "battle-seed:1"));
    CHECK(created[0].body["seed_scheme"] == "battle-seed");
    CHECK(created[0].body["seed_sha256"] == sha256_hex(seed));
    // Every member sees the commitment from the creation; the seed is in nobody's view before the end.
    for (const auto& v : t.everyone()) {
        CHECK(battle_of(t, v)["seed_sha256"] == sha256_hex(seed));
        CHECK(view(t.state, v).dump().find(to_hex(seed)) == std::string::npos);
    }
    CHECK(battle_dice_file(t.log, 7, 1).status == BattleDice::Status::not_ended);

    const auto ended = run(t, t.umpire, "battle.end", {{"battle", 1}});
    CHECK(ended[0].body["seed"] == to_hex(seed));
    for (const auto& v : t.everyone()) CHECK(battle_of(t, v)["seed"] == to_hex(seed));
    // Its rolls recompute from the revealed seed with the documented recipe, and not from the campaign's.
    int rolls = 0, differ = 0;
    for (const auto& e : t.log)
        for (const auto& r : e.dice) {
            REQUIRE(r["stream"] == "battle:1");
            const auto k = r["counter"].get<std::int64_t>();
            const int n = r["sides"].get<int>();
            CHECK(recipe(from_hex(ended[0].body["seed"]), "battle:1", k, n) == r["value"].get<int>());
            differ += recipe(campaign_seed, "battle:1", k, n) != r["value"].get<int>();
            ++rolls;
        }
    REQUIRE(rolls > 0);
    CHECK(differ > 0);
    check_replay(t);
}

TEST_CASE("verify_dice checks a battle's dice file and a campaign archive holding seeded battles", "[dice][battles]") {
    YearTable t;
    run(t, t.umpire, "battle.create", two_units(t, "Old"), /*seeded=*/false);  // from before battle seeds
    run(t, t.umpire, "battle.create", two_units(t, "New"));
    run(t, t.umpire, "battle.end", {{"battle", 1}}, false);
    run(t, t.umpire, "battle.end", {{"battle", 2}});
    CHECK(t.state.battle_seeds.count(1) == 0);
    CHECK(battle_dice_file(t.log, 7, 1).status == BattleDice::Status::campaign_seeded);
    CHECK(battle_dice_file(t.log, 7, 3).status == BattleDice::Status::no_battle);

    auto dice = battle_dice_file(t.log, 7, 2);
    REQUIRE(dice.status == BattleDice::Status::ok);
    json file = dice.file;
    CHECK(file["format"] == "muster-battle-dice");
    CHECK(file["seed"] == to_hex(battle_seed(campaign_seed, 2)));
    REQUIRE(!file["rolls"].empty());
    auto ok = verify_dice(file);
    CHECK(ok.ok);
    CHECK(ok.rolls == static_cast<std::int64_t>(file["rolls"].size()));

    json changed = file;
    auto& last = changed["rolls"].back();
    last["value"] = last["value"].get<int>() % last["sides"].get<int>() + 1;
    auto bad = verify_dice(changed);
    CHECK_FALSE(bad.ok);
    CHECK(bad.problem.find("roll " + std::to_string(last["counter"].get<int>()) + " of \"battle:2\"") != std::string::npos);
    json forged = file;
    forged["seed"] = to_hex(std::string(32, '\x01'));
    CHECK(verify_dice(forged).problem.find("commitment") != std::string::npos);

    // The campaign's archive: the old battle's rolls from the campaign's seed, the new one's from its own.
    auto whole = verify_dice(archive_of(t));
    CHECK(whole.ok);
    CHECK(whole.problem == "");
    // The import's replay (log_problem) takes this log as the server wrote it, and names what was changed in it.
    CHECK(log_problem(t.log, campaign_seed) == "");
    for (std::size_t i = 0; i < t.log.size(); ++i)
        if (!t.log[i].dice.empty()) {
            auto changed_log = t.log;
            auto& r = changed_log[i].dice[0];
            r["value"] = r["value"].get<int>() % r["sides"].get<int>() + 1;
            CHECK(log_problem(changed_log, campaign_seed).find("event " + std::to_string(t.log[i].seq) + " (") == 0);
            changed_log = t.log;
            changed_log[i].type = "battle.rumoured";
            CHECK(log_problem(changed_log, campaign_seed).find("no version of Muster writes") != std::string::npos);
            break;
        }
    json tampered = archive_of(t);
    for (auto& e : tampered["events"])
        if (e["body"].value("seed_scheme", "") == "battle-seed") e["body"]["seed_sha256"] = std::string(64, '0');
    CHECK(verify_dice(tampered).problem.find("does not match its commitment") != std::string::npos);
}

TEST_CASE("a stream keyed by its own seed rolls from it; the others from the dice's seed", "[dice]") {
    VerifiableDice dice(campaign_seed, "campaign");
    const std::string own(32, '\x11');
    dice.key_streams([&](const std::string& s) { return s == "battle:4" ? std::optional<std::string>(own) : std::nullopt; });
    const int a = dice.stream("battle:4").roll(6), b = dice.stream("table").roll(20);
    CHECK(a == recompute_roll(own, "battle:4", 0, 6));
    CHECK(b == recompute_roll(campaign_seed, "table", 0, 20));
    CHECK_THROWS_AS(dice.key_streams({}), std::logic_error);
    CHECK(battle_of_stream("battle:42") == 42);
    CHECK_FALSE(battle_of_stream("battle:").has_value());
    CHECK_FALSE(battle_of_stream("battle:4x").has_value());
    CHECK_FALSE(battle_of_stream("colonel:4").has_value());
}

// The expedition generator's rolls (over-the-hills.txt, ANNEX A) are the umpire's stream's, as a blind roll is.
TEST_CASE("the generator's rolls carry their stream and counter: each recomputes from the seed", "[expedition][dice]") {
    YearTable t;
    const Viewer gina{8, "gina", Role::player};  // a fourth colonel, as the expeditions' tests have
    t.join(gina, "player");
    t.create(gina, "Howe", 40);
    t.auction(5, gina, 100);
    t.ready();
    // docs/protocol.md, "Dice": every roll shows its stream and counter, so anyone can check it once the seed is out.
    const std::string seed = "a seed of at least sixteen bytes";
    for (int round = 0; round < 2; ++round) {
        VerifiableDice server(seed, "campaign", t.state.dice_counters);
        auto d = t.run(t.umpire, round == 0 ? "expedition.create" : "expedition.generate", {{"generate", true}}, server);
        REQUIRE(std::holds_alternative<std::vector<Event>>(d));
        t.commit(std::get<std::vector<Event>>(d));
        const json rolls = view(t.state, t.umpire)["expeditions"]["umpire"]["draft"]["rolls"];
        REQUIRE(!rolls.empty());  // ANNEX A: "First Roll 1d100 for location and type of the action"
        std::int64_t last = -1;
        for (const auto& r : rolls) {
            CHECK(r["stream"] == "umpire");
            const auto counter = r["counter"].get<std::int64_t>();
            CHECK(counter > last);
            last = counter;
            CHECK(recompute_roll(seed, "umpire", counter, r["dice"] == "d100" ? 100 : 6) == r["value"]);
        }
    }
    check_replay(t);
}
