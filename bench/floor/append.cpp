// The storage floor of one "move" (docs/performance.md, "The floor"): append event rows to Muster's own
// schema (migrations/0001_init.sql, read at run time) with the connection settings of
// server/store/database.cpp (WAL, synchronous=FULL, foreign_keys=ON, NOMUTEX), one thread, prepared
// statements, k rows per transaction as the DB thread's group commit makes them. Nothing else: no
// savepoint per append, no MAX(seq) check, no index row (Muster does these; see the doc).
//
//   append DB_PATH SCHEMA_SQL K [SECONDS=5]
// Prints one line: rows/s, commits/s, fsyncs/s, CPU per row (user and system).
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using Clock = std::chrono::steady_clock;

// Count SQLite's syncs by defining fsync/fdatasync here: the executable's definitions take precedence
// over libc's for libsqlite3.so, so each call lands here, is counted and timed, then made as a raw syscall.
static long g_syncs = 0;
static double g_sync_s = 0;
static int timed_sync(long nr, int fd) {
    auto t0 = Clock::now();
    int rc = static_cast<int>(syscall(nr, fd));
    g_sync_s += std::chrono::duration<double>(Clock::now() - t0).count();
    ++g_syncs;
    return rc;
}
extern "C" int fsync(int fd) { return timed_sync(SYS_fsync, fd); }
extern "C" int fdatasync(int fd) { return timed_sync(SYS_fdatasync, fd); }

static void check(int rc, sqlite3* db, const char* what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        std::fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        std::exit(1);
    }
}
static void exec(sqlite3* db, const std::string& sql) { check(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), db, sql.c_str()); }
static sqlite3_stmt* prepare(sqlite3* db, const char* sql) {
    sqlite3_stmt* st = nullptr;
    check(sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr), db, sql);
    return st;
}
static double cpu_s(const timeval& tv) { return tv.tv_sec + tv.tv_usec / 1e6; }

int main(int argc, char** argv) {
    if (argc < 4) { std::fprintf(stderr, "usage: append DB_PATH SCHEMA_SQL K [SECONDS]\n"); return 2; }
    const char* path = argv[1];
    const int k = std::atoi(argv[3]);
    const double seconds = argc > 4 ? std::atof(argv[4]) : 5.0;
    const int campaigns = 50;  // the r50 load's 50 rooms, each its own seq run

    sqlite3* db = nullptr;
    check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr), db, "open");
    exec(db, "PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL; PRAGMA journal_mode=WAL;");
    std::stringstream schema;
    schema << std::ifstream(argv[2]).rdbuf();
    exec(db, "BEGIN; " + schema.str() + " COMMIT;");  // as migrations.cpp applies it: in a transaction
    exec(db, "BEGIN");
    for (int c = 1; c <= campaigns; ++c)
        exec(db, "INSERT INTO campaigns(id, name, seed_hex, created) VALUES(" + std::to_string(c) + ", 'bench', '00', 0)");
    exec(db, "COMMIT");

    sqlite3_stmt* begin = prepare(db, "BEGIN");
    sqlite3_stmt* commit = prepare(db, "COMMIT");
    sqlite3_stmt* insert = prepare(db, "INSERT INTO events(campaign, seq, type, actor, at, body, dice) VALUES(?, ?, ?, ?, ?, ?, ?)");
    // A chat event's body is about this size: ~300 bytes of JSON text.
    std::string body = R"({"text":"{\"card\":\"FIRE\",\"unit\":\"u7\",\"seq\":123}","to":null,"pad":")";
    body += std::string(300 - body.size() - 2, 'x') + "\"}";

    long seq[campaigns + 1] = {};
    long rows = 0, commits = 0;
    rusage r0{}, r1{};
    const long syncs0 = g_syncs;
    const double sync_s0 = g_sync_s;
    getrusage(RUSAGE_SELF, &r0);
    const auto t0 = Clock::now();
    const auto stop = t0 + std::chrono::duration<double>(seconds);
    while (Clock::now() < stop) {
        check(sqlite3_step(begin), db, "BEGIN");
        sqlite3_reset(begin);
        for (int i = 0; i < k; ++i, ++rows) {
            const int c = 1 + static_cast<int>(rows % campaigns);
            sqlite3_bind_int64(insert, 1, c);
            sqlite3_bind_int64(insert, 2, ++seq[c]);
            sqlite3_bind_text(insert, 3, "chat.say", -1, SQLITE_STATIC);
            sqlite3_bind_int64(insert, 4, 1000 + c);
            sqlite3_bind_int64(insert, 5, 1764000000000 + rows);
            sqlite3_bind_text(insert, 6, body.data(), static_cast<int>(body.size()), SQLITE_STATIC);
            sqlite3_bind_text(insert, 7, "[]", 2, SQLITE_STATIC);
            check(sqlite3_step(insert), db, "INSERT");
            sqlite3_reset(insert);
        }
        check(sqlite3_step(commit), db, "COMMIT");
        sqlite3_reset(commit);
        ++commits;
    }
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    getrusage(RUSAGE_SELF, &r1);
    const double user = cpu_s(r1.ru_utime) - cpu_s(r0.ru_utime), sys = cpu_s(r1.ru_stime) - cpu_s(r0.ru_stime);
    const long syncs = g_syncs - syncs0;
    std::printf("k=%d rows=%ld commits=%ld s=%.2f rows/s=%.0f commits/s=%.0f fsyncs/s=%.0f fsyncs/commit=%.2f "
                "fsync_ms_mean=%.3f cpu_us/row=%.1f (user %.1f, sys %.1f) cpu_us/commit=%.1f cpu%%=%.0f\n",
                k, rows, commits, wall, rows / wall, commits / wall, syncs / wall, double(syncs) / commits,
                (g_sync_s - sync_s0) * 1e3 / syncs, (user + sys) * 1e6 / rows, user * 1e6 / rows, sys * 1e6 / rows,
                (user + sys) * 1e6 / commits, (user + sys) * 100 / wall);
    sqlite3_finalize(begin);
    sqlite3_finalize(commit);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}
