// The Over the Hills campaign year: decide / apply / view for colonels, objectives, the regiment auction,
// diaries and months (shared/campaign/year.h; docs/protocol.md, "The campaign year").
#include "shared/campaign/year.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <unordered_map>

#include "shared/campaign/campaign.h"
#include "shared/campaign/month_resolution.h"
#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year {

using nlohmann::json;

const Colonel* YearState::colonel(std::int64_t user) const {
    auto it = colonels.find(user);
    return it == colonels.end() ? nullptr : &it->second;
}

const Colonel* YearState::colonel_of_regiment(int number) const {
    for (const auto& [user, c] : colonels)
        if (c.regiment && c.regiment->number == number) return &c;
    return nullptr;
}

namespace {

// 9 -> "9th", 3 -> "3rd": how regiments are named ("the 8th of Foot").
std::string ordinal(int n) {
    const int tens = n % 100;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}


// How early the server's clock may act before the time it set (a timer may wake a little early).
constexpr std::int64_t clock_slack_ms = 60'000;
constexpr std::size_t reason_max = 200;
constexpr std::size_t note_max = 2000;
constexpr std::int64_t money_limit = 1'000'000'000;

using Decision = std::variant<Error, std::vector<Event>>;

std::string pounds(std::int64_t amount) { return "£" + std::to_string(amount); }

std::vector<Event> one(Event e) { return {std::move(e)}; }

bool from_clock(const Viewer& v) { return v.user == 0 && v.is_umpire(); }

std::optional<Error> open_member(const CampaignState& state, const Viewer& v) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (state.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

std::optional<Error> open_umpire(const CampaignState& state, const Viewer& v, const char* what) {
    if (auto e = open_member(state, v)) return e;
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    return std::nullopt;
}

// The checks of a command a player gives for his own colonel; fills `out`.
std::optional<Error> own_colonel(const CampaignState& state, const Viewer& v, const char* what, const Colonel*& out) {
    if (auto e = open_member(state, v)) return e;
    if (v.role != Role::player) return forbidden(std::string("Only a player's colonel may ") + what + ".");
    out = state.year.colonel(v.user);
    if (!out) return not_found("You have no colonel yet: create one first.");
    return std::nullopt;
}

// The colonel an umpire's command names in "colonel"; fills `out`.
std::optional<Error> named_colonel(const CampaignState& state, const json& body, const Colonel*& out) {
    std::int64_t user = 0;
    if (auto e = read_id(body, "colonel", user)) return e;
    out = state.year.colonel(user);
    if (!out) return not_found("No colonel belongs to user " + std::to_string(user) + ".");
    return std::nullopt;
}

// over-the-hills.txt, "Getting your Regiment": "regimental numbers between 3 and 20 ... Colonelcies of
// Regimental numbers 1 and 2 are never available as they typically go to Royalty."
std::optional<Error> read_regiment_number(const CampaignState& state, const json& body, int& out) {
    const int last = state.year.rules.last_regiment;
    const std::string range = "Regiments are numbered from " + std::to_string(first_regiment) + " to " +
                              std::to_string(last) + " in this campaign.";
    auto it = body.find("regiment");
    if (it == body.end()) return bad_request("The field \"regiment\" is missing.");
    if (!it->is_number_integer() || (it->is_number_unsigned() && it->get<std::uint64_t>() > 1000))
        return bad_request("The field \"regiment\" must be a whole number. " + range);
    const auto number = it->get<std::int64_t>();
    if (number == 1 || number == 2)
        return bad_request("Regiments 1 and 2 are never available: they typically go to Royalty.");
    if (number < first_regiment || number > last) return bad_request(range);
    out = static_cast<int>(number);
    return std::nullopt;
}

Regiment new_regiment(int number, const std::string& colonel_name, const HouseRules& rules) {
    // over-the-hills.txt, "The Regiment": "At the point at which the regiment is created, this is 1 for each
    // attribute"; "Background": "each battalion consists of 10 companies".
    Regiment r;
    r.number = number;
    r.name = default_regiment_name(colonel_name);
    r.companies = r.declared = rules.companies_per_regiment;
    r.drill = r.musketry = r.effectiveness = rules.new_attribute;
    return r;
}

// --- colonels and objectives ---

Decision decide_colonel_create(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_member(s, v)) return *e;
    if (v.role != Role::player) return forbidden("Only players have colonels.");
    if (s.year.colonel(v.user)) return conflict("You already have a colonel.");
    const HouseRules& rules = s.year.rules;
    std::string name;
    if (auto e = read_string(c.body, "name", 1, colonel_name_max, name)) return *e;
    Profile profile;
    if (c.body.contains("profile")) {
        auto p = read_profile(c.body.at("profile"));
        if (auto* e = std::get_if<Error>(&p)) return *e;
        profile = std::get<Profile>(p);
    }
    std::int64_t pip = 0;
    // over-the-hills.txt, "Set Up": "players are given £1,000 and can buy PIP at a price of £10 per PIP.
    // Whatever cash they have left over is their starting fortune."
    if (auto e = read_optional_int(c.body, "pip", 0, rules.starting_money / rules.pip_price, pip)) return *e;
    if (pip > 0 && s.year.calendar.started && !rules.late_colonels_buy_pip)
        return conflict("Political influence can only be bought at the start of the campaign.");
    const std::int64_t fortune = rules.starting_money - pip * rules.pip_price;
    return one(make_event("colonel.created", v,
                          {{"colonel", v.user}, {"player", v.name}, {"name", name}, {"profile", to_json(profile)},
                           {"pip", pip}, {"fortune", fortune}, {"pip_price", rules.pip_price}}));
}

Decision decide_colonel_update(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "change a colonel", col)) return *e;
    json body = {{"colonel", col->user}};
    if (c.body.contains("name")) {
        std::string name;
        if (auto e = read_string(c.body, "name", 1, colonel_name_max, name)) return *e;
        body["name"] = name;
    }
    if (c.body.contains("profile")) {
        auto p = read_profile(c.body.at("profile"));
        if (auto* e = std::get_if<Error>(&p)) return *e;
        body["profile"] = to_json(std::get<Profile>(p));
    }
    if (c.body.contains("pip")) {
        // over-the-hills.txt, "Set Up": "Political influence can only be bought in this way right at the
        // start of the campaign."
        if (s.year.calendar.started)
            return conflict("Political influence can only be bought at the start of the campaign.");
        std::int64_t pip = 0;
        if (auto e = read_int(c.body, "pip", 0, money_limit, pip)) return *e;
        const std::int64_t fortune = col->fortune - (pip - col->pip_bought) * col->pip_price_paid;
        if (fortune < 0)
            return Error{"cannot_afford", std::to_string(pip) + " PIP cost " + pounds(pip * col->pip_price_paid) +
                                              " but you have " + pounds(col->fortune + col->pip_bought * col->pip_price_paid) +
                                              "."};
        const auto& lot = s.year.auction.open;
        if (lot && lot->high() && lot->high()->colonel == col->user && fortune < lot->high()->amount)
            return Error{"cannot_afford", "Your bid of " + pounds(lot->high()->amount) +
                                              " stands: that many PIP would leave you " + pounds(fortune) + "."};
        body["pip"] = pip;
        body["fortune"] = fortune;
    }
    if (body.size() == 1) return bad_request("Nothing to change: send a name, a profile or PIP.");
    return one(make_event("colonel.updated", v, std::move(body)));
}

