// libFuzzer target: the bytes a client sends on one HTTP connection, read as HttpSession reads them
// (docs/reliability.md, "Fuzzing"): Beast's request_parser with the server's header and body limits (the largest
// body until the header is read, then the request's own, a declared Content-Length over it refused), requests one
// after another while the connection is kept alive; then for each request what needs no database: the upgrade's
// target and cookie, an e-mail link's token, a static file's path, Accept-Encoding and If-None-Match, and for
// /api/ the ApiRequest, its route (api_route, as App::http_api) and the accounts API's bodies (register, login,
// password, admin), and the client's address by X-Forwarded-For (server/net/client_address.h). An input that begins
// with a PROXY v2 header is read as a trusted proxy's connection: the header parsed as Listener::start does, then
// HTTP after it. Half the inputs
// (those of odd length) arrive a few bytes per read, as from a slow client, so the parser is fuzzed resuming
// mid-header and mid-body too. Nothing may throw, and nothing may trip AddressSanitizer or
// UndefinedBehaviorSanitizer.
//   scripts/fuzz.sh http 600      (builds with clang-14 in build-fuzz/, runs 600 s on tests/fuzz/corpus/http)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/app/api_requests.h"
#include "server/app/config.h"
#include "server/net/beast.h"
#include "server/net/client_address.h"
#include "server/net/http_request.h"
#include "server/net/static_files.h"
#include "shared/core/fields.h"

using namespace muster;
using namespace muster::net;
using nlohmann::json;

namespace {

void check(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_http: %s\n", what);
    std::abort();
}

// A socket's reading end holding the input: `piece` bytes at most per read, then end of file.
class BytesStream {
public:
    BytesStream(std::string_view bytes, std::size_t piece) : rest_(bytes), piece_(piece) {}

    template <class MutableBufferSequence>
    std::size_t read_some(const MutableBufferSequence& buffers, beast::error_code& ec) {
        ec = {};
        if (rest_.empty()) {
            ec = asio::error::eof;
            return 0;
        }
        const auto n = asio::buffer_copy(buffers, asio::buffer(rest_.data(), std::min(rest_.size(), piece_)));
        rest_.remove_prefix(n);
        return n;
    }

