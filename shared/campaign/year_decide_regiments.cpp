// The year's commands about regiments: the auction, buying one late, naming it, and losses on campaign
// (docs/protocol.md, "The campaign year").
#include "shared/campaign/year_internal.h"

#include <limits>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year::detail {

using nlohmann::json;

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
    // Not in the book (an auction round a table needs no reminder): a countdown longer than the house rule's
    // reminder tells the bidders when it nears its end.
    const std::int64_t before = std::int64_t{s.year.rules.lot_reminder_minutes} * 60'000;
    if (before > 0 && countdown * 1000 > before) body["remind_at"] = sup.now + countdown * 1000 - before;
    return one(make_event("auction.opened", v, std::move(body)));
}

Decision decide_auction_remind(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied& sup) {
    if (!from_clock(v)) return forbidden("Reminders are sent by the server's clock.");
    std::int64_t at = 0;
    if (auto e = read_int(c.body, "at", 1, std::numeric_limits<std::int64_t>::max(), at)) return *e;
    const auto& lot = s.year.auction.open;
    if (!lot || lot->remind_at != at) return conflict("No such reminder is due.");
    if (sup.now + clock_slack_ms < at) return conflict("The reminder's time has not come.");
    return one(make_event("auction.reminded", v, {{"lot", lot->lot}}));
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
    json body = {{"lot", lot->lot}, {"colonel", col->user}, {"amount", amount}, {"at", sup.now}};
    // The house rule auction_extension_seconds: a last-second bid gives the others time to answer it.
    const std::int64_t extension = std::int64_t{s.year.rules.auction_extension_seconds} * 1000;
    if (extension > 0 && lot->closes_at && *lot->closes_at - sup.now < extension) body["closes_at"] = sup.now + extension;
    return one(make_event("auction.bid_made", v, std::move(body)));
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

}  // namespace muster::campaign::year::detail
