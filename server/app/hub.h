#pragma once
// One hub per campaign, on its own strand: commands to a campaign are decided one at a time, in order,
// each on the state its predecessors left; each one's events are committed before its reply goes out and
// before anyone's view shows them (a command may be decided while the one before it is being committed,
// so that they share a group commit). Campaigns run in parallel (DESIGN.md, "The core loop").
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/system_timer.hpp>
#include <nlohmann/json.hpp>

#include "server/app/client.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "shared/campaign/campaign.h"

namespace muster {

struct HubRequest {
    Command command;
    nlohmann::json id;  // the client's id for the reply
    SessionInfo who;
    std::weak_ptr<Client> client;
    bool from_clock = false;  // submitted by the hub itself when a deadline or countdown ran out
    std::int64_t clock_at = 0;  // and the time it was set for
};

class Hub : public std::enable_shared_from_this<Hub> {
public:
    // seed: the campaign's raw dice seed. log: its events so far, replayed here.
    Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, std::string seed,
        const std::vector<Event>& log);

    void start();                     // arms the clocks the replayed state holds
    void stop();                      // cancels them, for shutdown
    void submit(HubRequest request);  // any thread
    std::int64_t id() const { return id_; }

private:
    void pump();
    void handle(HubRequest& request);
    void subscribe(HubRequest& request, const Viewer& viewer);
    void unsubscribe(HubRequest& request);
    // Applies decided events and works out the patch frame each subscriber is to get once they commit.
    using Sends = std::vector<std::pair<std::weak_ptr<Client>, std::shared_ptr<const std::string>>>;
    Sends apply_events(const std::vector<Event>& events);
    void reload();
    Viewer viewer_of(const SessionInfo& who) const;
    Viewer viewer_of(std::int64_t user) const;
    // Arms the timer for the campaign's next clock (a month's deadline, an auction countdown), if any.
    void arm_alarm();

    struct Subscriber {
        std::weak_ptr<Client> client;
        std::int64_t user = 0;
    };
    // The patches sent to a user since `from`, so a socket that comes back with `since` can be
    // caught up with a patch rather than a whole view. Kept while the user is away, as long as every
    // patch can be computed without the user's own view (chat, notices, rolls); broken otherwise.
    struct UserLog {
        struct Entry {
            std::int64_t from = 0, to = 0;
            std::shared_ptr<const nlohmann::json> patch;
        };
        std::deque<Entry> entries;
        std::int64_t to = 0;  // the seq the user's view is at
        bool intact = true;
    };
    static constexpr std::size_t user_log_kept = 256;

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    DbWorker& db_;
    Directory& directory_;
    std::int64_t id_;
    std::string seed_;
    campaign::CampaignState state_;
    std::deque<HubRequest> queue_;
    static constexpr int max_in_flight = 64;
    int in_flight_ = 0;       // commands decided and applied whose commit has not come back
    bool reloading_ = false;  // an append failed: rebuilding the state from the log
    std::vector<Subscriber> subscribers_;
    std::unordered_map<std::int64_t, UserLog> logs_;
    boost::asio::system_timer alarm_;
    std::optional<std::int64_t> alarm_at_;  // what alarm_ is armed for
    std::optional<std::int64_t> refused_alarm_;  // a clock whose command was refused: not retried
    bool stopped_ = false;
};

}  // namespace muster
