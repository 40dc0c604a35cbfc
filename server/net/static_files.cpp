#include "server/net/static_files.h"

#include <filesystem>

namespace muster::net {

namespace fs = std::filesystem;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::optional<std::string> safe_path(const std::string& target) {
    std::string raw = target.substr(0, target.find_first_of("?#"));
    std::string path;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '%') {
            if (i + 2 >= raw.size()) return std::nullopt;
            int hi = hex_value(raw[i + 1]), lo = hex_value(raw[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            path += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            path += raw[i];
        }
    }
    if (path.empty() || path[0] != '/') return std::nullopt;
    if (path.size() > 1 && path[1] == '/') return std::nullopt;
    for (char c : path)
        if (c == '\0' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return std::nullopt;
    // No segment may be "." or ".."; empty segments (a//b) are refused too.
    std::size_t start = 1;
    while (start <= path.size()) {
        auto end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        auto segment = path.substr(start, end - start);
        if (segment == "." || segment == "..") return std::nullopt;
        if (segment.empty() && end != path.size()) return std::nullopt;
        start = end + 1;
    }
    return path;
}

std::optional<std::string> resolve_file(const std::string& web_root, const std::string& path) {
    std::error_code ec;
    fs::path root = fs::canonical(web_root, ec);
    if (ec) return std::nullopt;
    fs::path candidate = root / fs::path(path.substr(1));
    if (fs::is_directory(candidate, ec)) candidate /= "index.html";
    fs::path real = fs::canonical(candidate, ec);
    if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
    auto r = root.string(), f = real.string();
    if (f.size() <= r.size() || f.compare(0, r.size(), r) != 0 || f[r.size()] != '/') return std::nullopt;
    return f;
}

std::string content_type(const std::string& file) {
    auto ext = fs::path(file).extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    if (ext == ".webmanifest") return "application/manifest+json";
    return "application/octet-stream";
}

}  // namespace muster::net
