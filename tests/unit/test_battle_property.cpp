// Random play of battles, for every rule set: hundreds of seeds of random legal and illegal commands from
// the umpire, both sides and an observer, with a canary string in every secret field. After every command:
// a refused one changed no view; no viewer's view holds a canary he may not see. At the end the log replays
// to the same state and views. MUSTER_PROPERTY_SEEDS sets the number of seeds (the suite runs a short run).
// A book joins by adding its id and its fixture (the set-up, a player's random command, its overrides and
// any checks of its own fields) to fixtures() below; a book's fixture lives in battle_property_<id>.h.
#include <cstdlib>
#include <functional>
#include <set>

#include "battle_property.h"
#include "rulesets/cmwd/battle_property_cmwd.h"
#include "rulesets/lfas/battle_property_lfas.h"
#include "rulesets/reivers/battle_property_reivers.h"
#include "shared/battle/registry.h"
#include "shared/campaign/notices.h"

using namespace year_test;

namespace {

json oth_create(YearTable& t) {
    json units = json::array();
    auto unit = [&](const char* side, std::int64_t owner, std::string name, double x, double y, bool hidden) {
        units.push_back({{"side", side}, {"owner", owner}, {"name", name}, {"position", {x, y}}, {"facing", side[0] == 'a' ? 0 : 180},
                         {"concealed", hidden}, {"values", {{"drill", 3}, {"musketry", 3}, {"effectiveness", 3}, {"note", "VALUE-" + name}}}});
    };
    unit("a", t.bob.user, "Bobs Foot", 40, 40, false);
    unit("a", t.carol.user, "Carols Foot", 80, 40, false);
    unit("a", 0, "HIDDEN-A-1", 120, 45, true);
    unit("b", t.dave.user, "Daves Clan", 60, 70, false);
    unit("b", 0, "HIDDEN-B-1", 100, 75, true);
    unit("b", t.dave.user, "HIDDEN-B-2", 20, 80, true);
    json leaders = {{{"side", "a"}, {"user", t.bob.user}, {"name", "Kemp"}, {"position", {40, 41}}},
                    {{"side", "a"}, {"user", t.carol.user}, {"name", "Dartington"}, {"position", {80, 41}}},
                    {{"side", "b"}, {"user", t.dave.user}, {"name", "HIDDEN-LEADER-B"}, {"position", {20, 81}}, {"concealed", true}}};
    json terrain = {{{"kind", "wood"}, {"name", "TERRAIN-A-ONLY"}, {"shape", "circle"}, {"centre", {150, 20}}, {"radius", 8}, {"known_to", {"a"}}},
                    {{"kind", "hill"}, {"name", "Open Hill"}, {"shape", "circle"}, {"centre", {10, 10}}, {"radius", 5}}};
    return {{"name", "Random Moor"},
            {"ruleset", "oth"},
            {"table", {{"width", 180}, {"depth", 120}, {"measure", "cm"}}},
            {"sides", {{{"id", "a"}, {"name", "Blue"}}, {{"id", "b"}, {"name", "Red"}}}},
            {"units", units},
            {"leaders", leaders},
            {"terrain", terrain}};
}

Command oth_item(SequenceDice& r, const json& b) {
    static const char* const cards[] = {"talk", "inspire", "engage", "move", "order.fire", "order.advance",
                                        "order.charge", "order.run_away", "order.retreat", "no_action", "nonsense"};
    json body = {{"card", cards[r.pick(11)]}};
    json units = json::array();
    for (const auto& u : b["units"]) units.push_back(u["id"]);
    units.push_back(r.pick(2) ? json(2) : json(999));
    body["unit"] = units[r.pick(units.size())];
    json leaders = json::array();
    for (const auto& l : b["leaders"]) leaders.push_back(l["id"]);
    leaders.push_back(3);
    body["leader"] = leaders[r.pick(leaders.size())];
    body["to"] = {static_cast<double>(r.pick(200)), static_cast<double>(r.pick(130))};
    return Command{r.pick(8) == 0 ? "card.withdraw" : "card.play", body};
}

const std::map<std::string, Fixture>& fixtures() {
    static const std::map<std::string, Fixture> all = {
        {"oth", {oth_create, oth_item, {"reveal", "conceal", "tp", "leader", "move", "order", "nonsense"}, {}, {180, 120}, {}}},
        {"reivers", reivers_fixture()},
        {"cmwd", cmwd_fixture()},
        {"lfas", lfas_fixture()},
    };
    return all;
}

bool may_see(const Canary& c, const Viewer& v, const json& view_of_battle) {
    if (v.is_umpire()) return true;
    if (c.user_a && (v.user == c.user_a || v.user == c.user_b)) return true;
    return !c.side.empty() && view_of_battle.value("viewer_side", "") == c.side;
}

struct Run {
    YearTable t;
    SequenceDice r;
    const Fixture& fx;
    std::vector<Canary> canaries;
    int reason_n = 0;