Decision decide_objective_choose(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "choose an objective", col)) return *e;
    std::string kind, text;
    if (auto e = read_choice(c.body, "kind", {"glory", "prestige", "wealth", "smartest", "duty", "custom"}, kind))
        return *e;
    if (kind == "custom") {
        if (auto e = read_string(c.body, "text", 1, objective_text_max, text)) return *e;
    } else {
        text = objective_wording(kind);
    }
    // over-the-hills.txt, "Personal Objectives": "At the start of the campaign each player must choose".
    if (s.year.calendar.started && col->objective && col->objective->status == "approved")
        return conflict("Your objective is settled: it was chosen at the start of the campaign.");
    // "Any other which they devise and the umpires approve of".
    const std::string status = kind == "custom" ? "pending" : "approved";
    return one(make_event("objective.chosen", v, {{"colonel", col->user}, {"kind", kind}, {"text", text}, {"status", status}}));
}

Decision decide_objective_review(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "review objectives")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    auto it = c.body.find("approve");
    if (it == c.body.end() || !it->is_boolean()) return bad_request("The field \"approve\" must be true or false.");
    std::string note;
    if (auto e = read_optional_string(c.body, "note", objective_text_max, note)) return *e;
    if (!col->objective || col->objective->status != "pending")
        return conflict("That colonel has no custom objective waiting for approval.");
    return one(make_event("objective.reviewed", v, {{"colonel", col->user}, {"approved", it->get<bool>()}, {"note", note}}));
}

