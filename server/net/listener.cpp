#include "server/net/listener.h"

#include <algorithm>
#include <iostream>

#include "server/net/http_session.h"

namespace muster::net {

Listener::Listener(asio::io_context& ioc, tcp::endpoint endpoint, App& app, ssl::context* ssl_context)
    : ioc_(ioc), acceptor_(asio::make_strand(ioc)), app_(app), ssl_context_(ssl_context),
      slots_(std::make_shared<AddressSlots>(static_cast<std::size_t>(std::max(0, app.config().max_http_connections_per_address)),
                                          static_cast<std::size_t>(std::max(0, app.config().max_http_connections_waiting)))),
      trusted_(std::make_shared<const TrustedProxies>(app.config().trusted_proxies)) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Listener::run() { do_accept(); }

void Listener::stop() {
    asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
        beast::error_code ignored;
        self->acceptor_.close(ignored);
    });
}

void Listener::do_accept() {
    acceptor_.async_accept(asio::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) start(std::move(socket));
    do_accept();
}

void Listener::start(tcp::socket socket) {
    beast::error_code ec;
    auto peer = socket.remote_endpoint(ec);
    if (ec) return;
    socket.set_option(tcp::no_delay(true), ec);
    PlainStream stream(std::move(socket));
    if (!app_.config().proxy_protocol || !trusted_->contains(peer.address())) return begin(std::move(stream), peer.address());
    // From a trusted proxy: its PROXY v2 header, read exactly (the 16 bytes that say its length, then the rest), so
    // that what follows is left for TLS or HTTP. No slot is held meanwhile: the proxy is trusted, and has the time a
    // request's header has. A header missing, malformed or late closes the connection.
    struct Reading {
        PlainStream stream;
        std::vector<std::uint8_t> bytes = std::vector<std::uint8_t>(proxy_v2_fixed);
        asio::ip::address peer;
    };
    auto r = std::make_shared<Reading>(Reading{std::move(stream), {}, peer.address()});
    r->bytes.resize(proxy_v2_fixed);
    r->stream.expires_after(std::chrono::seconds(app_.config().http_header_timeout_seconds));
    asio::async_read(r->stream, asio::buffer(r->bytes), [self = shared_from_this(), r](beast::error_code rec, std::size_t) {
        if (rec) return;
        auto head = parse_proxy_v2(r->bytes.data(), r->bytes.size());
        if (head.status == ProxyHeader::Status::bad) return;
        auto finish = [self, r] {
            auto done = parse_proxy_v2(r->bytes.data(), r->bytes.size());
            if (done.status != ProxyHeader::Status::ok || done.length != r->bytes.size()) return;
            r->stream.expires_never();
            self->begin(std::move(r->stream), done.source.value_or(r->peer));
        };
        if (head.status == ProxyHeader::Status::ok) return finish();
        const std::size_t fixed = r->bytes.size();
        r->bytes.resize(head.length);
        asio::async_read(r->stream, asio::buffer(r->bytes.data() + fixed, head.length - fixed),
                         [r, finish](beast::error_code rest_ec, std::size_t) {
                             if (!rest_ec) finish();
                         });
    });
}

void Listener::begin(PlainStream stream, const asio::ip::address& client) {
    // Closed before anything (more) is read from it: the cheapest refusal there is. A trusted proxy's own
    // connection (X-Forwarded-For names its clients later, request by request) is counted, never refused.
    auto slot = slots_->admit(client, !trusted_->contains(client));
    if (!slot) return;
    if (!ssl_context_) {
        std::make_shared<HttpSession<PlainStream>>(std::move(stream), app_, std::move(*slot), client, trusted_)->run();
        return;
    }
    // A handshake is waiting on its client too: it keeps the slot, and has the time a request's header has.
    auto tls = std::make_shared<TlsStream>(std::move(stream), *ssl_context_);
    beast::get_lowest_layer(*tls).expires_after(std::chrono::seconds(app_.config().http_header_timeout_seconds));
    auto held = std::make_shared<AddressSlots::Slot>(std::move(*slot));
    held->on_evict([weak = std::weak_ptr<TlsStream>(tls)] {
        if (auto s = weak.lock()) asio::post(s->get_executor(), [weak] {
            if (auto s = weak.lock()) beast::get_lowest_layer(*s).cancel();
        });
    });
    tls->async_handshake(ssl::stream_base::server, [this, tls, held, client, trusted = trusted_](beast::error_code hec) {
        if (hec) return;
        std::make_shared<HttpSession<TlsStream>>(std::move(*tls), app_, std::move(*held), client, trusted)->run();
    });
}

}  // namespace muster::net
