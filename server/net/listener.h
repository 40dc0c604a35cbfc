#pragma once
// Accepts connections and starts an HTTP session on each, on its own strand; with TLS configured,
// completes the TLS handshake first. A connection from an address with max_http_connections_per_address
// connections waiting on their clients already is closed at once (server/net/address_slots.h). A connection from a
// trusted proxy with proxy_protocol on gives its client's address first, in a PROXY v2 header (client_address.h), and
// is counted and capped as that address; without the header, or with a malformed one, it is closed.
#include <memory>
#include <optional>

#include "server/app/app.h"
#include "server/net/address_slots.h"
#include "server/net/client_address.h"
#include "server/net/beast.h"

namespace muster::net {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    // Binds and listens; throws on failure. ssl_context is null for plain HTTP.
    Listener(asio::io_context& ioc, tcp::endpoint endpoint, App& app, ssl::context* ssl_context);
    tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
    void run();
    void stop();  // stop accepting; sessions already open go on until closed

private:
    void do_accept();
    void on_accept(beast::error_code ec, tcp::socket socket);
    void start(tcp::socket socket);  // reads a PROXY header first from a trusted proxy, then begin()
    // An HTTP session (after TLS's handshake) for `client`, or closes it when that address is at the cap.
    void begin(PlainStream stream, const asio::ip::address& client);

    asio::io_context& ioc_;
    tcp::acceptor acceptor_;
    App& app_;
    ssl::context* ssl_context_;
    std::shared_ptr<AddressSlots> slots_;
    std::shared_ptr<const TrustedProxies> trusted_;
};

}  // namespace muster::net