Decision decide_rules_set(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "change the house rules")) return *e;
    auto it = c.body.find("settings");
    if (it == c.body.end()) return bad_request("The field \"settings\" is missing.");
    auto m = merged(s.year.rules, *it);
    if (auto* e = std::get_if<Error>(&m)) return *e;
    if (it->empty()) return bad_request("No settings to change.");
    return one(make_event("rules.changed", v, {{"settings", *it}}));
}

// --- the auction and regiments ---

Decision decide_auction_open(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "run the auction")) return *e;
    int number = 0;
    if (auto e = read_regiment_number(s, c.body, number)) return *e;
    std::int64_t countdown = 0;
    if (auto e = read_optional_int(c.body, "countdown_seconds", 10, 604800, countdown)) return *e;
    if (s.year.auction.open)
        return conflict("Regiment " + std::to_string(s.year.auction.open->regiment) + " is on the block: close it first.");
    if (const Colonel* holder = s.year.colonel_of_regiment(number))
        return conflict("Regiment " + std::to_string(number) + " already has a colonel: " + holder->name + ".");
    // Late joiners bid against each other from the lowest price the initial auction established.
    const bool initial = !s.year.calendar.started;
    const std::int64_t reserve = initial ? 1 : s.year.auction.lowest_price().value_or(1);
    json body = {{"lot", s.year.auction.next_lot}, {"regiment", number}, {"opened_at", sup.now},
                 {"closes_at", countdown > 0 ? json(sup.now + countdown * 1000) : json(nullptr)},
                 {"reserve", reserve}, {"initial", initial}};
    return one(make_event("auction.opened", v, std::move(body)));
}

Decision decide_auction_bid(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "bid", col)) return *e;
    std::int64_t amount = 0;
    if (auto e = read_int(c.body, "amount", 1, money_limit, amount)) return *e;
    const auto& lot = s.year.auction.open;
    if (!lot) return conflict("No regiment is on the block.");
    // "Each colonel can win one regiment."
    if (col->regiment) return conflict("You already have a regiment: the " + ordinal(col->regiment->number) + " Foot.");
    if (lot->closes_at && sup.now >= *lot->closes_at) return Error{"too_late", "The bidding on this lot has closed."};
    if (lot->high() && amount <= lot->high()->amount)
        return conflict("A bid must be more than the high bid of " + pounds(lot->high()->amount) + ".");
    if (amount < lot->reserve)
        return conflict("The lowest acceptable bid for this regiment is " + pounds(lot->reserve) + ".");
    // "using CASH only": nobody can bid money he does not have.
    if (amount > col->fortune)
        return Error{"cannot_afford", "You have " + pounds(col->fortune) + "; you cannot bid " + pounds(amount) + "."};
    return one(make_event("auction.bid_made", v, {{"lot", lot->lot}, {"colonel", col->user}, {"amount", amount}, {"at", sup.now}}));
}

