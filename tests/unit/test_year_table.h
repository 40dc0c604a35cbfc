#pragma once
// A campaign table for the year's tests (tests/unit/test_year*.cpp): an umpire, three players and an
// observer, a clock, scripted dice, and the log of every committed event for replay.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "shared/campaign/campaign.h"
#include "shared/campaign/view_parts.h"
#include "shared/campaign/view_patches.h"

namespace year_test {

using namespace muster;
using namespace muster::campaign;
using nlohmann::json;

// Dice for generated games: a fixed-seed sequence so a failure repeats exactly.
class SequenceDice : public Dice {
public:
    explicit SequenceDice(std::uint64_t seed) : next_(seed) {}
    int roll(int sides) override {
        next_ = next_ * 6364136223846793005ULL + 1442695040888963407ULL;
        int value = static_cast<int>((next_ >> 33) % static_cast<std::uint64_t>(sides)) + 1;
        log_.push_back({{"sides", sides}, {"value", value}});
        return value;
    }
    std::uint64_t pick(std::uint64_t n) {
        auto v = static_cast<std::uint64_t>(roll(1000000)) % n;
        take_log();
        return v;
    }

private:
    std::uint64_t next_;
};

inline json orders(bool drill, bool musketry, bool manoeuvres, int maintained = 10, int declared = 10,
                   const std::string& pay = "pay") {
    return {{"drill", drill},           {"musketry", musketry}, {"manoeuvres", manoeuvres},
            {"maintained", maintained}, {"declared", declared}, {"pay", pay}};
}

inline json diary(const std::string& activity, json orders_json = nullptr, const std::string& supervise = "",
                  const std::string& text = "") {
    json d = {{"activity", activity}, {"text", text}};
    if (!orders_json.is_null()) d["orders"] = std::move(orders_json);
    if (!supervise.empty()) d["supervise"] = supervise;
    return d;
}

struct YearTable {
    CampaignState state;
    std::vector<Event> log;
    std::int64_t now = 1'700'000'000'000;
    Viewer umpire{1, "alice", Role::umpire};
    Viewer bob{2, "bob", Role::player};
    Viewer carol{3, "carol", Role::player};
    Viewer dave{4, "dave", Role::player};
    Viewer observer{5, "erin", Role::observer};
    Viewer stranger{6, "frank", Role::none};
    // The world's calendar, as the server supplies it (Supplied::next_weekly); none unless a test sets it.
    std::function<std::optional<std::int64_t>(const std::string&, int, int, std::int64_t)> next_weekly;
    // Each battle's own seed and the campaign's, as the server supplies them; none unless a test sets them.
    std::function<std::string(std::int64_t)> battle_seed_sha256, battle_seed_hex;
    std::string seed_hex;
    campaign::ViewPatcher patcher;  // commit_patched's

    YearTable() {
        commit({created_event(7, "Flanders 174-", umpire, std::string(64, 'a'))});
        join(bob, "player");
        join(carol, "player");
        join(dave, "player");
        join(observer, "observer");
    }

    std::vector<Viewer> everyone() const { return {umpire, bob, carol, dave, observer}; }

    void commit(std::vector<Event> events) {
        for (auto& e : events) {
            e.seq = state.seq + 1;
            e.at = now;
            campaign::apply(state, e);
            log.push_back(e);
        }
    }

    // Stamps and commits the events as the server does (campaign::ViewPatcher, the hub's path) and gives each
    // viewer's patch: his view before them, patched, is to be his view after them.
    std::vector<json> patch_through(std::vector<Event> events, const std::vector<Viewer>& viewers,
                                    campaign::ViewPatcher& by) {
        for (std::size_t i = 0; i < events.size(); ++i) {
            events[i].seq = state.seq + 1 + static_cast<std::int64_t>(i);
            events[i].at = now;
        }
        auto pieces = by.apply(state, events, viewers);
        log.insert(log.end(), events.begin(), events.end());
        std::vector<json> patches;
        for (auto& p : pieces) {
            std::erase_if(p, [](const auto& piece) { return piece->empty(); });
            patches.push_back(p.empty() ? json::array() : *campaign::joined(p));
        }
        return patches;
    }

    // Commits the events through patch_through and requires each viewer's patch to give his fresh view.
    void commit_patched(std::vector<Event> events, const std::vector<Viewer>& viewers) {
        std::vector<nlohmann::json> before;
        for (const auto& v : viewers) before.push_back(view(state, v));
        const std::string type = events.front().type;
        const auto patches = patch_through(std::move(events), viewers, patcher);
        for (std::size_t i = 0; i < viewers.size(); ++i) {
            INFO(type << " seen by " << viewers[i].name << ": " << patches[i].dump().substr(0, 400));
            REQUIRE(before[i].patch(patches[i]) == view(state, viewers[i]));
        }
    }

