#include "server/app/db_worker.h"

#include <iostream>
#include <thread>
#include <unordered_set>

#include "server/app/clock.h"
#include "server/store/event_store.h"

namespace muster {

namespace {

// What went wrong, read from the connection at once: a rollback would clear SQLite's error code.
AppendError append_error(const store::Database& db, const std::string& what) {
    if (what.rfind("lease lost", 0) == 0) return {what, store::WriteFailure::lease_lost};
    auto cause = store::last_write_failure(db, what);
    return {cause.detail.empty() ? what : what + " (" + cause.detail + ")", cause.kind};
}

// A failure of the database itself (a disk that cannot be written, a connection lost), which fails the whole batch,
// not one append's own (a bug, a constraint, a lease another node took).
bool fails_whole_batch(const AppendError& error) {
    return error.failure != store::WriteFailure::other && error.failure != store::WriteFailure::lease_lost;
}

}  // namespace

Error unsaved(store::WriteFailure failure) {
    switch (failure) {
    case store::WriteFailure::full:
        return {"unavailable", "The server's disk is full, so that was not saved: nothing was changed. Tell the server's administrator."};
    case store::WriteFailure::read_only:
        return {"unavailable", "The server cannot write its database (it has become read-only), so that was not saved: nothing was changed. Tell the server's administrator."};
    case store::WriteFailure::disk:
        return {"unavailable", "The server's disk failed to write its database, so that was not saved: nothing was changed. Tell the server's administrator."};
    case store::WriteFailure::unavailable:
        return {"unavailable", "The server cannot reach its database just now, so that was not saved: nothing was changed. Try again in a moment."};
    case store::WriteFailure::lease_lost:
        return {"moved", "Another of the club's servers keeps this campaign now, so that was not saved: nothing was changed. Reconnect and send it again."};
    case store::WriteFailure::other:
        break;
    }
    return {"internal", "The server could not save that; nothing was changed."};
}

ApiResponse api_unsaved(const store::Database& db, const std::exception& e, const std::string& message) {
    const auto error = unsaved(store::last_write_failure(db, e.what()).kind);
    if (error.code == "unavailable") return api_error(503, error.code, error.message);
    return api_error(500, "internal", message);
}

DbWorker::DbWorker(std::unique_ptr<store::Database> db, Ownership ownership)
    : db_(std::move(db)), ownership_(std::move(ownership)), thread_([this] { loop(); }) {}

DbWorker::DbWorker(std::unique_ptr<store::Database> db) : DbWorker(std::move(db), Ownership{}) {}

DbWorker::~DbWorker() { stop(); }

void DbWorker::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    db_.reset();
}

void DbWorker::run(std::function<void(store::Database&)> job) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(Job{std::move(job), 0, {}, {}, {}, {}, {}});
    }
    wake_.notify_one();
}

void DbWorker::append(std::int64_t campaign, std::vector<Event> events, AppendDone done,
                      std::vector<store::OutboxItem> outbox, std::optional<store::CampaignIndex> index,
                      std::optional<store::SentKey> sent) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(Job{{}, campaign, std::move(events), std::move(outbox), std::move(index), std::move(done), std::move(sent)});
    }
    wake_.notify_one();
}

void DbWorker::loop() {
    for (;;) {
        std::deque<Job> jobs;
        {
            std::unique_lock lock(mutex_);
            // Awake at least once a renewal, to renew the leases before they run out.
            wake_.wait_for(lock, std::chrono::milliseconds(ownership_.renew_ms),
                           [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty() && stopping_) return;
            jobs.swap(queue_);
        }
        reopen_if_read_only();
        renew_leases();
        // In order; consecutive appends share one transaction.
        std::vector<Job*> batch;
        for (auto& job : jobs) {
            if (!job.task) {
                batch.push_back(&job);
                continue;
            }
            commit_appends(batch);
            try {
                job.task(*db_);
            } catch (const std::exception& e) {
                std::cerr << "muster: database job failed: " << e.what() << "\n";
            }
        }
        commit_appends(batch);
    }
}

void DbWorker::reopen_if_read_only() {
    // So that a server started while its database could not be written takes commands again by itself once it can.
    // Between jobs: no job holds the old connection. It is closed first: a process's connections share one mapping
    // of the -shm file, read-only if the first opened it so. Opening a file that can be written fails only if it is
    // gone; then the server stops, as it would at its start.
    if (!store::can_write_again(*db_)) return;
    const auto file = store::sqlite_file(*db_);
    db_.reset();
    db_ = std::make_unique<store::Database>(file);
    std::cerr << "muster: the database can be written again: opened it again\n";
}

void DbWorker::commit_appends(std::vector<Job*>& batch) {
    if (batch.empty()) return;
    std::vector<std::optional<AppendError>> results(batch.size());
    auto whole = attempt_appends(batch, results);
    // A connection to PostgreSQL lost mid-batch (its server restarted, a standby promoted): the commit may or may
    // not have landed, so the batch is tried again on a new connection. Appends are idempotent on (campaign, seq)
    // (store::append_events), so what landed is not written twice; a reply still means committed.
    // Tried for up to retry_ms, waiting a quarter of a second more each time up to a second: a standby promoted
    // within it is a delay to the commands, not a refusal.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(retry_ms_);
    for (int retry = 1; whole && whole->what.find("database unavailable") != std::string::npos &&
                        std::chrono::steady_clock::now() < give_up;
         ++retry) {
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(250 * retry, 1000)));
        std::cerr << "muster: " << whole->what << ": trying the batch again (" << retry << ")\n";
        results.assign(batch.size(), std::nullopt);
        whole = attempt_appends(batch, results);
    }
    if (whole)
        for (auto& r : results) r = whole;
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i]->done(results[i]);
    batch.clear();
}

