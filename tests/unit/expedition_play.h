#pragma once
// Random play of expeditions (test_expedition_property.cpp): the umpire and three players give random expedition
// commands, legal or not. The snapshot test (test_snapshot.cpp) plays the same walk for its log.
#include "test_battle_table.h"  // check_replay

#include "shared/campaign/notices.h"

namespace year_test {

// Values only the umpires may read, put in the fields secret by default.
inline const std::vector<std::string> secret_fields = {"enemy_quality", "enemy_numbers_text", "notes"};

struct Play {
    YearTable t;
    SequenceDice chooser{90210};
    SequenceDice dice{1707};
    int marks = 0;
    // Whether each command's effect on the views is checked (a refusal, a vote, the secrets, the notices); the
    // snapshot test (test_snapshot.cpp) wants the log alone.
    bool checks = true;
    int accepted = 0, votes = 0, reckoned = 0;  // what walk() did

    std::uint64_t pick(std::uint64_t n) { return chooser.pick(n); }
    std::vector<Viewer> others() const { return {t.bob, t.carol, t.dave, t.observer}; }
    std::int64_t someone() { return std::vector<std::int64_t>{t.bob.user, t.carol.user, t.dave.user, 99}[pick(4)]; }

    // One of the expedition's motions (or one past the last, which does not exist).
    int some_motion(int x) {
        auto it = t.state.expeditions.list.find(x);
        const std::size_t n = it == t.state.expeditions.list.end() ? 0 : it->second.motions.size();
        return n == 0 ? 1 : it->second.motions[pick(n)].id + static_cast<int>(pick(4) == 0);
    }

    json random_body(const std::string& type) {
        const int x = std::vector<int>{0, 1, 1, 2}[pick(4)];  // no expedition, the first or the second
        json b = json::object();
        if (x > 0) b["expedition"] = x;
        if (type == "expedition.create") b["generate"] = pick(2) == 0;
        if (type == "expedition.edit") {
            if (pick(2) == 0) {
                b["field"] = secret_fields[pick(secret_fields.size())];
                b["value"] = "MARK-" + std::to_string(++marks);
            } else {
                b["field"] = std::vector<std::string>{"location", "believed_enemy", "risk_hint"}[pick(3)];
                b["value"] = "Told to all " + std::to_string(pick(100));
            }
        }
        if (type == "committee.attendance") {
            json present = json::array();
            for (auto u : {t.bob.user, t.carol.user, t.dave.user})
                if (pick(3) > 0) present.push_back(u);
            b["present"] = present;
        }
        if (type == "motion.put") {
            b["question"] = "Who goes?";
            b["options"] = pick(2) == 0
                               ? json::array({{{"label", "Sail at once"}}, {{"label", "Wait for the fleet"}}, {{"label", "Ask the King"}}})
                               : json::array({{{"label", "The 7th"}, {"regiments", {7}}},
                                              {{"label", "The 12th"}, {"regiments", {12}}},
                                              {{"label", "Both, under Kemp"}, {"regiments", {7, 12}}, {"commander", t.bob.user}}});
        }
        if (type == "motion.vote") {
            b["motion"] = some_motion(x);
            b["pip"] = json::array({pick(6), pick(6), pick(3)});
        }
        if (type == "motion.close") {
            b["motion"] = some_motion(x);
            if (pick(2) == 0) b["tie_break"] = pick(3);
        }
        if (type == "expedition.force") b["regiments"] = pick(2) == 0 ? json::array({7}) : json::array({7, 12});
        if (type == "expedition.roles") b["roles"] = {{std::to_string(someone()), std::vector<std::string>{"artillery", "enemy", "naval"}[pick(3)]}};
        if (type == "expedition.outcome")
            b["outcome"] = {{"success", pick(2) == 0}, {"battles_won", pick(3)}, {"losses_percent", pick(2) == 0 ? json::object() : json{{"7", pick(60)}}}};
        return b;
    }

    // Runs one command; checks what a refusal and a vote may change. Returns whether it was accepted.
    bool step(const Viewer& who, const std::string& type) {
        if (!checks) {
            auto d = t.run(who, type, random_body(type), dice);
            if (std::holds_alternative<Error>(d)) return dice.take_log(), false;
            t.commit(std::get<std::vector<Event>>(d));
            return true;
        }
        std::vector<std::string> before;
        for (const auto& v : others()) before.push_back(view(t.state, v).dump());
        const auto needs = needs_of_members(t.state);
        auto d = t.run(who, type, random_body(type), dice);
        if (std::holds_alternative<Error>(d)) {
            dice.take_log();
            int i = 0;
            for (const auto& v : others()) CHECK(view(t.state, v).dump() == before[i++]);
            return false;
        }
        const auto events = std::get<std::vector<Event>>(d);
        std::vector<Viewer> viewers = others();
        viewers.push_back(t.umpire);
        t.commit_patched(events, viewers);
        // Nobody but the umpires is told a secret by e-mail, webhook or the page's list either.
        for (const auto& n : notices(needs, t.state, events)) {
            if (n.user == t.umpire.user) continue;
            INFO("notice to " << n.user << ": " << n.text);
            CHECK(n.text.find("MARK-") == std::string::npos);
        }
        if (type == "motion.vote") {
            int i = 0;
            for (const auto& v : others()) {
                if (v.user != who.user) CHECK(view(t.state, v).dump() == before[i]);
                ++i;
            }
        }
        return true;
    }

    void check_secrets() {
        for (const auto& v : others()) {
            const json x = view(t.state, v)["expeditions"];
            const std::string text = x.dump();
            CHECK(text.find("MARK-") == std::string::npos);
            CHECK_FALSE(x.contains("umpire"));
            for (const auto& [id, e] : x["list"].items()) {
                for (const char* key : {"rolls", "outcome", "preview", "reckonings"}) CHECK_FALSE(e.contains(key));
                for (const auto& f : secret_fields) CHECK_FALSE(e["briefing"].contains(f));
                for (const auto& m : e["motions"]) {
                    CHECK_FALSE(m.contains("tally"));
                    if (m["open"] == true) CHECK_FALSE(m.contains("votes"));
                }
            }
        }
    }

    // `steps` random commands: half of them a random player's vote, half a random umpire's command.
    void walk(int steps) {
        const std::vector<std::string> umpire_commands = {
            "crisis.roll", "expedition.create", "expedition.generate", "expedition.edit", "expedition.edit",
            "expedition.brief", "committee.attendance", "committee.attendance", "motion.put",
            "motion.close", "motion.close", "motion.close", "expedition.force", "expedition.roles", "expedition.depart",
            "expedition.depart", "expedition.outcome", "expedition.reckon", "expedition.discard",
            "month.resolve"};
        const std::vector<Viewer> players = {t.bob, t.carol, t.dave};

        for (int i = 0; i < steps; ++i) {
            if (pick(2) == 0) {
                const Viewer& v = players[pick(players.size())];
                if (step(v, "motion.vote")) ++votes, ++accepted;
            } else {
                const std::string type = umpire_commands[pick(umpire_commands.size())];
                if (step(t.umpire, type)) {
                    ++accepted;
                    reckoned += type == "expedition.reckon";
                }
            }
            if (checks) check_secrets();
        }
    }
};

}  // namespace year_test
