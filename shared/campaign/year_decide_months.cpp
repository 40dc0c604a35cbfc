// The year's commands about its months: the house rules, the start of the year, diaries, the
// month's resolution and its undoing, and the umpire's notes on a month report (docs/protocol.md,
// "The campaign year").
#include "shared/campaign/year_internal.h"

#include <limits>

#include "shared/campaign/month_resolution.h"
#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

Decision decide_rules_set(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "change the house rules")) return *e;
    auto it = c.body.find("settings");
    if (it == c.body.end()) return bad_request("The field \"settings\" is missing.");
    auto m = merged(s.year.rules, *it);
    if (auto* e = std::get_if<Error>(&m)) return *e;
    if (it->empty()) return bad_request("No settings to change.");
    return one(make_event("rules.changed", v, {{"settings", *it}}));
}

Decision decide_year_start(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "start the year")) return *e;
    std::string year;
    std::int64_t month = 0;
    if (auto e = read_string(c.body, "year", 1, 16, year)) return *e;
    if (auto e = read_int(c.body, "month", 1, 12, month)) return *e;
    if (s.year.calendar.started) return conflict("The year has already started.");
    if (s.year.auction.open) return conflict("A regiment is still on the block: close the lot first.");
    return one(make_event("year.started", v, {{"year", year}, {"month", month}}));
}

Decision decide_diary_submit(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_member(s, v)) return *e;
    const Colonel* col = nullptr;
    if (v.is_umpire()) {
        // An umpire may write a colonel's orders for him (a player who sent them by letter).
        if (auto e = named_colonel(s, c.body, col)) return *e;
    } else {
        if (v.role != Role::player) return forbidden("Only a colonel's player may write his diary.");
        std::int64_t named = v.user;
        if (c.body.contains("colonel")) {
            if (auto e = read_id(c.body, "colonel", named)) return *e;
        }
        if (named != v.user) return forbidden("You may only write your own colonel's diary.");
        col = s.year.colonel(v.user);
        if (!col) return not_found("You have no colonel yet: create one first.");
    }
    if (!s.year.calendar.started) return conflict("The months have not begun: diaries start with the year.");
    if (auto e = check_turn(s.year, c.body)) return *e;
    if (!v.is_umpire() && deadline_passed(s.year, sup.now))
        return Error{"too_late", "This month's deadline has passed: the month is being resolved."};
    const Regiment* regiment = col->regiment ? &*col->regiment : nullptr;
    auto d = read_diary(c.body, col->fortune, regiment, absence(*col, s.year.calendar.turn), s.year.rules);
    if (auto* e = std::get_if<Error>(&d)) return *e;
    Diary diary = std::get<Diary>(d);
    diary.turn = s.year.calendar.turn;
    json body = to_json(diary);
    body.erase("at");
    body.erase("seq");
    body.erase("label");
    body["colonel"] = col->user;
    if (sup.by_mail) body["by"] = "mail";
    return one(make_event("diary.submitted", v, std::move(body)));
}

Decision decide_diary_publish(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "publish a diary", col)) return *e;
    std::int64_t turn = 0;
    if (auto e = read_int(c.body, "turn", 1, std::numeric_limits<int>::max(), turn)) return *e;
    auto it = col->diaries.find(static_cast<int>(turn));
    if (it == col->diaries.end()) return not_found("You wrote no diary for month " + std::to_string(turn) + ".");
    if (it->second.publish) return conflict("That diary is already in the gazette.");
    return one(make_event("diary.published", v, {{"colonel", col->user}, {"turn", turn}}));
}

Decision decide_month_resolve(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "resolve the month")) return *e;
    std::int64_t turn = 0;
    if (auto e = read_optional_int(c.body, "turn", 1, std::numeric_limits<int>::max(), turn)) return *e;
    if (!s.year.calendar.started) return conflict("The months have not begun: start the year first.");
    if (turn != 0 && turn < s.year.calendar.turn) return conflict("That month has already been resolved.");
    if (turn != 0 && turn > s.year.calendar.turn) return conflict("That month has not begun yet.");
    const auto closes = closing_time(s.year);
    if (from_clock(v) && (s.year.paused_since || !closes || sup.now + clock_slack_ms < *closes))
        return conflict("The month's deadline has not come.");
    json body = resolve_month(s.year, dice);
    // A repeating deadline sets the next month's at once (docs/protocol.md, "month.deadline_rule").
    if (const auto next = next_ruled_deadline(s.year, sup)) {
        body["next_deadline"] = *next;
        body["next_reminders"] = reminder_times(s.year.rules, *next, sup.now);
    }
    Event e = make_event("month.resolved", v, std::move(body));
    e.dice = dice.take_all_logs();  // every colonel's stream
    return one(std::move(e));
}

Decision decide_month_undo(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "undo a resolution")) return *e;
    // The players are told the month was undone, with the umpire's reason if he gives one.
    std::string reason;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    const auto& undo = s.year.undo;
    if (!undo) return conflict("There is no resolution to undo.");
    if (s.year.last_sheet_change > undo->resolved_seq)
        return conflict("A colonel's sheet has changed since that month was resolved; it cannot be undone.");
    return one(make_event("month.undone", v, {{"turn", undo->turn}, {"reason", reason}}));
}

Decision decide_report_note(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "note a month report")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    std::string text;
    if (auto e = read_string(c.body, "text", 1, note_max, text)) return *e;
    if (col->reports.empty()) return not_found("That colonel has no month report yet.");
    return one(make_event("report.noted", v, {{"colonel", col->user}, {"turn", col->reports.rbegin()->first}, {"text", text}}));
}

}  // namespace muster::campaign::year::detail
