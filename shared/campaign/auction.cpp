#include "shared/campaign/auction.h"

namespace muster::campaign::year {

std::optional<std::int64_t> Auction::lowest_price() const {
    std::optional<std::int64_t> lowest;
    for (const auto& c : closed)
        if (c.initial && c.winner && (!lowest || c.price < *lowest)) lowest = c.price;
    return lowest;
}

std::optional<Bid> winning_bid(const Lot& lot, const std::function<bool(const Bid&)>& can_pay) {
    for (auto it = lot.bids.rbegin(); it != lot.bids.rend(); ++it)
        if (can_pay(*it)) return *it;
    return std::nullopt;
}

}  // namespace muster::campaign::year
