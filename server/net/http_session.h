#pragma once
// One HTTP connection: static files from web/, /healthz, the accounts API, and the upgrade to /ws
// (after Beast's advanced_server: body and header limits, read and write timeouts, one request at a time).
// Its address slot (server/net/address_slots.h) is held while it waits on its client, not while the App works.
#include <chrono>
#include <memory>
#include <optional>

#include "server/app/app.h"
#include "server/net/address_slots.h"
#include "server/net/beast.h"
#include "server/net/client_address.h"

namespace muster::net {

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
public:
    // `client`: the connection's address, or the one a trusted proxy's PROXY header gave; when it is itself a trusted
    // proxy, each request's X-Forwarded-For names the client for the accounts API (server/net/client_address.h).
    HttpSession(Stream&& stream, App& app, AddressSlots::Slot slot, const asio::ip::address& client,
                std::shared_ptr<const TrustedProxies> trusted);
    void run();

private:
    using Request = http::request<http::string_body>;
    using Response = http::response<http::string_body>;

    void do_read();
    void on_header(beast::error_code ec, std::size_t bytes);
    void too_large(unsigned version, std::uint64_t limit);
    void on_read(beast::error_code ec, std::size_t bytes);
    void handle(Request&& request);
    void serve_file(const Request& request);
    void upgrade(Request&& request);
    void send(std::shared_ptr<Response> response, bool prepared = false);
    void refuse(const Request& request, http::status status, const std::string& code, const std::string& message);
    void do_close();
    std::string address_of(const Request& request) const;  // the client's address for this request

    Stream stream_;
    App& app_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::string address_;  // the client's, as the accounts API gets it
    asio::ip::address client_;
    std::shared_ptr<const TrustedProxies> trusted_;
    AddressSlots::Slot slot_;
    std::chrono::steady_clock::time_point request_start_;  // when the read of this request began
};

}  // namespace muster::net
