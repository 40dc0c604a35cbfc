// A campaign played by post, the player's side of it (docs/protocol.md, "Missed months, leave and handover"):
// standing orders for a month he misses, leave declared in advance from a yearly allowance, and the umpire
// handing a colonel to another player. Not in the book, whose players sit round one table.
#include "shared/campaign/year_internal.h"

#include <limits>

#include "shared/battle/ruleset.h"
#include "shared/campaign/expedition.h"
#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

namespace {

// The campaign year (1 for the first) that month `turn` falls in, counted from the calendar's month.
int year_of_turn(const Calendar& cal, int turn) {
    const int months = cal.month - 1 + (turn - cal.turn);
    return cal.year_number + (months >= 0 ? months / 12 : -((11 - months) / 12));
}

// The first month a player may still change his leave for: the current one until its deadline, else the next.
int first_open_turn(const YearState& y, std::int64_t now) {
    return deadline_passed(y, now) ? y.calendar.turn + 1 : y.calendar.turn;
}

}  // namespace

Decision decide_diary_standing(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "write standing orders", col)) return *e;
    // A diary as diary.submit takes it: a player's "colonel", when given, is his own.
    std::int64_t named = v.user;
    if (auto e = read_optional_int(c.body, "colonel", 1, INT64_MAX, named)) return *e;
    if (named != v.user) return forbidden("You may only write your own colonel's standing orders.");
    bool clear = false;
    if (auto e = read_optional_bool(c.body, "clear", clear)) return *e;
    if (clear) {
        if (!col->standing) return conflict("Your colonel has no standing orders.");
        return one(make_event("diary.standing_set", v, {{"colonel", col->user}, {"diary", nullptr}}));
    }
    const Regiment* regiment = col->regiment ? &*col->regiment : nullptr;
    auto d = read_diary(c.body, col->fortune, regiment, "", s.year.rules);
    if (auto* e = std::get_if<Error>(&d)) return *e;
    Diary diary = std::get<Diary>(d);
    // Orders only: a diary's text is written for its month.
    diary.text.clear();
    diary.publish = false;
    json body = to_json(diary);
    for (const char* k : {"at", "seq", "label", "turn", "text", "publish"}) body.erase(k);
    return one(make_event("diary.standing_set", v, {{"colonel", col->user}, {"diary", std::move(body)}}));
}

Decision decide_leave_declare(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "declare leave", col)) return *e;
    std::int64_t from = 0, months = 0;
    if (auto e = read_int(c.body, "from", 1, std::numeric_limits<int>::max(), from)) return *e;
    if (auto e = read_int(c.body, "months", 1, 12, months)) return *e;
    const YearState& y = s.year;
    if (!y.calendar.started) return conflict("The months have not begun: leave is declared once the year has started.");
    // Declared before the month's deadline, never after it: leave cannot stall a month already due.
    if (from < first_open_turn(y, sup.now))
        return Error{"too_late", "Leave is declared before a month's deadline: the first month still open is " +
                                     std::to_string(first_open_turn(y, sup.now)) + "."};
    std::set<int> after = col->leave;
    json turns = json::array();
    for (int t = static_cast<int>(from); t < from + months; ++t) {
        if (after.insert(t).second) turns.push_back(t);
    }
    if (turns.empty()) return conflict("Your colonel is already on leave in those months.");
    const int allowed = y.rules.leave_months_per_year;
    for (const int t : after) {
        const int year = year_of_turn(y.calendar, t);
        int used = 0;
        for (const int u : after) used += year_of_turn(y.calendar, u) == year;
        if (used > allowed)
            return conflict("That is " + std::to_string(used) + " months of leave in campaign year " + std::to_string(year) +
                            "; the house rules allow " + std::to_string(allowed) + " (\"leave_months_per_year\").");
    }
    return one(make_event("leave.declared", v, {{"colonel", col->user}, {"turns", std::move(turns)}}));
}

Decision decide_leave_cancel(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "cancel leave", col)) return *e;
    std::int64_t turn = 0;
    if (auto e = read_int(c.body, "turn", 1, std::numeric_limits<int>::max(), turn)) return *e;
    if (!col->leave.count(static_cast<int>(turn))) return not_found("Your colonel has no leave in that month.");
    if (turn < first_open_turn(s.year, sup.now)) return Error{"too_late", "That month's deadline has passed."};
    return one(make_event("leave.cancelled", v, {{"colonel", col->user}, {"turn", turn}}));
}

Decision decide_colonel_handover(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "hand a colonel over")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    std::int64_t to = 0;
    if (auto e = read_id(c.body, "to", to)) return *e;
    auto m = s.members.find(to);
    if (m == s.members.end() || m->second.role != Role::player) return not_found("\"to\" must be a player of this campaign.");
    if (s.year.colonel(to)) return conflict(m->second.name + " already has a colonel.");
    // Battles, expeditions and bids know their colonels by their players: he changes hands between them.
    if (s.year.auction.open)
        for (const auto& b : s.year.auction.open->bids)
            if (b.colonel == col->user) return conflict(colonel_title(col->name) + " has bid for the lot open: close it first.");
    for (const auto& [id, e] : s.battles.battles)
        if (e.status != "ended" && e.is_player(col->user))
            return conflict(colonel_title(col->name) + " is in a battle not yet ended: hand him over after it.");
    for (const auto& [id, x] : s.expeditions.list)
        if (x.status != "home" && (x.present.count(col->user) || x.roles.count(col->user) || x.commander == col->user ||
                                   std::find(x.went.begin(), x.went.end(), col->user) != x.went.end()))
            return conflict(colonel_title(col->name) + " is on an expedition not yet home: hand him over after it.");
    return one(make_event("colonel.handed_over", v, {{"colonel", col->user}, {"to", to}, {"player", m->second.name}}));
}

}  // namespace muster::campaign::year::detail