// One append's writes, inside the batch's transaction.
void DbWorker::append_one(const Job& job) {
    check_lease(job.campaign);
    // Its notifications only with its events: a retried append whose events had landed adds none.
    const auto written = store::append_events(*db_, job.campaign, job.events);
    if (written > 0 && !job.outbox.empty()) store::add_to_outbox(*db_, job.outbox, job.events.back().at);
    if (job.sent) store::put_sent_key(*db_, job.campaign, *job.sent, job.events.front().seq, job.events.front().at);
    if (job.index) store::put_index(*db_, *job.index);
}

// The batch in one transaction with no savepoints, when every campaign in it is leased here already (taking a lease
// would outlive a rollback in leases_): true when it committed. Else nothing of it was stored: a failure of the
// database itself (a disk that cannot be written, a connection lost) is put in `whole`, for the batch to be tried
// again as before; any other, and the batch is tried append by append (attempt_appends), which finds and reports
// the one that failed. Appends rarely fail, so the two statements of a savepoint are saved on nearly every one.
bool DbWorker::all_at_once(const std::vector<Job*>& batch, std::optional<AppendError>& whole) {
    for (const Job* job : batch)
        if (!leases_.count(job->campaign)) return false;
    std::optional<AppendError> failed;
    try {
        store::Transaction tx(*db_);
        try {
            for (const Job* job : batch) append_one(*job);
            tx.commit();
            return true;
        } catch (const std::exception& e) {
            failed = append_error(*db_, e.what());  // before tx rolls back
        }
    } catch (const std::exception& e) {
        failed = append_error(*db_, e.what());
    }
    if (fails_whole_batch(*failed)) whole = failed;
    return false;
}

// One try at the batch in one transaction; its own failure (then none of it was stored), or each append's in results.
std::optional<AppendError> DbWorker::attempt_appends(std::vector<Job*>& batch, std::vector<std::optional<AppendError>>& results) {
    std::optional<AppendError> whole;
    if (all_at_once(batch, whole) || whole) return whole;
    try {
        store::Transaction tx(*db_);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            // A savepoint each, so one bad append fails alone.
            db_->cached("SAVEPOINT append_one").run();
            try {
                append_one(*batch[i]);
                db_->cached("RELEASE append_one").run();
            } catch (const std::exception& e) {
                results[i] = append_error(*db_, e.what());
                if (fails_whole_batch(*results[i])) {
                    whole = results[i];
                    break;
                }
                db_->cached("ROLLBACK TO append_one").run();
                db_->cached("RELEASE append_one").run();
            }
        }
        if (!whole) {
            try {
                tx.commit();
            } catch (const std::exception& e) {
                whole = append_error(*db_, std::string("commit failed: ") + e.what());  // before tx rolls back
            }
        }
    } catch (const std::exception& e) {
        if (!whole) whole = append_error(*db_, std::string("commit failed: ") + e.what());
    }
    return whole;
}

// A campaign written here is leased here: taken at its first append (a new campaign's first event) if its load
// did not take it, then checked inside every append's transaction, so a node that lost it cannot write on.
void DbWorker::check_lease(std::int64_t campaign) {
    auto held = leases_.find(campaign);
    if (held == leases_.end()) {
        if (!lease(*db_, campaign))
            throw store::StoreError("lease lost: campaign " + std::to_string(campaign) + " is written by another node");
        return;
    }
    store::check_lease(*db_, campaign, held->second);
}

bool DbWorker::lease(store::Database& db, std::int64_t campaign) {
    auto taken = store::take_lease(db, campaign, ownership_.node, unix_ms(), ownership_.lease_ms);
    if (!taken) {
        if (ownership_.placed)
            if (auto holder = store::lease_of(db, campaign)) ownership_.placed(campaign, holder->lease.node);
        return false;
    }
    leases_[campaign] = *taken;
    if (ownership_.placed) ownership_.placed(campaign, ownership_.node);
    return true;
}

void DbWorker::release(store::Database& db, std::int64_t campaign) {
    auto held = leases_.find(campaign);
    if (held == leases_.end()) return;
    store::release_lease(db, campaign, held->second);
    leases_.erase(held);
}

void DbWorker::renew_leases() {
    const auto now = std::chrono::steady_clock::now();
    if (leases_.empty() || now - renewed_ < std::chrono::milliseconds(ownership_.renew_ms)) return;
    renewed_ = now;
    try {
        const auto still = store::renew_leases(*db_, ownership_.node, unix_ms(), ownership_.lease_ms);
        const std::unordered_set<std::int64_t> kept(still.begin(), still.end());
        for (auto it = leases_.begin(); it != leases_.end();) {
            if (kept.count(it->first)) {
                ++it;
                continue;
            }
            const auto campaign = it->first;
            it = leases_.erase(it);
            std::cerr << "muster: campaign " << campaign << ": its lease was taken by another node\n";
            if (ownership_.lost) ownership_.lost(campaign);
        }
    } catch (const std::exception& e) {
        // The leases run on until they expire; the next renewal tries again.
        std::cerr << "muster: renewing the campaigns' leases failed: " << e.what() << "\n";
    }
}

}  // namespace muster
