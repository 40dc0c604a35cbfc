#include "server/app/config.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "server/net/client_address.h"

#ifndef MUSTER_SOURCE_DIR
#define MUSTER_SOURCE_DIR "."
#endif
#ifndef MUSTER_BINARY_DIR
#define MUSTER_BINARY_DIR "."
#endif

namespace muster {

namespace {

struct Setting {
    const char* key;    // in the JSON file; the flag is --key with '_' as '-'; the env var MUSTER_KEY
    const char* help;
    std::function<void(Config&, const std::string&)> set;
};

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

long long to_int(const std::string& key, const std::string& value) {
    std::size_t used = 0;
    long long n = std::stoll(value, &used);
    if (used != value.size() || n < 0) throw std::invalid_argument(key + " must be a whole number >= 0");
    return n;
}

const std::vector<Setting>& settings() {
    static const std::vector<Setting> list = {
        {"listen", "HOST:PORT to listen on (port 0 picks a free port)", [](Config& c, const std::string& v) { c.listen = v; }},
        {"db", "SQLite database file", [](Config& c, const std::string& v) { c.db = v; }},
        {"store", "the database instead of --db: sqlite:FILE, or postgresql://USER@HOST:PORT/NAME for several nodes",
         [](Config& c, const std::string& v) { c.db = v; }},
        {"web", "folder of the web client (default: the built client, " MUSTER_BINARY_DIR "/web, when it has an index.html; "
                "else the source, " MUSTER_SOURCE_DIR "/web)",
         [](Config& c, const std::string& v) { c.web = v; }},
        {"migrations", "folder of the numbered .sql migrations", [](Config& c, const std::string& v) { c.migrations = v; }},
        {"tls_cert", "PEM certificate chain; with tls_key turns TLS on", [](Config& c, const std::string& v) { c.tls_cert = v; }},
        {"tls_key", "PEM private key", [](Config& c, const std::string& v) { c.tls_key = v; }},
        {"allowed_origins", "comma-separated Origins allowed to open /ws (default: the page's own)",
         [](Config& c, const std::string& v) { c.allowed_origins = split_list(v); }},
        {"threads", "network threads", [](Config& c, const std::string& v) { c.threads = std::max(1, static_cast<int>(to_int("threads", v))); }},
        {"session_idle_seconds", "a login session ends after this long unused", [](Config& c, const std::string& v) { c.session_idle_seconds = to_int("session_idle_seconds", v); }},
        {"node", "this server's name among the nodes sharing one PostgreSQL store (default: the host's name)",
         [](Config& c, const std::string& v) { c.node = v; }},
        {"lease_seconds", "how long a node keeps a campaign it stopped renewing before another may take it",
         [](Config& c, const std::string& v) { c.lease_seconds = std::max<long long>(3, to_int("lease_seconds", v)); }},
        {"lease_renew_seconds", "how often a node renews the campaigns' leases it holds (at most a third of lease_seconds)",
         [](Config& c, const std::string& v) { c.lease_renew_seconds = std::max<long long>(1, to_int("lease_renew_seconds", v)); }},
        {"proxy_admin", "HAProxy's admin socket (a Unix socket's path): this node sets the proxy's map of campaign to node",
         [](Config& c, const std::string& v) { c.proxy_admin = v; }},
        {"proxy_map", "the map file of campaign to node, as HAProxy's configuration names it",
         [](Config& c, const std::string& v) { c.proxy_map = v; }},
        {"hub_idle_seconds", "a campaign nobody uses is unloaded from memory after this long (0: never)", [](Config& c, const std::string& v) { c.hub_idle_seconds = to_int("hub_idle_seconds", v); }},
        {"snapshot_every_events", "a campaign's state is kept as a snapshot each time its log passes a multiple of this (1000; 0: never)",
         [](Config& c, const std::string& v) { c.snapshot_every_events = std::clamp<long long>(to_int("snapshot_every_events", v), 0, 1'000'000'000); }},
        {"session_absolute_seconds", "a login session ends this long after login", [](Config& c, const std::string& v) { c.session_absolute_seconds = to_int("session_absolute_seconds", v); }},
        {"max_connections_per_user", "open WebSockets allowed per user", [](Config& c, const std::string& v) { c.max_connections_per_user = static_cast<int>(to_int("max_connections_per_user", v)); }},
        {"max_http_connections_per_address", "HTTP connections from one address waiting on their client, past which more are closed (0: no cap)",
         [](Config& c, const std::string& v) { c.max_http_connections_per_address = static_cast<int>(to_int("max_http_connections_per_address", v)); }},
        {"store_retry_seconds", "how long commands are tried again while the database server cannot be reached (10)",
         [](Config& c, const std::string& v) { c.store_retry_seconds = std::clamp<long long>(to_int("store_retry_seconds", v), 0, 300); }},
        {"directory_refresh_seconds", "with a shared store, how often the campaigns other nodes changed are read (2; 0: only when asked)",
         [](Config& c, const std::string& v) { c.directory_refresh_seconds = static_cast<int>(std::clamp<long long>(to_int("directory_refresh_seconds", v), 0, 3600)); }},
        {"max_http_connections_waiting", "HTTP connections from all addresses waiting on their client, past which the longest waiting is ended (0: no cap)",
         [](Config& c, const std::string& v) { c.max_http_connections_waiting = static_cast<int>(to_int("max_http_connections_waiting", v)); }},
        {"trusted_proxies", "comma-separated addresses and networks (10.0.0.5, 10.1.0.0/16) of proxies whose PROXY header or "
                            "X-Forwarded-For names the client's address (none: the socket's address is the client's)",
         [](Config& c, const std::string& v) {
             c.trusted_proxies = split_list(v);
             (void)net::TrustedProxies(c.trusted_proxies);  // throws on an item that is not an address or a network
         }},
        {"proxy_protocol", "true: every connection from a trusted proxy begins with a PROXY protocol v2 header "
                           "(HAProxy's send-proxy-v2), and one without is closed (false)",
         [](Config& c, const std::string& v) {
             if (v != "true" && v != "false") throw std::invalid_argument("proxy_protocol must be true or false");
             c.proxy_protocol = v == "true";
         }},
        {"http_header_timeout_seconds", "seconds for a request's header to arrive in full (10), and for an idle connection to send one",
         [](Config& c, const std::string& v) {
             c.http_header_timeout_seconds = static_cast<int>(std::clamp<long long>(to_int("http_header_timeout_seconds", v), 1, 300));
         }},
        {"ws_message_timeout_seconds", "seconds for a WebSocket message to arrive in full from its first bytes (10); past it the socket is closed with 1008",
         [](Config& c, const std::string& v) {
             c.ws_message_timeout_seconds = static_cast<int>(std::clamp<long long>(to_int("ws_message_timeout_seconds", v), 1, 300));
         }},
        {"ws_rate", "frames per second allowed per WebSocket", [](Config& c, const std::string& v) { c.ws_rate = static_cast<double>(to_int("ws_rate", v)); }},
        {"ws_burst", "burst of frames allowed per WebSocket", [](Config& c, const std::string& v) { c.ws_burst = static_cast<double>(to_int("ws_burst", v)); }},
        {"ws_send_queue", "frames queued for a slow client before it is disconnected", [](Config& c, const std::string& v) { c.ws_send_queue = static_cast<std::size_t>(to_int("ws_send_queue", v)); }},
        {"ws_send_queue_bytes", "bytes queued for a slow client before it is disconnected", [](Config& c, const std::string& v) { c.ws_send_queue_bytes = static_cast<std::size_t>(to_int("ws_send_queue_bytes", v)); }},
        {"login_failures_per_account", "failed logins for one account from one address in 15 minutes before 429; from all addresses, before only addresses without failures may try", [](Config& c, const std::string& v) { c.login_failures_per_account = static_cast<int>(to_int("login_failures_per_account", v)); }},
        {"login_failures_per_address", "failed logins per address in 15 minutes before 429", [](Config& c, const std::string& v) { c.login_failures_per_address = static_cast<int>(to_int("login_failures_per_address", v)); }},
        {"smtp_host", "the club's SMTP relay (no e-mail is sent without one)", [](Config& c, const std::string& v) { c.smtp_host = v; }},
        {"smtp_port", "its port", [](Config& c, const std::string& v) { c.smtp_port = static_cast<int>(to_int("smtp_port", v)); }},
        {"smtp_starttls", "true: STARTTLS is required (false only for a relay on this machine)",
         [](Config& c, const std::string& v) {
             if (v != "true" && v != "false") throw std::invalid_argument("smtp_starttls must be true or false");
             c.smtp_starttls = v == "true";
         }},
        {"smtp_username", "login at the relay", [](Config& c, const std::string& v) { c.smtp_username = v; }},
        {"smtp_password", "its password", [](Config& c, const std::string& v) { c.smtp_password = v; }},
        {"smtp_from", "the From address of every e-mail", [](Config& c, const std::string& v) { c.smtp_from = v; }},
        {"public_url", "how players reach this server, for links in messages", [](Config& c, const std::string& v) { c.public_url = v; }},
        {"mail_reply_to", "the address players reply to (\"muster@club.example\"; none: no replies by e-mail)",
         [](Config& c, const std::string& v) { c.mail_reply_to = v; }},
        {"mail_secret", "signs reply addresses and admits muster mail-in (32 characters at least)",
         [](Config& c, const std::string& v) { c.mail_secret = v; }},
        {"mail_max_bytes", "the largest reply taken by e-mail (256 KiB)", [](Config& c, const std::string& v) {
             c.mail_max_bytes = std::clamp<long long>(to_int("mail_max_bytes", v), 4096, 16 * 1024 * 1024);
         }},
        {"mail_per_hour", "replies one member may send in an hour (20)", [](Config& c, const std::string& v) {
             c.mail_per_hour = static_cast<int>(std::clamp<long long>(to_int("mail_per_hour", v), 1, 10000));
         }},
        {"mail_require_authentication", "true: a reply's DKIM or SPF must pass for the member's address",
         [](Config& c, const std::string& v) {
             if (v != "true" && v != "false") throw std::invalid_argument("mail_require_authentication must be true or false");
             c.mail_require_authentication = v == "true";
         }},
        {"mail_authserv_id", "the club's MTA's name in Authentication-Results (only its headers are trusted)",
         [](Config& c, const std::string& v) { c.mail_authserv_id = v; }},
        {"password_work", "scrypt cost, log2 N, 14-20 (17; lower only for tests)", [](Config& c, const std::string& v) {
             const auto n = to_int("password_work", v);
             if (n < 14 || n > 20) throw std::invalid_argument("password_work must be from 14 to 20");
             c.password_work = static_cast<int>(n);
         }},
        {"image_max_bytes", "the largest picture an umpire may upload (1 MiB)", [](Config& c, const std::string& v) {
             c.image_max_bytes = std::max<long long>(1024, to_int("image_max_bytes", v));
         }},
        {"archive_max_bytes", "the largest campaign archive the administrator may import (8 MiB)", [](Config& c, const std::string& v) {
             c.archive_max_bytes = std::max<long long>(64 * 1024, to_int("archive_max_bytes", v));
         }},
        {"notify_interval_ms", "how often the outbox is looked at", [](Config& c, const std::string& v) { c.notify_interval_ms = std::max<long long>(50, to_int("notify_interval_ms", v)); }},
        {"notify_cap_per_day", "e-mails a user gets in a day before the rest wait for his digest (0: no cap)",
         [](Config& c, const std::string& v) { c.notify_cap_per_day = static_cast<int>(to_int("notify_cap_per_day", v)); }},
        {"reset_link_minutes", "how long a password reset link works (60)", [](Config& c, const std::string& v) {
             c.reset_link_minutes = static_cast<int>(std::max<long long>(1, to_int("reset_link_minutes", v)));
         }},
        {"backup_dir", "folder for the scheduled online backups (none when empty)", [](Config& c, const std::string& v) { c.backup_dir = v; }},
        {"backup_interval_seconds", "time between scheduled backups (a day)", [](Config& c, const std::string& v) {
             c.backup_interval_seconds = std::max<long long>(1, to_int("backup_interval_seconds", v));
         }},
        {"backup_keep", "how many scheduled backups are kept (7)", [](Config& c, const std::string& v) {
             c.backup_keep = static_cast<int>(std::max<long long>(1, to_int("backup_keep", v)));
         }},
        {"ws_deflate", "offer WebSocket compression (permessage-deflate) to a client that asks (true; false: plain frames only)",
         [](Config& c, const std::string& v) {
             if (v != "true" && v != "false") throw std::invalid_argument("ws_deflate must be true or false");
             c.ws_deflate = v == "true";
         }},
        {"ws_deflate_min_bytes", "with ws_deflate, a message of this many bytes or more goes compressed, a shorter one plain (4096; 0: every one)",
         [](Config& c, const std::string& v) { c.ws_deflate_min_bytes = static_cast<std::size_t>(to_int("ws_deflate_min_bytes", v)); }},
        {"test_clock", "tests only: true lets POST /api/test/clock move the server's clock forward",
         [](Config& c, const std::string& v) {
             if (v != "true" && v != "false") throw std::invalid_argument("test_clock must be true or false");
             c.test_clock = v == "true";
         }},
    };
    return list;
}

std::string flag_of(const char* key) {
    std::string flag = std::string("--") + key;
    for (auto& ch : flag) if (ch == '_') ch = '-';
    return flag;
}

std::string env_of(const char* key) {
    std::string name = "MUSTER_";
    for (const char* p = key; *p; ++p) name += static_cast<char>(std::toupper(static_cast<unsigned char>(*p)));
    return name;
}

const Setting* find_setting(const std::string& key) {
    for (const auto& s : settings())
        if (key == s.key) return &s;
    return nullptr;
}

void read_file(Config& c, const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot read config file " + path);
    auto json = nlohmann::json::parse(in, nullptr, true, /*ignore_comments=*/true);
    if (!json.is_object()) throw std::invalid_argument("config file " + path + " must hold a JSON object");
    for (const auto& [key, value] : json.items()) {
        const Setting* s = find_setting(key);
        if (!s) throw std::invalid_argument("unknown setting \"" + key + "\" in " + path);
        if (value.is_string()) s->set(c, value.get<std::string>());
        else if (value.is_array()) {
            std::string joined;
            for (const auto& item : value) joined += (joined.empty() ? "" : ",") + item.get<std::string>();
            s->set(c, joined);
        } else s->set(c, value.dump());
    }
}

// The built client (minified, hashed names, compressed copies: docs/operations.md, "The web client") when the build
// made one; else the source's plain ES modules, which a developer edits and reloads without building.
std::string default_web() {
    const std::string built = std::string(MUSTER_BINARY_DIR) + "/web";
    std::error_code ec;
    if (std::filesystem::is_regular_file(built + "/index.html", ec)) return built;
    return std::string(MUSTER_SOURCE_DIR) + "/web";
}

}  // namespace

std::string usage() {
    std::string text =
        "usage: muster [--config FILE] [--listen HOST:PORT] [--db FILE] [--web DIR] [options]\n\n"
        "Every setting is read, in order, from its default, the --config JSON file (see\n"
        "config/muster.example.json), the environment variable shown, and the command line.\n\n";
    text += "  --config FILE  (MUSTER_CONFIG)\n      JSON settings file\n";
    for (const auto& s : settings())
        text += "  " + flag_of(s.key) + " VALUE  (" + env_of(s.key) + ")\n      " + s.help + "\n";
    text += "  --help\n      this text\n";
    return text;
}

ConfigResult load_config(int argc, char** argv, const char* (*environ_lookup)(const char*)) {
    ConfigResult result;
    Config c;
    c.web = default_web();
    c.migrations = std::string(MUSTER_SOURCE_DIR) + "/migrations";
    try {
        std::vector<std::pair<std::string, std::string>> flags;
        std::string config_file;
        if (const char* v = environ_lookup("MUSTER_CONFIG")) config_file = v;
        for (int i = 1; i < argc; ++i) {
            std::string arg = argv[i];
            if (arg == "--help" || arg == "-h") return {std::nullopt, 0, usage()};
            std::string value;
            auto eq = arg.find('=');
            if (eq != std::string::npos) {
                value = arg.substr(eq + 1);
                arg = arg.substr(0, eq);
            } else {
                if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
                value = argv[++i];
            }
            if (arg == "--config") config_file = value;
            else flags.emplace_back(arg, value);
        }
        if (!config_file.empty()) read_file(c, config_file);
        for (const auto& s : settings())
            if (const char* v = environ_lookup(env_of(s.key).c_str())) s.set(c, v);
        for (const auto& [flag, value] : flags) {
            const Setting* found = nullptr;
            for (const auto& s : settings())
                if (flag == flag_of(s.key)) found = &s;
            if (!found) throw std::invalid_argument("unknown option " + flag);
            found->set(c, value);
        }
        if (c.proxy_protocol && c.trusted_proxies.empty())
            throw std::invalid_argument("proxy_protocol needs trusted_proxies: the proxies whose PROXY headers are read");
        if (c.tls_cert.empty() != c.tls_key.empty())
            throw std::invalid_argument("TLS needs both tls_cert and tls_key");
        if (!c.smtp_host.empty() && c.smtp_from.empty())
            throw std::invalid_argument("e-mail needs smtp_from (the From address) besides smtp_host");
        if (!c.mail_reply_to.empty() && (c.mail_reply_to.find('@') == std::string::npos || c.mail_reply_to.find('+') != std::string::npos))
            throw std::invalid_argument("mail_reply_to must be an address such as muster@club.example, without a '+'");
        if (!c.mail_reply_to.empty() && c.mail_secret.size() < 32)
            throw std::invalid_argument("replies by e-mail need mail_secret, 32 characters at least, besides mail_reply_to");
        if (c.smtp_username.empty() != c.smtp_password.empty())
            throw std::invalid_argument("an SMTP login needs both smtp_username and smtp_password");
    } catch (const std::exception& e) {
        return {std::nullopt, 2, std::string("muster: ") + e.what() + "\n\n" + usage()};
    }
    result.config = c;
    return result;
}

}  // namespace muster
