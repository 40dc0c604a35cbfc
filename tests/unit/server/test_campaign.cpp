// The campaign table's rules: decide / apply / view (shared/campaign/campaign.h).
#include <catch2/catch.hpp>

#include "server/app/verifiable_dice.h"
#include "shared/campaign/campaign.h"

using namespace muster;
using namespace muster::campaign;
using nlohmann::json;

namespace {

// What the server supplies a command: an invite code and the revealed seed, as these tests need them.
Supplied supplied(std::string invite_code, std::string seed_hex) {
    Supplied s;
    s.invite_code = std::move(invite_code);
    s.seed_hex = std::move(seed_hex);
    return s;
}

struct Table {
    CampaignState state;
    Viewer umpire{1, "alice", Role::umpire};
    Viewer player{2, "bob", Role::player};
    Viewer observer{3, "carol", Role::observer};
    Viewer stranger{4, "dave", Role::none};

    Table() {
        Event created = created_event(7, "Flanders 1744", umpire, std::string(64, 'a'));
        commit({created});
        join(player, "PLAYERCODE", "player");
        join(observer, "WATCHCODE1", "observer");
    }

    // What the hub does after a commit: number the events and fold them in.
    void commit(std::vector<Event> events) {
        for (auto& e : events) {
            e.seq = state.seq + 1;
            e.at = 1000 * e.seq;
            apply(state, e);
        }
    }

    Decision run(const Viewer& who, std::string type, json body, Dice& dice, Supplied supplied = {}) {
        Viewer v = who;
        v.role = state.role_of(who.user);
        return decide(state, Command{std::move(type), std::move(body)}, v, dice, supplied);
    }

    std::vector<Event> ok(const Viewer& who, std::string type, json body, Supplied supplied = {}) {
        ScriptedDice no_dice({});
        auto d = run(who, std::move(type), std::move(body), no_dice, supplied);
        REQUIRE(std::holds_alternative<std::vector<Event>>(d));
        auto events = std::get<std::vector<Event>>(d);
        commit(events);
        return events;
    }

    std::string error(const Viewer& who, std::string type, json body) {
        ScriptedDice no_dice({});
        auto before = view(state, umpire).dump();
        auto d = run(who, std::move(type), std::move(body), no_dice, supplied("NEWCODE123", "00ff"));
        REQUIRE(std::holds_alternative<Error>(d));
        CHECK(view(state, umpire).dump() == before);  // a refused command changes nothing
        return std::get<Error>(d).code;
    }

    void join(const Viewer& who, const std::string& code, const std::string& role) {
        ok(umpire, "campaign.invite", {{"role", role}}, supplied(code, ""));
        ok(who, "campaign.join", {{"code", code}});
    }
};

}  // namespace

TEST_CASE("the creator is the umpire and invited people join with the invite's role", "[campaign]") {
    Table t;
    CHECK(t.state.role_of(1) == Role::umpire);
    CHECK(t.state.role_of(2) == Role::player);
    CHECK(t.state.role_of(3) == Role::observer);
    CHECK(t.state.role_of(4) == Role::none);
    auto v = view(t.state, t.player);
    CHECK(v["members"]["2"]["role"] == "player");
    CHECK(v["campaign"]["name"] == "Flanders 1744");
    CHECK_FALSE(v.contains("seq"));  // the campaign's event count is no viewer's business
}

TEST_CASE("refused commands get their error code and change nothing", "[campaign]") {
    Table t;
    CHECK(t.error(t.player, "notice.post", {{"text", "hi"}}) == "forbidden");
    CHECK(t.error(t.player, "campaign.invite", {{"role", "player"}}) == "forbidden");
    CHECK(t.error(t.stranger, "chat.say", {{"text", "hi"}}) == "forbidden");
    CHECK(t.error(t.observer, "dice.roll", {{"dice", "d6"}}) == "forbidden");
    CHECK(t.error(t.player, "dice.roll", {{"dice", "d6"}, {"private", true}}) == "forbidden");
    CHECK(t.error(t.player, "chat.say", json::object()) == "bad_request");
    CHECK(t.error(t.player, "chat.say", {{"text", 5}}) == "bad_request");
    CHECK(t.error(t.player, "chat.say", {{"text", ""}}) == "bad_request");
    CHECK(t.error(t.player, "chat.say", {{"text", std::string(chat_max + 1, 'x')}}) == "too_large");
    CHECK(t.error(t.player, "dice.roll", {{"dice", "2d"}}) == "bad_request");
    CHECK(t.error(t.player, "dice.roll", {{"dice", "21d6"}}) == "bad_request");
    CHECK(t.error(t.umpire, "campaign.invite", {{"role", "general"}}) == "bad_request");
    CHECK(t.error(t.umpire, "campaign.revoke_invite", {{"code", "NOSUCHCODE"}}) == "not_found");
    CHECK(t.error(t.stranger, "campaign.join", {{"code", "NOSUCHCODE"}}) == "not_found");
    CHECK(t.error(t.player, "campaign.join", {{"code", "PLAYERCODE"}}) == "conflict");
    CHECK(t.error(t.player, "no.such", json::object()) == "unknown_command");
}

