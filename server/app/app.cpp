#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/app/hub.h"
#include "server/app/notifier.h"
#include "server/app/outbound.h"
#include "server/app/placement.h"

#include <filesystem>
#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/passwords.h"
#include "server/app/tokens.h"
#include "server/store/accounts.h"
#include "server/store/campaign_index.h"
#include "server/store/event_store.h"
#include "server/store/migrations.h"

namespace muster {


App::App(boost::asio::io_context& ioc, Config config)
    : ioc_(ioc), config_(std::move(config)), directory_(std::make_unique<Directory>()), sweep_timer_(ioc),
      backup_timer_(ioc), wakeup_timer_(ioc), directory_timer_(ioc) {
    const bool sqlite_file = !store::is_postgresql(config_.db);
    shared_store_ = !sqlite_file;
    auto parent = std::filesystem::path(config_.db.rfind("sqlite:", 0) == 0 ? config_.db.substr(7) : config_.db).parent_path();
    if (sqlite_file && !parent.empty()) std::filesystem::create_directories(parent);
    auto db = std::make_unique<store::Database>(
        config_.db, store::SessionLimits::for_lease(node_name(), config_.lease_seconds * 1000));
    store::migrate(*db, store::load_migrations(store::migrations_for(config_.migrations, db->engine())));

    // Campaigns stay on disk until they are wanted (campaigns_in_memory.cpp): only their index rows are read,
    // which fill the directory and the clocks to keep. A campaign without a row (from before the index) is
    // loaded now, once, which writes its row.
    store::for_each_index(*db, [this](const store::CampaignIndex& row) {
        directory_->put(row.campaign, row.directory, row.needs);
        if (row.alarm) wakeups_[row.campaign] = *row.alarm;
        directory_seen_ = std::max(directory_seen_, row.updated);
    });
    struct Loaded {
        store::CampaignRow row;
        std::vector<Event> log;
    };
    std::vector<Loaded> loaded;
    for (auto id : store::campaigns_without_index(*db)) {
        auto row = store::find_campaign(*db, id);
        if (row) loaded.push_back({std::move(*row), store::load_events(*db, id)});
    }
    start_database(std::move(db));
    // The sender starts before the hubs: what a crash left unsent goes out now, once.
    notifier_ = std::make_unique<Notifier>(*db_, config_);
    notifier_->start();
    for (const auto& l : loaded) {
        auto hub = std::make_shared<Hub>(ioc_, *db_, *directory_, l.row.id, from_hex(l.row.seed_hex), l.log, outbound());
        hub->write_index();
        add_hub(hub);
        hub->start();
    }
    {
        std::lock_guard lock(hubs_mutex_);
        arm_wakeup();
    }

    // An unknown user's login costs what a real one's does.
    dummy_hash_ = hash_password(random_hex(16), ScryptParams{std::uint64_t{1} << config_.password_work});
    schedule_sweep();
    schedule_backup();
    schedule_directory_refresh();
}

App::~App() { shutdown(); }

Outbound App::outbound() const {
    Notifier* n = notifier_.get();
    return Outbound{link_base_of(config_), [n] { if (n) n->poke(); }, config_.notify_cap_per_day, config_.mail_reply_to,
                    config_.mail_secret};
}

void App::shutdown() {
    std::vector<std::shared_ptr<Client>> open;
    {
        std::lock_guard lock(clients_mutex_);
        if (stopping_) return;
        stopping_ = true;
        for (auto& [session, list] : clients_by_session_)
            for (auto& weak : list)
                if (auto c = weak.lock()) open.push_back(c);
    }
    for (auto& c : open) c->close(1001, "server shutting down");
    {
        std::lock_guard lock(hubs_mutex_);
        hubs_stopped_ = true;
        for (auto& [id, hub] : hubs_) hub->stop();
        wakeup_timer_.cancel();
    }
    sweep_timer_.cancel();
    backup_timer_.cancel();
    directory_timer_.cancel();
    hashing_.join();
    if (notifier_) notifier_->stop();  // before the database: it waits on database jobs
    if (db_) db_->stop();
}

bool App::origin_allowed(const std::string& origin, const std::string& host) const {
    if (origin.empty()) return false;
    if (config_.allowed_origins.empty())
        return origin == (config_.tls() ? "https://" : "http://") + host;
    for (const auto& allowed : config_.allowed_origins)
        if (origin == allowed) return true;
    return false;
}

void App::authenticate(const std::string& token, std::function<void(std::optional<SessionInfo>)> done) {
    if (token.empty()) return done(std::nullopt);
    auto hash = sha256_hex(token);
    auto idle = config_.session_idle_seconds * 1000, absolute = config_.session_absolute_seconds * 1000;
    db_->run([hash, idle, absolute, done = std::move(done)](store::Database& db) {
        std::optional<SessionInfo> who;
        try {
            if (auto s = store::find_session(db, hash, unix_ms(), idle, absolute)) who = SessionInfo{s->id, s->user, s->username};
        } catch (const std::exception& e) {
            std::cerr << "muster: session lookup failed: " << e.what() << "\n";
        }
        done(who);
    });
}

bool App::has_room(std::int64_t user) {
    std::lock_guard lock(clients_mutex_);
    auto it = clients_per_user_.find(user);
    return !stopping_ && (it == clients_per_user_.end() || it->second < config_.max_connections_per_user);
}

bool App::admit(const std::shared_ptr<Client>& client) {
    std::lock_guard lock(clients_mutex_);
    if (stopping_) return false;
    auto& count = clients_per_user_[client->who().user];
    if (count >= config_.max_connections_per_user) return false;
    ++count;
    clients_by_session_[client->who().session].push_back(client);
    return true;
}

void App::on_close(const Client* client) {
    std::lock_guard lock(clients_mutex_);
    auto it = clients_by_session_.find(client->who().session);
    if (it == clients_by_session_.end()) return;
    auto& list = it->second;
    auto before = list.size();
    std::erase_if(list, [client](const std::weak_ptr<Client>& w) {
        auto c = w.lock();
        return !c || c.get() == client;
    });
    // A dead weak_ptr may be this client (its owner is already gone): count what was removed.
    auto removed = static_cast<int>(before - list.size());
    if (list.empty()) clients_by_session_.erase(it);
    auto& count = clients_per_user_[client->who().user];
    count = std::max(0, count - removed);
    if (count == 0) clients_per_user_.erase(client->who().user);
}

void App::close_session(std::int64_t session, const std::string& reason) {
    std::vector<std::shared_ptr<Client>> open;
    {
        std::lock_guard lock(clients_mutex_);
        auto it = clients_by_session_.find(session);
        if (it == clients_by_session_.end()) return;
        for (auto& weak : it->second)
            if (auto c = weak.lock()) open.push_back(c);
    }
    for (auto& c : open) c->close(1008, reason);
}

void App::schedule_sweep() {
    {
        std::lock_guard lock(clients_mutex_);
        if (stopping_) return;
    }
    // Often enough that an idle session ends close to its time, never more than once a second.
    auto period = std::clamp<std::int64_t>(config_.session_idle_seconds / 2, 1, 60);
    sweep_timer_.expires_after(std::chrono::seconds(period));
    sweep_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        std::unordered_map<std::int64_t, std::int64_t> active;
        {
            std::lock_guard lock(clients_mutex_);
            if (stopping_) return;
            active.swap(active_sessions_);
        }
        auto idle = config_.session_idle_seconds * 1000, absolute = config_.session_absolute_seconds * 1000;
        db_->run([this, active = std::move(active), idle, absolute](store::Database& db) {
            std::vector<std::int64_t> expired;
            try {
                for (const auto& [session, at] : active) store::touch_session(db, session, at);
                expired = store::expire_sessions(db, unix_ms(), idle, absolute);
            } catch (const std::exception& e) {
                std::cerr << "muster: session sweep failed: " << e.what() << "\n";
            }
            boost::asio::post(ioc_, [this, expired = std::move(expired)] {
                for (auto session : expired) close_session(session, "session expired");
                schedule_sweep();
            });
        });
    });
}

}  // namespace muster