    Run(std::uint64_t seed, const Fixture& f) : r(seed), fx(f) {}

    json umpire_battle() { return battle_of(t, t.umpire); }

    // A random command: mostly legal, often stale, sometimes malformed.
    std::pair<Viewer, Command> next() {
        const json b = umpire_battle();
        const int turn = b.value("turn", 0);
        json body = {{"battle", 1}, {"turn", r.pick(6) == 0 ? turn + 1 : turn}};
        switch (r.pick(9)) {
            case 0: case 1: case 2: {
                Viewer who = r.pick(3) == 0 ? t.bob : r.pick(2) ? t.carol : t.dave;
                // Mostly a player whose view says he may act now (a book that takes turns says so in its hints).
                for (const Viewer& p : {t.bob, t.carol, t.dave})
                    if (battle_of(t, p)["hints"].value("may_act", false) && r.pick(3) != 0) who = p;
                if (r.pick(10) == 0) who = t.observer;
                Command c = fx.item(r, battle_of(t, who));
                c.body.merge_patch(body);
                return {who, c};
            }
            case 3: return {t.umpire, Command{"battle.close_turn", body}};
            case 4: {
                Viewer who = r.pick(2) ? t.bob : t.carol;
                std::string text = "TALK-" + std::to_string(r.pick(1000000));
                body["to"] = who.user == t.bob.user ? t.carol.user : t.bob.user;
                body["text"] = text;
                canaries.push_back({text, "", who.user, body["to"].get<std::int64_t>(), 0});
                return {who, Command{"talk.say", body}};
            }
            case 5: case 6: {
                json units = b["units"];
                const json& u = units[r.pick(units.size())];
                std::string reason = "REASON-" + std::to_string(++reason_n) + "-X";
                body["what"] = fx.overrides[r.pick(fx.overrides.size())];
                body["reason"] = reason;
                body["value"] = static_cast<int>(r.pick(10));
                body["fate"] = "wounded";
                body["position"] = {static_cast<double>(r.pick(fx.table[0])), static_cast<double>(r.pick(fx.table[1]))};
                if (fx.override_extra) fx.override_extra(r, b, body);
                if (body["what"] == "leader" || body["what"] == "fate" || body["what"] == "act" ||
                    (body["what"] == "reveal" && r.pick(3) == 0)) {
                    const json& l = b["leaders"][r.pick(b["leaders"].size())];
                    body["leader"] = l["id"];
                    canaries.push_back({reason, l["concealed"] == true ? l["side"].get<std::string>() : "*", 0, 0, 0});
                } else {
                    body["unit"] = u["id"];
                    canaries.push_back({reason, u["concealed"] == true ? u["side"].get<std::string>() : "*", 0, 0, 0});
                }
                if (r.pick(3) == 0) body.erase("turn");
                return {t.umpire, Command{"battle.override", body}};
            }
            case 7: {
                body["step"] = r.pick(5) == 0 ? json("nonsense") : b["next_step"];
                return {r.pick(8) == 0 ? t.bob : t.umpire, Command{"battle.step", body}};
            }
            default: {
                if (r.pick(15) == 0) return {t.umpire, Command{"battle.end", {{"battle", 1}}}};
                return {t.observer, Command{"card.play", {{"battle", 1}, {"card", "no_action"}, {"turn", turn}}}};
            }
        }
    }

    void check_canaries() {
        const json ub = umpire_battle();
        std::set<std::int64_t> hidden;
        for (const auto& u : ub["units"])
            if (u["concealed"] == true) hidden.insert(u["id"].get<std::int64_t>());
        for (const auto& l : ub["leaders"])
            if (l["concealed"] == true) hidden.insert(-l["id"].get<std::int64_t>());
        for (auto& c : canaries)
            if (c.piece && !hidden.count(c.piece)) c.piece = 0, c.side = "*";  // revealed: public now
        // A herd an enemy takes goes over to his side (shared/rulesets/reivers/combat.cpp, take_herds).
        for (auto& c : canaries)
            for (const auto& u : ub["units"])
                if (c.unit && u["id"] == c.unit) c.side = u["side"].get<std::string>();
        for (const auto& v : t.everyone()) {
            const json full = view(t.state, v);
            const std::string text = full.dump();
            const json& b = full["battles"].value("1", json::object());
            for (const auto& c : canaries) {
                if (c.side == "*" || may_see(c, v, b)) continue;
                INFO("viewer " << v.name << " sees " << c.text);
                CHECK(text.find(c.text) == std::string::npos);
            }
            if (v.is_umpire()) continue;
            // A concealed leader's person is in no list the other side gets.
            for (const auto& l : ub["leaders"])
                if (l["concealed"] == true && b.value("viewer_side", "") != l["side"]) {
                    for (const auto& p : b["players"]) CHECK(p != l["user"]);
                    for (const auto& [name, box] : b["boxes"].items())
                        for (const auto& s : box["submitted"]) CHECK(s != l["user"]);
                }
            // Sealed items are the submitter's (and umpires') until the box is revealed.
            for (const auto& [name, box] : b["boxes"].items())
                if (box["revealed"] == false)
                    for (const auto& it : box["items"]) CHECK(it["user"] == v.user);
            if (fx.check) fx.check(ub, v, b);
        }
    }

