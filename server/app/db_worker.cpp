#include "server/app/db_worker.h"

#include <iostream>

#include "server/store/event_store.h"

namespace muster {

DbWorker::DbWorker(std::unique_ptr<store::Database> db) : db_(std::move(db)), thread_([this] { loop(); }) {}

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
        queue_.push_back(Job{std::move(job), 0, {}, {}, {}, {}});
    }
    wake_.notify_one();
}

void DbWorker::append(std::int64_t campaign, std::vector<Event> events, AppendDone done,
                      std::vector<store::OutboxItem> outbox, std::optional<store::CampaignIndex> index) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(Job{{}, campaign, std::move(events), std::move(outbox), std::move(index), std::move(done)});
    }
    wake_.notify_one();
}

void DbWorker::loop() {
    for (;;) {
        std::deque<Job> jobs;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty() && stopping_) return;
            jobs.swap(queue_);
        }
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

void DbWorker::commit_appends(std::vector<Job*>& batch) {
    if (batch.empty()) return;
    std::vector<std::optional<std::string>> results(batch.size());
    try {
        store::Transaction tx(*db_);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            // A savepoint each, so one bad append fails alone.
            db_->cached("SAVEPOINT append_one").run();
            try {
                store::append_events(*db_, batch[i]->campaign, batch[i]->events);
                if (!batch[i]->outbox.empty()) store::add_to_outbox(*db_, batch[i]->outbox, batch[i]->events.back().at);
                if (batch[i]->index) store::put_index(*db_, *batch[i]->index);
                db_->cached("RELEASE append_one").run();
            } catch (const std::exception& e) {
                results[i] = e.what();
                db_->cached("ROLLBACK TO append_one").run();
                db_->cached("RELEASE append_one").run();
            }
        }
        tx.commit();
    } catch (const std::exception& e) {
        for (auto& r : results) r = std::string("commit failed: ") + e.what();
    }
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i]->done(results[i]);
    batch.clear();
}

}  // namespace muster
