#include "server/net/client_address.h"

#include "server/net/http_request.h"

#include <cstring>
#include <stdexcept>

namespace muster::net {

namespace {

// An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack socket reports an IPv4 peer) as its IPv4 address.
asio::ip::address plain(const asio::ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    return address;
}

// One entry of X-Forwarded-For: an address, "v4:port" or "[v6]" / "[v6]:port".
std::optional<asio::ip::address> entry_address(std::string_view entry) {
    entry = trim_ows(entry);
    if (entry.empty() || entry.size() > 64) return std::nullopt;
    if (entry.front() == '[') {
        auto close = entry.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        entry = entry.substr(1, close - 1);
    } else if (auto colon = entry.find(':'); colon != std::string_view::npos && entry.find(':', colon + 1) == std::string_view::npos) {
        entry = entry.substr(0, colon);  // one colon: IPv4 and a port
    }
    boost::system::error_code ec;
    auto address = asio::ip::make_address(std::string(entry), ec);
    if (ec) return std::nullopt;
    return plain(address);
}

}  // namespace

TrustedProxies::TrustedProxies(const std::vector<std::string>& items) {
    for (const auto& raw : items) {
        const std::string item(trim_ows(raw));
        if (item.empty()) continue;
        boost::system::error_code ec;
        const auto slash = item.find('/');
        const auto address = asio::ip::make_address(item.substr(0, slash), ec);
        unsigned long bits = 0;
        bool ok = !ec;
        if (ok && slash != std::string::npos) {
            const std::string prefix = item.substr(slash + 1);
            ok = !prefix.empty() && prefix.size() <= 3 && prefix.find_first_not_of("0123456789") == std::string::npos;
            if (ok) bits = std::stoul(prefix);
        }
        if (ok && address.is_v4()) {
            if (slash == std::string::npos) bits = 32;
            ok = bits <= 32;
            if (ok) v4_.emplace_back(address.to_v4(), static_cast<unsigned short>(bits));
        } else if (ok) {
            if (slash == std::string::npos) bits = 128;
            ok = bits <= 128;
            if (ok) v6_.emplace_back(address.to_v6(), static_cast<unsigned short>(bits));
        }
        if (!ok) throw std::invalid_argument("trusted_proxies: \"" + item + "\" is not an address or a network (ADDRESS/BITS)");
    }
}

bool TrustedProxies::contains(const asio::ip::address& raw) const {
    const auto address = plain(raw);
    if (address.is_v4()) {
        const auto a = address.to_v4().to_uint();
        for (const auto& n : v4_) {
            const auto mask = n.netmask().to_uint();
            if ((a & mask) == (n.address().to_uint() & mask)) return true;
        }
        return false;
    }
    const auto a = address.to_v6().to_bytes();
    for (const auto& n : v6_) {
        const auto b = n.address().to_bytes();
        const unsigned bits = n.prefix_length();
        bool same = true;
        for (unsigned i = 0; same && i < 16 && i * 8 < bits; ++i) {
            const unsigned take = std::min(8u, bits - i * 8);
            const auto mask = static_cast<std::uint8_t>(0xff << (8 - take));
            same = (a[i] & mask) == (b[i] & mask);
        }
        if (same) return true;
    }
    return false;
}

ProxyHeader parse_proxy_v2(const std::uint8_t* data, std::size_t size) {
    static constexpr std::uint8_t signature[12] = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};
    ProxyHeader h;
    const std::size_t have = std::min(size, sizeof signature);
    if (std::memcmp(data, signature, have) != 0) return h;  // bad
    if (size < proxy_v2_fixed) return {ProxyHeader::Status::need_more, proxy_v2_fixed, std::nullopt};
    const std::uint8_t version = data[12] >> 4, command = data[12] & 0x0F;
    const std::uint8_t family = data[13] >> 4, transport = data[13] & 0x0F;
    const std::size_t rest = (std::size_t{data[14]} << 8) | data[15];
    if (version != 2 || command > 1 || family > 3 || transport > 2) return h;
    h.length = proxy_v2_fixed + rest;
    if (size < h.length) {
        h.status = ProxyHeader::Status::need_more;
        return h;
    }
    const std::uint8_t* body = data + proxy_v2_fixed;
    if (command == 1) {  // PROXY: the addresses must be there, and a stream's
        if (family != 0 && transport != 1) return h;
        if (family == 1) {  // AF_INET: source, destination, source port, destination port
            if (rest < 12) return h;
            asio::ip::address_v4::bytes_type bytes;
            std::memcpy(bytes.data(), body, 4);
            h.source = asio::ip::address_v4(bytes);
        } else if (family == 2) {  // AF_INET6
            if (rest < 36) return h;
            asio::ip::address_v6::bytes_type bytes;
            std::memcpy(bytes.data(), body, 16);
            h.source = plain(asio::ip::address_v6(bytes));
        } else if (family == 3 && rest < 216) {
            return h;  // AF_UNIX's two paths of 108 bytes
        }
    }
    h.status = ProxyHeader::Status::ok;
    return h;
}

asio::ip::address forwarded_for(std::string_view header, const asio::ip::address& peer, const TrustedProxies& trusted) {
    auto believed = plain(peer);
    // At most this many entries are looked at, from the right: a chain of trusted proxies is never this long.
    for (int hops = 0; hops < 32 && !header.empty(); ++hops) {
        const auto comma = header.rfind(',');
        const std::string_view entry = comma == std::string_view::npos ? header : header.substr(comma + 1);
        header = comma == std::string_view::npos ? std::string_view{} : header.substr(0, comma);
        if (trim_ows(entry).empty()) continue;  // "a,,b" and a trailing comma: nothing there
        const auto address = entry_address(entry);
        if (!address) return believed;
        believed = *address;
        if (!trusted.contains(believed)) return believed;
    }
    return believed;
}

}  // namespace muster::net
