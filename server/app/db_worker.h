#pragma once
// The one thread that owns the one SQLite connection (docs/architecture.md, "Storage": Debian 12's
// SQLite 3.40.1 predates the fix for the WAL-reset race between connections, so there is exactly one).
// Everyone else hands it jobs. Appends that queue up while a commit is in flight are committed together
// in one transaction (group commit); each caller is told only after that commit, so a reply still means
// committed.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/app/api_requests.h"
#include "server/store/campaign_index.h"
#include "server/store/database.h"
#include "server/store/leases.h"
#include "server/store/outbox.h"
#include "server/store/sent_keys.h"
#include "server/store/write_failure.h"
#include "shared/core/error.h"
#include "shared/core/event.h"

namespace muster {

// Why an append was not stored: the words for the server's log, and the kind of failure for the client's.
struct AppendError {
    std::string what;
    store::WriteFailure failure = store::WriteFailure::other;
};

// What a client is told when what he asked for was not stored, and so nothing was changed: a full disk, a database
// turned read-only or a disk error are `unavailable` (the administrator can mend them and the same command then
// goes in); anything else is `internal`.
Error unsaved(store::WriteFailure failure);

// The same for an HTTP request whose write failed with `e`: 503 `unavailable` in those words when the disk is at
// fault, else 500 `internal` with `message`. Call it in the catch, before anything else runs on `db`.
ApiResponse api_unsaved(const store::Database& db, const std::exception& e, const std::string& message);

class DbWorker {
public:
    // Empty on success, else what went wrong. Called on the worker thread: post onward, don't block.
    using AppendDone = std::function<void(std::optional<AppendError> error)>;

    // Which node this is, for the campaigns' leases (server/store/leases.h): each campaign this worker writes or
    // loads is leased to `node` for `lease_ms` at a time, renewed while held. lost(campaign) is told, on the worker
    // thread, when another node has taken one.
    struct Ownership {
        std::string node = "muster";
        std::int64_t lease_ms = 30'000;
        std::int64_t renew_ms = 10'000;  // how often the leases held are renewed: well inside lease_ms
        std::function<void(std::int64_t campaign)> lost;
        // Told, on the worker thread, which node keeps a campaign whenever this node takes its lease or finds
        // another holding it: for the proxy's map (server/app/placement.h).
        std::function<void(std::int64_t campaign, const std::string& node)> placed;
    };

    DbWorker(std::unique_ptr<store::Database> db, Ownership ownership);
    explicit DbWorker(std::unique_ptr<store::Database> db);  // a node of its own name, "muster"
    ~DbWorker();  // finishes every queued job, then closes the database

    // On the worker thread, in a job: takes the campaign's lease for this node (false: another node holds it),
    // and gives it up when the campaign is unloaded.
    bool lease(store::Database& db, std::int64_t campaign);
    void release(store::Database& db, std::int64_t campaign);
    const std::string& node() const { return ownership_.node; }
    // How long a batch is tried again while the database cannot be reached (store_retry_seconds).
    void retry_for(std::int64_t ms) { retry_ms_ = ms; }

    // Runs job on the worker thread. Exceptions are caught and logged; the job must report its own result.
    void run(std::function<void(store::Database&)> job);
    // The events, the notifications they cause (docs/protocol.md, "Notifications"), the campaign's index row
    // when they changed it and the key of the send that made them (if it had one), in one transaction.
    void append(std::int64_t campaign, std::vector<Event> events, AppendDone done,
                std::vector<store::OutboxItem> outbox = {}, std::optional<store::CampaignIndex> index = std::nullopt,
                std::optional<store::SentKey> sent = std::nullopt);
    void stop();  // finish queued jobs and join; idempotent

private:
    struct Job {
        std::function<void(store::Database&)> task;  // a plain job, or
        std::int64_t campaign = 0;                    // an append
        std::vector<Event> events;
        std::vector<store::OutboxItem> outbox;
        std::optional<store::CampaignIndex> index;
        AppendDone done;
        std::optional<store::SentKey> sent;
    };
    void loop();
    void commit_appends(std::vector<Job*>& batch);
    std::optional<AppendError> attempt_appends(std::vector<Job*>& batch, std::vector<std::optional<AppendError>>& results);
    bool all_at_once(const std::vector<Job*>& batch, std::optional<AppendError>& whole);
    void append_one(const Job& job);
    void reopen_if_read_only();
    void check_lease(std::int64_t campaign);
    void renew_leases();

    std::unique_ptr<store::Database> db_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> queue_;
    bool stopping_ = false;
    Ownership ownership_;
    std::atomic<std::int64_t> retry_ms_{10'000};
    std::unordered_map<std::int64_t, store::Lease> leases_;  // held; touched on the worker thread only
    std::chrono::steady_clock::time_point renewed_ = std::chrono::steady_clock::now();
    std::thread thread_;
};

}  // namespace muster
