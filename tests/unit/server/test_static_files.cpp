// Serving web/ safely: nothing outside the web root is ever read (server/net/static_files.h); and the coding and
// caching of a built client's files (docs/operations.md, "The web client").
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "server/net/static_files.h"

using namespace muster::net;
namespace fs = std::filesystem;

TEST_CASE("safe_path decodes and refuses every escape", "[http]") {
    CHECK(safe_path("/") == "/");
    CHECK(safe_path("/common/app.js?v=3") == "/common/app.js");
    CHECK(safe_path("/a%20b.css") == "/a b.css");
    for (const char* bad : {"/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc", "/a/../../b", "//etc/passwd",
                            "/a/./b", "/a%00.js", "/a\\..\\b", "etc/passwd", "", "/%zz", "/%2", "/a//b",
                            "/..", "/.%2e/x"}) {
        INFO(bad);
        CHECK_FALSE(safe_path(bad).has_value());
    }
}

TEST_CASE("resolve_file stays inside the root, even through a symlink", "[http]") {
    auto base = fs::temp_directory_path() / ("muster-static-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "web" / "common");
    std::ofstream(base / "web" / "index.html") << "<p>hi</p>";
    std::ofstream(base / "web" / "common" / "app.js") << "1";
    std::ofstream(base / "secret.txt") << "no";
    fs::create_symlink(base / "secret.txt", base / "web" / "leak.txt");
    auto root = (base / "web").string();

    CHECK(resolve_file(root, "/") == fs::canonical(base / "web" / "index.html").string());
    CHECK(resolve_file(root, "/common/app.js") == fs::canonical(base / "web" / "common" / "app.js").string());
    CHECK_FALSE(resolve_file(root, "/missing.js").has_value());
    CHECK_FALSE(resolve_file(root, "/leak.txt").has_value());
    fs::remove_all(base);
}

TEST_CASE("content types", "[http]") {
    CHECK(content_type("a.html") == "text/html; charset=utf-8");
    CHECK(content_type("a.js") == "text/javascript; charset=utf-8");
    CHECK(content_type("a.css") == "text/css; charset=utf-8");
    CHECK(content_type("a.svg") == "image/svg+xml");
    CHECK(content_type("a.js.map") == "application/json");
    CHECK(content_type("a.bin") == "application/octet-stream");
    CHECK(content_type("a.js.br") == "application/octet-stream");  // a compressed copy asked for by name is opaque
}

TEST_CASE("Accept-Encoding: the best coding the file has that the client takes", "[http]") {
    const std::vector<Coding> both{Coding::br, Coding::gzip};
    auto pick = [&](const char* header) { return choose_coding(header, both); };
    CHECK(pick("") == Coding::identity);  // no header, or an empty one: no coding
    CHECK(pick("gzip, deflate, br, zstd") == Coding::br);  // Chrome's: br before gzip
    CHECK(pick("gzip, deflate") == Coding::gzip);
    CHECK(pick("br;q=0, gzip") == Coding::gzip);
    CHECK(pick("br;q=0,gzip;q=0") == Coding::identity);
    CHECK(pick("*") == Coding::br);
    CHECK(pick("*;q=0.5, br;q=0") == Coding::gzip);
    CHECK(pick("identity") == Coding::identity);
    CHECK(pick("deflate") == Coding::identity);
    // Tokens and parameter names are case-insensitive; spaces and tabs around them are allowed.
    CHECK(pick("GZIP") == Coding::gzip);
    CHECK(pick(" Br ;\tQ=1 ") == Coding::br);
    CHECK(pick("x-gzip") == Coding::gzip);
    // The client's q-values rank first, then br before gzip before identity.
    CHECK(pick("gzip;q=1, br;q=0.5") == Coding::gzip);
    CHECK(pick("gzip;q=0.5, br;q=0.5") == Coding::br);
    CHECK(pick("gzip;q=0.5, identity") == Coding::identity);
    CHECK(pick("gzip;q=0.001") == Coding::gzip);  // any coding named beats an unnamed identity
    CHECK(pick("br;q=0.001, gzip;q=0.002") == Coding::gzip);
    // Malformed elements are skipped, the rest still counts.
    CHECK(pick("br;q=2, gzip") == Coding::gzip);
    CHECK(pick("br;q=0.0001, gzip") == Coding::gzip);
    CHECK(pick("br;q=1.5, gzip") == Coding::gzip);
    CHECK(pick("br;q=, gzip") == Coding::gzip);
    CHECK(pick("br;q, gzip") == Coding::gzip);
    CHECK(pick("b\"r, gzip") == Coding::gzip);
    CHECK(pick(",, ;, gzip;") == Coding::gzip);
    CHECK(pick("br;level=5") == Coding::br);  // a parameter other than q is ignored
    CHECK(pick("br;q=0, br") == Coding::identity);  // named twice: the first counts
    // Only the codings the file has; identity is always there.
    CHECK(choose_coding("br, gzip", {Coding::gzip}) == Coding::gzip);
    CHECK(choose_coding("br", {Coding::gzip}) == Coding::identity);
    CHECK(choose_coding("br, gzip", {}) == Coding::identity);
    // Identity refused and nothing else acceptable: the plain file all the same (RFC 9110 allows it, no 406).
    CHECK(choose_coding("identity;q=0", {}) == Coding::identity);
    CHECK(choose_coding("*;q=0", {Coding::gzip}) == Coding::identity);
    CHECK(choose_coding("identity;q=0, gzip;q=0.1", {Coding::gzip}) == Coding::gzip);
}

TEST_CASE("If-None-Match: a list of ETags, weak or strong, or *", "[http]") {
    CHECK(etag_matches("\"5-7\"", "\"5-7\""));
    CHECK(etag_matches("*", "\"5-7\""));
    CHECK(etag_matches(" * ", "\"5-7\""));
    CHECK(etag_matches("\"1-2\", \"5-7\"", "\"5-7\""));
    CHECK(etag_matches("\"1-2\",\"5-7\"", "\"5-7\""));
    CHECK(etag_matches("W/\"5-7\"", "\"5-7\""));  // If-None-Match compares weakly (RFC 9110 13.1.2)
    CHECK(etag_matches("\"a,b\", \"5-7\"", "\"5-7\""));  // a comma inside the quotes
    CHECK_FALSE(etag_matches("", "\"5-7\""));
    CHECK_FALSE(etag_matches("\"5-7-br\"", "\"5-7\""));
    CHECK_FALSE(etag_matches("\"5-7\"", "\"5-7-br\""));
    CHECK_FALSE(etag_matches("5-7", "\"5-7\""));  // unquoted: not an ETag
    CHECK_FALSE(etag_matches("\"5-7", "\"5-7\""));
    CHECK_FALSE(etag_matches("\"1-2\" junk \"5-7\"", "\"5-7\""));
}

TEST_CASE("cache control by folder: /assets/ is immutable, the rest revalidated", "[http]") {
    CHECK(cache_control_for("/assets/app-ABCD1234.js") == "public, max-age=31536000, immutable");
    CHECK(cache_control_for("/assets/fonts/a-1.woff2") == "public, max-age=31536000, immutable");
    CHECK(cache_control_for("/") == "no-cache");
    CHECK(cache_control_for("/index.html") == "no-cache");
    CHECK(cache_control_for("/assets") == "no-cache");
    CHECK(cache_control_for("/common/assets/x.js") == "no-cache");
}

TEST_CASE("static_file picks a compressed copy beside the file, inside the root only", "[http]") {
    auto base = fs::temp_directory_path() / ("muster-static-coded-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "web" / "assets");
    std::ofstream(base / "web" / "index.html") << "<p>hi</p>";
    std::ofstream(base / "web" / "assets" / "app-1.js") << "console.log(1)";
    std::ofstream(base / "web" / "assets" / "app-1.js.br") << "BR";
    std::ofstream(base / "web" / "assets" / "app-1.js.gz") << "GZIP";
    std::ofstream(base / "web" / "plain.txt") << "plain";
    std::ofstream(base / "outside.gz") << "no";
    fs::create_symlink(base / "outside.gz", base / "web" / "plain.txt.gz");  // a copy pointing out: never read
    fs::create_directories(base / "web" / "index.html.br");  // a folder is no copy either
    const auto root = (base / "web").string();

    auto br = static_file(root, "/assets/app-1.js", "gzip, br");
    REQUIRE(br);
    CHECK(br->coding == Coding::br);
    CHECK(br->disk_path == fs::canonical(base / "web" / "assets" / "app-1.js.br").string());
    CHECK(br->size == 2);
    CHECK(br->varies);
    CHECK(br->content_type == "text/javascript; charset=utf-8");
    CHECK(br->cache_control == "public, max-age=31536000, immutable");
    CHECK(br->etag.size() > 5);
    CHECK(br->etag.substr(br->etag.size() - 4) == "-br\"");

    auto gz = static_file(root, "/assets/app-1.js", "gzip");
    REQUIRE(gz);
    CHECK(gz->coding == Coding::gzip);
    CHECK(gz->size == 4);
    CHECK(gz->etag.substr(gz->etag.size() - 4) == "-gz\"");

    auto plain = static_file(root, "/assets/app-1.js", "");
    REQUIRE(plain);
    CHECK(plain->coding == Coding::identity);
    CHECK(plain->varies);
    CHECK(plain->size == 14);
    CHECK(plain->etag.back() == '"');
    CHECK(plain->etag != br->etag);
    CHECK(plain->etag != gz->etag);
    CHECK(br->etag != gz->etag);

    auto outside = static_file(root, "/plain.txt", "gzip");
    REQUIRE(outside);
    CHECK(outside->coding == Coding::identity);
    CHECK_FALSE(outside->varies);
    CHECK(outside->disk_path == fs::canonical(base / "web" / "plain.txt").string());

    auto index = static_file(root, "/", "br");
    REQUIRE(index);
    CHECK(index->coding == Coding::identity);
    CHECK_FALSE(index->varies);
    CHECK(index->cache_control == "no-cache");

    auto by_name = static_file(root, "/assets/app-1.js.br", "br");
    REQUIRE(by_name);
    CHECK(by_name->coding == Coding::identity);
    CHECK(by_name->content_type == "application/octet-stream");
    CHECK_FALSE(static_file(root, "/missing.js", "br").has_value());
    fs::remove_all(base);
}
