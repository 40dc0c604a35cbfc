#pragma once
// Random play of a campaign's table and its clock (test_snapshot.cpp): chat and dice past their kept windows, blind
// rolls, notices and umpire notes, invites made, revoked and taken, the webhook, house rules, profiles and custom
// objectives, auction lots with countdowns, deadlines with reminders and extensions, a repeating deadline, pauses,
// diaries, standing orders and leave, resolutions and undos, the umpire's adjustments, notes and losses, battles with
// their own seeds and saved scenarios, the server's clock firing whatever falls due, and at last the campaign's
// close. Commands are random and often refused; what is accepted is the log. The other random plays (year_play.h,
// expedition_play.h, battle_play.h) go deep into one part each; this one goes wide.
#include <string>
#include <vector>

#include "rulesets/oth/battle_property_oth.h"

namespace year_test {

struct TablePlay {
    YearTable t;
    SequenceDice chooser;
    SequenceDice dice;
    std::vector<Viewer> people;  // members who may speak: the umpire, the players, the observer, newcomers
    int n = 0;                   // a counter for unique texts

    explicit TablePlay(std::uint64_t seed) : chooser(seed), dice(seed * 31 + 7) {
        t.battle_seed_sha256 = [](std::int64_t b) { return std::string(63, 'b') + std::to_string(b % 10); };
        t.battle_seed_hex = [](std::int64_t b) { return std::string(63, 'c') + std::to_string(b % 10); };
        t.seed_hex = std::string(64, 'd');
        // The world's calendar, simplified: the rule's minute of the day, `weekday` days into the week after `after`.
        t.next_weekly = [](const std::string& zone, int weekday, int minute, std::int64_t after) -> std::optional<std::int64_t> {
            if (zone != "Europe/London") return std::nullopt;
            constexpr std::int64_t day = 86'400'000;
            return (after / (7 * day) + 1) * 7 * day + weekday * day + minute * 60'000;
        };
        t.ready();
        people = {t.umpire, t.bob, t.carol, t.dave, t.observer};
    }

    std::uint64_t pick(std::uint64_t k) { return chooser.pick(k); }
    const Viewer& anyone() { return people[pick(people.size())]; }
    const Viewer& player() {
        const Viewer* players[] = {&t.bob, &t.carol, &t.dave};
        return *players[pick(3)];
    }
    std::string text(const char* what) { return std::string(what) + " " + std::to_string(++n); }
    std::int64_t hours(std::int64_t h) const { return h * 3'600'000; }

    // Runs a command with the play's dice; commits it when accepted.
    bool run(const Viewer& who, const std::string& type, json body) {
        auto d = t.run(who, type, std::move(body), dice);
        dice.take_all_logs();
        if (std::holds_alternative<Error>(d)) return false;
        t.commit(std::get<std::vector<Event>>(d));
        return true;
    }

    void chat_or_roll() {
        switch (pick(4)) {
            case 0: case 1: run(anyone(), "chat.say", {{"text", text("Chat")}}); break;
            case 2: {
                static const char* const notation[] = {"2d6", "d100", "dAv", "3d10"};
                run(anyone(), "dice.roll", {{"dice", notation[pick(4)]}, {"reason", pick(2) ? text("Roll") : ""}});
                break;
            }
            default: run(t.umpire, "dice.roll", {{"dice", "d6"}, {"private", true}, {"reason", text("Blind")}});
        }
    }

    void membership() {
        switch (pick(5)) {
            case 0: run(t.umpire, "notice.post", {{"text", text("Notice")}, {"private", pick(2) == 0}}); break;
            case 1: {
                static const char* const roles[] = {"player", "observer", "umpire"};
                run(t.umpire, "campaign.invite", {{"role", roles[pick(3)]}});
                break;
            }
            case 2: case 3: {
                if (t.state.invites.empty()) break;
                auto it = t.state.invites.begin();
                std::advance(it, static_cast<long>(pick(t.state.invites.size())));
                const std::string code = it->first;
                if (pick(2) == 0) {
                    run(t.umpire, "campaign.revoke_invite", {{"code", code}});
                    break;
                }
                Viewer newcomer{100 + static_cast<std::int64_t>(people.size()), "newcomer" + std::to_string(people.size()),
                                Role::none};
                if (run(newcomer, "campaign.join", {{"code", code}})) people.push_back(newcomer);
                break;
            }
            default:
                run(t.umpire, "campaign.webhook", {{"url", pick(4) ? "https://example.org/hook/" + std::to_string(++n) : ""}});
        }
    }

    void colonels() {
        const Viewer& p = player();
        switch (pick(7)) {
            case 0: run(p, "colonel.update", {{"profile", {{"age", 20 + static_cast<int>(pick(40))}, {"background", text("Born")}}}}); break;
            case 1: run(p, "objective.choose", {{"kind", "custom"}, {"text", text("To see Paris")}}); break;
            case 2: run(t.umpire, "objective.review", {{"colonel", p.user}, {"approve", pick(2) == 0}, {"note", text("Note")}}); break;
            case 3: {
                static const char* const fields[] = {"fortune", "pip", "drill", "companies", "arrears_months"};
                run(t.umpire, "colonel.adjust", {{"colonel", p.user}, {"field", fields[pick(5)]},
                                                 {"value", 1 + static_cast<int>(pick(5))}, {"reason", text("Adjusted")}});
                break;
            }
            case 4: run(t.umpire, "report.note", {{"colonel", p.user}, {"text", text("Report note")}}); break;
            case 5: {
                static const json away[] = {"expedition", "sea", nullptr};
                run(t.umpire, "colonel.away", {{"colonel", p.user}, {"away", away[pick(3)]}});
                break;
            }
            default: run(t.umpire, "regiment.losses", {{"colonel", p.user}, {"companies", 4 + static_cast<int>(pick(7))},
                                                       {"reason", text("Fever")}});
        }
    }