    // What a command tells people by e-mail, webhook and the page's list (shared/campaign/notices.h) holds no canary
    // its recipient may not see; the webhook's is read as an observer reads.
    void check_notices(const std::vector<Notice>& told) {
        for (const auto& n : told) {
            Viewer v = t.observer;
            for (const auto& w : t.everyone())
                if (n.user != 0 && w.user == n.user) v = w;
            if (v.is_umpire()) continue;
            const json b = view(t.state, v)["battles"].value("1", json::object());
            for (const auto& c : canaries) {
                if (c.side == "*" || may_see(c, v, b)) continue;
                INFO("notice to " << v.name << ": " << n.text);
                CHECK(n.text.find(c.text) == std::string::npos);
            }
        }
    }

    void setup() {
        t.ready();
        t.ok(t.umpire, "battle.create", fx.create(t));
        const json b = umpire_battle();
        for (const auto& u : b["units"]) {
            const std::string side = u["side"];
            canaries.push_back({"VALUE-" + u["name"].get<std::string>(), side, 0, 0, 0, u["id"].get<std::int64_t>()});
            if (u["concealed"] == true) {
                canaries.push_back({u["name"].get<std::string>(), side, 0, 0, u["id"].get<std::int64_t>()});
                canaries.push_back({std::to_string(u["id"].get<std::int64_t>()), side, 0, 0, u["id"].get<std::int64_t>()});
            }
        }
        for (const auto& l : b["leaders"])
            if (l["concealed"] == true)
                canaries.push_back({l["name"].get<std::string>(), l["side"].get<std::string>(), 0, 0, -l["id"].get<std::int64_t>()});
        canaries.push_back({"TERRAIN-A-ONLY", "a", 0, 0, 0});
        if (r.pick(2)) t.ok(t.umpire, "battle.settings", {{"battle", 1}, {"settings", {{"auto_run", false}}}});
        // The start may roll (Border Reivers: the terrain of a side with local knowledge).
        auto started = t.run(t.umpire, "battle.start", {{"battle", 1}}, r);
        r.take_log();
        REQUIRE(std::holds_alternative<std::vector<Event>>(started));
        t.commit(std::get<std::vector<Event>>(started));
    }

    void play(int commands) {
        for (int i = 0; i < commands; ++i) {
            auto [who, command] = next();
            const auto needs = needs_of_members(t.state);
            std::vector<std::string> before;
            for (const auto& v : t.everyone()) before.push_back(view(t.state, v).dump());
            auto d = t.run(who, command.type, command.body, r);
            r.take_log();
            if (auto* e = std::get_if<Error>(&d)) {
                INFO(command.type << " " << command.body.dump() << " refused: " << e->code);
                CHECK(e->code != "internal");
                auto all = t.everyone();
                for (std::size_t k = 0; k < all.size(); ++k) CHECK(view(t.state, all[k]).dump() == before[k]);
                // A refused override's reason was never written.
                if (command.type == "battle.override") canaries.back().side = "*";
                continue;
            }
            const auto events = std::get<std::vector<Event>>(d);
            t.commit(events);
            check_canaries();
            check_notices(notices(needs, t.state, events));
            if (umpire_battle()["status"] == "ended") break;
        }
    }
};

int seeds_to_run() {
    const char* n = std::getenv("MUSTER_PROPERTY_SEEDS");
    return n ? std::max(1, std::atoi(n)) : 10;  // four books: a short run in the suite; MUSTER_PROPERTY_SEEDS for long ones
}

}  // namespace

TEST_CASE("random battles, every rule set: no canary reaches a viewer who may not see it; replay is exact", "[battles][property]") {
    for (const battle::RuleSet* rules : battle::rulesets()) {
        auto it = fixtures().find(rules->id());
        INFO("rule set " << rules->id());
        REQUIRE(it != fixtures().end());  // every book joins this test
        int steps = 0, moves = 0;
        for (int seed = 1; seed <= seeds_to_run(); ++seed) {
            INFO("seed " << seed);
            Run run(static_cast<std::uint64_t>(seed) * 2654435761u, it->second);
            run.setup();
            run.play(120);
            check_replay(run.t);
            // The play reached the book: its players' commands were taken and its steps ran.
            for (const auto& e : run.t.log) {
                if (e.type == "battle.step_resolved") ++steps;
                if (e.type == "battle.acted" || e.type == "battle.submitted" || e.type == "card.played") ++moves;
            }
        }
        CHECK(steps > 0);
        CHECK(moves > 0);
    }
}
