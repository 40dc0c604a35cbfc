#pragma once
// Mapping a request target to a file under the web root, safely: any path that could escape the root
// (.., encoded %2e%2e, backslashes, NUL, a second leading slash) is refused before the disk is touched.
#include <optional>
#include <string>

namespace muster::net {

// Percent-decodes and checks the path part of a target ("/a/b.js?x=1" -> "/a/b.js"). Empty when unsafe.
std::optional<std::string> safe_path(const std::string& target);
// The file to serve for a safe path: "/" and folders serve their index.html. Empty when missing or
// when its canonical location is outside the root (a symlink out).
std::optional<std::string> resolve_file(const std::string& web_root, const std::string& path);
std::string content_type(const std::string& file);

}  // namespace muster::net
