#pragma once
// The server's settings: defaults, then the --config JSON file, then MUSTER_* environment variables,
// then command-line flags (later wins). config/muster.example.json lists every key.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster {

struct Config {
    std::string listen = "127.0.0.1:8080";  // HOST:PORT; port 0 picks a free port
    std::string db = "data/muster.db";  // a SQLite file, or a PostgreSQL URL (the setting `store`)
    std::string web;         // static files; default: the build's web/ when built, else the repo's web/
    std::string migrations;  // default: the repo's migrations/
    std::string tls_cert;    // PEM files; TLS is on when both are set
    std::string tls_key;
    std::vector<std::string> allowed_origins;  // empty: the page's own origin (scheme://Host)
    int threads = 2;
    std::int64_t session_idle_seconds = 7 * 24 * 3600;
    std::int64_t hub_idle_seconds = 600;  // a campaign nobody uses is unloaded after this long
    // A snapshot of a campaign's state is kept each time its log passes a multiple of this (0: never), so loading it
    // replays fewer events (docs/architecture.md, "Snapshots").
    std::int64_t snapshot_every_events = 1000;
    std::string node;                     // this server among the nodes of one store; "": the host's name
    // With a shared store: how often the node reads what other nodes wrote to the campaigns' index (0: only when asked).
    int directory_refresh_seconds = 2;
    // A campaign's lease (server/store/leases.h) and how often a node renews the leases it holds: a node killed,
    // frozen or cut off loses its campaigns to another within the lease; one whose renewals stall longer than the
    // lease less the renewal loses them though alive (docs/operations.md, "Failover").
    std::int64_t lease_seconds = 5;
    std::int64_t lease_renew_seconds = 1;  // at most a third of the lease
    // A database server that cannot be reached (PostgreSQL restarting, a standby being promoted): how long a batch
    // of commands is tried again before they are refused as `unavailable`.
    std::int64_t store_retry_seconds = 10;
    std::string proxy_admin;              // HAProxy's admin socket, to set its map of campaign to node ("": none)
    std::string proxy_map = "/etc/haproxy/campaigns.map";
    std::int64_t session_absolute_seconds = 30 * 24 * 3600;
    int max_connections_per_user = 8;
    // HTTP connections from one address (an IPv6 /64) waiting on their client for a request or to take an answer;
    // more are closed as they come (0: no cap). 0 behind a proxy, where every client comes from the proxy's address.
    int max_http_connections_per_address = 64;
    // From all addresses: past it the connection that has waited longest is ended, so that slow clients from many
    // addresses hold a bounded number of descriptors (the server raises its own file limit to the hard limit).
    int max_http_connections_waiting = 1024;
    // Proxies whose word is taken for a client's address (addresses and networks, e.g. 10.0.0.5, 10.1.0.0/16):
    // from them, a PROXY protocol v2 header or X-Forwarded-For names the client (server/net/client_address.h); the
    // caps per address and the failed-login limits then count the client, not the proxy. Empty: nobody's word.
    std::vector<std::string> trusted_proxies;
    // Every connection from a trusted proxy begins with a PROXY protocol v2 header (HAProxy's send-proxy-v2); one that
    // does not, or whose header is malformed, is closed. Off: no header is read, X-Forwarded-For alone names the client.
    bool proxy_protocol = false;
    int http_header_timeout_seconds = 10;  // for a request's header to come in full, and for an idle keep-alive
    double ws_rate = 20;   // frames per second per connection
    double ws_burst = 40;
    std::size_t ws_max_message = 64 * 1024;
    // A message must come in full within this long of its first bytes (a frame at a time, however slowly, held no
    // longer); past it the socket is closed with 1008, as a slow HTTP request is dropped.
    int ws_message_timeout_seconds = 10;
    // permessage-deflate offered to a client that asks (every browser does); with it, a message of at least
    // ws_deflate_min_bytes goes compressed (a view on subscribe) and a smaller one plain (a move's patch, a busy
    // socket's few patches queued as one array), whose few bytes saved would not pay for the CPU
    // (docs/performance.md, "Compression").
    bool ws_deflate = true;
    std::size_t ws_deflate_min_bytes = 4096;
    std::size_t ws_send_queue = 512;  // frames queued to a client that is not reading, before it is dropped
    std::size_t ws_send_queue_bytes = 8 * 1024 * 1024;  // and bytes
    int login_failures_per_account = 10;  // per 15 minutes, per account and address (docs/operations.md, "Logins")
    int login_failures_per_address = 30;
    // Notifications (docs/protocol.md, "Notifications"): the club's SMTP relay; none set: no e-mail is sent.
    std::string smtp_host;
    int smtp_port = 587;
    bool smtp_starttls = true;
    std::string smtp_username;
    std::string smtp_password;
    std::string smtp_from;       // the From address; required with smtp_host
    std::string public_url;      // how players reach this server, for links in messages ("": http://<listen>)
    // Replies by e-mail (docs/operations.md, "Replies by e-mail"): none without a reply address.
    std::string mail_reply_to;   // "muster@club.example": replies go to "muster+<signed token>@club.example"
    std::string mail_secret;     // signs reply addresses and lets `muster mail-in` in; required with mail_reply_to
    std::int64_t mail_max_bytes = 256 * 1024;  // a larger message is refused
    int mail_per_hour = 20;      // messages one member may send in an hour before the rest are refused
    bool mail_require_authentication = false;  // the MTA's Authentication-Results must show DKIM or SPF passing
    std::string mail_authserv_id;  // and only those headers the club's MTA wrote (its authserv-id) are trusted
    // scrypt's cost as log2 N (17: 128 MiB and about 0.3 s a hash). Lower only where nobody's password is
    // at stake: the test suite runs its servers at 14 so that test files can run side by side.
    int password_work = 17;
    std::int64_t image_max_bytes = 1024 * 1024;  // a sketch map the umpire uploads
    std::int64_t archive_max_bytes = 8 * 1024 * 1024;  // a campaign's archive the administrator imports
    std::int64_t notify_interval_ms = 5000;  // how often the outbox is looked at (besides after each write)
    int notify_cap_per_day = 20;  // e-mails a user gets in a day before the rest wait for his digest (0: no cap)
    int reset_link_minutes = 60;  // how long a password reset link works
    // Online backups (docs/operations.md, "Backups"): none without a folder.
    std::string backup_dir;
    std::int64_t backup_interval_seconds = 24 * 3600;
    int backup_keep = 7;
    // Tests only: POST /api/test/clock moves the server's clock forward (server/app/clock.h). Never on a club's server.
    bool test_clock = false;

    bool tls() const { return !tls_cert.empty() && !tls_key.empty(); }
};

struct ConfigResult {
    std::optional<Config> config;  // empty: exit with `exit_code` after printing `message`
    int exit_code = 0;
    std::string message;
};

// Reads the settings; `environ_lookup` is getenv in the program and a map in tests.
ConfigResult load_config(int argc, char** argv, const char* (*environ_lookup)(const char*));

std::string usage();

}  // namespace muster