Decision decide_auction_close(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "close a lot")) return *e;
    std::int64_t lot_number = 0;
    if (auto e = read_optional_int(c.body, "lot", 1, std::numeric_limits<std::int64_t>::max(), lot_number)) return *e;
    const auto& lot = s.year.auction.open;
    if (!lot) return conflict("No regiment is on the block.");
    if (lot_number != 0 && lot_number != lot->lot) return conflict("That lot is no longer open.");
    if (from_clock(v) && (!lot->closes_at || sup.now + clock_slack_ms < *lot->closes_at))
        return conflict("The lot's countdown has not run out.");
    auto win = winning_bid(*lot, [&s](const Bid& b) {
        const Colonel* bidder = s.year.colonel(b.colonel);
        return bidder && !bidder->regiment && bidder->fortune >= b.amount;
    });
    json body = {{"lot", lot->lot}, {"regiment", lot->regiment}, {"initial", lot->initial}, {"closed_at", sup.now},
                 {"winner", nullptr}, {"price", nullptr}};
    if (win) {
        const Colonel* winner = s.year.colonel(win->colonel);
        body["winner"] = win->colonel;
        body["price"] = win->amount;
        body["regiment_sheet"] = to_json(new_regiment(lot->regiment, winner->name, s.year.rules));
    }
    return one(make_event("auction.closed", v, std::move(body)));
}

Decision decide_regiment_buy(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "buy a regiment", col)) return *e;
    int number = 0;
    if (auto e = read_regiment_number(s, c.body, number)) return *e;
    if (!s.year.calendar.started) return conflict("The initial auction is still running: bid for a regiment there.");
    if (col->regiment) return conflict("You already have a regiment: the " + ordinal(col->regiment->number) + " Foot.");
    if (s.year.colonel_of_regiment(number)) return conflict("Regiment " + std::to_string(number) + " already has a colonel.");
    if (s.year.auction.open && s.year.auction.open->regiment == number)
        return conflict("Regiment " + std::to_string(number) + " is on the block: bid for it.");
    // over-the-hills.txt, "Getting your Regiment": "Players who join the campaign at a later stage will buy in
    // to a regiment of their choice for the lowest price established at the initial setup auction."
    auto price = s.year.auction.lowest_price();
    if (!price) return conflict("The initial auction sold no regiment, so no price is established: ask the umpire to auction one.");
    if (*price > col->fortune)
        return Error{"cannot_afford", "A regiment costs " + pounds(*price) + "; you have " + pounds(col->fortune) + "."};
    return one(make_event("regiment.bought", v,
                          {{"colonel", col->user}, {"regiment", number}, {"price", *price},
                           {"regiment_sheet", to_json(new_regiment(number, col->name, s.year.rules))}}));
}

Decision decide_regiment_rename(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (auto e = own_colonel(s, v, "name a regiment", col)) return *e;
    std::string name;
    if (auto e = read_string(c.body, "name", 1, colonel_name_max, name)) return *e;
    if (!col->regiment) return not_found("You have no regiment to name.");
    return one(make_event("regiment.renamed", v, {{"colonel", col->user}, {"name", name}}));
}

// --- the months ---

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

