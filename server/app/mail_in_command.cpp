// `muster mail-in` (docs/operations.md, "Replies by e-mail"): what an MTA's pipe runs for each message to the
// reply addresses, the raw message on standard input. It hands the message to the running server (POST
// /api/mail-in, with the key made from mail_secret) and exits as sendmail's pipes expect (sysexits.h): 0 when the
// server has recorded it (taken, or refused and answered), 75 (EX_TEMPFAIL) when the server could not be reached
// or asks for it later, so the MTA keeps it and tries again; 64 for a wrong command line.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>

#include <curl/curl.h>
#include <nlohmann/json.hpp>

#include "server/app/config.h"
#include "server/app/reply_address.h"
#include "server/app/tokens.h"

namespace muster {

namespace {

constexpr int ex_ok = 0, ex_usage = 64, ex_tempfail = 75;

std::size_t collect(char* data, std::size_t size, std::size_t n, void* into) {
    static_cast<std::string*>(into)->append(data, size * n);
    return size * n;
}

// POSTs the JSON; the HTTP status (0 when the server was not reached) and the answer's body.
long post(const std::string& url, const std::string& body, bool own_listener, std::string& answer, std::string& error) {
    CURL* curl = curl_easy_init();
    if (!curl) {
        error = "libcurl failed to start";
        return 0;
    }
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    // The server's own listener by its address: its certificate names the club's host, not 127.0.0.1.
    if (own_listener) curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);
    long status = 0;
    const CURLcode rc = curl_easy_perform(curl);
    if (rc == CURLE_OK) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    else error = curl_easy_strerror(rc);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return status;
}

}  // namespace

int mail_in_command(int argc, char** argv) {
    std::string recipient, server, config_file;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (i + 1 >= argc || (arg != "--recipient" && arg != "--server" && arg != "--config")) {
            std::cerr << "usage: muster mail-in --recipient ADDRESS [--config FILE] [--server URL] < message\n";
            return ex_usage;
        }
        (arg == "--recipient" ? recipient : arg == "--server" ? server : config_file) = argv[++i];
    }
    if (recipient.empty()) {
        std::cerr << "usage: muster mail-in --recipient ADDRESS [--config FILE] [--server URL] < message\n";
        return ex_usage;
    }
    std::string config_flag = "--config", program = "muster";
    char* config_argv[] = {program.data(), config_flag.data(), config_file.data(), nullptr};
    auto loaded = load_config(config_file.empty() ? 1 : 3, config_argv, [](const char* name) -> const char* { return std::getenv(name); });
    if (!loaded.config) {
        std::cerr << "muster mail-in: " << loaded.message << "\n";
        return ex_tempfail;  // a configuration to mend: the MTA keeps the message meanwhile
    }
    const Config& config = *loaded.config;
    if (config.mail_reply_to.empty()) {
        std::cerr << "muster mail-in: replies by e-mail are not set up (mail_reply_to, mail_secret)\n";
        return ex_tempfail;
    }
    const bool own_listener = server.empty();
    if (own_listener) server = (config.tls() ? "https://" : "http://") + config.listen;
    if (server.back() == '/') server.pop_back();

    // At most one byte more than the server takes: it refuses a larger one by its headers, unread.
    const auto max = static_cast<std::size_t>(config.mail_max_bytes);
    std::string raw;
    char buffer[65536];
    while (raw.size() <= max) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, stdin);
        if (n == 0) break;
        raw.append(buffer, n);
    }
    const bool truncated = raw.size() > max;
    if (truncated) raw.resize(max);

    const nlohmann::json body = {{"key", mail_in_key(config.mail_secret)}, {"recipient", recipient},
                                 {"message", to_base64(raw)}, {"truncated", truncated}};
    std::string answer, error;
    const long status = post(server + "/api/mail-in", body.dump(), own_listener, answer, error);
    if (status == 0) {
        std::cerr << "muster mail-in: the server at " << server << " did not answer (" << error << "); try again later\n";
        return ex_tempfail;
    }
    auto reply = nlohmann::json::parse(answer, nullptr, false);
    if (status != 200 || !reply.is_object()) {
        std::string why = reply.is_object() && reply.contains("error") ? reply["error"].value("message", "") : answer.substr(0, 200);
        if (reply.is_object() && reply.contains("reason")) why = reply.value("reason", "");
        std::cerr << "muster mail-in: the server answered " << status << ": " << why << "\n";
        return ex_tempfail;
    }
    std::cout << reply.value("outcome", "") << ": " << reply.value("reason", "") << "\n";
    return reply.value("exit", ex_ok);
}

}  // namespace muster
