// The server's administrator (docs/operations.md, "Administration"; set with `muster admin`): the campaigns and
// users on the server, disabling an account (its sockets close at once), and the server's health.
#include <filesystem>
#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/archive.h"
#include "server/app/clock.h"
#include "server/app/tokens.h"
#include "server/app/db_worker.h"
#include "server/app/hub.h"
#include "server/app/outbound.h"
#include "server/store/accounts.h"
#include "server/store/backup.h"
#include "server/store/event_store.h"

namespace muster {

using nlohmann::json;

namespace {

std::int64_t file_bytes(const std::string& path) {
    std::error_code ec;
    const auto n = std::filesystem::file_size(path, ec);
    return ec ? 0 : static_cast<std::int64_t>(n);
}

// The database's size: SQLite's file and its write-ahead log, or what PostgreSQL says of its database.
std::int64_t db_bytes(store::Database& db, const std::string& store) {
    if (db.engine() == store::Engine::postgresql) {
        auto size = db.prepare("SELECT pg_database_size(current_database())");
        return size.step() ? size.column_int(0) : 0;
    }
    const std::string file = store.rfind("sqlite:", 0) == 0 ? store.substr(7) : store;
    return file_bytes(file) + file_bytes(file + "-wal");
}

}  // namespace

void App::admin_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, request, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        db_->run([this, request, me = who->user, done = std::move(done)](store::Database& db) mutable {
            try {
                const auto user = store::find_user_by_id(db, me);
                if (!user || !user->admin) return done(api_error(403, "forbidden", "Only the server's administrator may do that."));
                const auto action = admin_action(request);
                if (action.kind == AdminAction::Kind::import_archive) return import_archive(db, request.body, done);
                done(admin_answer(db, action, me));
            } catch (const std::exception& e) {
                std::cerr << "muster: admin: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not do that; try again."));
            }
        });
    });
}

// Runs on the database thread, for an administrator.
ApiResponse App::admin_answer(store::Database& db, const AdminAction& action, std::int64_t me) {
    using Kind = AdminAction::Kind;
    if (action.refusal) return *action.refusal;
    if (action.kind == Kind::users) {
        json users = json::array();
        for (const auto& u : store::list_users(db))
            users.push_back({{"id", u.id}, {"username", u.username}, {"admin", u.admin}, {"disabled", u.disabled}, {"created", u.created}});
        return ApiResponse{200, {{"users", std::move(users)}}};
    }
    if (action.kind == Kind::campaigns) {
        json list = json::array();
        for (const auto& c : store::list_campaigns(db)) list.push_back({{"id", c.id}, {"name", c.name}, {"created", c.created}});
        return ApiResponse{200, {{"campaigns", std::move(list)}}};
    }
    if (action.kind == Kind::health) {
        std::size_t connections = 0;
        {
            std::lock_guard lock(clients_mutex_);
            for (const auto& [user, n] : clients_per_user_) connections += static_cast<std::size_t>(n);
        }
        const std::size_t campaigns = directory_->size();
        std::size_t loaded = 0;
        {
            std::lock_guard lock(hubs_mutex_);
            loaded = hubs_.size();
        }
        json last_backup = nullptr;
        if (!config_.backup_dir.empty()) {
            const auto all = store::backups_in(config_.backup_dir);
            if (!all.empty()) last_backup = std::filesystem::path(all.back()).filename().string();
        }
        return ApiResponse{200, {{"connections", connections}, {"campaigns", campaigns}, {"campaigns_in_memory", loaded}, {"outbox_unsent", store::unsent_messages(db)},
                                 {"db_bytes", db_bytes(db, config_.db)}, {"last_backup", last_backup}}};
    }
    if (action.kind == Kind::set_disabled) {
        const std::int64_t user = action.user;
        const bool disabled = action.disabled;
        // The server must keep someone who can enable accounts again.
        if (disabled && user == me) return api_error(409, "conflict", "You cannot disable your own account.");
        store::Transaction tx(db);
        if (!store::set_disabled(db, user, disabled)) return api_error(404, "not_found", "There is no such user.");
        std::vector<std::int64_t> ended;
        if (disabled) ended = store::end_sessions_of(db, user, 0);
        tx.commit();
        for (auto s : ended) boost::asio::post(ioc_, [this, s] { close_session(s, "account disabled"); });
        return ApiResponse{200, {{"id", user}, {"disabled", disabled}}};
    }
    if (action.kind == Kind::reset_link) {
        const auto user = store::find_user_by_id(db, action.user);
        if (!user) return api_error(404, "not_found", "There is no such user.");
        const auto link = make_reset_link(db, user->id, config_.reset_link_minutes);
        return ApiResponse{200, {{"user", user->id}, {"username", user->username},
                                 {"link", link_base_of(config_) + link.path}, {"expires", link.expires}}};
    }
    return api_error(404, "not_found", "No such API.");
}