Decision decide_set_deadline(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (auto e = open_umpire(s, v, "set deadlines")) return *e;
    auto it = c.body.find("deadline");
    if (it == c.body.end()) return bad_request("The field \"deadline\" is missing (a time, or null to clear it).");
    json deadline = nullptr;
    if (!it->is_null()) {
        std::int64_t at = 0;
        if (auto e = read_int(c.body, "deadline", 1, std::numeric_limits<std::int64_t>::max(), at)) return *e;
        if (at <= sup.now) return bad_request("The deadline must be in the future.");
        deadline = at;
    }
    if (!s.year.calendar.started) return conflict("The months have not begun: start the year first.");
    return one(make_event("month.deadline_set", v, {{"turn", s.year.calendar.turn}, {"deadline", deadline}}));
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
    const auto& deadline = s.year.calendar.deadline;
    if (!v.is_umpire() && deadline && sup.now >= *deadline)
        return Error{"too_late", "This month's deadline has passed: the month is being resolved."};
    const Regiment* regiment = col->regiment ? &*col->regiment : nullptr;
    auto d = read_diary(c.body, col->fortune, regiment, col->away, s.year.rules);
    if (auto* e = std::get_if<Error>(&d)) return *e;
    Diary diary = std::get<Diary>(d);
    diary.turn = s.year.calendar.turn;
    json body = to_json(diary);
    body.erase("at");
    body.erase("seq");
    body.erase("label");
    body["colonel"] = col->user;
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
    const auto& deadline = s.year.calendar.deadline;
    if (from_clock(v) && (!deadline || sup.now + clock_slack_ms < *deadline))
        return conflict("The month's deadline has not come.");
    Event e = make_event("month.resolved", v, resolve_month(s.year, dice));
    e.dice = dice.take_all_logs();  // every colonel's stream
    return one(std::move(e));
}

Decision decide_month_undo(const CampaignState& s, const Command&, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "undo a resolution")) return *e;
    const auto& undo = s.year.undo;
    if (!undo) return conflict("There is no resolution to undo.");
    if (s.year.last_sheet_change > undo->resolved_seq)
        return conflict("A colonel's sheet has changed since that month was resolved; it cannot be undone.");
    return one(make_event("month.undone", v, {{"turn", undo->turn}}));
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

// --- the umpire's overrides ---

struct AdjustableField {
    const char* name;
    std::int64_t min;
    std::int64_t max;
    bool regiment;
};

Decision decide_colonel_adjust(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "change a colonel's values")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    std::string field;
    if (auto e = read_choice(c.body, "field",
                             {"fortune", "pip", "drill", "musketry", "effectiveness", "companies", "declared", "arrears",
                              "arrears_months"},
                             field))
        return *e;
    const std::int64_t companies = s.year.rules.companies_per_regiment;
    const AdjustableField fields[] = {
        {"fortune", -money_limit, money_limit, false}, {"pip", 0, 1'000'000, false},
        {"drill", 1, 6, true},          {"musketry", 1, 6, true},
        {"effectiveness", 1, 6, true},  {"companies", 0, companies, true},
        {"declared", 0, companies, true}, {"arrears", 0, money_limit, true},
        {"arrears_months", 0, 1000, true},
    };
    const AdjustableField* f = nullptr;
    for (const auto& candidate : fields)
        if (field == candidate.name) f = &candidate;
    std::int64_t value = 0;
    if (auto e = read_int(c.body, "value", f->min, f->max, value)) return *e;
    std::string reason;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    if (f->regiment && !col->regiment) return not_found(col->name + " has no regiment.");
    std::int64_t before = 0;
    if (field == "fortune") before = col->fortune;
    else if (field == "pip") before = col->pip;
    else {
        const json sheet = to_json(*col->regiment);
        before = sheet.at(field).get<std::int64_t>();
    }
    return one(make_event("colonel.adjusted", v,
                          {{"colonel", col->user}, {"field", field}, {"before", before}, {"value", value}, {"reason", reason}}));
}

Decision decide_colonel_away(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "send a colonel away")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    auto it = c.body.find("away");
    if (it == c.body.end()) return bad_request("The field \"away\" is missing (\"expedition\", \"sea\" or null).");
    json away = nullptr;
    if (!it->is_null()) {
        std::string where;
        if (auto e = read_choice(c.body, "away", {"expedition", "sea"}, where)) return *e;
        away = where;
    }
    return one(make_event("colonel.away_set", v, {{"colonel", col->user}, {"away", away}}));
}

