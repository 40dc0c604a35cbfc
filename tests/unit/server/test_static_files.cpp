// Serving web/ safely: nothing outside the web root is ever read (server/net/static_files.h).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

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
    CHECK(content_type("a.bin") == "application/octet-stream");
}
