#include "server/store/backup.h"

#include <sqlite3.h>

#include <algorithm>
#include <ctime>
#include <filesystem>

namespace muster::store {

namespace fs = std::filesystem;

std::int64_t backup_to(Database& db, const std::string& path) {
    if (!db.handle())
        throw StoreError("muster's backups copy a SQLite database; back up PostgreSQL with its own tools (pg_basebackup, "
                         "a standby: docs/operations.md, \"More than one machine\")");
    const std::string part = path + ".part";
    std::error_code ec;
    fs::remove(part, ec);
    sqlite3* out = nullptr;
    if (sqlite3_open_v2(part.c_str(), &out, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        const std::string why = out ? sqlite3_errmsg(out) : "out of memory";
        sqlite3_close(out);
        throw StoreError("backup: cannot create " + part + ": " + why);
    }
    // One step copies every page under one read transaction: the copy is the database as of one moment.
    sqlite3_backup* b = sqlite3_backup_init(out, "main", db.handle(), "main");
    int rc = b ? sqlite3_backup_step(b, -1) : sqlite3_errcode(out);
    if (b) sqlite3_backup_finish(b);
    const std::string why = sqlite3_errmsg(out);
    sqlite3_close(out);
    if (rc != SQLITE_DONE) {
        fs::remove(part, ec);
        throw StoreError("backup to " + path + " failed: " + why);
    }
    fs::rename(part, path);
    return static_cast<std::int64_t>(fs::file_size(path));
}

std::vector<std::string> backups_in(const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("muster-", 0) == 0 && name.size() > 10 && name.substr(name.size() - 3) == ".db")
            out.push_back(entry.path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> prune_backups(const std::string& dir, int keep) {
    auto all = backups_in(dir);
    std::vector<std::string> gone;
    std::error_code ec;
    for (std::size_t i = 0; keep >= 0 && all.size() > static_cast<std::size_t>(keep) && i < all.size() - keep; ++i)
        if (fs::remove(all[i], ec)) gone.push_back(all[i]);
    return gone;
}

std::string backup_name(std::int64_t unix_ms) {
    std::time_t t = static_cast<std::time_t>(unix_ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "muster-%Y%m%d-%H%M%S.db", &tm);
    return buf;
}

}  // namespace muster::store