// A single-use link that sets the user's password (#/reset?token=, as the e-mailed one), valid for `minutes`:
// the administrator hands it to a member who has no verified address (an imported member, or one who never gave
// one) and so cannot have a link e-mailed.
ResetLink make_reset_link(store::Database& db, std::int64_t user, std::int64_t minutes) {
    const std::string token = new_session_token();
    const std::int64_t now = unix_ms();
    store::create_reset(db, user, sha256_hex(token), now, now + minutes * 60'000);
    return ResetLink{"#/reset?token=" + token, now + minutes * 60'000};
}

// An archive uploaded by the administrator (docs/operations.md, "Archives"): written in one transaction, then
// loaded as a running campaign before the answer goes, so that its members can open it at once.
void App::import_archive(store::Database& db, const std::string& body, const std::function<void(ApiResponse)>& done) {
    const auto archive = json::parse(body, nullptr, false);
    if (archive.is_discarded()) return done(api_error(400, "bad_request", "That is not JSON: a damaged archive; nothing was written."));
    const auto result = import_campaign(db, archive, unix_ms());
    if (!result.error.empty()) return done(api_error(400, "bad_request", result.error));
    const auto row = store::find_campaign(db, result.campaign);
    auto log = store::load_events(db, result.campaign);
    boost::asio::post(ioc_, [this, id = result.campaign, seed = from_hex(row->seed_hex), log = std::move(log), done] {
        auto h = std::make_shared<Hub>(ioc_, *db_, *directory_, id, seed, log, outbound());
        h->write_index();
        add_hub(h);
        h->start();
        done(ApiResponse{201, {{"campaign", id}}});
    });
}

int admin_command(int argc, char** argv) {
    const std::string what = argc == 6 ? argv[4] : "";
    const std::string where = argc == 6 ? argv[2] : "";
    if (argc != 6 || (where != "--db" && where != "--store") || (what != "--grant" && what != "--revoke" && what != "--reset-link")) {
        std::cerr << "usage: muster admin --db FILE | --store STORE  --grant USERNAME | --revoke USERNAME | --reset-link USERNAME\n";
        return 2;
    }
    try {
        store::Database db(argv[3]);
        if (what == "--reset-link") {
            const auto user = store::find_user(db, argv[5]);
            if (!user) {
                std::cerr << "muster admin: no user \"" << argv[5] << "\"\n";
                return 1;
            }
            const auto link = make_reset_link(db, user->id, 60);
            std::cout << "Give " << argv[5] << " this link (valid 60 minutes, once), after your server's address:\n/"
                      << link.path << "\n";
            return 0;
        }
        const bool grant = what == "--grant";
        if (!store::set_admin(db, argv[5], grant)) {
            std::cerr << "muster admin: no user \"" << argv[5] << "\"\n";
            return 1;
        }
        std::cout << argv[5] << (grant ? " is now an administrator\n" : " is no longer an administrator\n");
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster admin: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace muster