    template <class MutableBufferSequence>
    std::size_t read_some(const MutableBufferSequence& buffers) {
        beast::error_code ec;
        const auto n = read_some(buffers, ec);
        if (ec) throw beast::system_error(ec);
        return n;
    }

private:
    std::string_view rest_;
    std::size_t piece_;
};

bool ok_password(const std::string& password) { return utf8_length(password) >= 10 && password.size() <= 1024; }

// An /api/ request, as far as it goes before a session or the database is looked at.
void api(const ApiRequest& request) {
    std::optional<ApiResponse> refusal;
    switch (api_route(request.method, request.path)) {
        case ApiRoute::register_user:
        case ApiRoute::login: {
            std::string username, password;
            refusal = read_credentials(request.body, username, password);
            if (refusal) break;
            check(utf8_length(username) >= 1 && utf8_length(username) <= 64 && utf8_length(password) <= 1024,
                  "credentials out of bounds");
            check(account_key(username).size() == username.size(), "an account key of another length");
            if (request.path != "/api/register") break;
            refusal = check_new_account(username, password);
            if (!refusal) check(username.size() >= 3 && username.size() <= 32 && utf8_length(password) >= 10, "a new account out of bounds");
            break;
        }
        case ApiRoute::password: {
            if (request.method != "POST") break;
            const json body = json::parse(request.body, nullptr, false);
            std::string current, fresh, account, token;
            if (request.path == "/api/password") {
                refusal = read_password_change(body, current, fresh);
                if (!refusal) check(ok_password(fresh), "a new password out of bounds");
            } else if (request.path == "/api/password/forgot") {
                refusal = read_password_forgot(body, account);
                if (!refusal) check(!account.empty() && account.size() <= 254, "an account out of bounds");
            } else {
                refusal = read_password_reset(body, token, fresh);
                if (!refusal) check(ok_password(fresh), "a new password out of bounds");
            }
            break;
        }
        case ApiRoute::admin: {
            auto action = admin_action(request);
            refusal = action.refusal;
            if (action.kind == AdminAction::Kind::set_disabled || action.kind == AdminAction::Kind::reset_link)
                check(action.user >= 0, "an administrator's request for a negative user");
            break;
        }
        case ApiRoute::wrong_method: refusal = api_error(405, "bad_request", "That method is not allowed here."); break;
        case ApiRoute::none: refusal = api_error(404, "not_found", "No such API."); break;
        default: break;  // the rest look up the session or the database first
    }
    if (!refusal) return;
    check(refusal->status >= 400 && refusal->status < 500, "a refusal that is not a 4xx");
    (void)refusal->body.dump();
}

// HttpSession::handle and upgrade, without the App.
void handle(const http::request<http::string_body>& request) {
    const std::string target(request.target());
    if (websocket::is_upgrade(request)) {
        if (target.substr(0, target.find('?')) != "/ws") return;
        (void)cookie_value(request[http::field::cookie], "muster_session");
        return;
    }
    const std::string path = target.substr(0, target.find('?'));
    if (path == "/healthz") return;
    if ((path == "/verify-email" || path == "/unsubscribe") && request.method() == http::verb::get) {
        check(link_token(target).find('&') == std::string::npos, "a link's token running into the next parameter");
        return;
    }
    if (path.rfind("/api/", 0) == 0) {
        static const TrustedProxies trusted({"127.0.0.1", "10.0.0.0/8", "2001:db8::/32"});
        const auto forwarded = request["X-Forwarded-For"];
        const auto client = forwarded_for(std::string_view(forwarded.data(), forwarded.size()),
                                          asio::ip::make_address_v4("127.0.0.1"), trusted);
        return api(api_request(request, path, client.to_string()));
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head) return;
    if (auto file = safe_path(target)) check(file->find("/../") == std::string::npos && (*file)[0] == '/', "an unsafe path let through");
    // The static file's negotiation: a coding the file has, and a list of ETags, both parsed from the client's bytes.
    auto header = [&](http::field f) { auto v = request[f]; return std::string_view(v.data(), v.size()); };
    const auto coding = choose_coding(header(http::field::accept_encoding), {Coding::gzip});
    check(coding == Coding::gzip || coding == Coding::identity, "a coding chosen that the file does not have");
    (void)etag_matches(header(http::field::if_none_match), "\"12-345-gz\"");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Config config;
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // A trusted proxy's connection: its PROXY v2 header first, of the length it says, never read past.
    const auto head = parse_proxy_v2(data, size);
    if (head.status == ProxyHeader::Status::ok) {
        check(head.length >= proxy_v2_fixed && head.length <= size, "a PROXY header's length out of its bytes");
        bytes.remove_prefix(head.length);
    } else if (head.status == ProxyHeader::Status::need_more) {
        check(head.length > size && head.length <= proxy_v2_fixed + 65535, "a PROXY header asking for a length out of bounds");
        return 0;  // cut short: closed at the timeout
    }
    BytesStream stream(bytes, size % 2 == 1 ? 1 + data[0] % 16 : 65536);
    beast::flat_buffer buffer;
    // HttpSession::do_read, on_header and on_read, one request after another on the connection.
    for (;;) {
        http::request_parser<http::string_body> parser;
        parser.body_limit(largest_body(config));
        parser.header_limit(request_header_max);
        beast::error_code ec;
        http::read_header(stream, buffer, parser, ec);
        if (ec) return 0;  // closed, or malformed: the connection is dropped
        const auto limit = body_limit(parser.get(), config);
        check(limit >= request_body_max && limit <= largest_body(config), "a body limit out of bounds");
        if (parser.content_length() && *parser.content_length() > limit) return 0;  // 413, and closed
        parser.body_limit(limit);
        http::read(stream, buffer, parser, ec);
        if (ec) return 0;  // too large (413 and closed), or malformed (dropped)
        auto request = parser.release();
        check(request.body().size() <= limit, "a body over its limit");
        handle(request);
        if (websocket::is_upgrade(request) || !request.keep_alive()) return 0;
    }
}
