#pragma once
// Random play of a battle of any book (test_battle_property.cpp): a campaign table with battle 1 of the book's
// fixture, and random legal and illegal commands from the umpire, both sides and an observer, each with a canary
// string in every secret field. A book joins by adding its id and its fixture (the set-up, a player's random
// command, its overrides and any checks of its own fields) to fixtures() below; a book's fixture lives in
// rulesets/<id>/battle_property_<id>.h. The snapshot test (test_snapshot.cpp) plays the same battles for their logs.
#include <functional>
#include <set>

#include "battle_property.h"
#include "rulesets/cmwd/battle_property_cmwd.h"
#include "rulesets/lfas/battle_property_lfas.h"
#include "rulesets/oth/battle_property_oth.h"
#include "rulesets/reivers/battle_property_reivers.h"
#include "shared/battle/registry.h"
#include "shared/campaign/notices.h"

namespace year_test {

inline const std::map<std::string, Fixture>& fixtures() {
    static const std::map<std::string, Fixture> all = {
        {"oth", oth_fixture()},
        {"reivers", reivers_fixture()},
        {"cmwd", cmwd_fixture()},
        {"lfas", lfas_fixture()},
    };
    return all;
}

inline bool may_see(const Canary& c, const Viewer& v, const json& view_of_battle) {
    if (v.is_umpire()) return true;
    if (c.user_a && (v.user == c.user_a || v.user == c.user_b)) return true;
    return !c.side.empty() && view_of_battle.value("viewer_side", "") == c.side;
}

// A random command in battle `id` of the table (mostly legal, often stale, sometimes malformed) from the umpire,
// Bob, Carol, Dave or the observer; `plant` is told each canary the command writes (talk, an override's reason).
inline std::pair<Viewer, Command> random_battle_command(YearTable& t, SequenceDice& r, const Fixture& fx, std::int64_t id,
                                                        int& reason_n, const std::function<void(Canary)>& plant) {
    const json b = battle_of(t, t.umpire, id);
    const int turn = b.value("turn", 0);
    json body = {{"battle", id}, {"turn", r.pick(6) == 0 ? turn + 1 : turn}};
    switch (r.pick(9)) {
        case 0: case 1: case 2: {
            Viewer who = r.pick(3) == 0 ? t.bob : r.pick(2) ? t.carol : t.dave;
            // Mostly a player whose view says he may act now (a book that takes turns says so in its hints).
            for (const Viewer& p : {t.bob, t.carol, t.dave})
                if (battle_of(t, p, id)["hints"].value("may_act", false) && r.pick(3) != 0) who = p;
            if (r.pick(10) == 0) who = t.observer;
            Command c = fx.item(r, battle_of(t, who, id));
            c.body.merge_patch(body);
            return {who, c};
        }
        case 3: return {t.umpire, Command{"battle.close_turn", body}};
        case 4: {
            Viewer who = r.pick(2) ? t.bob : t.carol;
            std::string text = "TALK-" + std::to_string(r.pick(1000000));
            body["to"] = who.user == t.bob.user ? t.carol.user : t.bob.user;
            body["text"] = text;
            plant({text, "", who.user, body["to"].get<std::int64_t>(), 0});
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
                plant({reason, l["concealed"] == true ? l["side"].get<std::string>() : "*", 0, 0, 0});
            } else {
                body["unit"] = u["id"];
                plant({reason, u["concealed"] == true ? u["side"].get<std::string>() : "*", 0, 0, 0});
            }
            if (r.pick(3) == 0) body.erase("turn");
            return {t.umpire, Command{"battle.override", body}};
        }
        case 7: {
            body["step"] = r.pick(5) == 0 ? json("nonsense") : b["next_step"];
            return {r.pick(8) == 0 ? t.bob : t.umpire, Command{"battle.step", body}};
        }
        default: {
            if (r.pick(15) == 0) return {t.umpire, Command{"battle.end", {{"battle", id}}}};
            return {t.observer, Command{"card.play", {{"battle", id}, {"card", "no_action"}, {"turn", turn}}}};
        }
    }
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
        return random_battle_command(t, r, fx, 1, reason_n, [&](Canary c) { canaries.push_back(std::move(c)); });
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
            // The live view and the whole one (an ended battle's record, fetched on demand, is the whole view's).
            const std::string text = view(t.state, v).dump();
            const json whole = view(t.state, v, true);
            const std::string whole_text = whole.dump();
            const json& b = whole["battles"].value("1", json::object());
            for (const auto& c : canaries) {
                if (c.side == "*" || may_see(c, v, b)) continue;
                INFO("viewer " << v.name << " sees " << c.text);
                CHECK(text.find(c.text) == std::string::npos);
                CHECK(whole_text.find(c.text) == std::string::npos);
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

    // `checks`: after every command, what a refusal may change and who may read each canary (the snapshot test,
    // tests/unit/test_snapshot.cpp, wants the log alone and plays without them).
    void play(int commands, bool checks = true) {
        for (int i = 0; i < commands; ++i) {
            auto [who, command] = next();
            const auto needs = checks ? needs_of_members(t.state) : Needs{};
            std::vector<std::string> before;
            if (checks)
                for (const auto& v : t.everyone()) before.push_back(view(t.state, v).dump());
            auto d = t.run(who, command.type, command.body, r);
            r.take_log();
            if (auto* e = std::get_if<Error>(&d)) {
                INFO(command.type << " " << command.body.dump() << " refused: " << e->code);
                CHECK(e->code != "internal");
                auto all = t.everyone();
                for (std::size_t k = 0; k < before.size(); ++k) CHECK(view(t.state, all[k]).dump() == before[k]);
                // A refused override's reason was never written.
                if (command.type == "battle.override") canaries.back().side = "*";
                continue;
            }
            const auto events = std::get<std::vector<Event>>(d);
            t.commit(events);
            if (checks) {
                check_canaries();
                check_notices(notices(needs, t.state, events));
            }
            if (umpire_battle()["status"] == "ended") break;
        }
    }
};

}  // namespace year_test