Decision decide_regiment_losses(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "record losses")) return *e;
    const Colonel* col = nullptr;
    if (auto e = named_colonel(s, c.body, col)) return *e;
    std::int64_t companies = 0;
    if (auto e = read_int(c.body, "companies", 0, s.year.rules.companies_per_regiment, companies)) return *e;
    std::string reason;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    if (!col->regiment) return not_found(col->name + " has no regiment.");
    const auto l = reckon_losses(*col->regiment, static_cast<int>(companies), s.year.rules.half_strength == "campaign",
                                 s.year.rules.attribute_min);
    const Attributes& a = l.attributes;
    return one(make_event("regiment.losses", v,
                          {{"colonel", col->user}, {"before", l.before}, {"after", l.after}, {"halved", l.halved},
                           {"attributes", {{"drill", a.drill}, {"musketry", a.musketry}, {"effectiveness", a.effectiveness}}},
                           {"reason", reason}}));
}

using Decider = std::function<Decision(const CampaignState&, const Command&, const Viewer&, Dice&, const Supplied&)>;

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
    };
    return table;
}

// --- apply ---

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

}  // namespace

bool handles(const std::string& command_type) { return deciders().count(command_type) > 0; }

Decision decide(const CampaignState& state, const Command& command, const Viewer& viewer, Dice& dice,
                const Supplied& supplied) {
    if (!command.body.is_object()) return bad_request("The command's body must be an object.");
    auto it = deciders().find(command.type);
    if (it == deciders().end()) return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
    return it->second(state, command, viewer, dice, supplied);
}

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

