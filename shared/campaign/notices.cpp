#include "shared/campaign/notices.h"

#include <algorithm>

#include <set>

#include "shared/battle/entry_view.h"
#include "shared/campaign/expedition.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/year.h"
#include "shared/campaign/year_internal.h"

namespace muster::campaign {

using nlohmann::json;

json all_needs(const CampaignState& state, const Viewer& viewer) {
    json out = year::needs_you(state, viewer);
    for (auto& n : expeditions::needs_you(state, viewer)) out.push_back(std::move(n));
    for (const auto& [id, e] : state.battles.battles) {
        json n = battle::needs_you(e, viewer);
        if (n.is_null()) continue;
        n["battle"] = id;
        n["turn"] = e.battle.turn;
        out.push_back(std::move(n));
    }
    return out;
}

namespace {

// A new deadline for the webhook: the month whose diaries are due, and when.
Notice deadline_fact(const year::Calendar& month, const json& due) {
    return {0, "deadline", "Diaries for " + year::label(month) + " are due.", "diary", due};
}

// The public facts the webhook carries: what every member, an observer too, is shown of these events. A deadline
// is one whoever set it: the umpire by hand, or his repeating rule when it is made or when a month is resolved.
void public_facts(const CampaignState& after, const std::vector<Event>& events, std::vector<Notice>& out) {
    for (const auto& ev : events) {
        if (ev.type == "month.resolved") {
            out.push_back({0, "month_resolved", ev.body.value("label", "The month") + " is resolved: each colonel's report is ready.",
                           "year", nullptr});
            if (ev.body.contains("next_deadline"))
                out.push_back(deadline_fact(year::calendar_from_json(ev.body.at("calendar")), ev.body["next_deadline"]));
        } else if ((ev.type == "month.deadline_set" || ev.type == "month.deadline_rule_set") &&
                   ev.body.value("deadline", json()).is_number_integer() && !ev.body.contains("extended")) {
            out.push_back(deadline_fact(after.year.calendar, ev.body["deadline"]));
        } else if (ev.type == "expedition.briefed" || ev.type == "expedition.departed" || ev.type == "expedition.reckoned") {
            // The gazette's words: made from the public fields only (shared/campaign/expedition_briefing.cpp).
            out.push_back({0, "expedition", ev.body.value("gazette", ""), "expeditions", nullptr});
        } else if (ev.type == "battle.started" || ev.type == "battle.ended") {
            const auto id = ev.body.value("battle", std::int64_t{0});
            auto it = after.battles.battles.find(id);
            if (it == after.battles.battles.end()) continue;
            const bool started = ev.type == "battle.started";
            out.push_back({0, started ? "battle_started" : "battle_ended",
                           "The battle \"" + it->second.battle.name + (started ? "\" has begun." : "\" has ended."), "battle", nullptr});
        }
    }
}

// Everyone who plays or umpires the campaign (observers get nothing by mail: they look when they like).
template <typename F>
void each_member(const CampaignState& after, F&& f) {
    for (const auto& [user, m] : after.members)
        if (m.role == Role::player || m.role == Role::umpire) f(user, m);
}

// The umpire's reason as the end of a sentence: a full stop unless he wrote one.
std::string sentence(std::string text) {
    if (text.empty() || (text.back() != '.' && text.back() != '!' && text.back() != '?')) text += '.';
    return text;
}

// A public fact: each player and umpire, and the webhook, are told `n` (its user is set for each).
void tell_everyone(const CampaignState& after, Notice n, std::vector<Notice>& out) {
    each_member(after, [&](std::int64_t user, const Member&) {
        n.user = user;
        out.push_back(n);
    });
    n.user = 0;
    out.push_back(std::move(n));
}

json due_of(const CampaignState& after) {
    return after.year.calendar.deadline ? json(*after.year.calendar.deadline) : json(nullptr);
}

// What the month's clock and the umpire's powers tell people (docs/protocol.md, "Deadlines"): a reminder to each
// player whose diary is not in, an extension, a pause, a month undone, each report ready, and for umpires each
// diary in and each missed. Every one here and in table_notices is the recipient's own business or a public fact.
void month_notices(const CampaignState& after, const Event& ev, std::vector<Notice>& out) {
    const auto& y = after.year;
    const std::string month = year::label(y.calendar);
    auto everyone = [&](const std::string& kind, const std::string& text, const char* tab, json due) {
        tell_everyone(after, {0, kind, text, tab, std::move(due)}, out);
    };
    if (ev.type == "month.reminded") {
        if (ev.body.value("lapsed", false)) return;  // its deadline passed while the server was down
        for (const auto& [user, c] : y.colonels) {
            auto m = after.members.find(user);
            if (m == after.members.end() || m->second.role != Role::player) continue;
            if (!absence(c, y.calendar.turn).empty() || c.diaries.count(y.calendar.turn)) continue;
            out.push_back({user, "reminder", "Reminder: write your diary for " + month + ".", "diary", due_of(after)});
        }
        out.push_back({0, "reminder", "Reminder: diaries for " + month + " are due.", "diary", due_of(after)});
    } else if (ev.type == "month.deadline_set" && ev.body.contains("extended")) {
        const std::string reason = ev.body["extended"].value("reason", "");
        everyone("extension", (y.calendar.deadline ? "The umpire put back the deadline for " : "The umpire lifted the deadline for ") +
                                  month + ": " + sentence(reason), "diary", due_of(after));
    } else if (ev.type == "month.paused") {
        everyone("paused", "The umpire paused the campaign: " + sentence(ev.body.value("reason", "")) +
                               " No deadline runs out until it resumes.", "", nullptr);
    } else if (ev.type == "month.resumed") {
        const std::string reason = ev.body.value("reason", "");
        everyone("resumed", "The umpire resumed the campaign" + (reason.empty() ? std::string(".") : ": " + sentence(reason)) +
                                " The deadline moved on by the time it stood still.", "diary", due_of(after));
    } else if (ev.type == "month.undone") {
        const std::string reason = ev.body.value("reason", "");
        everyone("undone", "The umpire undid the resolution of " + month + (reason.empty() ? std::string(".") : ": " + sentence(reason)) +
                               " It will be resolved again.", "reports", nullptr);
    } else if (ev.type == "month.resolved") {
        const std::string label = ev.body.value("label", "");
        std::string missed;
        for (const auto& [key, outcome] : ev.body.at("colonels").items()) {
            const auto user = std::stoll(key);
            const year::Colonel* c = y.colonel(user);
            if (!c) continue;
            out.push_back({user, "report", "Your report for " + label + " is ready.", "reports", nullptr});
            // A colonel on leave or away owed no diary (his activity was set for him): he missed nothing, as his
            // missed_in_a_row says.
            const bool owed = year::is_chosen_activity(outcome.at("report").value("activity", ""));
            if (owed && outcome.value("default", false)) missed += (missed.empty() ? "" : ", ") + c->name;
        }
        each_member(after, [&](std::int64_t user, const Member& m) {
            if (m.role == Role::umpire)
                out.push_back({user, "resolved", label + " is resolved. " +
                                   (missed.empty() ? std::string("Every diary was in.") : "Diaries missed: " + missed + "."), "year", nullptr});
        });
    } else if (ev.type == "diary.submitted") {
        const year::Colonel* c = y.colonel(ev.body.value("colonel", std::int64_t{0}));
        if (!c) return;
        each_member(after, [&](std::int64_t user, const Member& m) {
            if (m.role == Role::umpire && user != ev.actor)
                out.push_back({user, "diary_in", c->name + "'s diary for " + month + " is in.", "year", nullptr});
        });
    }
}

// The name of the campaign's month `turn`, counted on from the calendar's.
std::string label_of_turn(year::Calendar cal, int turn) {
    while (cal.turn < turn) cal = year::advanced(cal);
    return year::label(cal);
}

// What the table is told besides the month's clock: a handover (everyone), leave declared or cancelled (the
// umpires), a lot closing (its bidders), a public notice (everyone).
void table_notices(const CampaignState& after, const Event& ev, std::vector<Notice>& out) {
    const auto& y = after.year;
    auto everyone = [&](const std::string& kind, const std::string& text, const char* tab, json due) {
        tell_everyone(after, {0, kind, text, tab, std::move(due)}, out);
    };
    auto umpires = [&](const std::string& text) {
        each_member(after, [&](std::int64_t user, const Member& m) {
            if (m.role == Role::umpire) out.push_back({user, "leave", text, "year", nullptr});
        });
    };
    if (ev.type == "colonel.handed_over") {
        const year::Colonel* c = y.colonel(ev.body.value("to", std::int64_t{0}));
        if (c) everyone("handover", "The umpire handed " + c->name + " to " + ev.body.value("player", "") + ".", "", nullptr);
    } else if (ev.type == "leave.declared") {
        const year::Colonel* c = y.colonel(ev.body.value("colonel", std::int64_t{0}));
        if (!c) return;
        std::string months;
        for (const auto& t : ev.body.at("turns")) months += (months.empty() ? "" : ", ") + label_of_turn(y.calendar, t.get<int>());
        umpires(c->name + " will be on leave: " + months + ".");
    } else if (ev.type == "leave.cancelled") {
        const year::Colonel* c = y.colonel(ev.body.value("colonel", std::int64_t{0}));
        if (c) umpires(c->name + " will not be on leave in " + label_of_turn(y.calendar, ev.body.value("turn", 0)) + ": his diary is owed.");
    } else if (ev.type == "auction.reminded" && y.auction.open) {
        // Every bid is public (over-the-hills.txt, "Getting your Regiment": "an open auction").
        const auto& lot = *y.auction.open;
        const year::Bid* high = lot.high();
        const year::Colonel* leader = high ? y.colonel(high->colonel) : nullptr;
        const std::string text = "The lot for the " + year::detail::ordinal(lot.regiment) + " closes soon: " +
                                 (high ? "the high bid is " + year::detail::pounds(high->amount) + " (" + (leader ? leader->name : "?") + ")."
                                       : "no bid yet.");
        const json due = lot.closes_at ? json(*lot.closes_at) : json(nullptr);
        for (const auto& [user, c] : y.colonels) {
            auto m = after.members.find(user);
            if (m == after.members.end() || m->second.role != Role::player || c.regiment) continue;
            if (high && high->colonel == user) continue;
            out.push_back({user, "lot_closing", text, "auction", due});
        }
        out.push_back({0, "lot_closing", text, "auction", due});
    } else if (ev.type == "notice.posted" && !ev.body.value("private", false)) {
        // Which notice it is, so that a player's e-mail may take his answer (house rule notice_answers).
        tell_everyone(after, {0, "notice", "Notice from the umpire: " + ev.body.value("text", ""), "", nullptr,
                              {{"notice", after.notices_made}}}, out);
    } else if (ev.type == "notice.answered") {
        auto m = after.members.find(ev.actor);
        const std::string name = m == after.members.end() ? std::string("A player") : m->second.name;
        each_member(after, [&](std::int64_t user, const Member& member) {
            if (member.role == Role::umpire)
                out.push_back({user, "notice_answer", name + " answers notice " + std::to_string(ev.body.value("notice", 0)) + ": " +
                                   ev.body.value("text", ""), "umpire", nullptr});
        });
    }
}

// A leader's words to another in a battle (over-the-hills.txt, "1. Talk to other leaders"), told to the one
// spoken to, who sees them on the page as they are: his reply by e-mail goes back to the speaker.
void talk_notice(const CampaignState& after, const Event& ev, std::vector<Notice>& out) {
    if (ev.type != "talk.said") return;
    auto it = after.battles.battles.find(ev.body.value("battle", std::int64_t{0}));
    if (it == after.battles.battles.end()) return;
    const auto& b = it->second.battle;
    const battle::Leader* speaker = b.leader_of(ev.actor);
    const auto to = ev.body.value("to", std::int64_t{0});
    if (!speaker || !after.members.count(to) || !after.members.count(ev.actor)) return;
    // A figure concealed from him is not named: the page shows him the speaker, not the figure (entry_view.cpp).
    const battle::Leader* listener = b.leader_of(to);
    const bool hidden = speaker->concealed && (!listener || listener->side != speaker->side);
    const std::string who = hidden ? after.members.at(ev.actor).name : speaker->name;
    out.push_back({to, "talk", who + " to you in \"" + b.name + "\": " + ev.body.value("text", ""), "battle", nullptr,
                   {{"battle", b.id}, {"turn", ev.body.value("turn", 0)}, {"to", ev.actor}}});
}

// A need's identity: a battle's is the battle's turn (an umpire's step by hand is worded anew at each step of one
// turn, and is one need), the year's its words.
std::string key_of(const json& n) {
    if (!n.contains("battle")) return n.value("what", "");
    return "battle " + std::to_string(n["battle"].get<std::int64_t>()) + " turn " + std::to_string(n.value("turn", 0));
}

}  // namespace

Needs needs_of_members(const CampaignState& state) {
    Needs out;
    for (const auto& [user, m] : state.members) {
        if (m.role == Role::none || m.role == Role::observer) continue;
        auto& list = out[user];
        for (const auto& n : all_needs(state, Viewer{user, m.name, m.role})) list.push_back(key_of(n));
    }
    return out;
}

bool changes_no_needs(const std::vector<Event>& events) {
    return std::all_of(events.begin(), events.end(), [](const Event& e) { return has_view_patch(e.type); });
}

std::vector<Notice> notices(const std::optional<Needs>& before, const CampaignState& after, const std::vector<Event>& events) {
    std::vector<Notice> out;
    for (const auto& [user, m] : after.members) {
        if (!before) break;
        if (m.role == Role::none || m.role == Role::observer) continue;
        auto was = before->find(user);
        const std::set<std::string> old = was == before->end() ? std::set<std::string>{}
                                                               : std::set<std::string>(was->second.begin(), was->second.end());
        for (const auto& n : all_needs(after, Viewer{user, m.name, m.role})) {
            if (old.count(key_of(n))) continue;
            out.push_back({user, "needs_you", n.value("what", ""), n.value("tab", ""), n.value("due", json(nullptr))});
        }
    }
    for (const auto& ev : events) {
        month_notices(after, ev, out);
        table_notices(after, ev, out);
        talk_notice(after, ev, out);
    }
    public_facts(after, events, out);
    return out;
}

}  // namespace muster::campaign
