// A generated campaign year (a property test): 20 colonels play 36 months of random legal diaries.
// Money is conserved (every change of fortune is income, pay, a cost or an activity, and the month report
// lists it), attributes stay in 1..6, and replaying the event log gives the same views as the live state.
#include "test_year_table.h"

#include <set>

using namespace year_test;

namespace {

struct Game {
    YearTable t;
    SequenceDice chooser{20240229};
    SequenceDice dice{1745};
    std::vector<Viewer> players;

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
        for (const auto& e : t.log) apply(replayed, e);
        for (const auto& v : {t.umpire, players[0], players[7], players[19], t.observer})
            REQUIRE(view(replayed, v) == view(t.state, v));
        CHECK(replayed.dice_counters == t.state.dice_counters);
    }
};

}  // namespace

TEST_CASE("property: 20 colonels, 36 months of random diaries: money conserved, replay exact", "[year][property]") {
    Game g;
    static const char* kinds[] = {"glory", "prestige", "wealth", "smartest", "duty"};
    for (const auto& v : g.players) {
        g.must(v, "colonel.create", {{"name", "Colonel " + v.name}, {"pip", static_cast<int>(g.pick(101))}});
        g.must(v, "objective.choose", {{"kind", kinds[g.pick(5)]}});
    }
    // The initial auction: regiments 3 to 20, a few bidders each.
    for (int regiment = 3; regiment <= 20; ++regiment) {
        g.must(g.t.umpire, "auction.open", {{"regiment", regiment}});
        std::int64_t high = 0;
        for (int bid = 0; bid < 6; ++bid) {
            const auto& v = g.players[g.pick(g.players.size())];
            const auto& c = g.colonel(v);
            const std::int64_t amount = high + 1 + static_cast<std::int64_t>(g.pick(150));
            auto code = g.run(v, "auction.bid", {{"amount", amount}});
            if (c.regiment || amount > c.fortune) CHECK(code != "");
            else if (code == "") high = amount;
        }
        g.must(g.t.umpire, "auction.close", json::object());
    }
    g.must(g.t.umpire, "year.start", {{"year", "174-"}, {"month", 1}});
    // Those left without a regiment buy one at the initial auction's lowest price, while any is left.
    for (const auto& v : g.players) {
        const auto& c = g.colonel(v);
        if (c.regiment) continue;
        for (int regiment = 3; regiment <= 20; ++regiment)
            if (!g.t.state.year.colonel_of_regiment(regiment) && g.run(v, "regiment.buy", {{"regiment", regiment}}) == "")
                break;
    }

    int undos = 0;
    for (int month = 1; month <= 36; ++month) {
        const int turn = g.t.state.year.calendar.turn;
        REQUIRE(turn == month);
        if (g.pick(8) == 0) {
            static const json away[] = {"expedition", "sea", nullptr, nullptr};
            g.must(g.t.umpire, "colonel.away", {{"colonel", g.players[g.pick(20)].user}, {"away", away[g.pick(4)]}});
        }
        if (g.pick(15) == 0) {
            const auto& v = g.players[g.pick(20)];
            if (g.colonel(v).regiment)
                g.must(g.t.umpire, "regiment.losses", {{"colonel", v.user}, {"companies", static_cast<int>(g.pick(11))},
                                                        {"reason", "Disease in quarters"}});
        }
        // Played by post: standing orders and leave, each refused or not by the rules as they stand.
        if (g.pick(4) == 0) {
            const auto& v = g.players[g.pick(20)];
            const auto code = g.run(v, "diary.standing", g.random_diary(v));
            CHECK((code == "" || code == "cannot_afford"));
        }
        if (g.pick(5) == 0) {
            const auto& v = g.players[g.pick(20)];
            const auto code = g.run(v, "leave.declare", {{"from", turn + static_cast<int>(g.pick(3))}, {"months", 1 + static_cast<int>(g.pick(2))}});
            CHECK((code == "" || code == "conflict"));
        }
        for (const auto& v : g.players)
            if (g.pick(100) < 85) g.submit_diary(v);

        std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> before;
        for (const auto& v : g.players) before[v.user] = {g.colonel(v).fortune, g.colonel(v).pip};
        g.must(g.t.umpire, "month.resolve", json::object());
        g.check_month(turn, before);
        if (g.pick(10) == 0) {
            // The umpire undoes the month and resolves it again (the dice go on).
            g.must(g.t.umpire, "month.undo", json::object());
            ++undos;
            for (const auto& v : g.players) {
                CHECK(g.colonel(v).fortune == before[v.user].first);
                CHECK(g.colonel(v).reports.count(turn) == 0);
            }
            g.must(g.t.umpire, "month.resolve", json::object());
            g.check_month(turn, before);
        }
        if (month % 12 == 0) g.check_replay();
    }
    CHECK(undos > 0);
    // Something happened: money moved, attributes changed, arrears were run up.
    int improved = 0, in_arrears = 0, published = 0;
    for (const auto& v : g.players) {
        const auto& c = g.colonel(v);
        CHECK(c.history.size() == 37);
        if (c.regiment && (c.regiment->drill > 1 || c.regiment->musketry > 1 || c.regiment->effectiveness > 1)) ++improved;
        if (c.regiment && c.regiment->arrears > 0) ++in_arrears;
        for (const auto& [turn, d] : c.diaries) published += d.publish ? 1 : 0;
    }
    CHECK(improved > 0);
    CHECK(in_arrears > 0);
    CHECK(published > 0);
    // The live view holds the current month and the three before it (year::months_in_view); the whole view,
    // the chronicle's, every month.
    const json live = view(g.t.state, g.t.umpire), whole = view(g.t.state, g.t.umpire, true);
    for (const auto& v : g.players) {
        const auto& reports = live["year"]["colonels"][std::to_string(v.user)]["reports"];
        CHECK(reports.size() == 3);
        CHECK(reports.contains("34"));
        CHECK(whole["year"]["colonels"][std::to_string(v.user)]["reports"].size() == 36);
    }
    CHECK(live["year"]["months_from"] == 34);
    CHECK(whole["year"]["months_from"].is_null());
    for (const auto& [id, g] : live["year"]["gazette"].items()) CHECK(g["turn"].get<int>() >= 34);
    INFO("the umpire's view after 36 months: " << live.dump().size() << " bytes live, " << whole.dump().size() << " whole");
    CHECK(live.dump().size() * 3 < whole.dump().size());
}
