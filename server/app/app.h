#pragma once
// The application: everything between the network layer and the rules. Owns the database worker,
// the campaign hubs, the directory, the login sessions' sockets and the password-hashing pool.
// Handlers are split by feature: accounts.cpp (HTTP accounts API), dispatch.cpp (WebSocket commands),
// app.cpp (start-up, replay, sweeping, shutdown).
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/system_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <nlohmann/json.hpp>

#include "server/app/reply_address.h"
#include "server/mail/message.h"
#include "server/app/api_requests.h"
#include "server/app/client.h"
#include "server/app/clock.h"
#include "server/app/config.h"
#include "server/app/frame_reader.h"

namespace muster {

// Declared only, so that the network layer, which includes this header, never recompiles when a rule changes.
class DbWorker;
class Placement;
class Directory;
namespace store {
class Database;
}
class Notifier;
struct Outbound;
class Hub;
struct HubRequest;

// `muster backup --db FILE --to PATH`: an online backup from the command line, beside a running server
// (server/app/backups.cpp). Returns the exit code.
int backup_command(int argc, char** argv);
// `muster export`, `muster import` and `muster verify-dice` (server/app/commands.cpp).
int export_command(int argc, char** argv);
int import_command(int argc, char** argv);
int verify_dice_command(int argc, char** argv);
// `muster admin --db FILE --grant USERNAME | --revoke USERNAME | --reset-link USERNAME` (server/app/admin_api.cpp).
int admin_command(int argc, char** argv);
// `muster mail-in --recipient ADDRESS`: hands the message on standard input to the running server (an MTA's pipe).
int mail_in_command(int argc, char** argv);
// `muster version` (server/app/versions.cpp): the versions of the libraries it runs with.
std::string library_versions();
int version_command();

// A single-use password link (admin_api.cpp), e-mailed or made by the administrator: `path` ("#/reset?token=...") after the
// server's address, `expires` unix ms.
struct ResetLink {
    std::string path;
    std::int64_t expires = 0;
};
ResetLink make_reset_link(store::Database& db, std::int64_t user, std::int64_t minutes);

struct MailOutcome;  // server/app/mail_in_api.cpp

class App {
public:
    // Opens the database, applies migrations and replays every campaign. Throws on failure.
    App(boost::asio::io_context& ioc, Config config);
    ~App();

    const Config& config() const { return config_; }

    // HTTP accounts API (docs/protocol.md, "HTTP"). `done` may be called from any thread.
    void http_api(ApiRequest request, std::function<void(ApiResponse)> done);
    // The link in a verification e-mail (GET /verify-email?token=...): `done` gets whether it verified.
    void verify_email_link(const std::string& token, std::function<void(bool)> done);
    // The unsubscribe link in every e-mail (GET /unsubscribe?token=...): `done` gets whether it turned e-mail off.
    void unsubscribe_link(const std::string& token, std::function<void(bool)> done);
    // Looks up a session cookie. `done` is called from the database thread.
    void authenticate(const std::string& token, std::function<void(std::optional<SessionInfo>)> done);
    bool origin_allowed(const std::string& origin, const std::string& host) const;

    // WebSocket lifecycle. admit() refuses a user over the connection cap.
    bool has_room(std::int64_t user);
    bool admit(const std::shared_ptr<Client>& client);
    void on_frame(const std::shared_ptr<Client>& client, const std::string& text);
    void on_close(const Client* client);

