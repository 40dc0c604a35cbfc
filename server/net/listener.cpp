#include "server/net/listener.h"

#include <algorithm>
#include <iostream>

#include "server/net/http_session.h"

namespace muster::net {

Listener::Listener(asio::io_context& ioc, tcp::endpoint endpoint, App& app, ssl::context* ssl_context)
    : ioc_(ioc), acceptor_(asio::make_strand(ioc)), app_(app), ssl_context_(ssl_context),
      slots_(std::make_shared<AddressSlots>(static_cast<std::size_t>(std::max(0, app.config().max_http_connections_per_address)),
                                          static_cast<std::size_t>(std::max(0, app.config().max_http_connections_waiting)))) {
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
    // Closed before anything is read from it: the cheapest refusal there is.
    auto slot = slots_->admit(peer.address());
    if (!slot) return;
    socket.set_option(tcp::no_delay(true), ec);
    if (!ssl_context_) {
        std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), app_, std::move(*slot))->run();
        return;
    }
    // A handshake is waiting on its client too: it keeps the slot, and has the time a request's header has.
    auto stream = std::make_shared<TlsStream>(PlainStream(std::move(socket)), *ssl_context_);
    beast::get_lowest_layer(*stream).expires_after(std::chrono::seconds(app_.config().http_header_timeout_seconds));
    auto held = std::make_shared<AddressSlots::Slot>(std::move(*slot));
    held->on_evict([weak = std::weak_ptr<TlsStream>(stream)] {
        if (auto s = weak.lock()) asio::post(s->get_executor(), [weak] {
            if (auto s = weak.lock()) beast::get_lowest_layer(*s).cancel();
        });
    });
    stream->async_handshake(ssl::stream_base::server, [this, stream, held](beast::error_code hec) {
        if (hec) return;
        std::make_shared<HttpSession<TlsStream>>(std::move(*stream), app_, std::move(*held))->run();
    });
}

}  // namespace muster::net
