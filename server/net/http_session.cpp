#include "server/net/http_session.h"

#include <sys/ioctl.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "server/net/http_request.h"
#include "server/net/static_files.h"
#include "server/net/websocket_session.h"

namespace muster::net {

namespace {
constexpr std::int64_t request_seconds = 30;  // to send a whole request, and to take an answer

// Bytes of its answers the client has not yet acknowledged, still in the kernel's send buffer.
int untaken(tcp::socket& socket) {
    int bytes = 0;
    return ::ioctl(socket.native_handle(), TIOCOUTQ, &bytes) == 0 ? bytes : 0;
}

// Whether a close on a timeout resets the connection. A slow reader's answers stay in the kernel after a plain
// close (147 KB a connection under slowhttptest -X, for as long as it reads a few bytes a second): while the
// server waits on a client that has not taken them, a timeout throws them away. Asio's destructor closes
// gracefully whatever this says, so an answer the session ends on is never cut short.
void reset_on_timeout(tcp::socket& socket, bool reset) {
    beast::error_code ignored;
    socket.set_option(asio::socket_base::linger(reset, 0), ignored);
}
}  // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(Stream&& stream, App& app, AddressSlots::Slot slot, const asio::ip::address& client,
                                 std::shared_ptr<const TrustedProxies> trusted)
    : stream_(std::move(stream)), app_(app), address_(client.to_string()), client_(client), trusted_(std::move(trusted)),
      slot_(std::move(slot)) {}

// From a trusted proxy, the address its X-Forwarded-For gives (every such header, in order); from anyone else, or
// with no such header, the connection's client.
template <class Stream>
std::string HttpSession<Stream>::address_of(const Request& request) const {
    if (!trusted_ || !trusted_->contains(client_)) return address_;
    std::string joined;
    for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it)
        joined.append(joined.empty() ? "" : ",").append(it->value().data(), it->value().size());
    if (joined.empty()) return address_;
    return forwarded_for(joined, client_, *trusted_).to_string();
}

template <class Stream>
void HttpSession<Stream>::run() {
    // Ended when it has waited longest on its client and too many connections wait: reset, as after a timeout.
    slot_.on_evict([weak = this->weak_from_this(), executor = stream_.get_executor()] {
        asio::post(executor, [weak] {
            auto self = weak.lock();
            if (!self || !self->slot_.held()) return;  // the server is working for it after all: leave it be
            reset_on_timeout(beast::get_lowest_layer(self->stream_).socket(), true);
            beast::get_lowest_layer(self->stream_).cancel();
        });
    });
    asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::do_read() {
    parser_.emplace();
    // The parser checks a declared Content-Length against this when the header is complete, so it is the
    // largest any request may send; on_header holds each request to its own.
    parser_->body_limit(largest_body(app_.config()));
    parser_->header_limit(request_header_max);
    // The header must come in full within http_header_timeout_seconds (an idle kept-alive connection is closed
    // after as long), the whole request within request_seconds: a client that trickles its bytes holds the
    // connection no longer, however slowly it sends.
    slot_.hold();
    request_start_ = std::chrono::steady_clock::now();
    auto& socket = beast::get_lowest_layer(stream_).socket();
    reset_on_timeout(socket, untaken(socket) > 0);
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(app_.config().http_header_timeout_seconds));
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&HttpSession::on_header, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::on_header(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) return;  // timed out, reset or malformed: drop the connection
    const auto& head = parser_->get();
    const std::uint64_t limit = body_limit(head, app_.config());
    if (parser_->content_length() && *parser_->content_length() > limit) return too_large(head.version(), limit);
    parser_->body_limit(limit);  // a chunked body is held to it as it comes
    const auto whole = std::max<std::int64_t>(request_seconds, app_.config().http_header_timeout_seconds);
    beast::get_lowest_layer(stream_).expires_at(request_start_ + std::chrono::seconds(whole));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec == http::error::body_limit) return too_large(parser_->get().version(), request_body_max);
    if (ec) return;  // timed out, reset or malformed: drop the connection
    auto request = parser_->release();
    slot_.release();  // the server's turn: a login's scrypt or an upgrade's lookup waits on nobody's client
    if (websocket::is_upgrade(request)) return upgrade(std::move(request));
    handle(std::move(request));
}

