// The Over the Hills campaign year: the dispatch of its commands to their deciders, and its clocks
// (shared/campaign/year.h; docs/protocol.md, "The campaign year"). The deciders are in year_decide_*.cpp,
// apply in year_apply.cpp, the view in year_view.cpp.
#include "shared/campaign/year.h"

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
        {"month.deadline_rule", decide_deadline_rule},
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

std::optional<std::int64_t> next_alarm(const CampaignState& state) {
    const YearState& y = state.year;
    if (state.closed) return std::nullopt;
    std::optional<std::int64_t> next;
    auto consider = [&](std::int64_t at) { if (!next || at < *next) next = at; };
    if (y.auction.open && y.auction.open->closes_at) consider(*y.auction.open->closes_at);
    // A paused campaign's month stands still: neither its deadline nor its reminders run out.
    if (y.calendar.started && !y.paused_since) {
        if (auto closes = detail::closing_time(y)) consider(*closes);
        if (!y.calendar.reminders.empty()) consider(y.calendar.reminders.front());
    }
    return next;
}

Command alarm_command(const CampaignState& state, std::int64_t /*now*/) {
    const YearState& y = state.year;
    const auto& lot = y.auction.open;
    const bool lot_due = lot && lot->closes_at;
    const auto closes = detail::closing_time(y);
    const bool month_due = y.calendar.started && closes && !y.paused_since;
    const bool reminder_due = y.calendar.started && !y.calendar.reminders.empty() && !y.paused_since;
    std::optional<std::int64_t> month_at;
    if (month_due) month_at = *closes;
    if (reminder_due && (!month_at || y.calendar.reminders.front() < *month_at)) month_at = y.calendar.reminders.front();
    if (lot_due && (!month_at || *lot->closes_at <= *month_at)) return Command{"auction.close", {{"lot", lot->lot}}};
    if (reminder_due && *month_at == y.calendar.reminders.front() && (!month_due || *month_at < *closes))
        return Command{"month.remind", {{"at", *month_at}}};
    return Command{"month.resolve", {{"turn", y.calendar.turn}}};
}

}  // namespace muster::campaign::year
