#pragma once
// Why a write did not reach the disk, as SQLite tells it, so that the server can say so in words: a full disk, a
// database that has become read-only, a disk error (docs/reliability.md, "A full disk"). Read from the connection
// right after the failure, before anything else runs on it: a ROLLBACK clears SQLite's error code.
#include <string>

namespace muster::store {

class Database;

enum class WriteFailure {
    other,      // not the disk's doing (a bug, a constraint): nothing to wait for
    full,       // SQLITE_FULL (a write met ENOSPC)
    read_only,  // SQLITE_READONLY, or an I/O error while the database file, its WAL or -shm cannot be written
    disk,       // any other I/O error (EIO) or file that cannot be opened
    lease_lost, // another node now writes the campaign (server/store/leases.h): not the disk's either
    unavailable,  // the database server cannot be reached (PostgreSQL restarting, a standby being promoted)
};

struct FailureCause {
    WriteFailure kind = WriteFailure::other;
    std::string detail;  // for the log: which file cannot be written and why, or SQLite's code; "" when not known
};

// `what` is the failure's message: an engine other than SQLite is judged by its words.
FailureCause last_write_failure(const Database& db, const std::string& what);

// A SQLite connection opened while its file could not be written is read-only for good (SQLite fell back to reading
// it), even once the file can be written. True for such a connection whose files (the database, its WAL and -shm)
// can all be written now: then it is time to open the file again. False for PostgreSQL's.
bool can_write_again(const Database& db);
std::string sqlite_file(const Database& db);  // the SQLite file's path; "" for ":memory:" and PostgreSQL

}  // namespace muster::store
