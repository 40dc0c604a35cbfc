// `muster version`: the libraries this binary runs with, as they report themselves at run time (the shared ones
// are the host's, kept current by Debian's security updates; docs/reliability.md, "Dependencies audited").
#include <iostream>

#include <boost/version.hpp>
#include <curl/curl.h>
#include <libpq-fe.h>
#include <nlohmann/json.hpp>
#include <openssl/crypto.h>
#include <sqlite3.h>
#ifdef MUSTER_JEMALLOC
#include <jemalloc/jemalloc.h>
#endif

#include "server/app/app.h"

// GMime's version as the shared library reports it (gmime/gmime-version.h declares them `const guint`), without
// GLib's headers and macros in this file.
extern "C" const unsigned int gmime_major_version, gmime_minor_version, gmime_micro_version;

namespace muster {

std::string library_versions() {
    const int pq = PQlibVersion();  // 150018 for 15.18
    std::string text;
    text += "SQLite " + std::string(sqlite3_libversion()) + "\n";
    text += std::string(OpenSSL_version(OPENSSL_VERSION)) + "\n";
    text += "libpq " + std::to_string(pq / 10000) + "." + std::to_string(pq % 10000) + "\n";
    text += "libcurl " + std::string(curl_version_info(CURLVERSION_NOW)->version) + "\n";
    text += "GMime " + std::to_string(gmime_major_version) + "." + std::to_string(gmime_minor_version) + "." +
            std::to_string(gmime_micro_version) + "\n";
    text += "Boost " + std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
            std::to_string(BOOST_VERSION % 100) + " (headers, built in)\n";
    text += "nlohmann_json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
            std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH) +
            " (headers, built in)\n";
#ifdef MUSTER_JEMALLOC
    const char* jemalloc = "?";
    std::size_t size = sizeof jemalloc;
    mallctl("version", &jemalloc, &size, nullptr, 0);
    text += "jemalloc " + std::string(jemalloc) + "\n";
#endif
    return text;
}

int version_command() {
    std::cout << "muster, with:\n" << library_versions();
    return 0;
}

}  // namespace muster
