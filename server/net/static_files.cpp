#include "server/net/static_files.h"

#include "server/net/http_request.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <utility>

namespace muster::net {

namespace fs = std::filesystem;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool is_ows(char c) { return c == ' ' || c == '\t'; }

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// RFC 9110 5.6.2: a token's characters.
bool is_http_token(std::string_view s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (!(std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos))
            return false;
    return true;
}

// RFC 9110 12.4.2: "0" ["." 0*3DIGIT] or "1" ["." 0*3("0")], in thousandths; -1 when malformed.
int qvalue(std::string_view v) {
    if (v.empty() || (v[0] != '0' && v[0] != '1')) return -1;
    int whole = v[0] - '0', thousandths = 0;
    if (v.size() > 1) {
        if (v[1] != '.' || v.size() > 5) return -1;
        int scale = 100;
        for (char c : v.substr(2)) {
            if (c < '0' || c > '9') return -1;
            thousandths += (c - '0') * scale;
            scale /= 10;
        }
    }
    if (whole == 1 && thousandths != 0) return -1;
    return whole * 1000 + thousandths;
}

// The q-values an Accept-Encoding names, in thousandths: coding (lower case) -> q. A malformed element is
// skipped whole; a coding named twice keeps its first q. "x-gzip" is gzip (RFC 9110 8.4.1.3).
std::vector<std::pair<std::string, int>> accepted_codings(std::string_view header) {
    std::vector<std::pair<std::string, int>> out;
    while (!header.empty()) {
        auto comma = header.find(',');
        auto element = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
        auto semi = element.find(';');
        auto name = ascii_lower(trim_ows(element.substr(0, semi)));
        if (!is_http_token(name)) continue;
        int q = 1000;
        while (semi != std::string_view::npos && q >= 0) {
            auto rest = element.substr(semi + 1);
            semi = rest.find(';');
            auto param = trim_ows(rest.substr(0, semi));
            if (param.empty()) continue;  // "gzip;" or "gzip; ;q=1"
            auto eq = param.find('=');
            if (eq == std::string_view::npos) { q = -1; break; }
            if (ascii_lower(trim_ows(param.substr(0, eq))) == "q") q = qvalue(trim_ows(param.substr(eq + 1)));
        }
        if (q < 0) continue;
        if (name == "x-gzip") name = "gzip";
        bool named = std::any_of(out.begin(), out.end(), [&](const auto& e) { return e.first == name; });
        if (!named) out.emplace_back(std::move(name), q);
    }
    return out;
}

std::string make_etag(std::uintmax_t size, std::int64_t mtime, Coding coding) {
    std::string suffix = coding == Coding::br ? "-br" : coding == Coding::gzip ? "-gz" : "";
    return "\"" + std::to_string(size) + "-" + std::to_string(mtime) + suffix + "\"";
}

// `candidate`'s canonical location when it is a regular file inside the (canonical) root.
std::optional<std::string> inside_root(const fs::path& root, const fs::path& candidate) {
    std::error_code ec;
    fs::path real = fs::canonical(candidate, ec);
    if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
    auto r = root.string(), f = real.string();
    if (f.size() <= r.size() || f.compare(0, r.size(), r) != 0 || f[r.size()] != '/') return std::nullopt;
    return f;
}

// resolve_file under a root already made canonical.
std::optional<std::string> resolve_in(const fs::path& root, const std::string& path) {
    std::error_code ec;
    fs::path candidate = root / fs::path(path.substr(1));
    if (fs::is_directory(candidate, ec)) candidate /= "index.html";
    return inside_root(root, candidate);
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
    return resolve_in(root, path);
}

std::string content_type(const std::string& file) {
    auto ext = fs::path(file).extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".json" || ext == ".map") return "application/json";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".png") return "image/png";
    if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".woff") return "font/woff";
    if (ext == ".webp") return "image/webp";
    if (ext == ".wasm") return "application/wasm";
    if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
    if (ext == ".webmanifest") return "application/manifest+json";
    return "application/octet-stream";
}

