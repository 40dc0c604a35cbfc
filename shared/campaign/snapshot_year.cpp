// The year's part of a campaign's snapshot (shared/campaign/snapshot.h): house rules, calendar, auction, the undo
// point and the pause; each colonel in snapshot_colonels.cpp.
#include "shared/campaign/snapshot_internal.h"

namespace muster::campaign::snapshot_detail {

using namespace muster::campaign::year;

namespace {

// House rules by their settings' names (house_rules.h), read back through apply_settings. That one skips what it
// cannot take, so the rules read are written again and must give the same object.
HouseRules rules_from(const json& j) {
    HouseRules rules;
    apply_settings(rules, j);
    if (to_json(rules) != j) throw json::other_error::create(501, "house rules that cannot be read back", &j);
    return rules;
}

// calendar.h's to_json leaves out the deadline and the reminders (its events carry them apart).
json calendar_json(const Calendar& c) {
    json out = to_json(c);
    put(out, "deadline", c.deadline);
    out["reminders"] = c.reminders;
    json extensions = json::array();
    for (const auto& e : c.extensions) extensions.push_back({{"from", e.from}, {"to", e.to}, {"reason", e.reason}});
    out["extensions"] = std::move(extensions);
    return out;
}
Calendar calendar_of(const json& j) {
    Calendar c = calendar_from_json(j);
    c.deadline = take<std::int64_t>(j, "deadline");
    c.reminders = j.at("reminders").get<std::vector<std::int64_t>>();
    for (const auto& e : j.at("extensions"))
        c.extensions.push_back(Calendar::Extension{e.at("from").get<std::int64_t>(), e.at("to").get<std::int64_t>(),
                                                   e.at("reason").get<std::string>()});
    return c;
}

json bid_json(const Bid& b) { return {{"colonel", b.colonel}, {"amount", b.amount}, {"at", b.at}}; }
Bid bid_from(const json& j) {
    return Bid{j.at("colonel").get<std::int64_t>(), j.at("amount").get<std::int64_t>(), j.at("at").get<std::int64_t>()};
}

json lot_json(const Lot& l) {
    json bids = json::array();
    for (const auto& b : l.bids) bids.push_back(bid_json(b));
    json out = {{"lot", l.lot},         {"regiment", l.regiment}, {"opened_at", l.opened_at},
                {"reserve", l.reserve}, {"initial", l.initial},   {"bids", std::move(bids)}};
    put(out, "closes_at", l.closes_at);
    put(out, "remind_at", l.remind_at);
    return out;
}
Lot lot_from(const json& j) {
    Lot l;
    l.lot = j.at("lot").get<int>();
    l.regiment = j.at("regiment").get<int>();
    l.opened_at = j.at("opened_at").get<std::int64_t>();
    l.closes_at = take<std::int64_t>(j, "closes_at");
    l.remind_at = take<std::int64_t>(j, "remind_at");
    l.reserve = j.at("reserve").get<std::int64_t>();
    l.initial = j.at("initial").get<bool>();
    for (const auto& b : j.at("bids")) l.bids.push_back(bid_from(b));
    return l;
}

json closed_lot_json(const ClosedLot& c) {
    json out = {{"lot", c.lot}, {"regiment", c.regiment}, {"price", c.price}, {"closed_at", c.closed_at},
                {"initial", c.initial}};
    put(out, "winner", c.winner);
    return out;
}
ClosedLot closed_lot_from(const json& j) {
    ClosedLot c;
    c.lot = j.at("lot").get<int>();
    c.regiment = j.at("regiment").get<int>();
    c.winner = take<std::int64_t>(j, "winner");
    c.price = j.at("price").get<std::int64_t>();
    c.closed_at = j.at("closed_at").get<std::int64_t>();
    c.initial = j.at("initial").get<bool>();
    return c;
}

json auction_json(const Auction& a) {
    json closed = json::array();
    for (const auto& c : a.closed) closed.push_back(closed_lot_json(c));
    json out = {{"closed", std::move(closed)}, {"next_lot", a.next_lot}};
    put(out, "open", a.open, lot_json);
    return out;
}
Auction auction_from(const json& j) {
    Auction a;
    a.open = take<Lot>(j, "open", lot_from);
    for (const auto& c : j.at("closed")) a.closed.push_back(closed_lot_from(c));
    a.next_lot = j.at("next_lot").get<int>();
    return a;
}

json sheet_json(const UndoPoint::Sheet& s) {
    json out = {{"fortune", s.fortune}, {"pip", s.pip}, {"history_size", s.history_size}};
    put(out, "regiment", s.regiment, [](const Regiment& r) { return to_json(r); });
    put(out, "last_diary", s.last_diary, diary_json);
    return out;
}
UndoPoint::Sheet sheet_from(const json& j) {
    UndoPoint::Sheet s;
    s.fortune = j.at("fortune").get<std::int64_t>();
    s.pip = j.at("pip").get<std::int64_t>();
    s.regiment = take<Regiment>(j, "regiment", regiment_from_json);
    s.last_diary = take<Diary>(j, "last_diary", diary_from);
    s.history_size = j.at("history_size").get<std::size_t>();
    return s;
}

json undo_json(const UndoPoint& u) {
    return {{"resolved_seq", u.resolved_seq}, {"turn", u.turn}, {"calendar", calendar_json(u.calendar)},
            {"sheets", map_json(u.sheets, sheet_json)}};
}
UndoPoint undo_from(const json& j) {
    UndoPoint u;
    u.resolved_seq = j.at("resolved_seq").get<std::int64_t>();
    u.turn = j.at("turn").get<int>();
    u.calendar = calendar_of(j.at("calendar"));
    u.sheets = map_from<std::int64_t, UndoPoint::Sheet>(j.at("sheets"), sheet_from);
    return u;
}

json deadline_rule_json(const DeadlineRule& r) {
    return {{"weekday", r.weekday}, {"minute", r.minute}, {"zone", r.zone}};
}
DeadlineRule deadline_rule_from(const json& j) {
    return DeadlineRule{j.at("weekday").get<int>(), j.at("minute").get<int>(), j.at("zone").get<std::string>()};
}

}  // namespace

json year_json(const YearState& y) {
    json out = {{"rules", to_json(y.rules)},
                {"calendar", calendar_json(y.calendar)},
                {"colonels", map_json(y.colonels, colonel_json)},
                {"auction", auction_json(y.auction)},
                {"last_sheet_change", y.last_sheet_change},
                {"gazette_made", y.gazette_made},
                {"pause_reason", y.pause_reason}};
    put(out, "undo", y.undo, undo_json);
    put(out, "paused_since", y.paused_since);
    put(out, "deadline_rule", y.deadline_rule, deadline_rule_json);
    return out;
}

YearState year_from(const json& j) {
    YearState y;
    y.rules = rules_from(j.at("rules"));
    y.calendar = calendar_of(j.at("calendar"));
    y.colonels = map_from<std::int64_t, Colonel>(j.at("colonels"), colonel_from);
    y.auction = auction_from(j.at("auction"));
    y.undo = take<UndoPoint>(j, "undo", undo_from);
    y.last_sheet_change = j.at("last_sheet_change").get<std::int64_t>();
    y.gazette_made = j.at("gazette_made").get<std::int64_t>();
    y.paused_since = take<std::int64_t>(j, "paused_since");
    y.pause_reason = j.at("pause_reason").get<std::string>();
    y.deadline_rule = take<DeadlineRule>(j, "deadline_rule", deadline_rule_from);
    return y;
}

}  // namespace muster::campaign::snapshot_detail