// Says why before closing: the rest of the body is never read.
template <class Stream>
void HttpSession<Stream>::too_large(unsigned version, std::uint64_t limit) {
    auto res = std::make_shared<Response>(http::status::payload_too_large, version);
    res->set(http::field::content_type, "application/json");
    res->keep_alive(false);
    const std::string what = "this request may be at most " + std::to_string(limit / 1024) + " KiB";
    res->body() = nlohmann::json{{"error", {{"code", "too_large"}, {"message", "That is too large: " + what + "."}}}}.dump();
    send(res);
}

template <class Stream>
void HttpSession<Stream>::send(std::shared_ptr<Response> response, bool prepared) {
    response->set(http::field::server, "muster");
    // Security headers on every answer (docs/operations.md, "Security headers"): scripts only from this server
    // and never inline, no framing, no sniffing, no referrer beyond this site; HTTPS kept once used.
    response->set("X-Content-Type-Options", "nosniff");
    if (response->find("Content-Security-Policy") == response->end())
        response->set("Content-Security-Policy",
                      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
                      "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
    response->set("X-Frame-Options", "DENY");
    response->set("Referrer-Policy", "same-origin");
    if (app_.config().tls()) response->set(http::field::strict_transport_security, "max-age=31536000");
    if (!prepared) response->prepare_payload();
    // A client that takes its answer a few bytes at a time (a slow read) holds the connection no longer than this.
    slot_.hold();
    reset_on_timeout(beast::get_lowest_layer(stream_).socket(), true);
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(request_seconds));
    http::async_write(stream_, *response, [self = this->shared_from_this(), response](beast::error_code ec, std::size_t) {
        if (ec) return;
        reset_on_timeout(beast::get_lowest_layer(self->stream_).socket(), false);
        if (response->need_eof()) return self->do_close();
        self->do_read();
    });
}

template <class Stream>
void HttpSession<Stream>::refuse(const Request& request, http::status status, const std::string& code,
                                 const std::string& message) {
    auto res = std::make_shared<Response>(status, request.version());
    res->set(http::field::content_type, "application/json");
    // A refused WebSocket upgrade ends its connection: the client will not send another request on it, and a
    // flood of refused upgrades must not hold a descriptor each until the read timeout.
    res->keep_alive(request.keep_alive() && !websocket::is_upgrade(request));
    res->body() = nlohmann::json{{"error", {{"code", code}, {"message", message}}}}.dump();
    send(res);
}

template <class Stream>
void HttpSession<Stream>::handle(Request&& request) {
    std::string target(request.target());
    std::string path = target.substr(0, target.find('?'));
    if (path == "/healthz") {
        auto res = std::make_shared<Response>(http::status::ok, request.version());
        res->set(http::field::content_type, "text/plain");
        res->set(http::field::cache_control, "no-store");
        res->keep_alive(request.keep_alive());
        res->body() = "ok\n";
        return send(res);
    }
    // The links in e-mails (docs/protocol.md, "Notifications"): pages a person reads.
    if ((path == "/verify-email" || path == "/unsubscribe") && request.method() == http::verb::get) {
        const std::string token = link_token(target);
        auto version = request.version();
        bool keep_alive = request.keep_alive();
        const bool verify = path == "/verify-email";
        auto answer = [self = this->shared_from_this(), version, keep_alive, verify](bool ok) {
            asio::post(self->stream_.get_executor(), [self, version, keep_alive, ok, verify] {
                auto res = std::make_shared<Response>(ok ? http::status::ok : http::status::not_found, version);
                res->set(http::field::content_type, "text/html; charset=utf-8");
                res->set(http::field::cache_control, "no-store");
                res->keep_alive(keep_alive);
                const char* words =
                    !ok ? "<h1>That link is not valid, or was used already.</h1>"
                    : verify ? "<h1>Your e-mail address is verified.</h1><p>Muster's notices will come to it.</p>"
                             : "<h1>You will get no more e-mails from Muster.</h1><p>To have them again, choose under "
                               "Notifications on your campaigns page.</p>";
                res->body() = std::string("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Muster</title>") +
                              words + "<p><a href=\"/\">Open Muster</a>.</p></html>";
                self->send(res);
            });
        };
        if (verify) app_.verify_email_link(token, std::move(answer));
        else app_.unsubscribe_link(token, std::move(answer));
        return;
    }
    if (path.rfind("/api/", 0) == 0) {
        ApiRequest api = api_request(request, path, address_of(request));
        auto version = request.version();
        bool keep_alive = request.keep_alive();
        app_.http_api(std::move(api), [self = this->shared_from_this(), version, keep_alive](ApiResponse r) {
            asio::post(self->stream_.get_executor(), [self, version, keep_alive, r = std::move(r)] {
                auto res = std::make_shared<Response>(static_cast<http::status>(r.status), version);
                if (r.raw_type.empty()) {
                    res->set(http::field::content_type, "application/json");
                    res->set(http::field::cache_control, "no-store");
                    res->body() = r.body.dump();
                } else {
                    // A picture: a member's browser may keep it (its address never changes what it shows).
                    res->set(http::field::content_type, r.raw_type);
                    res->set(http::field::cache_control, "private, max-age=86400");
                    res->set("Content-Security-Policy", "default-src 'none'; sandbox");
                    res->body() = r.raw;
                }
                if (!r.set_cookie.empty()) res->set(http::field::set_cookie, r.set_cookie);
                res->keep_alive(keep_alive);
                self->send(res);
            });
        });
        return;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head)
        return refuse(request, http::status::method_not_allowed, "bad_request", "Only GET and HEAD are allowed here.");
    serve_file(request);
}

