#pragma once
// A generated campaign year (test_year_property.cpp): 20 colonels, their objectives, the initial auction, and months
// of random legal diaries, standing orders, leave, losses and undos. The snapshot test (test_snapshot.cpp) plays the
// same year for its log.
#include "test_year_table.h"

#include <set>

namespace year_test {

struct Game {
    YearTable t;
    SequenceDice chooser{20240229};
    SequenceDice dice{1745};
    std::vector<Viewer> players;
    // Whether each event's view patches are checked as the server makes them (YearTable::commit_patched); the
    // snapshot test (test_snapshot.cpp) wants the log alone.
    bool patched = true;

    Game() {
        players = {t.bob, t.carol, t.dave};
        for (std::int64_t user = 8; players.size() < 20; ++user) {
            Viewer v{user, "player" + std::to_string(user), Role::player};
            t.join(v, "player");
            players.push_back(v);
        }
    }

    std::uint64_t pick(std::uint64_t n) { return chooser.pick(n); }

    // Runs a command with the game's dice; commits it when accepted. Returns the error code, or "".
    std::string run(const Viewer& who, const std::string& type, json body) {
        auto d = t.run(who, type, std::move(body), dice);
        if (auto* e = std::get_if<Error>(&d)) {
            dice.take_log();
            return e->code;
        }
        commit_patched(std::get<std::vector<Event>>(d));
        return "";
    }

    void commit_patched(const std::vector<Event>& events) {
        if (!patched) return t.commit(events);
        t.commit_patched(events, {t.umpire, players[0], players[7], players[19], t.observer});
    }

    void must(const Viewer& who, const std::string& type, json body) {
        auto code = run(who, type, body);
        INFO(type << " " << body.dump());
        REQUIRE(code == "");
    }

    const year::Colonel& colonel(const Viewer& v) { return t.state.year.colonels.at(v.user); }

    json random_diary(const Viewer& v) {
        static const char* activities[] = {"supervise", "socialise", "business", "politics"};
        const auto& c = colonel(v);
        json d = {{"activity", activities[pick(4)]}, {"text", "Month " + std::to_string(t.state.year.calendar.turn) +
                                                                  " by " + v.name}};
        if (pick(6) == 0) d["publish"] = true;
        std::vector<std::string> ordered;
        if (c.regiment) {
            static const char* pays[] = {"pay", "arrears", "pay_arrears"};
            json o = {{"drill", pick(2) == 0},
                      {"musketry", pick(3) == 0},
                      {"manoeuvres", pick(4) == 0},
                      {"maintained", 5 + static_cast<int>(pick(6))},
                      {"declared", 5 + static_cast<int>(pick(6))},
                      {"pay", pays[pick(3)]}};
            for (const char* k : {"drill", "musketry", "manoeuvres"})
                if (o[k].get<bool>()) ordered.push_back(k);
            d["orders"] = o;
        }
        if (d["activity"] == "supervise") {
            if (ordered.empty()) d["activity"] = "socialise";
            else d["supervise"] = ordered[pick(ordered.size())];
        }
        return d;
    }

    void submit_diary(const Viewer& v) {
        json d = random_diary(v);
        auto code = run(v, "diary.submit", d);
        if (code == "cannot_afford") {
            // Cheaper orders: no improvements, the men left in arrears.
            d["activity"] = "business";
            d.erase("supervise");
            if (d.contains("orders")) {
                d["orders"]["drill"] = d["orders"]["musketry"] = d["orders"]["manoeuvres"] = false;
                d["orders"]["pay"] = "arrears";
            }
            code = run(v, "diary.submit", d);
        }
        INFO(v.name << " " << d.dump());
        REQUIRE(code == "");
    }

    void check_month(int turn, const std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>>& before) {
        static const std::set<std::string> income = {"government_pay", "allowance", "business"};
        static const std::set<std::string> costs = {"recruiting", "wages", "back_pay", "drill", "musketry", "manoeuvres"};
        static const std::set<std::string> pip_items = {"socialise", "politics", "lone_absentee"};
        for (const auto& v : players) {
            const auto& c = colonel(v);
            INFO("month " << turn << " colonel " << c.name);
            REQUIRE(c.reports.count(turn) == 1);
            const json& r = c.reports.at(turn);
            const auto [fortune_before, pip_before] = before.at(v.user);
            std::int64_t money = 0, pip = 0;
            for (const auto& line : r["money"]) {
                const auto item = line["item"].get<std::string>();
                const auto amount = line["amount"].get<std::int64_t>();
                CHECK(((income.count(item) && amount >= 0) || (costs.count(item) && amount <= 0)));
                money += amount;
            }
            for (const auto& line : r["pip"]) {
                CHECK(pip_items.count(line["item"].get<std::string>()) == 1);
                pip += line["amount"].get<std::int64_t>();
            }
            CHECK(c.fortune - fortune_before == money);
            CHECK(r["fortune"]["before"] == fortune_before);
            CHECK(r["fortune"]["after"] == c.fortune);
            CHECK(c.pip - pip_before == pip);
            CHECK(c.fortune >= 0);
            CHECK(c.pip >= 0);
            if (c.regiment) {
                for (int a : {c.regiment->drill, c.regiment->musketry, c.regiment->effectiveness}) {
                    CHECK(a >= 1);
                    CHECK(a <= 6);
                }
                CHECK(c.regiment->arrears >= 0);
            }
        }
    }