    void auction() {
        switch (pick(5)) {
            case 0: run(t.umpire, "auction.open", {{"regiment", 3 + static_cast<int>(pick(18))},
                                                   {"countdown_seconds", 600 + 600 * static_cast<int>(pick(12))}}); break;
            case 1: case 2: run(player(), "auction.bid", {{"amount", 1 + static_cast<int>(pick(300))}}); break;
            case 3: run(t.umpire, "auction.close", json::object()); break;
            default: run(player(), pick(2) ? "regiment.buy" : "regiment.rename",
                         {{"regiment", 3 + static_cast<int>(pick(18))}, {"name", text("The Buffs")}});
        }
    }

    json diary_body() {
        static const char* const activities[] = {"socialise", "business", "politics", "supervise"};
        json d = {{"activity", activities[pick(4)]}, {"text", text("Dear diary")}, {"publish", pick(3) == 0}};
        d["orders"] = orders(pick(2) == 0, false, false, 10, 10, pick(3) ? "pay" : "arrears");
        if (d["activity"] == "supervise") d["supervise"] = "drill", d["orders"]["drill"] = true;
        return d;
    }

    void month() {
        const Viewer& p = player();
        const int turn = t.state.year.calendar.turn;
        switch (pick(12)) {
            case 0: case 1: run(p, "diary.submit", diary_body()); break;
            case 2: run(p, "diary.publish", {{"turn", turn - static_cast<int>(pick(2))}}); break;
            case 3: run(p, "diary.standing", pick(4) ? diary_body() : json{{"clear", true}}); break;
            case 4: run(p, "leave.declare", {{"from", turn + 1 + static_cast<int>(pick(3))}, {"months", 1}}); break;
            case 5: run(p, "leave.cancel", {{"turn", turn + 1 + static_cast<int>(pick(3))}}); break;
            case 6: run(t.umpire, "month.set_deadline", {{"deadline", t.now + hours(6 + static_cast<int>(pick(120)))},
                                                         {"reason", text("The post is late")}}); break;
            case 7: run(t.umpire, "month.deadline_rule", pick(3) ? json{{"weekday", static_cast<int>(pick(7))}, {"time", "20:00"},
                                                                        {"time_zone", "Europe/London"}}
                                                                  : json{{"clear", true}}); break;
            case 8: run(t.umpire, "month.pause", {{"reason", text("The club's dinner")}}); break;
            case 9: run(t.umpire, "month.resume", json::object()); break;
            case 10: {
                static const char* const names[] = {"reminder_first_hours", "grace_minutes", "lot_reminder_minutes",
                                                    "auction_extension_seconds", "extensions_per_month"};
                run(t.umpire, "rules.set", {{"settings", {{names[pick(5)], static_cast<int>(pick(10))}}}});
                break;
            }
            default: run(t.umpire, pick(4) ? "month.resolve" : "month.undo", json::object());
        }
    }

    // Up to three battles of Over the Hill, one after another: created (with its own seed), started, a few cards and
    // turns, ended, saved as a scenario. (The battles' own random play is battle_play.h's.)
    void battles() {
        const auto& all = t.state.battles.battles;
        const std::int64_t last = all.empty() ? 0 : all.rbegin()->first;
        const std::string status = all.empty() ? "ended" : all.rbegin()->second.status;
        if (status == "ended" && pick(3) == 0) {
            if (last > 0 && pick(2) == 0) run(t.umpire, "battle.save_scenario", {{"battle", last}, {"name", text("Moor")}});
            else if (all.size() < 3) run(t.umpire, "battle.create", oth_create(t));
        } else if (status == "setup") {
            run(t.umpire, "battle.start", {{"battle", last}});
        } else if (status != "ended") {
            if (pick(2)) run(t.bob, "card.play", {{"battle", last}, {"card", "no_action"}});
            else run(t.umpire, pick(3) ? "battle.close_turn" : "battle.end", {{"battle", last}});
        }
    }

    // The server's clock: time passes, and what fell due is done as the server does it.
    void clock() {
        t.now += hours(1 + static_cast<int>(pick(30)));
        const auto at = next_alarm(t.state);
        if (!at || *at > t.now) return;
        const Command c = alarm_command(t.state, t.now);
        run(server_clock(), c.type, c.body);
    }

    void play(int steps) {
        // The table has talked a while already: its chat and blind rolls are past their kept windows.
        for (std::size_t i = 0; i <= chat_kept; ++i) run(i % 2 ? t.bob : t.carol, "chat.say", {{"text", text("Chat")}});
        for (std::size_t i = 0; i <= rolls_kept; ++i) run(t.umpire, "dice.roll", {{"dice", "d6"}, {"private", true}});
        for (int i = 0; i < steps; ++i) {
            switch (pick(9)) {
                case 0: case 1: case 2: chat_or_roll(); break;
                case 3: membership(); break;
                case 4: colonels(); break;
                case 5: auction(); break;
                case 6: month(); break;
                case 7: battles(); break;
                default: clock();
            }
        }
        run(t.umpire, "campaign.close", json::object());
    }
};

}  // namespace year_test
