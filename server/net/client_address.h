#pragma once
// Whose connection it is, behind a proxy (docs/operations.md, "The client's address behind a proxy"). A connection
// from an address in `trusted_proxies` may say whose it really is: by a PROXY protocol v2 header before anything
// else (HAProxy's send-proxy-v2; required of every connection from a trusted proxy when `proxy_protocol` is on), or
// by X-Forwarded-For on each request. From any other address nothing of the kind is believed: its socket's address
// is its address. The per-address caps on connections (address_slots.h) and the failed-login limits use the address
// found here. Pure functions, shared with the fuzzer (tests/fuzz/fuzz_http.cpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>  // before Boost.Asio's awaitable.hpp, which uses std::exchange without it
#include <vector>

#include "server/net/beast.h"

namespace muster::net {

// The addresses and networks whose word is taken for a client's address. Empty: nobody's.
class TrustedProxies {
public:
    TrustedProxies() = default;
    // Each item an address (192.0.2.1, 2001:db8::1) or a network (10.0.0.0/8, 2001:db8::/32); throws
    // std::invalid_argument naming the first that is neither.
    explicit TrustedProxies(const std::vector<std::string>& items);
    bool contains(const asio::ip::address& address) const;  // an IPv4-mapped IPv6 address as its IPv4 address
    bool empty() const { return v4_.empty() && v6_.empty(); }

private:
    std::vector<asio::ip::network_v4> v4_;
    std::vector<asio::ip::network_v6> v6_;
};

// The PROXY protocol's version 2 header (www.haproxy.org/download/2.6/doc/proxy-protocol.txt, section 2.2): a
// 16-byte fixed part (12-byte signature, version and command, family and transport, length of the rest), then
// that many bytes: the addresses and any TLVs, which are skipped.
inline constexpr std::size_t proxy_v2_fixed = 16;

struct ProxyHeader {
    enum class Status {
        need_more,  // a valid beginning: `length` bytes in all are needed (16 until the fixed part is in)
        ok,         // a whole header of `length` bytes
        bad,        // not a version 2 header, or one that contradicts itself: the connection is closed
    };
    Status status = Status::bad;
    std::size_t length = 0;
    // The client's address (the header's source), for a PROXY command over TCP for IPv4 or IPv6. None for a LOCAL
    // command (the proxy's own connection: a health check) and for a family with no IP address (UNSPEC, UNIX):
    // the connection's own address stands.
    std::optional<asio::ip::address> source;
};

// Reads a header from the first `size` bytes of a connection; reads nothing past the header's own length.
ProxyHeader parse_proxy_v2(const std::uint8_t* data, std::size_t size);

// The client's address by X-Forwarded-For (`header`: the values of every such header of the request in order,
// joined by commas), for a request that came from the trusted proxy `peer`: the right-most address in the list that
// is not itself a trusted proxy (those left of it the client may have written himself), or the left-most when all
// of them are trusted. An entry that is not an address ends the walk at the last address believed (at worst `peer`).
// "1.2.3.4:80" and "[2001:db8::1]:80" are read as their address.
asio::ip::address forwarded_for(std::string_view header, const asio::ip::address& peer, const TrustedProxies& trusted);

}  // namespace muster::net
