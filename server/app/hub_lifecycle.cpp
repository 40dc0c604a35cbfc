// A hub's life: loaded from the database when its campaign is first wanted, its index row kept current,
// unloaded when nobody has used it for a while (docs/architecture.md, "Campaigns in memory").
#include "server/app/hub.h"

#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/frames.h"
#include "server/app/tokens.h"
#include "server/app/clock.h"
#include "server/store/event_store.h"
#include "server/store/sent_keys.h"
#include "server/store/snapshots.h"
#include "shared/campaign/notices.h"
#include "shared/campaign/snapshot.h"

namespace muster {

namespace {

Error unreadable_now() {
    return {"unavailable", "The server cannot read this campaign from its database just now; nothing was changed. "
                           "Try again in a moment."};
}

// A campaign as the store holds it: its latest snapshot and the events after it, or its whole log when it has no
// snapshot this server can read (another format, a newer server's). On the database worker.
struct Stored {
    campaign::CampaignState state;
    std::vector<Event> log;  // to apply to `state`
    std::set<std::pair<std::int64_t, std::string>> sent_keys;
};

Stored read_stored(store::Database& db, std::int64_t campaign) {
    Stored out;
    if (auto row = store::latest_snapshot(db, campaign)) {
        try {
            if (row->format != campaign::snapshot_format)
                throw std::invalid_argument("format " + std::to_string(row->format) + ", this server reads " +
                                            std::to_string(campaign::snapshot_format));
            auto state = campaign::restore(nlohmann::json::parse(row->body));
            if (state.seq != row->seq) throw std::invalid_argument("its state is at another event");
            out.state = std::move(state);
        } catch (const std::exception& e) {
            std::cerr << "muster: campaign " << campaign << ": its snapshot at event " << row->seq
                      << " cannot be read (" << e.what() << "): the whole log is replayed\n";
        }
    }
    out.log = store::load_events(db, campaign, out.state.seq);
    out.sent_keys = store::sent_keys(db, campaign);
    return out;
}

}  // namespace

Hub::Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, Outbound outbound)
    : strand_(boost::asio::make_strand(ioc)),
      db_(db),
      outbound_(std::move(outbound)),
      directory_(directory),
      id_(id),
      first_version_(unix_ms() * 1000),
      alarm_(strand_),
      idle_timer_(strand_),
      reload_timer_(strand_) {
    loaded_ = false;
}

void Hub::load() {
    db_.run([self = shared_from_this()](store::Database& db) {
        std::optional<store::CampaignRow> row;
        Stored stored;
        bool elsewhere = false;  // another node keeps it
        bool unreadable = false;  // the database could not be read (PostgreSQL restarting, a standby promoted)
        try {
            row = store::find_campaign(db, self->id_);
            // Its lease first, then its log: what is read is then all that was written. A lease that cannot be
            // written (a full or read-only disk) does not stop reading: the first append takes it, or fails as
            // the disk makes it.
            try {
                if (row && !self->db_.lease(db, self->id_)) elsewhere = true;
            } catch (const std::exception& e) {
                std::cerr << "muster: campaign " << self->id_ << ": cannot take its lease: " << e.what() << "\n";
            }
            if (row && !elsewhere) stored = read_stored(db, self->id_);
        } catch (const std::exception& e) {
            std::cerr << "muster: campaign " << self->id_ << ": load failed: " << e.what() << "\n";
            row.reset();
            unreadable = true;
        }
        boost::asio::post(self->strand_, [self, row = std::move(row), stored = std::move(stored), elsewhere,
                                          unreadable]() mutable {
            if (elsewhere) {
                self->let_go();
                return;
            }
            if (!row) {
                // Nothing is handled for it: each waiting request is told there is no such campaign, now and
                // after (pump). The server is asked to forget it first, so that a later request looks again
                // (another node may make it); one that came meanwhile is answered here.
                self->stopped_ = self->missing_ = true;
                // Not read is not missing: those waiting are told to try again, and the next request loads it anew.
                if (unreadable)
                    self->load_error_ = unreadable_now();
                if (self->retire_ && !self->forgetting_) {
                    self->forgetting_ = true;
                    self->retire_(self, self->received_, std::nullopt);
                }
                self->answer_missing();
                return;
            }
            self->seed_ = from_hex(row->seed_hex);
            self->take_state(std::move(stored.state), stored.log);
            self->sent_keys_ = std::move(stored.sent_keys);
            if (self->snapshot_every_ > 0 && static_cast<std::int64_t>(stored.log.size()) >= self->snapshot_every_)
                self->take_snapshot(stored.log.back());
            self->loaded_ = true;
            self->arm_alarm();
            self->arm_idle_check();
            self->pump();
        });
    });
}

