#include "server/net/listener.h"

#include <iostream>

#include "server/net/http_session.h"

namespace muster::net {

Listener::Listener(asio::io_context& ioc, tcp::endpoint endpoint, App& app, ssl::context* ssl_context)
    : ioc_(ioc), acceptor_(asio::make_strand(ioc)), app_(app), ssl_context_(ssl_context) {
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
    if (!ec) {
        socket.set_option(tcp::no_delay(true), ec);
        if (!ssl_context_) {
            std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), app_)->run();
        } else {
            auto stream = std::make_shared<TlsStream>(PlainStream(std::move(socket)), *ssl_context_);
            beast::get_lowest_layer(*stream).expires_after(std::chrono::seconds(30));
            stream->async_handshake(ssl::stream_base::server, [this, stream](beast::error_code hec) {
                if (hec) return;
                std::make_shared<HttpSession<TlsStream>>(std::move(*stream), app_)->run();
            });
        }
    }
    do_accept();
}

}  // namespace muster::net
