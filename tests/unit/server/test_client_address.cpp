// The client's address behind a trusted proxy (server/net/client_address.h): the PROXY protocol v2 header, good,
// truncated and hostile; the list of trusted proxies; X-Forwarded-For's right-most untrusted address.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/net/client_address.h"

using namespace muster::net;

namespace {

asio::ip::address addr_of(const char* text) { return asio::ip::make_address(text); }

const std::vector<std::uint8_t> proxy_signature = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};

// A header as HAProxy's send-proxy-v2 writes it: PROXY over TCP/IPv4 from 203.0.113.7:40000 to 10.0.0.2:8080,
// `tlv` bytes of TLVs after the addresses.
std::vector<std::uint8_t> v4_header(std::vector<std::uint8_t> source = {203, 0, 113, 7}, std::size_t tlv = 0) {
    std::vector<std::uint8_t> h = proxy_signature;
    const std::size_t rest = 12 + tlv;
    h.insert(h.end(), {0x21, 0x11, static_cast<std::uint8_t>(rest >> 8), static_cast<std::uint8_t>(rest & 0xff)});
    h.insert(h.end(), source.begin(), source.end());
    h.insert(h.end(), {10, 0, 0, 2, 0x9c, 0x40, 0x1f, 0x90});
    for (std::size_t i = 0; i < tlv; ++i) h.push_back(static_cast<std::uint8_t>(i));
    return h;
}

ProxyHeader parse(const std::vector<std::uint8_t>& bytes) { return parse_proxy_v2(bytes.data(), bytes.size()); }

}  // namespace

TEST_CASE("a PROXY v2 header names the client; what follows it is not read", "[http][proxy]") {
    auto h = v4_header();
    const auto length = h.size();
    const std::string http = "GET / HTTP/1.1\r\n\r\n";
    h.insert(h.end(), http.begin(), http.end());
    auto r = parse(h);
    REQUIRE(r.status == ProxyHeader::Status::ok);
    CHECK(r.length == length);
    REQUIRE(r.source);
    CHECK(r.source->to_string() == "203.0.113.7");

    // With TLVs (HAProxy's proxy-v2-options), which are skipped.
    auto t = parse(v4_header({198, 51, 100, 1}, 40));
    REQUIRE(t.status == ProxyHeader::Status::ok);
    CHECK(t.length == 16 + 12 + 40);
    CHECK(t.source->to_string() == "198.51.100.1");

    // IPv6, and an IPv4-mapped IPv6 source read as IPv4.
    std::vector<std::uint8_t> v6 = proxy_signature;
    v6.insert(v6.end(), {0x21, 0x21, 0x00, 36});
    std::vector<std::uint8_t> src = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7};
    v6.insert(v6.end(), src.begin(), src.end());
    v6.insert(v6.end(), 20, 0);
    auto r6 = parse(v6);
    REQUIRE(r6.status == ProxyHeader::Status::ok);
    CHECK(r6.source->to_string() == "2001:db8::7");
    for (int i = 0; i < 10; ++i) v6[16 + i] = 0;
    v6[26] = v6[27] = 0xff;
    v6[28] = 192, v6[29] = 0, v6[30] = 2, v6[31] = 1;
    CHECK(parse(v6).source->to_string() == "192.0.2.1");
}

TEST_CASE("a PROXY v2 LOCAL header (a health check) or an address-less family leaves the socket's address", "[http][proxy]") {
    std::vector<std::uint8_t> local = proxy_signature;
    local.insert(local.end(), {0x20, 0x00, 0x00, 0x00});
    auto r = parse(local);
    REQUIRE(r.status == ProxyHeader::Status::ok);
    CHECK(r.length == 16);
    CHECK_FALSE(r.source);

    std::vector<std::uint8_t> unspec = proxy_signature;
    unspec.insert(unspec.end(), {0x21, 0x00, 0x00, 0x00});
    CHECK(parse(unspec).status == ProxyHeader::Status::ok);
    CHECK_FALSE(parse(unspec).source);
}

TEST_CASE("a truncated PROXY v2 header asks for more, never for less than it said", "[http][proxy]") {
    const auto h = v4_header({203, 0, 113, 7}, 5);
    for (std::size_t n = 0; n < h.size(); ++n) {
        auto r = parse_proxy_v2(h.data(), n);
        INFO("first " << n << " bytes");
        REQUIRE(r.status == ProxyHeader::Status::need_more);
        CHECK(r.length == (n < 16 ? 16 : h.size()));
        CHECK_FALSE(r.source);
    }
    CHECK(parse(h).status == ProxyHeader::Status::ok);
}