void Hub::take_state(campaign::CampaignState state, const std::vector<Event>& later) {
    state_ = std::move(state);
    // The battle sections kept for the next step were of the state before: it may have gone back to an earlier seq.
    patcher_.forget();
    for (const auto& e : later) campaign::apply(state_, e);
    index_ = index_now();
    directory_.put(id_, index_->directory, index_->needs);
}

void Hub::moved() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->alarm_.cancel();
        self->idle_timer_.cancel();
        self->reload_timer_.cancel();
        self->let_go();
    });
}

// On the strand: nothing more is handled here. Each waiting request is told the campaign is kept elsewhere, and each
// subscriber's socket is closed, so that the page reconnects through the proxy to the node that keeps it.
void Hub::let_go() {
    gone_ = stopped_ = true;
    const Error moved{"moved", "Another of the club's servers keeps this campaign now: reconnect."};
    for (auto& r : queue_) {
        if (r.view_answer) r.view_answer(std::nullopt);
        else if (auto c = r.client.lock()) c->send(frames::reply_error(r.id, moved));
    }
    queue_.clear();
    for (auto& s : subscribers_)
        if (auto c = s.client.lock()) c->close(4009, "campaign moved to another node");
    subscribers_.clear();
    // The server forgets this hub, so that the campaign's next request loads it again, here or not.
    if (retire_ && !forgetting_) {
        forgetting_ = true;
        retire_(shared_from_this(), received_, std::nullopt);
    }
}

void Hub::reload() {
    // An append failed, so the state holds events that are not on disk, and so may every command decided
    // after it (their appends fail too: the store refuses a gap in seq). The reload job runs after all of
    // their appends (the database worker keeps order); it rebuilds the state from the log and sends every
    // subscriber a whole view.
    if (reloading_) return;
    reloading_ = true;
    read_log_again();
}

void Hub::read_log_again() {
    db_.run([self = shared_from_this()](store::Database& db) {
        std::optional<Stored> stored;
        try {
            stored = read_stored(db, self->id_);
        } catch (const std::exception& e) {
            std::cerr << "muster: campaign " << self->id_ << ": reload failed: " << e.what() << "\n";
        }
        boost::asio::post(self->strand_, [self, stored = std::move(stored)]() mutable {
            if (self->stopped_) return;
            if (!stored) return self->reload_later();
            self->reload_waiting_ = false;
            self->reload_tries_ = 0;
            self->last_view_ = {};
            self->take_state(std::move(stored->state), stored->log);
            self->sent_keys_ = std::move(stored->sent_keys);  // a key whose append failed is forgotten with it
            // Every view may have changed: each log starts again at a new version.
            for (auto& [user, log] : self->logs_) log = UserLog{{}, log.version + 1, std::nullopt};
            for (const auto& s : self->subscribers_) {
                auto client = s.client.lock();
                Viewer viewer = self->viewer_of(s.user);
                if (!client || !viewer.is_member()) continue;
                client->send(frames::push(self->id_, self->log_of(s.user).version, "view",
                                          campaign::view(self->state_, viewer)));
            }
            self->reloading_ = false;
            self->arm_alarm();
            self->pump();
        });
    });
}

// The log could not be read (the database cannot be reached: PostgreSQL restarting, a standby being promoted). The
// state cannot be trusted until it is, so every request meanwhile is refused, and the log is read again a little
// later, waiting longer each time up to 2 s: a campaign answers again within about 2 s of the database's return.
void Hub::reload_later() {
    reload_waiting_ = true;
    refuse_queue();
    const auto wait = std::min<std::int64_t>(std::int64_t{500} << std::min(reload_tries_++, 2), 2'000);
    reload_timer_.expires_after(std::chrono::milliseconds(wait));
    reload_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (!ec && !self->stopped_) self->read_log_again();
    });
}