const char* coding_name(Coding coding) {
    return coding == Coding::br ? "br" : coding == Coding::gzip ? "gzip" : "identity";
}

Coding choose_coding(std::string_view accept_encoding, const std::vector<Coding>& available) {
    const auto named = accepted_codings(accept_encoding);
    auto q_named = [&](const std::string& name) -> std::optional<int> {
        for (const auto& [n, q] : named)
            if (n == name) return q;
        return std::nullopt;
    };
    const auto star = q_named("*");
    auto q_of = [&](Coding c) {
        if (auto q = q_named(coding_name(c))) return *q;
        if (star) return *star;
        // Identity unnamed is acceptable but least wanted (RFC 9110 12.5.3): any coding named beats it.
        // An empty or absent header names nothing, so identity it is.
        return c == Coding::identity ? 1 : 0;
    };
    Coding best = Coding::identity;
    int best_q = 0;
    for (Coding c : {Coding::br, Coding::gzip, Coding::identity}) {
        bool have = c == Coding::identity || std::find(available.begin(), available.end(), c) != available.end();
        if (have && q_of(c) > best_q) best = c, best_q = q_of(c);
    }
    return best;  // nothing acceptable: identity all the same
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
    if (trim_ows(if_none_match) == "*") return true;
    auto opaque = [](std::string_view tag) { return tag.substr(0, 2) == "W/" ? tag.substr(2) : tag; };
    const auto wanted = opaque(etag);
    std::string_view rest = if_none_match;
    // A list of entity-tags: [W/]"...", separated by commas and spaces; a comma may sit inside the quotes.
    while (!rest.empty()) {
        while (!rest.empty() && (is_ows(rest.front()) || rest.front() == ',')) rest.remove_prefix(1);
        if (rest.empty()) break;
        std::size_t start = rest.substr(0, 2) == "W/" ? 2 : 0;
        if (rest.size() <= start || rest[start] != '"') return false;  // malformed: match nothing
        auto close = rest.find('"', start + 1);
        if (close == std::string_view::npos) return false;
        if (rest.substr(start, close + 1 - start) == wanted) return true;
        rest.remove_prefix(close + 1);
    }
    return false;
}

std::string cache_control_for(const std::string& path) {
    if (path.rfind("/assets/", 0) == 0) return "public, max-age=31536000, immutable";
    return "no-cache";
}

std::optional<StaticFile> static_file(const std::string& web_root, const std::string& path,
                                      std::string_view accept_encoding) {
    std::error_code ec;
    const fs::path root = fs::canonical(web_root, ec);
    if (ec) return std::nullopt;
    auto file = resolve_in(root, path);
    if (!file) return std::nullopt;
    // The copies sit beside F's real location and go through the same checks as F.
    std::vector<std::pair<Coding, std::string>> copies;
    for (auto [coding, ext] : {std::pair{Coding::br, ".br"}, std::pair{Coding::gzip, ".gz"}})
        if (auto copy = inside_root(root, *file + ext)) copies.emplace_back(coding, *copy);
    std::vector<Coding> available;
    for (const auto& c : copies) available.push_back(c.first);

    StaticFile out;
    out.coding = choose_coding(accept_encoding, available);
    out.disk_path = *file;
    for (const auto& [coding, copy] : copies)
        if (coding == out.coding) out.disk_path = copy;
    out.varies = !copies.empty();
    out.content_type = content_type(*file);
    out.cache_control = cache_control_for(path);
    out.size = fs::file_size(out.disk_path, ec);
    if (ec) return std::nullopt;
    auto mtime = fs::last_write_time(out.disk_path, ec).time_since_epoch().count();
    if (ec) return std::nullopt;
    // The ETag names the bytes sent: the copy's own size and time, and its coding, so that no cache takes a
    // validator of one coding for another's.
    out.etag = make_etag(out.size, mtime, out.coding);
    return out;
}

}  // namespace muster::net
