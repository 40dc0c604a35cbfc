#pragma once
// Mapping a request target to a file under the web root, safely: any path that could escape the root
// (.., encoded %2e%2e, backslashes, NUL, a second leading slash) is refused before the disk is touched.
// Then how it is sent (docs/operations.md, "The web client"): a file's brotli or gzip copy made at build time
// (F.br, F.gz beside F) when the request's Accept-Encoding allows it, with an ETag of its own, and cached for a
// year when its address is under /assets/ (content-hashed names), otherwise revalidated every time.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::net {

// Percent-decodes and checks the path part of a target ("/a/b.js?x=1" -> "/a/b.js"). Empty when unsafe.
std::optional<std::string> safe_path(const std::string& target);
// The file to serve for a safe path: "/" and folders serve their index.html. Empty when missing or
// when its canonical location is outside the root (a symlink out).
std::optional<std::string> resolve_file(const std::string& web_root, const std::string& path);
std::string content_type(const std::string& file);

// The content codings a file may be stored in beside it, in the server's order of preference (smallest first).
enum class Coding { br, gzip, identity };
const char* coding_name(Coding coding);  // "br", "gzip", "identity"

// The coding to send given the request's Accept-Encoding (RFC 9110 12.5.3) and the codings the file has
// (identity always): the highest q-value, ties going to the earlier in Coding's order. No header or an empty
// one means identity only; `*` stands for every coding not named; q=0 refuses one. When the header refuses
// everything the file has (identity;q=0 and no acceptable copy) the plain file is sent anyway, as RFC 9110
// allows a server unwilling to answer 406.
Coding choose_coding(std::string_view accept_encoding, const std::vector<Coding>& available);

// Whether an If-None-Match header matches a representation's ETag: one of its list by weak comparison
// (W/"x" matches "x"), or "*".
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// The Cache-Control of a file by the address it was asked at: under /assets/ the names carry a hash of the
// content, so a browser may keep them a year without asking; anything else (index.html names those) is
// revalidated every time.
std::string cache_control_for(const std::string& path);

// What to send for a GET or HEAD of a safe path.
struct StaticFile {
    std::string disk_path;      // the file whose bytes are sent: F, F.br or F.gz
    std::uintmax_t size = 0;    // of disk_path: Content-Length
    Coding coding = Coding::identity;
    bool varies = false;        // F has a compressed copy: the answer depends on Accept-Encoding
    std::string content_type;   // F's, whatever the coding
    std::string etag;           // of disk_path's bytes, with a suffix per coding ("...-br")
    std::string cache_control;
};
// Empty when resolve_file finds nothing. A copy is looked for beside F's canonical location and must pass the
// same checks (a regular file inside the root), so a symlinked F.br pointing out is never read.
std::optional<StaticFile> static_file(const std::string& web_root, const std::string& path,
                                      std::string_view accept_encoding);

}  // namespace muster::net
