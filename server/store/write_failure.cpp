#include "server/store/write_failure.h"

#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "server/store/database.h"

namespace muster::store {

namespace {

// Which of the database's files cannot be written now, and why (EROFS, EPERM, EACCES): "" when all can. SQLite keeps
// no errno for a failed COMMIT (sqlite3_system_errno is left as an earlier failure set it), so the files are asked.
std::string unwritable_file(sqlite3* handle) {
    const char* file = sqlite3_db_filename(handle, "main");
    if (!file || !*file) return "";
    for (const char* suffix : {"", "-wal", "-shm"}) {
        const std::string path = std::string(file) + suffix;
        if (access(path.c_str(), W_OK) == 0 || errno == ENOENT) continue;
        if (errno == EROFS || errno == EPERM || errno == EACCES) return path + ": " + std::strerror(errno);
    }
    return "";
}

}  // namespace

FailureCause last_write_failure(const Database& db, const std::string& what) {
    sqlite3* handle = db.handle();
    if (!handle) {
        if (what.find("database unavailable") != std::string::npos) return {WriteFailure::unavailable, ""};
        if (what.find("full") != std::string::npos) return {WriteFailure::full, ""};
        if (what.find("read-only") != std::string::npos) return {WriteFailure::read_only, ""};
        return {};
    }
    const int code = sqlite3_extended_errcode(handle);
    // A transaction's ROLLBACK (its destructor, as the exception left it) has cleared the code by the time an HTTP
    // handler catches the error: then SQLite's own words in the message say which it was.
    if (code == SQLITE_OK) {
        if (what.find("database or disk is full") != std::string::npos) return {WriteFailure::full, ""};
        auto file = unwritable_file(handle);
        if (what.find("readonly database") != std::string::npos) return {WriteFailure::read_only, file};
        if (what.find("disk I/O error") != std::string::npos)
            return file.empty() ? FailureCause{WriteFailure::disk, ""} : FailureCause{WriteFailure::read_only, file};
        return {};
    }
    switch (code & 0xff) {
    case SQLITE_FULL:
        return {WriteFailure::full, ""};
    // A connection that opened the file while it could not be written stays read-only (SQLITE_READONLY); one whose
    // file turned read-only under it gets an I/O error (a write refused with EROFS or EPERM), as for a failing disk.
    case SQLITE_READONLY:
        return {WriteFailure::read_only, unwritable_file(handle)};
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN: {
        if (code == SQLITE_IOERR_NOMEM) return {};
        auto file = unwritable_file(handle);
        if (!file.empty()) return {WriteFailure::read_only, file};
        return {WriteFailure::disk, "SQLite's extended code " + std::to_string(code)};  // which I/O: write, fsync...
    }
    default:
        return {};
    }
}

bool can_write_again(const Database& db) {
    sqlite3* handle = db.handle();
    return handle && sqlite3_db_readonly(handle, "main") == 1 && !sqlite_file(db).empty() &&
           unwritable_file(handle).empty();
}

std::string sqlite_file(const Database& db) {
    const char* file = db.handle() ? sqlite3_db_filename(db.handle(), "main") : nullptr;
    return file ? file : "";
}

}  // namespace muster::store