TEST_CASE("chat is kept to the latest 200 messages, in order", "[campaign]") {
    Table t;
    for (int i = 0; i < 205; ++i) t.ok(t.player, "chat.say", {{"text", "line " + std::to_string(i)}});
    auto chat = view(t.state, t.observer)["chat"];
    REQUIRE(chat.size() == chat_kept);
    CHECK(t.state.chat.front().text == "line 5");
    CHECK(t.state.chat.back().text == "line 204");
}

TEST_CASE("dice.roll rolls the dice passed in", "[campaign][dice]") {
    Table t;
    ScriptedDice dice({3, 5, 6});
    auto d = t.run(t.player, "dice.roll", {{"dice", "2d6"}, {"reason", "weather"}}, dice);
    auto events = std::get<std::vector<Event>>(d);
    REQUIRE(events.size() == 1);
    CHECK(events[0].body["faces"] == json::array({3, 5}));
    CHECK(events[0].body["total"] == 8);
    CHECK(events[0].dice.size() == 2);
    t.commit(events);
    // The average die reads 2, 3, 3, 4, 4, 5 (loose-files-american-scramble.txt, "Average Die").
    auto d2 = t.run(t.umpire, "dice.roll", {{"dice", "dAv"}}, dice);
    CHECK(std::get<std::vector<Event>>(d2)[0].body["faces"] == json::array({5}));
    t.commit(std::get<std::vector<Event>>(d2));
    auto rolls = view(t.state, t.player)["rolls"];
    REQUIRE(rolls.size() == 2);
    CHECK(rolls["1"]["faces"] == json::array({3, 5}));
    CHECK(rolls["2"]["id"] == 2);
}

TEST_CASE("open rolls take the table's stream, blind rolls the umpire's: each counts its own", "[campaign][dice]") {
    Table t;
    const std::string seed = "a seed of at least sixteen bytes";
    auto roll = [&](const Viewer& who, const char* dice, bool blind) {
        VerifiableDice server(seed, "campaign", t.state.dice_counters);
        auto d = t.run(who, "dice.roll", {{"dice", dice}, {"private", blind}}, server);
        auto events = std::get<std::vector<Event>>(d);
        for (auto& record : server.take_all_logs()) events.back().dice.push_back(record);
        t.commit(events);
        return events.back().dice;
    };
    auto first = roll(t.player, "2d6", false);
    CHECK(first[0]["stream"] == "table");
    CHECK(first[1]["counter"] == 1);
    roll(t.umpire, "3d6", true);
    roll(t.umpire, "d10", true);
    auto second = roll(t.umpire, "d6", false);
    CHECK(second[0]["counter"] == 2);  // the blind rolls did not move the table's counter
    CHECK(t.state.dice_counters.at("table") == 3);
    CHECK(t.state.dice_counters.at("umpire") == 4);

    auto rolls = view(t.state, t.player)["rolls"];
    CHECK(rolls.size() == 2);
    CHECK(rolls["1"]["counters"] == json::array({0, 1}));
    CHECK(rolls["2"]["counters"] == json::array({2}));
    CHECK(rolls["2"]["stream"] == "table");
    const auto blind = view(t.state, t.umpire)["blind_rolls"];
    CHECK(blind["1"]["counters"] == json::array({0, 1, 2}));
    CHECK(blind["2"]["stream"] == "umpire");
    for (const auto& [key, r] : blind.items())
        for (std::size_t i = 0; i < r["faces"].size(); ++i)
            CHECK(recompute_roll(seed, "umpire", r["counters"][i].get<std::int64_t>(), 6 + 4 * (key == "2")) ==
                  r["faces"][i].get<int>());
}

