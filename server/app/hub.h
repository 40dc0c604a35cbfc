#pragma once
// One hub per campaign, on its own strand: commands to a campaign are decided one at a time, in order,
// each on the state its predecessors left; each one's events are committed before its reply goes out and
// before anyone's view shows them (a command may be decided while the one before it is being committed,
// so that they share a group commit). Campaigns run in parallel (DESIGN.md, "The core loop").
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/system_timer.hpp>
#include <nlohmann/json.hpp>

#include "server/app/client.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/app/outbound.h"
#include "server/store/campaign_index.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/view_patches.h"

namespace muster {

struct HubRequest {
    Command command;
    nlohmann::json id;  // the client's id for the reply
    std::string key;    // the sender's name for this send, if any: one committed before is answered as done
    SessionInfo who;
    std::weak_ptr<Client> client;
    bool from_clock = false;  // submitted by the hub itself when a deadline or countdown ran out
    std::int64_t clock_at = 0;  // and the time it was set for
    // A view asked for over HTTP (a member's chronicle): answered here, once every decided event is committed.
    std::function<void(std::optional<nlohmann::json>)> view_answer;
    std::optional<std::int64_t> battle;  // answer view_answer with this battle's record, not the whole view
    // A reply by e-mail (server/app/mail_in_api.cpp): makes the command from what he wrote, on the state as it is
    // when it is decided, or says why it cannot; what it makes is marked as sent by e-mail.
    std::function<std::optional<Error>(const campaign::CampaignState&, Command&)> prepare;
    bool by_mail = false;
};

class Hub : public std::enable_shared_from_this<Hub> {
public:
    // seed: the campaign's raw dice seed. log: its events so far, replayed here.
    Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, std::string seed,
        const std::vector<Event>& log, Outbound outbound = {});
    // A campaign whose seed and log load() reads from the database (server/app/hub_lifecycle.cpp).
    Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, Outbound outbound = {});

    // The server unloads a campaign nobody is using: once the hub has had no subscriber and nothing to do
    // for `idle_ms`, it asks `retire` (with the count of requests it has received and its next clock);
    // the server answers with retired() when no request came in the meantime, else with retire_refused().
    using Retire = std::function<void(std::shared_ptr<Hub>, std::uint64_t received, std::optional<std::int64_t> alarm)>;
    void set_retire(Retire retire, std::int64_t idle_ms);
    void retire_refused();
    // Keeps a snapshot of the state each time the log passes a multiple of `events` (0: never), and when a load
    // replayed that many (docs/architecture.md, "Snapshots").
    void set_snapshot_every(std::int64_t events);
    std::uint64_t submitted() const { return submitted_.load(); }

    void start();                     // arms the clocks the replayed state holds
    void load();                      // reads the seed and log on the database worker, replays, then starts
    void write_index();               // writes its index row as it stands (a campaign replayed without one)
    void stop();                      // cancels them, for shutdown
    void moved();                     // another node keeps the campaign now: stops, and lets its sockets go
    bool gone() const { return gone_; }  // any thread: moved, or found kept elsewhere when it loaded
    bool missing() const { return missing_; }  // any thread: its campaign is not in the store
    void clock_changed();             // the test clock moved: re-arm against the new time
    // A request for this user's whole view of the campaign (every month: his chronicle) as it stands committed,
    // answered with nothing for a non-member.
    static HubRequest view_request(std::int64_t user, std::function<void(std::optional<nlohmann::json>)> done);
    // A request for one battle as the user's whole view holds it, log and history included (an ended battle's
    // are left out of the live view).
    static HubRequest battle_request(std::int64_t user, std::int64_t battle,
                                     std::function<void(std::optional<nlohmann::json>)> done);
    void submit(HubRequest request);  // any thread
    std::int64_t id() const { return id_; }

