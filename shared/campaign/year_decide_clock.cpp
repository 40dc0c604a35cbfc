// The month's clock, for a campaign played by post (docs/protocol.md, "Deadlines"): the umpire's deadline and
// its extensions, the reminders the server's clock sends before it, and pausing the campaign. Not in the book:
// round a table the month ends when the umpire says so.
#include "shared/campaign/year_internal.h"

#include <algorithm>
#include <limits>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

namespace {

constexpr std::int64_t hour_ms = 3'600'000;
constexpr std::int64_t day_ms = 24 * hour_ms;

}  // namespace

// "20:00" -> 1200; -1 when it is not a time of day.
int minute_of_day(const std::string& text) {
    if (text.size() != 5 || text[2] != ':') return -1;
    for (int i : {0, 1, 3, 4})
        if (text[i] < '0' || text[i] > '9') return -1;
    const int h = (text[0] - '0') * 10 + (text[1] - '0'), m = (text[3] - '0') * 10 + (text[4] - '0');
    return h < 24 && m < 60 ? h * 60 + m : -1;
}

std::string time_of_day(int minute) {
    const auto two = [](int n) { return std::string(1, static_cast<char>('0' + n / 10)) + static_cast<char>('0' + n % 10); };
    return two(minute / 60) + ":" + two(minute % 60);
}

json reminder_times(const HouseRules& rules, std::int64_t deadline, std::int64_t now) {
    std::vector<std::int64_t> at;
    for (int hours : {rules.reminder_first_hours, rules.reminder_last_hours}) {
        if (hours <= 0) continue;
        const std::int64_t t = deadline - hours * hour_ms;
        if (t > now && std::find(at.begin(), at.end(), t) == at.end()) at.push_back(t);
    }
    std::sort(at.begin(), at.end());
    return at;
}

std::optional<std::int64_t> next_ruled_deadline(const YearState& y, const Supplied& sup) {
    if (!y.deadline_rule || !sup.next_weekly) return std::nullopt;
    const DeadlineRule& r = *y.deadline_rule;
    return sup.next_weekly(r.zone, r.weekday, r.minute, sup.now + day_ms);
}

Decision decide_deadline_rule(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "set a repeating deadline")) return *e;
    bool clear = false;
    if (auto e = read_optional_bool(c.body, "clear", clear)) return *e;
    if (clear) {
        if (!s.year.deadline_rule) return conflict("There is no repeating deadline.");
        return one(make_event("month.deadline_rule_set", v, {{"rule", nullptr}}));
    }
    std::int64_t weekday = 0;
    std::string time, zone;
    if (auto e = read_int(c.body, "weekday", 0, 6, weekday)) return *e;
    if (auto e = read_string(c.body, "time", 5, 5, time)) return *e;
    if (auto e = read_string(c.body, "time_zone", 1, 64, zone)) return *e;
    const int minute = minute_of_day(time);
    if (minute < 0) return bad_request("\"time\" is a time of day, \"HH:MM\" (00:00 to 23:59).");
    if (!sup.next_weekly) return Error{"internal", "The server's calendar is not available."};
    const auto first = sup.next_weekly(zone, static_cast<int>(weekday), minute, sup.now + day_ms);
    if (!first) return bad_request("\"time_zone\" must be a time zone such as \"Europe/London\".");
    json body = {{"rule", {{"weekday", weekday}, {"time", time_of_day(minute)}, {"time_zone", zone}}}};
    // With no deadline in force, this month's is the rule's next time.
    if (s.year.calendar.started && !s.year.calendar.deadline) {
        body["deadline"] = *first;
        body["reminders"] = reminder_times(s.year.rules, *first, sup.now);
    }
    return one(make_event("month.deadline_rule_set", v, std::move(body)));
}

std::optional<std::int64_t> closing_time(const YearState& y) {
    if (!y.calendar.deadline) return std::nullopt;
    return *y.calendar.deadline + std::int64_t{y.rules.grace_minutes} * 60'000;
}