TEST_CASE("a viewer who may not see an event gets an empty patch", "[campaign][patch]") {
    Table t;
    ScriptedDice dice({4});
    auto note = std::get<std::vector<Event>>(t.run(t.umpire, "notice.post", {{"text", "x"}, {"private", true}}, dice));
    auto blind = std::get<std::vector<Event>>(t.run(t.umpire, "dice.roll", {{"dice", "d6"}, {"private", true}}, dice));
    for (auto& events : {note, blind}) {
        auto e = events.front();
        e.seq = t.state.seq + 1;
        apply(t.state, e);
        CHECK(*view_patch(t.state, e, t.player) == json::array());
        CHECK(*view_patch(t.state, e, t.observer) == json::array());
        CHECK(view_patch(t.state, e, t.umpire)->size() == 1);
    }
}

TEST_CASE("lists are numbered by their own counters, not by the events between them", "[campaign]") {
    Table t;
    t.ok(t.player, "chat.say", {{"text", "one"}});
    for (int i = 0; i < 5; ++i) t.ok(t.umpire, "notice.post", {{"text", "secret"}, {"private", true}});
    t.ok(t.umpire, "notice.post", {{"text", "public"}});
    t.ok(t.player, "chat.say", {{"text", "two"}});
    auto v = view(t.state, t.player);
    CHECK(v["chat"]["1"]["text"] == "one");
    CHECK(v["chat"]["2"]["text"] == "two");
    CHECK(v["chat"]["2"]["id"] == 2);
    CHECK(v["notices"]["1"]["text"] == "public");
    CHECK(view(t.state, t.umpire)["umpire_notes"].size() == 5);
    CHECK(v.dump().find("\"seq\"") == std::string::npos);
}

TEST_CASE("hidden information: umpire notes, invite codes and blind rolls reach umpires only", "[campaign][secrets]") {
    Table t;
    const std::string note_marker = "SECRET-NOTE-7f3a9c";
    const std::string roll_marker = "BLIND-ROLL-1b2e4d";
    t.ok(t.umpire, "notice.post", {{"text", "The French are at " + note_marker}, {"private", true}});
    t.ok(t.umpire, "campaign.invite", {{"role", "umpire"}}, supplied("UMPCODE777", ""));
    ScriptedDice dice({4});
    auto d = t.run(t.umpire, "dice.roll", {{"dice", "d6"}, {"reason", roll_marker}, {"private", true}}, dice);
    t.commit(std::get<std::vector<Event>>(d));
    t.ok(t.umpire, "notice.post", {{"text", "Public orders of the day"}});

    auto umpire_view = view(t.state, t.umpire).dump();
    CHECK(umpire_view.find(note_marker) != std::string::npos);
    CHECK(umpire_view.find(roll_marker) != std::string::npos);
    CHECK(umpire_view.find("UMPCODE777") != std::string::npos);
    for (const Viewer& other : {t.player, t.observer}) {
        auto text = view(t.state, other).dump();
        CHECK(text.find(note_marker) == std::string::npos);
        CHECK(text.find(roll_marker) == std::string::npos);
        CHECK(text.find("UMPCODE777") == std::string::npos);
        CHECK(text.find("PLAYERCODE") == std::string::npos);
        CHECK(text.find("umpire_notes") == std::string::npos);
        CHECK(text.find("Public orders of the day") != std::string::npos);
    }
}

TEST_CASE("closing reveals the seed and stops every change", "[campaign]") {
    Table t;
    CHECK(view(t.state, t.player)["campaign"].contains("seed") == false);
    t.ok(t.umpire, "campaign.close", json::object(), supplied("", "00ff"));
    CHECK(view(t.state, t.player)["campaign"]["seed"] == "00ff");
    CHECK(t.error(t.player, "chat.say", {{"text", "hi"}}) == "conflict");
    CHECK(t.error(t.umpire, "notice.post", {{"text", "hi"}}) == "conflict");
    CHECK(t.error(t.stranger, "campaign.join", {{"code", "PLAYERCODE"}}) == "conflict");
}

TEST_CASE("replaying the log gives the same state as the live one", "[campaign]") {
    Table t;
    std::vector<Event> log;
    // Rebuild the log the way the store holds it, then replay it into a fresh state.
    CampaignState live;
    auto record = [&](std::vector<Event> events) {
        for (auto& e : events) {
            e.seq = live.seq + 1;
            e.at = e.seq;
            apply(live, e);
            log.push_back(e);
        }
    };
    Viewer umpire{1, "alice", Role::umpire};
    record({created_event(9, "Replay", umpire, "ab")});
    VerifiableDice dice("replay seed, sixteen bytes or more", "campaign", std::int64_t{0});
    for (int i = 0; i < 3; ++i) {
        auto d = decide(live, Command{"dice.roll", {{"dice", "d6"}}}, umpire, dice, {});
        record(std::get<std::vector<Event>>(d));
        auto c = decide(live, Command{"chat.say", {{"text", "msg " + std::to_string(i)}}}, umpire, dice, {});
        record(std::get<std::vector<Event>>(c));
    }
    CampaignState replayed;
    for (const auto& e : log) apply(replayed, e);
    CHECK(view(replayed, umpire) == view(live, umpire));
    CHECK(replayed.dice_counters == live.dice_counters);
    CHECK(replayed.dice_counters.at("table") == 3);
}