    void check_replay() {
        CampaignState replayed;
        for (const auto& e : t.log) campaign::apply(replayed, e);
        for (const auto& v : {t.umpire, players[0], players[7], players[19], t.observer})
            REQUIRE(view(replayed, v) == view(t.state, v));
        CHECK(replayed.dice_counters == t.state.dice_counters);
    }

    // The set-up: each colonel and his objective, the initial auction of regiments 3 to 20 with a few random bids
    // each, the year's start, and a regiment bought by those left without one.
    void setup() {
        static const char* kinds[] = {"glory", "prestige", "wealth", "smartest", "duty"};
        for (const auto& v : players) {
            must(v, "colonel.create", {{"name", "Colonel " + v.name}, {"pip", static_cast<int>(pick(101))}});
            must(v, "objective.choose", {{"kind", kinds[pick(5)]}});
        }
        // The initial auction: regiments 3 to 20, a few bidders each.
        for (int regiment = 3; regiment <= 20; ++regiment) {
            must(t.umpire, "auction.open", {{"regiment", regiment}});
            std::int64_t high = 0;
            for (int bid = 0; bid < 6; ++bid) {
                const auto& v = players[pick(players.size())];
                const auto& c = colonel(v);
                const std::int64_t amount = high + 1 + static_cast<std::int64_t>(pick(150));
                auto code = run(v, "auction.bid", {{"amount", amount}});
                if (c.regiment || amount > c.fortune) CHECK(code != "");
                else if (code == "") high = amount;
            }
            must(t.umpire, "auction.close", json::object());
        }
        must(t.umpire, "year.start", {{"year", "174-"}, {"month", 1}});
        // Those left without a regiment buy one at the initial auction's lowest price, while any is left.
        for (const auto& v : players) {
            const auto& c = colonel(v);
            if (c.regiment) continue;
            for (int regiment = 3; regiment <= 20; ++regiment)
                if (!t.state.year.colonel_of_regiment(regiment) && run(v, "regiment.buy", {{"regiment", regiment}}) == "")
                    break;
        }
    }

    // One month of random play: the umpire's away and losses now and then, standing orders and leave, the diaries
    // (most colonels write one), the resolution and its checks, and now and then its undo and resolution again.
    // Returns whether it was undone.
    bool play_month(int month) {
        bool undone = false;
        const int turn = t.state.year.calendar.turn;
        REQUIRE(turn == month);
        if (pick(8) == 0) {
            static const json away[] = {"expedition", "sea", nullptr, nullptr};
            must(t.umpire, "colonel.away", {{"colonel", players[pick(20)].user}, {"away", away[pick(4)]}});
        }
        if (pick(15) == 0) {
            const auto& v = players[pick(20)];
            if (colonel(v).regiment)
                must(t.umpire, "regiment.losses", {{"colonel", v.user}, {"companies", static_cast<int>(pick(11))},
                                                        {"reason", "Disease in quarters"}});
        }
        // Played by post: standing orders and leave, each refused or not by the rules as they stand.
        if (pick(4) == 0) {
            const auto& v = players[pick(20)];
            const auto code = run(v, "diary.standing", random_diary(v));
            CHECK((code == "" || code == "cannot_afford"));
        }
        if (pick(5) == 0) {
            const auto& v = players[pick(20)];
            const auto code = run(v, "leave.declare", {{"from", turn + static_cast<int>(pick(3))}, {"months", 1 + static_cast<int>(pick(2))}});
            CHECK((code == "" || code == "conflict"));
        }
        for (const auto& v : players)
            if (pick(100) < 85) submit_diary(v);

        std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> before;
        for (const auto& v : players) before[v.user] = {colonel(v).fortune, colonel(v).pip};
        must(t.umpire, "month.resolve", json::object());
        check_month(turn, before);
        if (pick(10) == 0) {
            // The umpire undoes the month and resolves it again (the dice go on).
            must(t.umpire, "month.undo", json::object());
            undone = true;
            for (const auto& v : players) {
                CHECK(colonel(v).fortune == before[v.user].first);
                CHECK(colonel(v).reports.count(turn) == 0);
            }
            must(t.umpire, "month.resolve", json::object());
            check_month(turn, before);
        }
        return undone;
    }
};

}  // namespace year_test