void apply(CampaignState& state, const Event& e) {
    YearState& y = state.year;
    const json& b = e.body;
    const std::string& t = e.type;
    if (t == "colonel.created") {
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
    } else if (t == "colonel.updated") {
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
    } else if (t == "objective.chosen") {
        if (Colonel* c = colonel_in(y, b))
            c->objective = Objective{b.at("kind").get<std::string>(), b.at("text").get<std::string>(),
                                     b.at("status").get<std::string>(), ""};
    } else if (t == "objective.reviewed") {
        Colonel* c = colonel_in(y, b);
        if (c && c->objective) {
            c->objective->status = b.at("approved").get<bool>() ? "approved" : "rejected";
            c->objective->note = b.value("note", "");
        }
    } else if (t == "rules.changed") {
        apply_settings(y.rules, b.at("settings"));
    } else if (t == "auction.opened") {
        Lot lot;
        lot.lot = b.at("lot").get<int>();
        lot.regiment = b.at("regiment").get<int>();
        lot.opened_at = b.at("opened_at").get<std::int64_t>();
        if (b.at("closes_at").is_number()) lot.closes_at = b.at("closes_at").get<std::int64_t>();
        lot.reserve = b.at("reserve").get<std::int64_t>();
        lot.initial = b.at("initial").get<bool>();
        y.auction.open = std::move(lot);
        y.auction.next_lot = std::max(y.auction.next_lot, b.at("lot").get<int>() + 1);
    } else if (t == "auction.bid_made") {
        if (y.auction.open)
            y.auction.open->bids.push_back(
                Bid{b.at("colonel").get<std::int64_t>(), b.at("amount").get<std::int64_t>(), b.at("at").get<std::int64_t>()});
    } else if (t == "auction.closed") {
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
    } else if (t == "regiment.bought") {
        if (Colonel* c = colonel_in(y, b)) {
            c->regiment = regiment_from_json(b.at("regiment_sheet"));
            c->fortune -= b.at("price").get<std::int64_t>();
        }
        y.last_sheet_change = e.seq;
    } else if (t == "regiment.renamed") {
        Colonel* c = colonel_in(y, b);
        if (c && c->regiment) c->regiment->name = b.at("name").get<std::string>();
    } else if (t == "year.started") {
        Calendar cal;
        cal.started = true;
        cal.year = b.at("year").get<std::string>();
        cal.month = b.at("month").get<int>();
        cal.turn = 1;
        cal.year_number = 1;
        y.calendar = cal;
    } else if (t == "month.deadline_set") {
        if (b.at("deadline").is_number()) y.calendar.deadline = b.at("deadline").get<std::int64_t>();
        else y.calendar.deadline.reset();
    } else if (t == "diary.submitted") {
        Colonel* c = colonel_in(y, b);
        if (!c) return;
        Diary d = diary_from_json(b);
        d.label = label(y.calendar);
        d.at = e.at;
        auto old = c->diaries.find(d.turn);
        if (d.publish)
            d.gazette_id = (old != c->diaries.end() && old->second.publish) ? old->second.gazette_id : ++y.gazette_made;
        c->diaries[d.turn] = std::move(d);
    } else if (t == "diary.published") {
        Colonel* c = colonel_in(y, b);
        if (!c) return;
        auto it = c->diaries.find(b.at("turn").get<int>());
        if (it != c->diaries.end() && !it->second.publish) {
            it->second.publish = true;
            it->second.gazette_id = ++y.gazette_made;
        }
    } else if (t == "month.resolved") {
        apply_resolution(y, b, e.seq, e.dice);
    } else if (t == "month.undone") {
        apply_undo(y);
    } else if (t == "report.noted") {
        Colonel* c = colonel_in(y, b);
        if (!c) return;
        auto it = c->reports.find(b.at("turn").get<int>());
        if (it != c->reports.end()) it->second["notes"].push_back(b.at("text"));
    } else if (t == "colonel.adjusted") {
        Colonel* c = colonel_in(y, b);
        if (!c) return;
        const auto field = b.at("field").get<std::string>();
        set_field(*c, field, b.at("value").get<std::int64_t>());
        c->adjustments.push_back(Adjustment{e.seq, field, b.at("before").get<std::int64_t>(),
                                            b.at("value").get<std::int64_t>(), b.at("reason").get<std::string>(), e.at});
        y.last_sheet_change = e.seq;
    } else if (t == "colonel.away_set") {
        if (Colonel* c = colonel_in(y, b)) c->away = b.at("away").is_string() ? b.at("away").get<std::string>() : "";
    } else if (t == "regiment.losses") {
        apply_regiment_losses(y, b, b.at("reason").get<std::string>(), e);
    }
}

// --- view ---