bool deadline_passed(const YearState& y, std::int64_t now) {
    const auto closes = closing_time(y);
    return !y.paused_since && closes && now >= *closes;
}

Decision decide_set_deadline(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "set deadlines")) return *e;
    auto it = c.body.find("deadline");
    if (it == c.body.end()) return bad_request("The field \"deadline\" is missing (a time, or null to clear it).");
    std::optional<std::int64_t> at;
    if (!it->is_null()) {
        std::int64_t t = 0;
        if (auto e = read_int(c.body, "deadline", 1, std::numeric_limits<std::int64_t>::max(), t)) return *e;
        if (t <= sup.now) return bad_request("The deadline must be in the future.");
        at = t;
    }
    std::string reason;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    if (!s.year.calendar.started) return conflict("The months have not begun: start the year first.");
    if (auto e = check_turn(s.year, c.body)) return *e;

    const auto& cal = s.year.calendar;
    json body = {{"turn", cal.turn}, {"deadline", at ? json(*at) : json(nullptr)},
                 {"reminders", at ? reminder_times(s.year.rules, *at, sup.now) : json::array()}};
    // Putting a deadline back, or lifting it, is an extension: the players are told why, and a month has only
    // so many (house rule "extensions_per_month").
    if (cal.deadline && (!at || *at > *cal.deadline)) {
        if (reason.empty())
            return bad_request("Putting the deadline back is an extension: give the players your reason (\"reason\").");
        const int allowed = s.year.rules.extensions_per_month;
        if (static_cast<int>(cal.extensions.size()) >= allowed)
            return conflict("This month's deadline has been put back " + std::to_string(cal.extensions.size()) +
                            " times, the most the house rules allow (\"extensions_per_month\").");
        body["extended"] = {{"from", *cal.deadline}, {"reason", reason}};
    }
    return one(make_event("month.deadline_set", v, std::move(body)));
}

Decision decide_month_remind(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (!from_clock(v)) return forbidden("Reminders are sent by the server's clock.");
    std::int64_t at = 0;
    if (auto e = read_int(c.body, "at", 1, std::numeric_limits<std::int64_t>::max(), at)) return *e;
    const auto& reminders = s.year.calendar.reminders;
    if (s.year.paused_since || std::find(reminders.begin(), reminders.end(), at) == reminders.end())
        return conflict("No such reminder is due.");
    if (sup.now + clock_slack_ms < at) return conflict("The reminder's time has not come.");
    // A server that was down past reminders sends one, the latest due; past the deadline, none: the month's
    // resolution follows at once and a reminder of a deadline gone by helps nobody. The event still takes them
    // off the clock.
    std::int64_t last = at;
    for (const auto r : reminders)
        if (r <= sup.now) last = std::max(last, r);
    json body = {{"turn", s.year.calendar.turn}, {"at", last}};
    if (s.year.calendar.deadline && sup.now >= *s.year.calendar.deadline) body["lapsed"] = true;
    return one(make_event("month.reminded", v, std::move(body)));
}

Decision decide_month_pause(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "pause the campaign")) return *e;
    std::string reason;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    if (!s.year.calendar.started) return conflict("The months have not begun: there is no clock to stop.");
    if (s.year.paused_since) return conflict("The campaign is already paused.");
    return one(make_event("month.paused", v, {{"turn", s.year.calendar.turn}, {"since", sup.now}, {"reason", reason}}));
}

Decision decide_month_resume(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "resume the campaign")) return *e;
    std::string reason;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    if (!s.year.paused_since) return conflict("The campaign is not paused.");
    // The deadline and the reminders move on by the time the clock stood still.
    const std::int64_t paused_ms = std::max<std::int64_t>(0, sup.now - *s.year.paused_since);
    return one(make_event("month.resumed", v, {{"turn", s.year.calendar.turn}, {"paused_ms", paused_ms}, {"reason", reason}}));
}

}  // namespace muster::campaign::year::detail