namespace {
// Dice for generated games: a fixed-seed sequence so a failure repeats exactly.
class SeededDice : public Dice {
public:
    explicit SeededDice(unsigned seed) : next_(seed) {}
    int roll(int sides) override {
        next_ = next_ * 6364136223846793005ULL + 1442695040888963407ULL;
        int value = static_cast<int>((next_ >> 33) % static_cast<unsigned>(sides)) + 1;
        log_.push_back({{"sides", sides}, {"value", value}});
        return value;
    }
    std::uint64_t pick(std::uint64_t n) { return static_cast<std::uint64_t>(roll(1000000)) % n; }

private:
    std::uint64_t next_;
};
}  // namespace

TEST_CASE("view_patch gives exactly what diffing whole views gives, for every viewer", "[campaign][patch]") {
    Table t;
    SeededDice chooser(12345), dice(777);
    const Viewer viewers[] = {t.umpire, t.player, t.observer};
    int incremental = 0, alike_events = 0, apart_events = 0;
    for (int step = 0; step < 1200; ++step) {
        const Viewer& who = viewers[chooser.pick(3)];
        json body;
        std::string type;
        switch (chooser.pick(5)) {
            case 0:
            case 1: type = "chat.say"; body = {{"text", "m" + std::to_string(step)}}; break;
            case 2: type = "notice.post"; body = {{"text", "n" + std::to_string(step)}, {"private", chooser.pick(2) == 1}}; break;
            case 3: type = "dice.roll"; body = {{"dice", "2d6"}, {"private", who.is_umpire() && chooser.pick(2) == 1}}; break;
            default: type = "campaign.invite"; body = {{"role", "observer"}}; break;
        }
        chooser.take_log();
        auto d = t.run(who, type, body, dice, supplied("CODE" + std::to_string(step), ""));
        if (!std::holds_alternative<std::vector<Event>>(d)) continue;
        for (auto e : std::get<std::vector<Event>>(d)) {
            std::vector<json> before;
            for (const auto& v : viewers) before.push_back(view(t.state, v));
            e.seq = t.state.seq + 1;
            e.at = e.seq;
            apply(t.state, e);
            bool alike = false;
            const auto first = view_patch(t.state, e, viewers[0], &alike);
            alike ? ++alike_events : ++apart_events;
            for (std::size_t i = 0; i < 3; ++i) {
                auto patch = view_patch(t.state, e, viewers[i]);
                if (!patch) continue;
                ++incremental;
                INFO("step " << step << " event " << e.type << " viewer " << viewers[i].name);
                REQUIRE(before[i].patch(*patch) == view(t.state, viewers[i]));
                // What view_patch calls alike, a server gives every viewer: it must be every viewer's own.
                if (alike) REQUIRE(*patch == *first);
            }
        }
    }
    CHECK(incremental > 1500);
    CHECK(alike_events > 400);  // chat, public notices, open rolls
    CHECK(apart_events > 50);   // private notices, blind rolls, invites
    CHECK(t.state.chat.size() == chat_kept);  // the windows filled and evicted
    CHECK(t.state.rolls.size() == rolls_kept);
    CHECK(t.state.blind_rolls_made > 10);
}

TEST_CASE("every event's dice records move their own stream's counter, a battle's too", "[campaign][dice]") {
    Table t;
    Event e = make_event("test.rolled", t.umpire, json::object());  // any event: counting is by the records
    e.dice = json::array({{{"stream", "battle:3"}, {"counter", 5}, {"sides", 6}, {"value", 2}},
                          {{"stream", "battle:3"}, {"counter", 6}, {"sides", 6}, {"value", 4}},
                          {{"sides", 6}, {"value", 6}, {"umpire", true}}});  // an umpire's own face: no stream
    t.commit({e});
    CHECK(t.state.dice_counters == std::map<std::string, std::int64_t>{{"battle:3", 7}});
}