private:
    void pump();
    void handle(HubRequest& request);
    void handle_failed(HubRequest& request, const std::exception& e);  // a handler threw: refuse, rebuild the state
    void subscribe(HubRequest& request, const Viewer& viewer);
    void unsubscribe(HubRequest& request);
    // The push of the user's whole view at this version, serialized once while the state stays as it is.
    std::shared_ptr<const std::string> view_frame(const Viewer& viewer, std::int64_t version);
    // Applies decided events and works out the patch frame each subscriber is to get once they commit.
    using Sends = std::vector<std::pair<std::weak_ptr<Client>, std::shared_ptr<const std::string>>>;
    Sends apply_events(const std::vector<Event>& events);
    // Applies the events and returns each user's patches, one per event or run of events (maybe empty), as
    // campaign::ViewPatcher makes them.
    using Pieces = std::unordered_map<std::int64_t, std::vector<std::shared_ptr<const nlohmann::json>>>;
    Pieces patch_pieces(const std::vector<Event>& events, const std::vector<std::int64_t>& users);
    // The users whose views are followed: every member who subscribed, here or away.
    std::vector<std::int64_t> followed_users() const;
    // Adds each user's non-empty patch to his log at his next version, and makes his frame, each patch
    // serialized once; users whose pieces are all empty get no frame.
    using Frames = std::unordered_map<std::int64_t, std::shared_ptr<const std::string>>;
    Frames log_and_frame(Pieces& pieces);
    // The frame of each present subscriber who has one.
    Sends sends_to_subscribers(const Frames& frame_of) const;
    // Keeps each log to user_log_kept entries; an away user's log is dropped once he has missed more than that.
    void trim_logs(const std::vector<std::int64_t>& users);
    void mark_away(const std::vector<std::int64_t>& users);  // notes the version each user had when he went away
    bool here(std::int64_t user) const;                       // one of his sockets is subscribed
    void append_failed(const HubRequest& request, const AppendError& error);  // refuses it, then reload()
    void reload();
    // The state read from the store (a snapshot's, or a new one) with the later events applied; the index and the
    // directory follow it.
    void take_state(campaign::CampaignState state, const std::vector<Event>& later);
    bool is_repeat(const HubRequest& request) const;  // a send whose key was committed or is being
    void read_log_again();
    void reload_later();   // the log could not be read: refuses what waits, reads it again later
    void refuse_queue();   // each queued request: the campaign cannot be read now
    // The campaign's index row (its directory entry, what needs each member, its next clock) when the events
    // changed it, the directory updated to match; nothing when they did not (chat, notices, rolls never do).
    std::optional<store::CampaignIndex> index_change(const std::vector<Event>& events);
    store::CampaignIndex index_now() const;
    void arm_idle_check();
    // Hands the database worker the state as it stands after `last`, to keep as the campaign's snapshot.
    void take_snapshot(const Event& last);
    void let_go();  // moved(), on the strand
    void answer_missing();  // each queued request: no such campaign
    bool idle() const;  // no subscriber here, nothing queued, decided or loading
    Viewer viewer_of(const SessionInfo& who) const;
    Viewer viewer_of(std::int64_t user) const;
    // Arms the timer for the campaign's next clock (a month's deadline, an auction countdown), if any.
    void arm_alarm();

    struct Subscriber {
        std::weak_ptr<Client> client;
        std::int64_t user = 0;
    };
    // What a user's view went through, so a socket that comes back with `since` (a version) is caught up
    // with a patch rather than a whole view. Versions are the user's own: one more each time his view
    // changes, so they tell him nothing of events he may not see (the campaign's seq never leaves the hub).
    // A log is kept, and patched, for every member who subscribed, present or away, so whether a
    // returning socket gets a patch depends only on his own view's changes; an away user's log is dropped
    // once it would hold more than user_log_kept of them.
    struct UserLog {
        struct Entry {
            std::int64_t from = 0, to = 0;  // versions
            std::shared_ptr<const nlohmann::json> patch;
        };
        std::deque<Entry> entries;
        std::int64_t version = 0;  // the version of the user's view
        std::optional<std::int64_t> away_since;  // his version when his last socket went, while none is here
    };
    static constexpr std::size_t user_log_kept = 256;
    UserLog& log_of(std::int64_t user);  // the user's log, begun at a new version if he has none

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    DbWorker& db_;
    Outbound outbound_;
    Directory& directory_;
    std::int64_t id_;
    std::string seed_;
    campaign::CampaignState state_;
    // The keys of committed sends, (user, key) (store::sent_keys), and of those decided whose commit is on its way.
    std::set<std::pair<std::int64_t, std::string>> sent_keys_;
    std::deque<HubRequest> queue_;
    static constexpr int max_in_flight = 64;
    int in_flight_ = 0;       // commands decided and applied whose commit has not come back
    bool reloading_ = false;  // an append failed: rebuilding the state from the log
    bool reload_waiting_ = false;  // and the log could not be read: read again when reload_timer_ fires
    int reload_tries_ = 0;
    std::optional<Error> load_error_;  // why a campaign that could not be loaded answers so (none: not in the store)
    store::WriteFailure reload_failure_ = store::WriteFailure::other;  // why the append that began the reload failed
    std::vector<Subscriber> subscribers_;
    // The last whole view a subscribe sent, kept until the state changes: a socket that subscribes again and
    // again (one that never reads its answers) costs one serialization of a view that may be 400 KB, not one
    // each time, on the strand every member's commands wait on.
    struct SentView {
        std::int64_t user = 0;
        std::int64_t version = -1;
        std::shared_ptr<const std::string> frame;
    };
    SentView last_view_;
    std::unordered_map<std::int64_t, UserLog> logs_;
    std::unordered_map<std::int64_t, std::int64_t> dropped_;  // the last version of a user whose log was dropped
    // Where this process's versions start: unix ms at start x 1000, above any version an earlier run of
    // the server gave (unless it made 1000 changes of one view a millisecond), so an old `since` never
    // matches a version of this run.
    std::int64_t first_version_ = 0;
    boost::asio::system_timer alarm_;
    std::optional<std::int64_t> alarm_at_;  // what alarm_ is armed for
    std::optional<std::int64_t> refused_alarm_;  // a clock whose command was refused: not retried
    std::optional<std::int64_t> clock_held_until_;  // a clock whose command could not be stored: retried from then
    bool stopped_ = false;
    std::atomic<bool> gone_{false};  // another node keeps the campaign: every request is answered `moved`
    std::atomic<bool> missing_{false};  // no such campaign in the store: every request is answered so
    bool forgetting_ = false;        // and the server was asked to forget this hub
    bool loaded_ = true;     // false until load() has replayed the log
    std::optional<store::CampaignIndex> index_;  // as last written
    // Unloading when idle: requests submitted (any thread) and received (on the strand); while retiring,
    // nothing is handled until the server answers.
    std::atomic<std::uint64_t> submitted_{0};
    std::uint64_t received_ = 0;
    bool retiring_ = false;
    Retire retire_;
    std::int64_t idle_ms_ = 0;
    std::chrono::steady_clock::time_point last_busy_ = std::chrono::steady_clock::now();
    boost::asio::steady_timer idle_timer_;
    boost::asio::steady_timer reload_timer_;
    std::int64_t snapshot_every_ = 0;
    campaign::ViewPatcher patcher_;  // keeps each user's light battle views from one step to the next
};

}  // namespace muster