    // Graceful stop: close every socket, stop the timers, finish queued database work.
    void shutdown();

private:
    // accounts.cpp
    void who_am_i(const ApiRequest& request, bool optional, std::function<void(ApiResponse)> done);
    void register_user(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void login(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void logout(const ApiRequest& request, std::function<void(ApiResponse)> done);
    // The failed-login limits (docs/operations.md, "Logins"): an attempt is counted when it is let through to be
    // hashed, and refused (false) before any hashing when over a limit; login_not_failed takes back the count of an
    // attempt that did not fail (`right`: the password was right, and the pair's failures are forgiven).
    bool login_admitted(const std::string& account, const std::string& address);
    void login_not_failed(const std::string& account, const std::string& address, bool right);
    // Runs `job` on the hashing pool, in turn with every other address's (one line per address, taken round-robin;
    // one address's jobs run one at a time), so that the hashes queued from one address keep nobody else waiting.
    void hash_for(const std::string& address, std::function<void()> job);
    void run_next_hash();
    // emails.cpp: a user's e-mail address, verified by a link (docs/protocol.md, "Notifications").
    void email_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    // images.cpp: a campaign's pictures (docs/protocol.md, "Images").
    void images_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    // drafts_api.cpp: a player's drafts (his diary, his battle turn's choice), saved as he writes them.
    void drafts_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void verify_email(const std::string& token, std::function<void(ApiResponse)> done);
    void notifications_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    // Replies by e-mail, handed in by `muster mail-in` (server/app/mail_in_api.cpp).
    void mail_in_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void mail_in_member(MailOutcome out, std::optional<mail::Message> message, std::string read_error, ReplyPurpose purpose,
                        bool expired, std::function<void(ApiResponse)> done);
    void mail_in_command(MailOutcome out, mail::Message message, ReplyPurpose purpose, std::function<void(ApiResponse)> done);
    void mail_in_finish(MailOutcome out, std::function<void(ApiResponse)> done);
    void mail_in_bounce(MailOutcome out, std::optional<mail::Message> message, std::int64_t id, std::function<void(ApiResponse)> done);
    void campaign_mail(const ApiRequest& request, std::int64_t campaign, std::function<void(ApiResponse)> done);
    // admin_api.cpp: the server's administrator.
    void admin_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    ApiResponse admin_answer(store::Database& db, const AdminAction& action, std::int64_t me);
    void import_archive(store::Database& db, const std::string& body, const std::function<void(ApiResponse)>& done);
    // archive_api.cpp: an umpire downloads his campaign's archive.
    void archive_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void chronicle(const ApiRequest& request, std::int64_t campaign, std::function<void(ApiResponse)> done);
    void battle_record(const ApiRequest& request, std::int64_t campaign, std::int64_t battle,
                       std::function<void(ApiResponse)> done);
    // password_api.cpp: change, and reset by an e-mailed link.
    void password_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    void change_password(const ApiRequest& request, const nlohmann::json& body, std::function<void(ApiResponse)> done);
    void forgot_password(const ApiRequest& request, const nlohmann::json& body, std::function<void(ApiResponse)> done);
    void reset_password(const ApiRequest& request, const nlohmann::json& body, std::function<void(ApiResponse)> done);
    // test_clock.cpp: moves the clock forward on a server started with test_clock.
    void test_clock_api(const ApiRequest& request, std::function<void(ApiResponse)> done);
    Outbound outbound() const;
    std::string session_cookie(const std::string& token, bool clear) const;

    // dispatch.cpp
    void create_campaign(const std::shared_ptr<Client>& client, const nlohmann::json& id, const std::string& name);
    void list_campaigns(const std::shared_ptr<Client>& client, const nlohmann::json& id);
    void join_by_code(const std::shared_ptr<Client>& client, frames::Incoming in, bool may_look_again);
    void submit_command(const std::shared_ptr<Client>& client, frames::Incoming in, std::int64_t campaign);

    // campaigns_in_memory.cpp: a campaign's hub is loaded when it is wanted and unloaded when idle.
    // Hands the request to the campaign's hub, loading it first if need be; false for no such campaign.
    bool submit_to(std::int64_t campaign, HubRequest request);
    // Adds a hub made here (a new or imported campaign, one loaded at start) to those in memory.
    void add_hub(const std::shared_ptr<Hub>& hub);
    std::shared_ptr<Hub> loaded_hub(std::int64_t campaign);  // nullptr when not in memory; hubs_mutex_ held
    std::shared_ptr<Hub> keep(std::shared_ptr<Hub> hub);     // in memory from now on; hubs_mutex_ held
    std::shared_ptr<Hub> load_hub(std::int64_t campaign);    // made, kept and loading; hubs_mutex_ held
    void retire(const std::shared_ptr<Hub>& hub, std::uint64_t received, std::optional<std::int64_t> alarm);
    // The clocks of campaigns not in memory: the earliest wakes its campaign, whose hub then keeps it.
    void wake_at(std::int64_t campaign, std::int64_t at);  // hubs_mutex_ held
    void arm_wakeup();                                      // hubs_mutex_ held
    void wake_due();
    // Which node this is, for the campaigns' leases; a campaign whose lease another node took is let go.
    void start_database(std::unique_ptr<store::Database> db);
    std::string node_name() const;  // `node`, else the host's name
    void lease_lost(std::int64_t campaign);
    // shared_directory.cpp: what other nodes of a shared store wrote since this node last looked.
    void schedule_directory_refresh();
    void refresh_directory(std::function<void()> then);

    // backups.cpp: the scheduled online backups.
    void schedule_backup();

    // app.cpp
    void schedule_sweep();
    void close_session(std::int64_t session, const std::string& reason);

    boost::asio::io_context& ioc_;
    Config config_;
    bool shared_store_ = false;  // PostgreSQL: other nodes may write campaigns this one has not seen
    std::unique_ptr<Placement> placement_;  // before db_: the worker tells it, so it goes after the worker
    std::unique_ptr<DbWorker> db_;
    std::unique_ptr<Directory> directory_;
    std::unique_ptr<Notifier> notifier_;
    boost::asio::thread_pool hashing_{2};  // scrypt runs here, never on a network thread
    boost::asio::steady_timer sweep_timer_;
    boost::asio::steady_timer backup_timer_;
    std::string dummy_hash_;  // verified against for unknown users, so timing does not tell

    std::mutex hubs_mutex_;
    std::unordered_map<std::int64_t, std::shared_ptr<Hub>> hubs_;  // the campaigns in memory
    std::map<std::int64_t, std::int64_t> wakeups_;                  // campaign -> its clock, unix ms, when not in memory
    boost::asio::system_timer wakeup_timer_;
    std::optional<std::int64_t> wakeup_armed_;                      // what wakeup_timer_ is armed for
    bool hubs_stopped_ = false;                                     // shutting down: none is unloaded
    std::int64_t directory_seen_ = 0;  // the newest index row read from a shared store, its writer's unix ms
    boost::asio::steady_timer directory_timer_;

    // Open sockets by login session, and the sessions active since the last sweep.
    std::mutex clients_mutex_;
    std::unordered_map<std::int64_t, std::vector<std::weak_ptr<Client>>> clients_by_session_;
    std::unordered_map<std::int64_t, int> clients_per_user_;
    std::unordered_map<std::int64_t, std::int64_t> active_sessions_;  // session -> last frame, unix ms
    bool stopping_ = false;

    // Login attempts counted in the current window (those being hashed and those that failed), by account, by
    // address and by the pair of both.
    std::mutex limits_mutex_;
    struct Failures {
        int count = 0;
        std::chrono::steady_clock::time_point window_start;
    };
    std::unordered_map<std::string, Failures> failures_by_account_, failures_by_address_, failures_by_pair_;
    std::chrono::steady_clock::time_point next_failures_sweep_;
    // The hashing pool's waiting work, one line per address, and the addresses with work waiting in turn.
    std::mutex hash_lines_mutex_;
    std::unordered_map<std::string, std::deque<std::function<void()>>> hash_lines_;
    std::deque<std::string> hash_turns_;
    std::unordered_set<std::string> hash_running_;  // addresses with a job on the pool now
};


}  // namespace muster