TEST_CASE("hostile and foreign PROXY headers are refused", "[http][proxy]") {
    auto bad = [](std::vector<std::uint8_t> h) { return parse(h).status == ProxyHeader::Status::bad; };
    const std::string get = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    CHECK(bad(std::vector<std::uint8_t>(get.begin(), get.end())));  // no header at all: plain HTTP
    const std::string v1 = "PROXY TCP4 203.0.113.7 10.0.0.2 40000 8080\r\n";
    CHECK(bad(std::vector<std::uint8_t>(v1.begin(), v1.end())));  // version 1 (text) is not read
    CHECK(bad({0x16, 0x03, 0x01, 0x02, 0x00}));  // a TLS ClientHello
    auto h = v4_header();
    h[3] = 0x0B;
    CHECK(bad(h));  // a signature one bit off
    CHECK(bad({0x0D, 0x0A, 0x0D, 0x0B}));  // wrong within the first bytes: refused without waiting for more

    auto with = [](std::size_t at, std::uint8_t value) { auto x = v4_header(); x[at] = value; return x; };
    CHECK(bad(with(12, 0x11)));  // version 1 in the binary form
    CHECK(bad(with(12, 0x31)));  // version 3
    CHECK(bad(with(12, 0x22)));  // command 2
    CHECK(bad(with(12, 0x2F)));  // command 15
    CHECK(bad(with(13, 0x41)));  // family 4
    CHECK(bad(with(13, 0x13)));  // transport 3
    CHECK(bad(with(13, 0x12)));  // a datagram's addresses on a stream
    CHECK(bad(with(13, 0x10)));  // IPv4 with no transport
    CHECK(bad(with(15, 11)));    // IPv4's addresses need 12 bytes
    CHECK(bad(with(13, 0x21)));  // IPv6's need 36: 12 is not enough
    CHECK(bad(with(13, 0x31)));  // UNIX's need 216

    // The largest length the header can say is 64 KiB: asked for, never more.
    auto huge = with(14, 0xff);
    huge[15] = 0xff;
    auto r = parse(huge);
    CHECK(r.status == ProxyHeader::Status::need_more);
    CHECK(r.length == 16 + 65535);
}

TEST_CASE("trusted proxies: addresses and networks, IPv4 and IPv6; anything else refused", "[http][proxy]") {
    TrustedProxies none;
    CHECK(none.empty());
    CHECK_FALSE(none.contains(addr_of("127.0.0.1")));

    TrustedProxies t({"127.0.0.1", " 10.1.0.0/16", "2001:db8::/32", "192.0.2.9/32"});
    CHECK_FALSE(t.empty());
    CHECK(t.contains(addr_of("127.0.0.1")));
    CHECK_FALSE(t.contains(addr_of("127.0.0.2")));
    CHECK(t.contains(addr_of("10.1.200.3")));
    CHECK_FALSE(t.contains(addr_of("10.2.0.1")));
    CHECK(t.contains(addr_of("2001:db8:ffff::1")));
    CHECK_FALSE(t.contains(addr_of("2001:db9::1")));
    CHECK(t.contains(addr_of("::ffff:10.1.0.7")));  // a dual-stack socket's IPv4 peer
    CHECK(t.contains(addr_of("192.0.2.9")));
    CHECK(TrustedProxies({"0.0.0.0/0"}).contains(addr_of("198.51.100.1")));
    CHECK(TrustedProxies({"10.0.0.1/8"}).contains(addr_of("10.9.9.9")));  // host bits ignored

    for (const char* wrong : {"10.0.0.0/33", "2001:db8::/129", "proxy.example", "10.0.0.0/", "10.0.0.0/x", "10.0.0.256"})
        CHECK_THROWS_AS(TrustedProxies({wrong}), std::invalid_argument);
}

TEST_CASE("X-Forwarded-For: the right-most address that is not a trusted proxy", "[http][proxy]") {
    const TrustedProxies t({"127.0.0.1", "10.0.0.0/8"});
    const auto proxy = addr_of("127.0.0.1");
    auto client = [&](const char* header) { return forwarded_for(header, proxy, t).to_string(); };
    CHECK(client("203.0.113.7") == "203.0.113.7");
    // What the client wrote himself (left) is passed over for what the proxy added (right).
    CHECK(client("6.6.6.6, 203.0.113.7") == "203.0.113.7");
    CHECK(client("6.6.6.6,203.0.113.7, 10.0.0.5") == "203.0.113.7");  // through two proxies
    CHECK(client("203.0.113.7:5555") == "203.0.113.7");
    CHECK(client("[2001:db8::7]:443") == "2001:db8::7");
    CHECK(client("2001:db8::7") == "2001:db8::7");
    CHECK(client("10.0.0.9, 10.0.0.5") == "10.0.0.9");  // all trusted: the left-most
    CHECK(client("6.6.6.6, nonsense, 10.0.0.5") == "10.0.0.5");  // not an address: believed no further
    CHECK(client("unknown") == "127.0.0.1");
    CHECK(client("") == "127.0.0.1");
    CHECK(client(" , 203.0.113.7 ,") == "203.0.113.7");
    std::string long_chain;
    for (int i = 0; i < 1000; ++i) long_chain += "10.0.0.1,";
    CHECK(client(long_chain.c_str()) == "10.0.0.1");
}