    // A battle command says the turn (and battle.step the step) its sender saw; the tests that are not about
    // stale commands send what the sender's view shows.
    void add_moment(const Viewer& v, const std::string& type, json& body) {
        static const char* const moment[] = {"card.play", "card.withdraw", "battle.submit", "battle.withdraw",
                                             "battle.close_turn", "battle.step", "talk.say", "battle.act"};
        if (std::find(std::begin(moment), std::end(moment), type) == std::end(moment)) return;
        if (!body.is_object() || !body.contains("battle") || !body["battle"].is_number_integer()) return;
        const json seen = view(state, v)["battles"].value(std::to_string(body["battle"].get<std::int64_t>()), json());
        if (!seen.is_object()) return;
        if (!body.contains("turn") && seen.contains("turn")) body["turn"] = seen["turn"];
        if (type == "battle.step" && !body.contains("step") && seen.contains("next_step")) body["step"] = seen["next_step"];
    }

    Decision run(const Viewer& who, std::string type, json body, Dice& dice) {
        Viewer v = who;
        if (v.user != 0) v.role = state.role_of(who.user);
        add_moment(v, type, body);
        Supplied supplied;
        supplied.now = now;
        supplied.next_weekly = next_weekly;
        supplied.battle_seed_sha256 = battle_seed_sha256;
        supplied.battle_seed_hex = battle_seed_hex;
        supplied.seed_hex = seed_hex;
        supplied.nonce = static_cast<std::uint64_t>(state.seq) * 7919u + 1;
        supplied.invite_code = "CODE" + std::to_string(state.seq);
        return campaign::decide(state, Command{std::move(type), std::move(body)}, v, dice, supplied);
    }

    // Runs a command that must succeed, with exactly these dice, and commits it.
    std::vector<Event> ok(const Viewer& who, std::string type, json body, std::vector<int> script = {}) {
        ScriptedDice dice(std::move(script));
        auto d = run(who, type, std::move(body), dice);
        if (auto* e = std::get_if<Error>(&d)) FAIL(type << " refused: " << e->code << ": " << e->message);
        CHECK(dice.remaining() == 0);
        auto events = std::get<std::vector<Event>>(d);
        commit(events);
        return events;
    }

    // Runs a command that must be refused; checks that nobody's view changed. Returns the error code.
    std::string error(const Viewer& who, std::string type, json body, std::string* message = nullptr) {
        std::vector<std::string> before;
        for (const auto& v : everyone()) before.push_back(view(state, v).dump());
        ScriptedDice dice({6, 6, 6, 6, 6, 6});
        auto d = run(who, type, std::move(body), dice);
        REQUIRE(std::holds_alternative<Error>(d));
        auto all = everyone();
        for (std::size_t i = 0; i < all.size(); ++i) CHECK(view(state, all[i]).dump() == before[i]);
        const auto& e = std::get<Error>(d);
        CHECK_FALSE(e.message.empty());
        if (message) *message = e.message;
        return e.code;
    }

    void join(const Viewer& who, const std::string& role) {
        auto code = "CODE" + std::to_string(state.seq);
        ok(umpire, "campaign.invite", {{"role", role}});
        ok(who, "campaign.join", {{"code", code}});
    }

    // The colonel as the umpire sees it (everything).
    json sheet(const Viewer& who) { return view(state, umpire)["year"]["colonels"][std::to_string(who.user)]; }
    json year_view(const Viewer& who) { return view(state, who)["year"]; }

    void create(const Viewer& who, const std::string& name, int pip) {
        ok(who, "colonel.create", {{"name", name}, {"pip", pip}});
    }

    void auction(int regiment, const Viewer& who, std::int64_t price) {
        ok(umpire, "auction.open", {{"regiment", regiment}});
        ok(who, "auction.bid", {{"amount", price}});
        ok(umpire, "auction.close", json::object());
    }

    // Bob alone has a regiment (the 7th, bought for £300 out of £700: £400 left); Carol (Dartington) has 50 PIP
    // and £500, Dave (Wolfe) no PIP and £1000. The year starts in March 174-.
    void ready_one() {
        create(bob, "Kemp", 30);
        create(carol, "Dartington", 50);
        create(dave, "Wolfe", 0);
        auction(7, bob, 300);
        ok(umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    }

    // Bob (Colonel Kemp, 30 PIP, the 7th at £300: £400 left), Carol (Colonel Dartington, 50 PIP, the 12th
    // at £200: £300 left), Dave (Colonel Wolfe, no PIP, £1000, no regiment); the year starts in March 174-.
    void ready() {
        create(bob, "Kemp", 30);
        create(carol, "Dartington", 50);
        create(dave, "Wolfe", 0);
        auction(7, bob, 300);
        auction(12, carol, 200);
        ok(umpire, "year.start", {{"year", "174-"}, {"month", 3}});
    }
};

// The sum of a report's money lines.
inline std::int64_t sum_amounts(const json& lines) {
    std::int64_t total = 0;
    for (const auto& l : lines) total += l.at("amount").get<std::int64_t>();
    return total;
}

// A colonel's report of a month, as he is shown it.
inline json month_report(YearTable& t, const Viewer& who, int turn) { return t.sheet(who)["reports"][std::to_string(turn)]; }

}  // namespace year_test
