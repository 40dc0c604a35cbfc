// Folding the year's events into its state (shared/campaign/year.h): a table from event type to a short
// handler, as the deciders have theirs. apply never rolls: every number it needs is in the event.
#include "shared/campaign/year.h"

#include <algorithm>
#include <unordered_map>

#include "shared/campaign/campaign.h"
#include "shared/campaign/month_resolution.h"
#include "shared/campaign/year_fields.h"
#include "shared/campaign/year_internal.h"

namespace muster::campaign::year {

using nlohmann::json;

namespace {

Colonel* colonel_in(YearState& y, const json& body) {
    auto it = y.colonels.find(body.at("colonel").get<std::int64_t>());
    return it == y.colonels.end() ? nullptr : &it->second;
}

void set_field(Colonel& c, const std::string& field, std::int64_t value) {
    if (field == "fortune") c.fortune = value;
    else if (field == "pip") c.pip = value;
    else if (c.regiment) {
        Regiment& r = *c.regiment;
        if (field == "drill") r.drill = static_cast<int>(value);
        else if (field == "musketry") r.musketry = static_cast<int>(value);
        else if (field == "effectiveness") r.effectiveness = static_cast<int>(value);
        else if (field == "companies") r.companies = static_cast<int>(value);
        else if (field == "declared") r.declared = static_cast<int>(value);
        else if (field == "arrears") r.arrears = value;
        else if (field == "arrears_months") r.arrears_months = static_cast<int>(value);
    }
}

// --- colonels and objectives ---

void colonel_created(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel c;
    c.user = b.at("colonel").get<std::int64_t>();
    c.player = b.at("player").get<std::string>();
    c.name = b.at("name").get<std::string>();
    c.profile = profile_from_json(b.at("profile"));
    c.created_at = e.at;
    c.pip = c.pip_bought = b.at("pip").get<std::int64_t>();
    c.fortune = b.at("fortune").get<std::int64_t>();
    c.pip_price_paid = b.at("pip_price").get<int>();
    y.colonels[c.user] = std::move(c);
}

void colonel_updated(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (!c) return;
    if (b.contains("name")) {
        auto name = b.at("name").get<std::string>();
        if (c->regiment && c->regiment->name == default_regiment_name(c->name))
            c->regiment->name = default_regiment_name(name);
        c->name = std::move(name);
    }
    if (b.contains("profile")) c->profile = profile_from_json(b.at("profile"));
    if (b.contains("pip")) {
        const auto pip = b.at("pip").get<std::int64_t>();
        c->pip += pip - c->pip_bought;
        c->pip_bought = pip;
        c->fortune = b.at("fortune").get<std::int64_t>();
    }
}

void objective_chosen(YearState& y, const Event& e) {
    const json& b = e.body;
    if (Colonel* c = colonel_in(y, b))
        c->objective = Objective{b.at("kind").get<std::string>(), b.at("text").get<std::string>(),
                                 b.at("status").get<std::string>(), ""};
}

void objective_reviewed(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (c && c->objective) {
        c->objective->status = b.at("approved").get<bool>() ? "approved" : "rejected";
        c->objective->note = b.value("note", "");
    }
}

void colonel_adjusted(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (!c) return;
    const auto field = b.at("field").get<std::string>();
    set_field(*c, field, b.at("value").get<std::int64_t>());
    c->adjustments.push_back(Adjustment{e.seq, field, b.at("before").get<std::int64_t>(),
                                        b.at("value").get<std::int64_t>(), b.at("reason").get<std::string>(), e.at});
    y.last_sheet_change = e.seq;
}

void colonel_away_set(YearState& y, const Event& e) {
    const json& b = e.body;
    if (Colonel* c = colonel_in(y, b)) c->away = b.at("away").is_string() ? b.at("away").get<std::string>() : "";
}

void rules_changed(YearState& y, const Event& e) { apply_settings(y.rules, e.body.at("settings")); }

// --- the auction and regiments ---

void auction_opened(YearState& y, const Event& e) {
    const json& b = e.body;
    Lot lot;
    lot.lot = b.at("lot").get<int>();
    lot.regiment = b.at("regiment").get<int>();
    lot.opened_at = b.at("opened_at").get<std::int64_t>();
    if (b.at("closes_at").is_number()) lot.closes_at = b.at("closes_at").get<std::int64_t>();
    if (b.contains("remind_at")) lot.remind_at = b["remind_at"].get<std::int64_t>();
    lot.reserve = b.at("reserve").get<std::int64_t>();
    lot.initial = b.at("initial").get<bool>();
    y.auction.open = std::move(lot);
    y.auction.next_lot = std::max(y.auction.next_lot, b.at("lot").get<int>() + 1);
}

void auction_bid_made(YearState& y, const Event& e) {
    const json& b = e.body;
    if (y.auction.open)
        y.auction.open->bids.push_back(
            Bid{b.at("colonel").get<std::int64_t>(), b.at("amount").get<std::int64_t>(), b.at("at").get<std::int64_t>()});
    if (y.auction.open && b.contains("closes_at")) y.auction.open->closes_at = b.at("closes_at").get<std::int64_t>();
}

void auction_closed(YearState& y, const Event& e) {
    const json& b = e.body;
    ClosedLot closed;
    closed.lot = b.at("lot").get<int>();
    closed.regiment = b.at("regiment").get<int>();
    closed.initial = b.at("initial").get<bool>();
    closed.closed_at = b.at("closed_at").get<std::int64_t>();
    if (b.at("winner").is_number()) {
        closed.winner = b.at("winner").get<std::int64_t>();
        closed.price = b.at("price").get<std::int64_t>();
        auto it = y.colonels.find(*closed.winner);
        if (it != y.colonels.end()) {
            it->second.regiment = regiment_from_json(b.at("regiment_sheet"));
            it->second.fortune -= closed.price;
        }
        y.last_sheet_change = e.seq;
    }
    y.auction.closed.push_back(closed);
    y.auction.open.reset();
}

void regiment_bought(YearState& y, const Event& e) {
    const json& b = e.body;
    if (Colonel* c = colonel_in(y, b)) {
        c->regiment = regiment_from_json(b.at("regiment_sheet"));
        c->fortune -= b.at("price").get<std::int64_t>();
    }
    y.last_sheet_change = e.seq;
}

void regiment_renamed(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (c && c->regiment) c->regiment->name = b.at("name").get<std::string>();
}

void regiment_losses(YearState& y, const Event& e) {
    apply_regiment_losses(y, e.body, e.body.at("reason").get<std::string>(), e);
}

// --- the months ---

void year_started(YearState& y, const Event& e) {
    const json& b = e.body;
    Calendar cal;
    cal.started = true;
    cal.year = b.at("year").get<std::string>();
    cal.month = b.at("month").get<int>();
    cal.turn = 1;
    cal.year_number = 1;
    y.calendar = cal;
}

void month_deadline_set(YearState& y, const Event& e) {
    const json& b = e.body;
    if (b.at("deadline").is_number()) y.calendar.deadline = b.at("deadline").get<std::int64_t>();
    else y.calendar.deadline.reset();
    y.calendar.reminders = b.value("reminders", std::vector<std::int64_t>{});
    if (b.contains("extended"))
        y.calendar.extensions.push_back({b["extended"].at("from").get<std::int64_t>(),
                                         y.calendar.deadline.value_or(0), b["extended"].at("reason").get<std::string>()});
}

void month_deadline_rule_set(YearState& y, const Event& e) {
    const json& r = e.body.at("rule");
    if (r.is_null()) {
        y.deadline_rule.reset();
        return;
    }
    y.deadline_rule = DeadlineRule{r.at("weekday").get<int>(), detail::minute_of_day(r.at("time").get<std::string>()),
                                   r.at("time_zone").get<std::string>()};
    if (e.body.contains("deadline")) {
        y.calendar.deadline = e.body["deadline"].get<std::int64_t>();
        y.calendar.reminders = e.body.value("reminders", std::vector<std::int64_t>{});
    }
}

void auction_reminded(YearState& y, const Event&) {
    if (y.auction.open) y.auction.open->remind_at.reset();
}

// Every reminder up to the one sent is done with (those a server down at their time skipped too).
void month_reminded(YearState& y, const Event& e) {
    auto& r = y.calendar.reminders;
    const auto at = e.body.at("at").get<std::int64_t>();
    r.erase(std::remove_if(r.begin(), r.end(), [at](std::int64_t x) { return x <= at; }), r.end());
}

void month_paused(YearState& y, const Event& e) {
    y.paused_since = e.body.at("since").get<std::int64_t>();
    y.pause_reason = e.body.at("reason").get<std::string>();
}

void month_resumed(YearState& y, const Event& e) {
    const auto paused_ms = e.body.at("paused_ms").get<std::int64_t>();
    if (y.calendar.deadline) *y.calendar.deadline += paused_ms;
    for (auto& at : y.calendar.reminders) at += paused_ms;
    y.paused_since.reset();
    y.pause_reason.clear();
}

void diary_submitted(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (!c) return;
    Diary d = diary_from_json(b);
    d.label = label(y.calendar);
    d.at = e.at;
    auto old = c->diaries.find(d.turn);
    if (d.publish)
        d.gazette_id = (old != c->diaries.end() && old->second.publish) ? old->second.gazette_id : ++y.gazette_made;
    c->diaries[d.turn] = std::move(d);
}

void diary_published(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (!c) return;
    auto it = c->diaries.find(b.at("turn").get<int>());
    if (it != c->diaries.end() && !it->second.publish) {
        it->second.publish = true;
        it->second.gazette_id = ++y.gazette_made;
    }
}

void month_resolved(YearState& y, const Event& e) { apply_resolution(y, e.body, e.seq, e.dice); }

void month_undone(YearState& y, const Event&) { apply_undo(y); }

void report_noted(YearState& y, const Event& e) {
    const json& b = e.body;
    Colonel* c = colonel_in(y, b);
    if (!c) return;
    auto it = c->reports.find(b.at("turn").get<int>());
    if (it != c->reports.end()) it->second["notes"].push_back(b.at("text"));
}

void diary_standing_set(YearState& y, const Event& e) {
    Colonel* c = colonel_in(y, e.body);
    if (!c) return;
    if (e.body.at("diary").is_null()) c->standing.reset();
    else c->standing = diary_from_json(e.body.at("diary"));
}

void leave_declared(YearState& y, const Event& e) {
    if (Colonel* c = colonel_in(y, e.body))
        for (const auto& t : e.body.at("turns")) c->leave.insert(t.get<int>());
}

void leave_cancelled(YearState& y, const Event& e) {
    if (Colonel* c = colonel_in(y, e.body)) c->leave.erase(e.body.at("turn").get<int>());
}

// The colonel is known by his new player's id from now on: the old player sees nothing more of him. A handover
// changes his sheet's keeper, so the last resolution can no longer be undone.
void colonel_handed_over(YearState& y, const Event& e) {
    auto node = y.colonels.extract(e.body.at("colonel").get<std::int64_t>());
    if (node.empty()) return;
    const auto to = e.body.at("to").get<std::int64_t>();
    node.key() = to;
    node.mapped().user = to;
    node.mapped().player = e.body.at("player").get<std::string>();
    y.colonels.insert(std::move(node));
    y.last_sheet_change = e.seq;
}

using Applier = void (*)(YearState&, const Event&);

const std::unordered_map<std::string, Applier>& appliers() {
    static const std::unordered_map<std::string, Applier> table = {
        {"colonel.created", colonel_created},       {"colonel.updated", colonel_updated},
        {"objective.chosen", objective_chosen},     {"objective.reviewed", objective_reviewed},
        {"rules.changed", rules_changed},           {"auction.opened", auction_opened},
        {"auction.bid_made", auction_bid_made},     {"auction.closed", auction_closed},
        {"regiment.bought", regiment_bought},       {"regiment.renamed", regiment_renamed},
        {"year.started", year_started},             {"month.deadline_set", month_deadline_set},
        {"diary.submitted", diary_submitted},       {"diary.published", diary_published},
        {"month.resolved", month_resolved},         {"month.undone", month_undone},
        {"report.noted", report_noted},             {"colonel.adjusted", colonel_adjusted},
        {"colonel.away_set", colonel_away_set},     {"regiment.losses", regiment_losses},
        {"colonel.fell", detail::colonel_fell},     {"colonel.succeeded", detail::colonel_succeeded},
        {"month.reminded", month_reminded},         {"month.paused", month_paused},
        {"month.resumed", month_resumed},           {"diary.standing_set", diary_standing_set},
        {"leave.declared", leave_declared},         {"leave.cancelled", leave_cancelled},
        {"colonel.handed_over", colonel_handed_over}, {"month.deadline_rule_set", month_deadline_rule_set},
        {"auction.reminded", auction_reminded},
    };
    return table;
}

}  // namespace

void apply_regiment_losses(YearState& y, const json& b, const std::string& reason, const Event& e) {
    auto it = y.colonels.find(b.at("colonel").get<std::int64_t>());
    if (it == y.colonels.end() || !it->second.regiment) return;
    Colonel& c = it->second;
    const auto& a = b.at("attributes");
    apply_losses(*c.regiment, b.at("after").get<int>(),
                 Attributes{a.at("drill").get<int>(), a.at("musketry").get<int>(), a.at("effectiveness").get<int>()},
                 b.value("halved", false));
    c.adjustments.push_back(Adjustment{e.seq, "companies", b.at("before").get<std::int64_t>(),
                                       b.at("after").get<std::int64_t>(), reason, e.at});
    y.last_sheet_change = e.seq;
}

bool handles_event(const std::string& event_type) { return appliers().count(event_type) > 0; }

void apply(CampaignState& state, const Event& e) {
    auto it = appliers().find(e.type);
    if (it != appliers().end()) it->second(state.year, e);
}

}  // namespace muster::campaign::year
