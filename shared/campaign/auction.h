#pragma once
// The regiment auction (over-the-hills.txt, "Getting your Regiment"): "Players will bid for regimental
// numbers between 3 and 20 in an open auction using CASH only. Colonelcies of Regimental numbers 1 and 2
// are never available". One lot (one regiment) at a time; every bid is public.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace muster::campaign::year {

inline constexpr int first_regiment = 3;  // 1 and 2 "typically go to Royalty"

struct Bid {
    std::int64_t colonel = 0;
    std::int64_t amount = 0;
    std::int64_t at = 0;
    bool operator==(const Bid&) const = default;
};

struct Lot {
    int lot = 0;  // the lot's number, 1, 2, ...
    int regiment = 0;
    std::int64_t opened_at = 0;
    std::optional<std::int64_t> closes_at;  // the countdown's end, unix ms
    std::optional<std::int64_t> remind_at;  // when the bidders are told it closes soon (house rule lot_reminder_minutes)
    std::int64_t reserve = 1;               // the lowest acceptable bid
    bool initial = true;                    // opened during setup: part of the initial auction
    std::vector<Bid> bids;                  // in the order made, each higher than the last

    const Bid* high() const { return bids.empty() ? nullptr : &bids.back(); }
    bool operator==(const Lot&) const = default;
};

struct ClosedLot {
    int lot = 0;
    int regiment = 0;
    std::optional<std::int64_t> winner;
    std::int64_t price = 0;
    std::int64_t closed_at = 0;
    bool initial = true;
    bool operator==(const ClosedLot&) const = default;
};

struct Auction {
    std::optional<Lot> open;
    std::vector<ClosedLot> closed;
    int next_lot = 1;

    // "Players who join the campaign at a later stage will buy in to a regiment of their choice for the
    // lowest price established at the initial setup auction": the lowest winning bid of setup's lots.
    std::optional<std::int64_t> lowest_price() const;
    bool operator==(const Auction&) const = default;
};

// The bid that wins a closing lot: the highest whose bidder can still pay it (fortune >= amount, no
// regiment yet), as `can_pay` says; nothing when no bid qualifies.
std::optional<Bid> winning_bid(const Lot& lot, const std::function<bool(const Bid&)>& can_pay);

}  // namespace muster::campaign::year