namespace {

bool at_risk(const Regiment& r, const HouseRules& rules) { return r.arrears_months > rules.arrears_risk_months; }

json diary_view(const Diary& d, const Colonel& c, const HouseRules& rules) {
    json out = to_json(d);
    out["cost"] = to_json(diary_cost(d, c.fortune, c.regiment ? &*c.regiment : nullptr, rules));
    return out;
}

json colonel_view(const YearState& y, const Colonel& c, bool full) {
    json out = {{"user", c.user},
                {"player", c.player},
                {"name", c.name},
                {"profile", to_json(c.profile)},
                {"regiment", c.regiment ? json(c.regiment->number) : json(nullptr)},
                {"regiment_name", c.regiment ? json(c.regiment->name) : json(nullptr)},
                {"away", c.away.empty() ? json(nullptr) : json(c.away)}};
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
        else diaries[std::to_string(t)] = to_json(d);
    }
    out["diaries"] = std::move(diaries);
    if (y.calendar.started) {
        Diary fallback = default_diary(c.last_diary, c.regiment ? &*c.regiment : nullptr, rules);
        fallback.turn = turn;
        if (!c.away.empty()) {
            fallback.activity = c.away;
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
    json reports = json::object();
    for (const auto& [t, r] : c.reports) reports[std::to_string(t)] = r;
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

void add_to_view(json& out, const CampaignState& state, const Viewer& viewer) {
    const YearState& y = state.year;
    const bool umpire = viewer.is_umpire();
    json calendar = {{"year", y.calendar.year},
                     {"month", y.calendar.month},
                     {"month_name", month_name(y.calendar.month)},
                     {"turn", y.calendar.turn},
                     {"year_number", y.calendar.year_number},
                     {"label", y.calendar.started ? json(label(y.calendar)) : json(nullptr)},
                     {"deadline", y.calendar.deadline ? json(*y.calendar.deadline) : json(nullptr)}};

    json colonels = json::object();
    json gazette = json::object();
    std::vector<const Colonel*> by_seniority;
    for (const auto& [user, c] : y.colonels) {
        const bool full = umpire || (viewer.role == Role::player && viewer.user == user);
        colonels[std::to_string(user)] = colonel_view(y, c, full);
        if (c.regiment) by_seniority.push_back(&c);
        for (const auto& [turn, d] : c.diaries) {
            if (!d.publish) continue;
            gazette[std::to_string(d.gazette_id)] = {{"id", d.gazette_id}, {"turn", turn},
                                                        {"label", d.label},       {"colonel", user},
                                                        {"colonel_name", c.name}, {"text", d.text},
                                                        {"at", d.at}};
        }
    }
    std::sort(by_seniority.begin(), by_seniority.end(),
              [](const Colonel* a, const Colonel* b) { return a->regiment->number < b->regiment->number; });
    json regiments = json::array();
    for (const Colonel* c : by_seniority)
        regiments.push_back({{"number", c->regiment->number}, {"name", c->regiment->name}, {"colonel", c->user},
                             {"colonel_name", c->name}});

    json year = {{"phase", y.calendar.started ? "months" : "setup"},
                 {"calendar", std::move(calendar)},
                 {"settings", to_json(y.rules)},
                 {"book", to_json(HouseRules{})},
                 {"differs", differs_from_book(y.rules)},
                 {"colonels", std::move(colonels)},
                 {"regiments", std::move(regiments)},
                 {"auction", auction_view(y)},
                 {"gazette", std::move(gazette)}};
    if (umpire) {
        json submitted = json::object(), risk = json::array(), companies = json::object(), pending = json::array();
        for (const auto& [user, c] : y.colonels) {
            const auto key = std::to_string(user);
            submitted[key] = y.calendar.started && c.diaries.count(y.calendar.turn) > 0;
            if (c.regiment) {
                if (at_risk(*c.regiment, y.rules)) risk.push_back(user);
                companies[key] = {{"declared", c.regiment->declared}, {"maintained", c.regiment->companies}};
            }
            if (c.objective && c.objective->status == "pending") pending.push_back(user);
        }
        year["console"] = {{"submitted", std::move(submitted)},
                           {"at_risk", std::move(risk)},
                           {"companies", std::move(companies)},
                           {"pending_objectives", std::move(pending)},
                           {"can_undo", y.undo.has_value() && y.last_sheet_change <= y.undo->resolved_seq}};
    }
    out["year"] = std::move(year);
}

std::optional<std::int64_t> next_alarm(const CampaignState& state) {
    const YearState& y = state.year;
    if (state.closed) return std::nullopt;
    std::optional<std::int64_t> next;
    if (y.auction.open && y.auction.open->closes_at) next = *y.auction.open->closes_at;
    if (y.calendar.started && y.calendar.deadline && (!next || *y.calendar.deadline < *next)) next = *y.calendar.deadline;
    return next;
}

Command alarm_command(const CampaignState& state, std::int64_t /*now*/) {
    const YearState& y = state.year;
    const auto& lot = y.auction.open;
    const bool lot_due = lot && lot->closes_at;
    const bool month_due = y.calendar.started && y.calendar.deadline;
    if (lot_due && (!month_due || *lot->closes_at <= *y.calendar.deadline))
        return Command{"auction.close", {{"lot", lot->lot}}};
    return Command{"month.resolve", {{"turn", y.calendar.turn}}};
}

}  // namespace muster::campaign::year
