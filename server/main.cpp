// muster: the umpire server. Reads its settings, opens the database, replays every campaign, listens.
#include <cstdlib>
#include <iostream>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <sys/resource.h>

#include <curl/curl.h>

#include "server/app/app.h"
#include "server/net/listener.h"
#include "server/store/engine.h"

using namespace muster;

namespace {

net::tcp::endpoint parse_listen(const std::string& listen) {
    auto colon = listen.rfind(':');
    if (colon == std::string::npos) throw std::invalid_argument("--listen must be HOST:PORT");
    std::string host = listen.substr(0, colon);
    if (host.size() > 1 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    if (host == "localhost") host = "127.0.0.1";
    auto port = std::stoi(listen.substr(colon + 1));
    if (port < 0 || port > 65535) throw std::invalid_argument("the port must be 0..65535");
    return {net::asio::ip::make_address(host), static_cast<unsigned short>(port)};
}

// Descriptors up to the hard limit, as most servers do: a soft limit of 1,024 (Debian's default for a shell and for a
// systemd service) would be met before max_http_connections_waiting plus a club's WebSockets.
void raise_file_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

// Runs the server's handlers until it stops. A handler that throws loses its own connection's work, not the server:
// the exception is written to the log and the loop goes on (Asio lets it out of run(), which would end every thread).
void run_handlers(net::asio::io_context& ioc) {
    for (;;) {
        try {
            ioc.run();
            return;
        } catch (const std::exception& e) {
            std::cerr << "muster: a handler failed: " << e.what() << std::endl;
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2) {
        const std::string command = argv[1];
        if (command == "backup") return backup_command(argc, argv);
        if (command == "export") return export_command(argc, argv);
        if (command == "import") return import_command(argc, argv);
        if (command == "verify-dice") return verify_dice_command(argc, argv);
        if (command == "admin") return admin_command(argc, argv);
        if (command == "mail-in") return mail_in_command(argc, argv);
        if (command == "version" || command == "--version") return version_command();
    }
    // libcurl's global state, once, before any thread (the notifier's sender uses it).
    curl_global_init(CURL_GLOBAL_DEFAULT);
    store::configure_sqlite();  // likewise SQLite's
    auto loaded = load_config(argc, argv, [](const char* name) -> const char* { return std::getenv(name); });
    if (!loaded.config) {
        (loaded.exit_code == 0 ? std::cout : std::cerr) << loaded.message;
        return loaded.exit_code;
    }
    const Config config = *loaded.config;
    raise_file_limit();
    try {
        net::asio::io_context ioc(config.threads);
        std::optional<net::ssl::context> tls;
        if (config.tls()) {
            tls.emplace(net::ssl::context::tls_server);
            tls->set_options(net::ssl::context::default_workarounds | net::ssl::context::no_sslv2 |
                             net::ssl::context::no_sslv3 | net::ssl::context::no_tlsv1 | net::ssl::context::no_tlsv1_1);
            tls->use_certificate_chain_file(config.tls_cert);
            tls->use_private_key_file(config.tls_key, net::ssl::context::pem);
        }
        App app(ioc, config);
        auto endpoint = parse_listen(config.listen);
        auto listener = std::make_shared<net::Listener>(ioc, endpoint, app, tls ? &*tls : nullptr);
        listener->run();

        // Graceful stop: no new connections, close the sockets, finish queued work. ioc.run() returns when
        // nothing is left to do; a watchdog stops it after 5 s if a connection lingers.
        net::asio::signal_set signals(ioc, SIGINT, SIGTERM);
        std::mutex stop_mutex;
        std::condition_variable stopped;
        bool finished = false;
        std::thread watchdog;
        signals.async_wait([&](const boost::system::error_code& ec, int) {
            if (ec) return;
            listener->stop();
            app.shutdown();
            watchdog = std::thread([&] {
                std::unique_lock lock(stop_mutex);
                if (!stopped.wait_for(lock, std::chrono::seconds(5), [&] { return finished; })) ioc.stop();
            });
        });

        auto local = listener->local_endpoint();
        std::string host = local.address().is_v6() ? "[" + local.address().to_string() + "]" : local.address().to_string();
        std::cout << "listening on " << (config.tls() ? "https" : "http") << "://" << host << ":" << local.port()
                  << std::endl;

        std::vector<std::thread> threads;
        for (int i = 1; i < config.threads; ++i) threads.emplace_back([&ioc] { run_handlers(ioc); });
        run_handlers(ioc);
        for (auto& t : threads) t.join();
        {
            std::lock_guard lock(stop_mutex);
            finished = true;
        }
        stopped.notify_all();
        if (watchdog.joinable()) watchdog.join();
        app.shutdown();
    } catch (const std::exception& e) {
        std::cerr << "muster: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
