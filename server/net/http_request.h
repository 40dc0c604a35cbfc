#pragma once
// What an HTTP session reads from a request, apart from the socket: the limits on its header and body, the session
// cookie, the token of an e-mail's link, and the ApiRequest an /api/ request becomes. HttpSession and the fuzzer
// (tests/fuzz/fuzz_http.cpp) share these, so the fuzzer parses with the server's own limits.
#include <cstdint>
#include <string>
#include <string_view>

#include "server/app/api_requests.h"
#include "server/app/config.h"
#include "server/net/beast.h"

namespace muster::net {

inline constexpr std::uint64_t request_body_max = 64 * 1024;  // any request but a picture's upload or an archive
inline constexpr std::uint32_t request_header_max = 16 * 1024;

// The largest body any request may send: the parser's limit until the header says which request it is.
std::uint64_t largest_body(const Config& config);
// POST /api/mail-in's: a message of mail_max_bytes in base64, in its JSON.
std::uint64_t mail_in_body_max(const Config& config);
// This request's own limit, known once its header is read: a picture's upload (docs/protocol.md, "Images") and an
// archive the administrator imports (docs/operations.md, "Archives") may be bigger than any other request.
std::uint64_t body_limit(const http::request_header<>& head, const Config& config);

// Whether a WebSocket may open at this target: /ws, or /ws/c/{campaign}, addressed by the campaign the page shows
// so that a proxy in front of several nodes can send it to the node that keeps it (docs/operations.md, "More than
// one machine"). The query is ignored.
bool websocket_target(const std::string& target);
// A header value without the spaces and tabs around it (RFC 9110 5.6.3, OWS).
std::string_view trim_ows(std::string_view s);
// A cookie's value in a Cookie header, "" when absent.
std::string cookie_value(beast::string_view header, const std::string& name);
// The token of a link in an e-mail (/verify-email?token=..., /unsubscribe?token=...), "" when absent.
std::string link_token(const std::string& target);
// What the App is handed for an /api/ request; `path` is the target without its query.
ApiRequest api_request(const http::request<http::string_body>& request, const std::string& path, const std::string& address);

}  // namespace muster::net
