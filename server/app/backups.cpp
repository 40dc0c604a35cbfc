// Online backups (docs/operations.md, "Backups"): on a schedule into `backup_dir`, keeping the newest
// `backup_keep`, taken on the database thread between commits, so a backup is the database as of one moment and
// holds every command answered before it; and `muster backup` from the command line beside a running server.
#include <filesystem>
#include <iostream>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/store/backup.h"

namespace muster {

void App::schedule_backup() {
    if (config_.backup_dir.empty() || stopping_) return;
    backup_timer_.expires_after(std::chrono::seconds(config_.backup_interval_seconds));
    backup_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        const std::string dir = config_.backup_dir;
        const int keep = config_.backup_keep;
        db_->run([dir, keep](store::Database& db) {
            try {
                std::filesystem::create_directories(dir);
                const auto path = (std::filesystem::path(dir) / store::backup_name(unix_ms())).string();
                const auto bytes = store::backup_to(db, path);
                store::prune_backups(dir, keep);
                std::cerr << "muster: backed up to " << path << " (" << bytes << " bytes)\n";
            } catch (const std::exception& e) {
                std::cerr << "muster: backup failed: " << e.what() << "\n";
            }
        });
        schedule_backup();
    });
}

int backup_command(int argc, char** argv) {
    std::string db, to;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--db" || flag == "--store") db = argv[i + 1];
        else if (flag == "--to") to = argv[i + 1];
        else {
            std::cerr << "muster backup: unknown option " << flag << "\n";
            return 2;
        }
    }
    if (db.empty() || to.empty() || argc % 2 != 0) {
        std::cerr << "usage: muster backup --db FILE --to PATH\n";
        return 2;
    }
    if (!store::is_postgresql(db) && !std::filesystem::exists(db)) {
        std::cerr << "muster backup: no database at " << db << "\n";
        return 1;
    }
    try {
        store::Database source(db);
        const auto bytes = store::backup_to(source, to);
        std::cout << "backed up " << db << " to " << to << " (" << bytes << " bytes)\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster backup: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace muster