// docs/operations.md, "The web client": a copy compressed at build time when the client takes it (nothing is
// compressed per request), cached by the folder it is in, and a 304 for the ETag of the coding chosen.
template <class Stream>
void HttpSession<Stream>::serve_file(const Request& request) {
    auto path = safe_path(std::string(request.target()));
    if (!path) return refuse(request, http::status::bad_request, "bad_request", "That path is not allowed.");
    auto header = [&](http::field f) { auto v = request[f]; return std::string_view(v.data(), v.size()); };
    auto file = static_file(app_.config().web, *path, header(http::field::accept_encoding));
    if (!file) return refuse(request, http::status::not_found, "not_found", "No such file.");

    const bool unchanged = etag_matches(header(http::field::if_none_match), file->etag);
    auto res = std::make_shared<Response>(unchanged ? http::status::not_modified : http::status::ok, request.version());
    res->set(http::field::etag, file->etag);
    res->set(http::field::cache_control, file->cache_control);
    // On a 304 too: a cache must not hand this validator's answer to a client asking in another coding.
    if (file->varies) res->set(http::field::vary, "Accept-Encoding");
    res->keep_alive(request.keep_alive());
    // Prepared as it is: Beast would add "Content-Length: 0", which RFC 9110 8.6 forbids on a 304 (a cache
    // could take it for the stored file's length).
    if (unchanged) return send(res, /*prepared=*/true);

    res->set(http::field::content_type, file->content_type);
    if (file->coding != Coding::identity) res->set(http::field::content_encoding, coding_name(file->coding));
    if (request.method() == http::verb::head) {
        res->content_length(file->size);
        return send(res, /*prepared=*/true);
    }
    std::ifstream in(file->disk_path, std::ios::binary);
    if (!in) return refuse(request, http::status::not_found, "not_found", "No such file.");  // gone since looked at
    std::ostringstream content;
    content << in.rdbuf();
    res->body() = content.str();
    send(res);
}

template <class Stream>
void HttpSession<Stream>::upgrade(Request&& request) {
    std::string target(request.target());
    if (!websocket_target(target))
        return refuse(request, http::status::not_found, "not_found", "WebSockets open at /ws or /ws/c/{campaign}.");
    if (!app_.origin_allowed(std::string(request[http::field::origin]), std::string(request[http::field::host])))
        return refuse(request, http::status::forbidden, "forbidden", "This origin may not open a WebSocket here.");
    auto token = cookie_value(request[http::field::cookie], "muster_session");
    app_.authenticate(token, [self = this->shared_from_this(), request = std::move(request)](std::optional<SessionInfo> who) mutable {
        asio::post(self->stream_.get_executor(), [self, request = std::move(request), who]() mutable {
            if (!who) return self->refuse(request, http::status::unauthorized, "unauthorized", "Log in first.");
            if (!self->app_.has_room(who->user))
                return self->refuse(request, http::status::too_many_requests, "rate_limited",
                                    "Too many open connections for this user.");
            std::make_shared<WebsocketSession<Stream>>(std::move(self->stream_), self->app_, *who)->run(std::move(request));
        });
    });
}

template <class Stream>
void HttpSession<Stream>::do_close() {
    beast::error_code ec;
    if constexpr (std::is_same_v<Stream, TlsStream>) {
        beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
        stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
    } else {
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    }
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

}  // namespace muster::net
