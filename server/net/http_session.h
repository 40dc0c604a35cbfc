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

namespace muster::net {

template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
public:
    HttpSession(Stream&& stream, App& app, AddressSlots::Slot slot);
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

    Stream stream_;
    App& app_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::string address_;
    AddressSlots::Slot slot_;
    std::chrono::steady_clock::time_point request_start_;  // when the read of this request began
};

}  // namespace muster::net