void Hub::refuse_queue() {
    const Error unreadable = unreadable_now();
    for (auto& r : queue_) {
        if (r.view_answer) r.view_answer(std::nullopt);
        else send_to(r.client, frames::reply_error(r.id, unreadable));
    }
    queue_.clear();
}

void Hub::answer_missing() {
    for (auto& r : queue_) {
        if (r.view_answer) r.view_answer(std::nullopt);
        else if (auto c = r.client.lock()) c->send(frames::reply_error(r.id, load_error_ ? *load_error_ : frames::no_campaign(id_)));
    }
    queue_.clear();
}

void Hub::write_index() {
    db_.run([index = index_now()](store::Database& db) { store::put_index(db, index); });
}

store::CampaignIndex Hub::index_now() const {
    store::CampaignIndex index;
    index.campaign = id_;
    index.directory = Directory::entry_of(state_);
    index.needs = Directory::needs_of(state_);
    index.alarm = campaign::next_alarm(state_);
    return index;
}

std::optional<store::CampaignIndex> Hub::index_change(const std::vector<Event>& events) {
    if (campaign::changes_no_needs(events)) return std::nullopt;  // nor the directory, nor a clock
    auto now = index_now();
    if (index_ && *index_ == now) return std::nullopt;
    index_ = now;
    directory_.put(id_, now.directory, now.needs);
    return now;
}

void Hub::set_retire(Retire retire, std::int64_t idle_ms) {
    boost::asio::post(strand_, [self = shared_from_this(), retire = std::move(retire), idle_ms]() mutable {
        self->retire_ = std::move(retire);
        self->idle_ms_ = idle_ms;
        if (self->gone_) return self->let_go();
        self->arm_idle_check();
    });
}

void Hub::set_snapshot_every(std::int64_t events) {
    boost::asio::post(strand_, [self = shared_from_this(), events] { self->snapshot_every_ = events; });
}

void Hub::take_snapshot(const Event& last) {
    // Made here, where the state lives; written out as text on the worker. Once in `snapshot_every` events, so its
    // cost (a few ms for a campaign of years) is small beside the replay it saves.
    std::shared_ptr<nlohmann::json> body;
    try {
        body = std::make_shared<nlohmann::json>(campaign::snapshot(state_));
    } catch (const std::exception& e) {  // no snapshot this time: the log is whole
        std::cerr << "muster: campaign " << id_ << ": no snapshot at event " << last.seq << ": " << e.what() << "\n";
        return;
    }
    db_.run([id = id_, last, body](store::Database& db) {
        store::put_snapshot(db, id, last, campaign::snapshot_format, body->dump(), unix_ms());
    });
}

bool Hub::idle() const {
    const bool anyone_here = std::any_of(subscribers_.begin(), subscribers_.end(),
                                         [](const Subscriber& s) { return !s.client.expired(); });
    return loaded_ && !stopped_ && !retiring_ && !reloading_ && queue_.empty() && in_flight_ == 0 && !anyone_here;
}

void Hub::arm_idle_check() {
    if (!retire_ || idle_ms_ <= 0 || stopped_ || !loaded_) return;
    idle_timer_.expires_after(std::chrono::milliseconds(idle_ms_ / 2 + 1));
    idle_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || self->stopped_) return;
        const auto quiet = std::chrono::steady_clock::now() - self->last_busy_;
        if (self->idle() && quiet >= std::chrono::milliseconds(self->idle_ms_)) {
            self->retiring_ = true;
            self->retire_(self, self->received_, self->alarm_at_);
            return;  // the server answers: retired (stop) or refused
        }
        self->arm_idle_check();
    });
}

void Hub::retire_refused() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->retiring_ = false;
        self->last_busy_ = std::chrono::steady_clock::now();
        self->alarm_at_.reset();  // re-armed: a clock may have come due while it waited
        self->arm_alarm();
        self->arm_idle_check();
        self->pump();
    });
}

}  // namespace muster
