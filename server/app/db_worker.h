#pragma once
// The one thread that owns the one SQLite connection (docs/architecture.md, "Storage": Debian 12's
// SQLite 3.40.1 predates the fix for the WAL-reset race between connections, so there is exactly one).
// Everyone else hands it jobs. Appends that queue up while a commit is in flight are committed together
// in one transaction (group commit); each caller is told only after that commit, so a reply still means
// committed.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/store/campaign_index.h"
#include "server/store/database.h"
#include "server/store/outbox.h"
#include "shared/core/event.h"

namespace muster {

class DbWorker {
public:
    // Empty on success, else what went wrong. Called on the worker thread: post onward, don't block.
    using AppendDone = std::function<void(std::optional<std::string> error)>;

    explicit DbWorker(std::unique_ptr<store::Database> db);
    ~DbWorker();  // finishes every queued job, then closes the database

    // Runs job on the worker thread. Exceptions are caught and logged; the job must report its own result.
    void run(std::function<void(store::Database&)> job);
    // The events, the notifications they cause (docs/protocol.md, "Notifications") and the campaign's index row
    // when they changed it, in one transaction.
    void append(std::int64_t campaign, std::vector<Event> events, AppendDone done,
                std::vector<store::OutboxItem> outbox = {}, std::optional<store::CampaignIndex> index = std::nullopt);
    void stop();  // finish queued jobs and join; idempotent

private:
    struct Job {
        std::function<void(store::Database&)> task;  // a plain job, or
        std::int64_t campaign = 0;                    // an append
        std::vector<Event> events;
        std::vector<store::OutboxItem> outbox;
        std::optional<store::CampaignIndex> index;
        AppendDone done;
    };
    void loop();
    void commit_appends(std::vector<Job*>& batch);

    std::unique_ptr<store::Database> db_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace muster
