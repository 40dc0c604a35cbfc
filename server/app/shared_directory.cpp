// The directory and the clocks of campaigns on a store other nodes write too (PostgreSQL; docs/operations.md, "More
// than one machine"). A node reads every index row at start; after that another node may make a campaign, an invite
// code or a member, or stop with a campaign's clock due. Every directory_refresh_seconds, before a campaign.list and
// when an invite code is not known here, the node reads the index rows written since it last looked, and the clocks
// due whose campaign no live node keeps, which it then wakes (taking the campaign's lease as it loads it).
#include <algorithm>
#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/store/campaign_index.h"

namespace muster {

namespace {
// Rows are read again this far back from the newest seen: a transaction commits after it wrote its `updated`, and
// the nodes' clocks differ by a little.
constexpr std::int64_t overlap_ms = 10'000;
}  // namespace

void App::schedule_directory_refresh() {
    if (!shared_store_ || config_.directory_refresh_seconds <= 0) return;
    std::lock_guard lock(hubs_mutex_);
    if (hubs_stopped_) return;
    directory_timer_.expires_after(std::chrono::seconds(config_.directory_refresh_seconds));
    directory_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        refresh_directory([this] { schedule_directory_refresh(); });
    });
}

void App::refresh_directory(std::function<void()> then) {
    std::int64_t since = 0;
    {
        std::lock_guard lock(hubs_mutex_);
        since = directory_seen_ - overlap_ms;
    }
    db_->run([this, since, now = unix_ms(), then = std::move(then)](store::Database& db) mutable {
        std::vector<store::CampaignIndex> rows;
        std::vector<std::pair<std::int64_t, std::int64_t>> due;
        try {
            store::for_each_index_since(db, since, [&](const store::CampaignIndex& row) { rows.push_back(row); });
            due = store::due_unkept(db, now, db_->node());
        } catch (const std::exception& e) {
            std::cerr << "muster: reading the campaigns' index failed: " << e.what() << "\n";
        }
        boost::asio::post(ioc_, [this, rows = std::move(rows), due = std::move(due), then = std::move(then)] {
            {
                std::lock_guard lock(hubs_mutex_);
                for (const auto& row : rows) {
                    directory_seen_ = std::max(directory_seen_, row.updated);
                    if (loaded_hub(row.campaign)) continue;  // its hub here keeps its entry and its clock
                    directory_->put(row.campaign, row.directory, row.needs);
                }
                // Another node's clocks are its own while it keeps their campaigns: only those left behind are woken.
                for (const auto& [campaign, at] : due)
                    if (!loaded_hub(campaign)) wakeups_[campaign] = at;
                arm_wakeup();
            }
            then();
        });
    });
}

}  // namespace muster
