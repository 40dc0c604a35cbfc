// The Over the Hills campaign year: the dispatch of its commands to their deciders, and its clocks
// (shared/campaign/year.h; docs/protocol.md, "The campaign year"). The deciders are in year_decide_*.cpp,
// apply in year_apply.cpp, the view in year_view.cpp.
#include "shared/campaign/year.h"

#include <algorithm>

#include "shared/campaign/year_internal.h"

namespace muster::campaign::year {

const Colonel* YearState::colonel(std::int64_t user) const {
    auto it = colonels.find(user);
    return it == colonels.end() ? nullptr : &it->second;
}

const Colonel* YearState::colonel_of_regiment(int number) const {
    for (const auto& [user, c] : colonels)
        if (c.regiment && c.regiment->number == number) return &c;
    return nullptr;
}

namespace detail {

const std::unordered_map<std::string, Decider>& deciders() {
    static const std::unordered_map<std::string, Decider> table = {
        {"colonel.create", decide_colonel_create},   {"colonel.update", decide_colonel_update},
        {"objective.choose", decide_objective_choose}, {"objective.review", decide_objective_review},
        {"rules.set", decide_rules_set},             {"auction.open", decide_auction_open},
        {"auction.bid", decide_auction_bid},         {"auction.close", decide_auction_close},
        {"regiment.buy", decide_regiment_buy},       {"regiment.rename", decide_regiment_rename},
        {"year.start", decide_year_start},           {"month.set_deadline", decide_set_deadline},
        {"diary.submit", decide_diary_submit},       {"diary.publish", decide_diary_publish},
        {"month.resolve", decide_month_resolve},     {"month.undo", decide_month_undo},
        {"report.note", decide_report_note},         {"colonel.adjust", decide_colonel_adjust},
        {"colonel.away", decide_colonel_away},       {"regiment.losses", decide_regiment_losses},
        {"colonel.succeed", decide_colonel_succeed}, {"month.remind", decide_month_remind},
        {"month.pause", decide_month_pause},         {"month.resume", decide_month_resume},
        {"diary.standing", decide_diary_standing},   {"leave.declare", decide_leave_declare},
        {"leave.cancel", decide_leave_cancel},       {"colonel.handover", decide_colonel_handover},
        {"month.deadline_rule", decide_deadline_rule}, {"auction.remind", decide_auction_remind},
    };
    return table;
}

}  // namespace detail

bool handles(const std::string& command_type) { return detail::deciders().count(command_type) > 0; }

Decision decide(const CampaignState& state, const Command& command, const Viewer& viewer, Dice& dice,
                const Supplied& supplied) {
    if (!command.body.is_object()) return bad_request("The command's body must be an object.");
    auto it = detail::deciders().find(command.type);
    if (it == detail::deciders().end()) return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
    return it->second(state, command, viewer, dice, supplied);
}

namespace {

// Every clock the year has running, with the command the server gives when it runs out; the earliest first wins
// (a lot before the month, a reminder before the deadline it reminds of).
std::vector<std::pair<std::int64_t, Command>> clocks(const YearState& y) {
    std::vector<std::pair<std::int64_t, Command>> out;
    if (const auto& lot = y.auction.open) {
        if (lot->remind_at) out.push_back({*lot->remind_at, Command{"auction.remind", {{"lot", lot->lot}, {"at", *lot->remind_at}}}});
        if (lot->closes_at) out.push_back({*lot->closes_at, Command{"auction.close", {{"lot", lot->lot}}}});
    }
    // A paused campaign's month stands still: neither its deadline nor its reminders run out.
    if (y.calendar.started && !y.paused_since) {
        if (!y.calendar.reminders.empty())
            out.push_back({y.calendar.reminders.front(), Command{"month.remind", {{"at", y.calendar.reminders.front()}}}});
        if (auto closes = detail::closing_time(y)) out.push_back({*closes, Command{"month.resolve", {{"turn", y.calendar.turn}}}});
    }
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

}  // namespace

std::optional<std::int64_t> next_alarm(const CampaignState& state) {
    if (state.closed) return std::nullopt;
    const auto all = clocks(state.year);
    if (all.empty()) return std::nullopt;
    return all.front().first;
}

Command alarm_command(const CampaignState& state, std::int64_t /*now*/) {
    const auto all = clocks(state.year);
    return all.empty() ? Command{"month.resolve", {{"turn", state.year.calendar.turn}}} : all.front().second;
}

}  // namespace muster::campaign::year
