// Campaigns in memory (docs/architecture.md, "Campaigns in memory"): a campaign's hub is loaded from its log when
// a request for it comes or its clock comes due, and unloaded once nobody has used it for hub_idle_seconds, so
// the server's memory follows the campaigns in play, not every campaign it holds. Every request reaches a hub
// through submit_to, under hubs_mutex_, so a hub is unloaded only when no request is on its way to it.
#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/hub.h"
#include "server/app/placement.h"

#include <unistd.h>

#include <iostream>

#include <boost/asio/post.hpp>

namespace muster {

std::shared_ptr<Hub> App::loaded_hub(std::int64_t campaign) {
    auto it = hubs_.find(campaign);
    return it == hubs_.end() ? nullptr : it->second;
}

std::shared_ptr<Hub> App::keep(std::shared_ptr<Hub> hub) {
    hubs_[hub->id()] = hub;
    wakeups_.erase(hub->id());  // its own clock now
    hub->set_retire([this](std::shared_ptr<Hub> h, std::uint64_t received, std::optional<std::int64_t> alarm) {
        retire(h, received, alarm);
    }, config_.hub_idle_seconds * 1000);
    hub->set_snapshot_every(config_.snapshot_every_events);
    return hub;
}

std::shared_ptr<Hub> App::load_hub(std::int64_t campaign) {
    auto hub = keep(std::make_shared<Hub>(ioc_, *db_, *directory_, campaign, outbound()));
    hub->load();
    return hub;
}

void App::add_hub(const std::shared_ptr<Hub>& hub) {
    std::lock_guard lock(hubs_mutex_);
    keep(hub);
}

bool App::submit_to(std::int64_t campaign, HubRequest request) {
    std::shared_ptr<Hub> hub;
    {
        std::lock_guard lock(hubs_mutex_);
        hub = loaded_hub(campaign);
        if (!hub) {
            // With a store other nodes write too, a campaign made elsewhere since this node started is not in its
            // directory: the store is asked (the hub's load answers "no such campaign" if it is not there either).
            if (!directory_->exists(campaign) && !shared_store_) return false;
            hub = load_hub(campaign);
        }
        hub->submit(std::move(request));  // counted under the lock: see retire
    }
    return true;
}

void App::retire(const std::shared_ptr<Hub>& hub, std::uint64_t received, std::optional<std::int64_t> alarm) {
    {
        std::lock_guard lock(hubs_mutex_);
        const bool current = loaded_hub(hub->id()) == hub;
        // A hub whose campaign another node keeps, or that is not in the store, goes at once: a request on its way
        // to it is answered `moved`, or that there is no such campaign.
        if (current && (hub->submitted() == received || hub->gone() || hub->missing()) && !hubs_stopped_) {
            hubs_.erase(hub->id());
            if (alarm) wake_at(hub->id(), *alarm);
            hub->stop();
            // Another node may take it at once; the worker runs this after every append the hub made.
            db_->run([worker = db_.get(), id = hub->id()](store::Database& db) { worker->release(db, id); });
            return;
        }
    }
    hub->retire_refused();  // a request came while it asked: it goes on
}

void App::wake_at(std::int64_t campaign, std::int64_t at) {
    wakeups_[campaign] = at;
    arm_wakeup();
}

void App::arm_wakeup() {
    std::optional<std::int64_t> next;
    for (const auto& [campaign, at] : wakeups_)
        if (!next || at < *next) next = at;
    if (next == wakeup_armed_) return;
    wakeup_armed_ = next;
    wakeup_timer_.cancel();
    if (!next) return;
    // Relative to unix_ms(), so that a test's clock moves it (server/app/clock.h).
    wakeup_timer_.expires_after(wait_until_ms(*next, unix_ms()));
    wakeup_timer_.async_wait([this, at = *next](const boost::system::error_code& ec) {
        if (ec) return;
        {
            std::lock_guard lock(hubs_mutex_);
            if (wakeup_armed_ != at) return;
            wakeup_armed_.reset();
        }
        wake_due();
    });
}

void App::wake_due() {
    std::lock_guard lock(hubs_mutex_);
    const auto now = unix_ms();
    for (auto it = wakeups_.begin(); it != wakeups_.end();) {
        if (it->second > now || loaded_hub(it->first)) {
            ++it;
            continue;
        }
        const auto campaign = it->first;
        it = wakeups_.erase(it);
        load_hub(campaign);  // loaded, it arms its own clock, which is due, and acts
    }
    arm_wakeup();
}

namespace {

std::string host_name() {
    char name[256] = {};
    return gethostname(name, sizeof name - 1) == 0 && name[0] ? name : "muster";
}

}  // namespace

std::string App::node_name() const { return config_.node.empty() ? host_name() : config_.node; }

void App::start_database(std::unique_ptr<store::Database> db) {
    DbWorker::Ownership ownership;
    ownership.node = node_name();
    ownership.lease_ms = config_.lease_seconds * 1000;
    // A SQLite file has one server, which no other node could replace at short notice: its leases are renewed
    // every third of the lease, a write less often than every second.
    ownership.renew_ms = shared_store_ ? std::min(config_.lease_renew_seconds * 1000, ownership.lease_ms / 3)
                                       : ownership.lease_ms / 3;
    ownership.lost = [this](std::int64_t campaign) {
        boost::asio::post(ioc_, [this, campaign] { lease_lost(campaign); });
    };
    if (!config_.proxy_admin.empty()) {
        placement_ = std::make_unique<Placement>(config_.proxy_admin, config_.proxy_map);
        ownership.placed = [p = placement_.get()](std::int64_t campaign, const std::string& node) { p->place(campaign, node); };
    }
    db_ = std::make_unique<DbWorker>(std::move(db), std::move(ownership));
    db_->retry_for(config_.store_retry_seconds * 1000);
}

// Another node took the campaign (its lease ran out here: this node was cut off, or paused): its hub here lets its
// sockets go, so that their pages reconnect and the proxy sends them to the node that keeps it now.
void App::lease_lost(std::int64_t campaign) {
    std::shared_ptr<Hub> hub;
    {
        std::lock_guard lock(hubs_mutex_);
        hub = loaded_hub(campaign);
        if (!hub) return;
        hubs_.erase(campaign);
        wakeups_.erase(campaign);
    }
    hub->moved();
}

}  // namespace muster
