// What a viewer sees of the year: the calendar, colonels (whole for their own player and the umpires), the
// regiments by seniority, the auction, the gazette and the umpire's console (shared/campaign/year.h).
#include "shared/campaign/year.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/year_internal.h"

#include <algorithm>

#include "shared/campaign/campaign.h"
#include "shared/campaign/year_fields.h"

namespace muster::campaign::year {

using nlohmann::json;

namespace {

bool at_risk(const Regiment& r, const HouseRules& rules) { return r.arrears_months > rules.arrears_risk_months; }

json diary_view(const Diary& d, const Colonel& c, const HouseRules& rules) {
    json out = to_json(d);
    out["cost"] = to_json(diary_cost(d, c.fortune, c.regiment ? &*c.regiment : nullptr, rules));
    return out;
}

json colonel_view(const YearState& y, const Colonel& c, bool full, int from_turn) {
    json out = {{"user", c.user},
                {"player", c.player},
                {"name", c.name},
                {"profile", to_json(c.profile)},
                {"regiment", c.regiment ? json(c.regiment->number) : json(nullptr)},
                {"regiment_name", c.regiment ? json(c.regiment->name) : json(nullptr)},
                {"away", nullptr}};
    if (const std::string absent = absence(c, y.calendar.turn); !absent.empty()) out["away"] = absent;
    // A fall in battle is public: the table saw it.
    if (!c.laid_up.empty() && out["away"] == c.laid_up)
        out["laid_up"] = {{"fate", c.laid_up}, {"until", c.laid_up == "killed" ? json(nullptr) : json(c.laid_up_until)}};
    if (!full) return out;
    const HouseRules& rules = y.rules;
    const int turn = y.calendar.turn;
    out["fortune"] = c.fortune;
    out["pip"] = c.pip;
    out["pip_bought"] = c.pip_bought;
    out["pip_price_paid"] = c.pip_price_paid;
    out["objective"] = c.objective ? to_json(*c.objective) : json(nullptr);
    if (c.regiment) {
        json sheet = to_json(*c.regiment);
        sheet["at_risk"] = at_risk(*c.regiment, rules);
        out["sheet"] = std::move(sheet);
    } else {
        out["sheet"] = nullptr;
    }
    json diaries = json::object();
    out["diary"] = nullptr;
    for (const auto& [t, d] : c.diaries) {
        if (y.calendar.started && t == turn) out["diary"] = diary_view(d, c, rules);
        else if (t >= from_turn) diaries[std::to_string(t)] = to_json(d);
    }
    out["diaries"] = std::move(diaries);
    if (y.calendar.started) {
        Diary fallback = missed_diary(c.standing, c.last_diary, c.regiment ? &*c.regiment : nullptr, rules);
        fallback.turn = turn;
        if (const auto absent = absence(c, turn); !absent.empty()) {
            fallback.activity = absent;
            fallback.supervise.clear();
        }
        json dv = diary_view(fallback, c, rules);
        dv.erase("text");
        dv.erase("at");
        dv.erase("publish");
        out["default_diary"] = std::move(dv);
    } else {
        out["default_diary"] = nullptr;
    }
    // His standing orders and declared leave: his and the umpires' only.
    out["standing_orders"] = nullptr;
    if (c.standing) {
        json standing = to_json(*c.standing);
        for (const char* k : {"turn", "label", "text", "publish", "at", "seq"}) standing.erase(k);
        out["standing_orders"] = std::move(standing);
    }
    out["leave"] = c.leave;
    out["missed_in_a_row"] = missed_in_a_row(c);
    json reports = json::object();
    for (const auto& [t, r] : c.reports)
        if (t >= from_turn) reports[std::to_string(t)] = r;
    out["reports"] = std::move(reports);
    out["history"] = c.history;
    json adjustments = json::array();
    for (const auto& a : c.adjustments) {
        adjustments.push_back(to_json(a));
        adjustments.back()["id"] = adjustments.size();  // its number among his adjustments
    }
    out["adjustments"] = std::move(adjustments);
    return out;
}

std::string colonel_name(const YearState& y, std::int64_t user) {
    const Colonel* c = y.colonel(user);
    return c ? c->name : std::string("?");
}

json auction_view(const YearState& y) {
    const Auction& a = y.auction;
    json lot = nullptr;
    if (a.open) {
        const Lot& l = *a.open;
        json bids = json::array();
        for (const auto& b : l.bids)
            bids.push_back({{"colonel", b.colonel}, {"colonel_name", colonel_name(y, b.colonel)}, {"amount", b.amount}, {"at", b.at}});
        json high = nullptr;
        if (const Bid* h = l.high()) high = {{"colonel", h->colonel}, {"colonel_name", colonel_name(y, h->colonel)}, {"amount", h->amount}};
        lot = {{"lot", l.lot},
               {"regiment", l.regiment},
               {"opened_at", l.opened_at},
               {"closes_at", l.closes_at ? json(*l.closes_at) : json(nullptr)},
               {"reserve", l.reserve},
               {"initial", l.initial},
               {"bids", std::move(bids)},
               {"high", std::move(high)}};
    }
    json lots = json::array();
    for (const auto& c : a.closed)
        lots.push_back({{"lot", c.lot},
                        {"regiment", c.regiment},
                        {"winner", c.winner ? json(*c.winner) : json(nullptr)},
                        {"winner_name", c.winner ? json(colonel_name(y, *c.winner)) : json(nullptr)},
                        {"price", c.winner ? json(c.price) : json(nullptr)},
                        {"closed_at", c.closed_at},
                        {"initial", c.initial}});
    json available = json::array();
    for (int n = first_regiment; n <= y.rules.last_regiment; ++n)
        if (!y.colonel_of_regiment(n)) available.push_back(n);
    auto lowest = a.lowest_price();
    return {{"lot", std::move(lot)},
            {"lots", std::move(lots)},
            {"lowest_price", lowest ? json(*lowest) : json(nullptr)},
            {"available", std::move(available)}};
}

}  // namespace

// What this viewer must do in the year now, and by when (docs/protocol.md, "What needs you"): his colonel to
// create, his objective to choose, a lot he may bid for, his diary for the month; for an umpire, objectives to
// review, a colonel in his hands and a month whose diaries are all in. Each {"what", "due", "tab", "control"}.
json needs_you(const CampaignState& state, const Viewer& viewer) {
    const YearState& y = state.year;
    json out = json::array();
    // `tab`: where it is done on the page (web/README.md, the campaign page's tabs): the umpire's year console or
    // colonels, a player's colonel, diary or auction; `control`: the control on that tab that does it.
    auto need = [&](std::string what, json due, const char* tab, const char* control) -> json& {
        out.push_back({{"what", std::move(what)}, {"due", std::move(due)}, {"tab", tab}, {"control", control}});
        return out.back();
    };
    const json month_due = y.calendar.deadline ? json(*y.calendar.deadline) : json(nullptr);
    if (viewer.is_umpire()) {
        int pending = 0, owed = 0;
        for (const auto& [user, c] : y.colonels) {
            if (c.objective && c.objective->status == "pending") ++pending;
            if (y.calendar.started && absence(c, y.calendar.turn).empty() && !c.diaries.count(y.calendar.turn)) ++owed;
        }
        if (pending > 0) need("Review " + std::to_string(pending) + " custom objective" + (pending > 1 ? "s." : "."), nullptr, "year", "objective-review");
        // The missed-turn ladder (house rule "missed_months_to_umpire"): a colonel whose player has gone quiet.
        const int limit = y.rules.missed_months_to_umpire;
        for (const auto& [user, c] : y.colonels) {
            const int missed = missed_in_a_row(c);
            if (limit > 0 && missed >= limit && y.calendar.started && absence(c, y.calendar.turn).empty() &&
                !c.diaries.count(y.calendar.turn))
                need(c.name + " has missed " + std::to_string(missed) + " months in a row: write his diary or hand him over.",
                     month_due, "colonels", "diary-for")["colonel"] = user;  // his card's diary form
        }
        if (y.calendar.started && !y.colonels.empty() && owed == 0) need("Every diary is in: resolve " + label(y.calendar) + ".", nullptr, "year", "month-resolve");
        return out;
    }
    if (viewer.role != Role::player) return out;
    const Colonel* c = y.colonel(viewer.user);
    if (!c) {
        need("Create your colonel.", nullptr, "colonel", "colonel-create");
        return out;
    }
    if (c->laid_up == "killed") need(colonel_title(c->name) + " is dead: name his successor.", nullptr, "colonel", "colonel-successor");
    else if (!c->objective) need("Choose your colonel's objective.", nullptr, "colonel", "objective");
    if (y.auction.open && !c->regiment) {
        const Lot& lot = *y.auction.open;
        need("Bid for regiment " + std::to_string(lot.regiment) + " while its lot is open.",
             lot.closes_at ? json(*lot.closes_at) : json(nullptr), "auction", "auction-bid");
    }
    if (y.calendar.started && absence(*c, y.calendar.turn).empty() && !c->diaries.count(y.calendar.turn))
        need("Write your diary for " + label(y.calendar) + ".", month_due, "diary", "diary-text");
    return out;
}



namespace {

json calendar_view(const YearState& y) {
    json calendar = {{"year", y.calendar.year},
                     {"month", y.calendar.month},
                     {"month_name", month_name(y.calendar.month)},
                     {"turn", y.calendar.turn},
                     {"year_number", y.calendar.year_number},
                     {"label", y.calendar.started ? json(label(y.calendar)) : json(nullptr)},
                     {"deadline", y.calendar.deadline ? json(*y.calendar.deadline) : json(nullptr)}};
    // The month's clock, public: its reminders to come, the umpire's extensions with his reasons, a pause.
    calendar["reminders"] = y.calendar.reminders;
    calendar["extensions"] = json::array();
    for (const auto& x : y.calendar.extensions)
        calendar["extensions"].push_back({{"from", x.from}, {"to", x.to ? json(x.to) : json(nullptr)}, {"reason", x.reason}});
    calendar["rule"] = nullptr;
    if (y.deadline_rule) {
        const auto& r = *y.deadline_rule;
        calendar["rule"] = {{"weekday", r.weekday}, {"time", detail::time_of_day(r.minute)}, {"time_zone", r.zone}};
    }
    calendar["paused"] = y.paused_since ? json{{"since", *y.paused_since}, {"reason", y.pause_reason}} : json(nullptr);
    return calendar;
}

bool sees_whole(const Viewer& viewer, std::int64_t colonel) {
    return viewer.is_umpire() || (viewer.role == Role::player && viewer.user == colonel);
}

json gazette_view(const YearState& y, int from_turn) {
    json gazette = json::object();
    for (const auto& [user, c] : y.colonels)
        for (const auto& [turn, d] : c.diaries) {
            if (!d.publish || turn < from_turn) continue;
            gazette[std::to_string(d.gazette_id)] = {{"id", d.gazette_id}, {"turn", turn},
                                                        {"label", d.label},       {"colonel", user},
                                                        {"colonel_name", c.name}, {"text", d.text},
                                                        {"at", d.at}};
        }
    return gazette;
}

json regiments_view(const YearState& y) {
    std::vector<const Colonel*> by_seniority;
    for (const auto& [user, c] : y.colonels)
        if (c.regiment) by_seniority.push_back(&c);
    std::sort(by_seniority.begin(), by_seniority.end(),
              [](const Colonel* a, const Colonel* b) { return a->regiment->number < b->regiment->number; });
    json regiments = json::array();
    for (const Colonel* c : by_seniority)
        regiments.push_back({{"number", c->regiment->number}, {"name", c->regiment->name}, {"colonel", c->user},
                             {"colonel_name", c->name}});
    return regiments;
}

json console_view(const YearState& y) {
    json submitted = json::object(), risk = json::array(), companies = json::object(), pending = json::array();
    json owing = json::array();  // the colonels who owe a diary this month: those away or on leave do not
    for (const auto& [user, c] : y.colonels) {
        const auto key = std::to_string(user);
        submitted[key] = y.calendar.started && c.diaries.count(y.calendar.turn) > 0;
        if (y.calendar.started && absence(c, y.calendar.turn).empty()) owing.push_back(user);
        if (c.regiment) {
            if (at_risk(*c.regiment, y.rules)) risk.push_back(user);
            companies[key] = {{"declared", c.regiment->declared}, {"maintained", c.regiment->companies}};
        }
        if (c.objective && c.objective->status == "pending") pending.push_back(user);
    }
    return {{"submitted", std::move(submitted)},
            {"owing", std::move(owing)},
            {"at_risk", std::move(risk)},
            {"companies", std::move(companies)},
            {"pending_objectives", std::move(pending)},
            {"can_undo", y.undo.has_value() && y.last_sheet_change <= y.undo->resolved_seq}};
}

int first_turn_in_view(const YearState& y, bool whole) { return whole ? 0 : y.calendar.turn - months_in_view; }

}  // namespace

const std::vector<std::string>& parts() {
    static const std::vector<std::string> all = {"phase",    "calendar", "settings", "book",      "differs",   "colonels",
                                                 "regiments", "auction", "gazette",  "needs_you", "months_from", "console"};
    return all;
}

std::optional<json> view_part(const CampaignState& state, const Viewer& viewer, const std::string& part, bool whole) {
    const YearState& y = state.year;
    const int from_turn = first_turn_in_view(y, whole);
    if (part.rfind("colonels/", 0) == 0) {
        const auto* c = y.colonel(std::stoll(part.substr(9)));
        if (!c) return std::nullopt;
        return colonel_view(y, *c, sees_whole(viewer, c->user), from_turn);
    }
    if (part == "colonels") {
        json colonels = json::object();
        for (const auto& [user, c] : y.colonels) colonels[std::to_string(user)] = colonel_view(y, c, sees_whole(viewer, user), from_turn);
        return colonels;
    }
    if (part == "phase") return json(y.calendar.started ? "months" : "setup");
    if (part == "calendar") return calendar_view(y);
    if (part == "settings") return to_json(y.rules);
    if (part == "book") return to_json(HouseRules{});
    if (part == "differs") return differs_from_book(y.rules);
    if (part == "regiments") return regiments_view(y);
    if (part == "auction") return auction_view(y);
    if (part == "gazette") return gazette_view(y, from_turn);
    if (part == "needs_you") return viewer.is_member() ? needs_you(state, viewer) : json::array();
    // The months before this one are left out of a live view: they are in the chronicle.
    if (part == "months_from") return from_turn > 1 ? json(from_turn) : json(nullptr);
    if (part == "console") return viewer.is_umpire() ? std::optional<json>(console_view(y)) : std::nullopt;
    return std::nullopt;
}

std::string part_audience(const Viewer& viewer, const std::string& part) {
    if (part.rfind("colonels/", 0) == 0)
        return sees_whole(viewer, std::stoll(part.substr(9))) ? "whole" : "public";
    if (part == "colonels") return "user " + std::to_string(viewer.user);
    if (part == "needs_you")  // an umpire's needs are the campaign's; a player's are his own
        return viewer.is_umpire() ? "umpire" : viewer.role == Role::player ? "user " + std::to_string(viewer.user) : "none";
    if (part == "console") return viewer.is_umpire() ? "umpire" : "none";
    return "all";
}

void add_to_view(json& out, const CampaignState& state, const Viewer& viewer, bool whole) {
    json year = json::object();
    for (const auto& part : parts())
        if (auto value = view_part(state, viewer, part, whole)) year[part] = std::move(*value);
    out["year"] = std::move(year);
}

}  // namespace muster::campaign::year
