#include "server/app/reply_address.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

#include "server/app/tokens.h"

namespace muster {

namespace {

constexpr std::int64_t minute_ms = 60 * 1000;
constexpr std::size_t signature_chars = 16;  // 80 bits of the HMAC, base 32

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string base36(std::int64_t n) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (n <= 0) return "0";
    std::string out;
    for (; n > 0; n /= 36) out += digits[n % 36];
    std::reverse(out.begin(), out.end());
    return out;
}

std::optional<std::int64_t> from_base36(std::string_view s) {
    if (s.empty() || s.size() > 12) return std::nullopt;
    std::int64_t n = 0;
    for (char c : s) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
        if (d < 0) return std::nullopt;
        n = n * 36 + d;
    }
    return n;
}

// RFC 4648's base 32 alphabet in lower case, no padding: letters and digits only, safe in a local part.
std::string base32(const std::string& bytes, std::size_t chars) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    std::string out;
    unsigned buffer = 0;
    int bits = 0;
    for (unsigned char b : bytes) {
        buffer = (buffer << 8) | b;
        bits += 8;
        while (bits >= 5 && out.size() < chars) {
            out += alphabet[(buffer >> (bits - 5)) & 31];
            bits -= 5;
        }
    }
    return out;
}

std::string local_of(const std::string& base) { return lower(base.substr(0, base.find('@'))); }
std::string domain_of(const std::string& base) { return lower(base.substr(base.find('@') + 1)); }

std::string payload_of(const ReplyPurpose& p) {
    if (p.what == "bounce") return "b" + base36(p.message);
    const std::string expires = base36((p.expires + minute_ms - 1) / minute_ms);
    if (p.what == "notice")
        return "n" + base36(p.campaign) + "-" + base36(p.user) + "-" + base36(p.message) + "-" + expires;
    if (p.what == "talk")
        return "t" + base36(p.campaign) + "-" + base36(p.user) + "-" + base36(p.battle) + "-" + base36(p.turn) + "-" +
               base36(p.to) + "-" + expires;
    return "d" + base36(p.campaign) + "-" + base36(p.user) + "-" + base36(p.turn) + "-" + expires;
}

std::string signature_of(const std::string& secret, const std::string& payload) {
    return base32(hmac_sha256(secret, "muster reply address\n" + payload), signature_chars);
}

}  // namespace

std::string bounce_address(const std::string& base, const std::string& secret, std::int64_t message) {
    ReplyPurpose p;
    p.what = "bounce";
    p.message = message;
    return reply_address(base, secret, p);
}

std::string reply_address(const std::string& base, const std::string& secret, const ReplyPurpose& purpose) {
    const std::string payload = payload_of(purpose);
    return local_of(base) + "+" + payload + "-" + signature_of(secret, payload) + "@" + domain_of(base);
}

ReplyCheck read_reply_address(const std::string& base, const std::string& secret, std::string_view recipient,
                              std::int64_t now_ms, ReplyPurpose& purpose) {
    std::string to = lower(recipient);
    if (!to.empty() && to.front() == '<' && to.back() == '>') to = to.substr(1, to.size() - 2);
    const auto at = to.rfind('@');
    if (at == std::string::npos || to.substr(at + 1) != domain_of(base)) return ReplyCheck::not_ours;
    const std::string prefix = local_of(base) + "+";
    if (to.compare(0, prefix.size(), prefix) != 0) return ReplyCheck::not_ours;
    const std::string token = to.substr(prefix.size(), at - prefix.size());
    const auto last = token.rfind('-');
    if (last == std::string::npos) return ReplyCheck::forged;
    const std::string payload = token.substr(0, last);
    if (payload.empty()) return ReplyCheck::forged;
    std::vector<std::string> parts;
    for (std::size_t from = 1;;) {
        const auto dash = payload.find('-', from);
        parts.push_back(payload.substr(from, dash == std::string::npos ? std::string::npos : dash - from));
        if (dash == std::string::npos) break;
        from = dash + 1;
    }
    // The numbers each kind carries: a bounce its outbox row; a diary campaign, member, month, expiry; a notice's
    // answer campaign, member, notice, expiry; a talk line campaign, member, battle, turn, speaker, expiry.
    const char kind = payload[0];
    const std::size_t count = kind == 'b' ? 1 : kind == 't' ? 6 : kind == 'd' || kind == 'n' ? 4 : 0;
    if (count == 0 || parts.size() != count) return ReplyCheck::forged;
    std::vector<std::int64_t> n;
    for (const auto& part : parts) {
        auto v = from_base36(part);
        if (!v) return ReplyCheck::forged;
        n.push_back(*v);
    }
    purpose = ReplyPurpose{};
    if (kind == 'b') {
        purpose.what = "bounce";
        purpose.message = n[0];
        purpose.expires = std::numeric_limits<std::int64_t>::max();
    } else if (kind == 't') {
        purpose = {n[0], n[1], "talk", n[3], n[5] * minute_ms, n[2], n[4]};
    } else if (kind == 'n') {
        purpose = {n[0], n[1], "notice", 0, n[3] * minute_ms};
        purpose.message = n[2];
    } else {
        purpose = {n[0], n[1], "diary", n[2], n[3] * minute_ms};
    }
    // Read before it is checked, so that a forged one is recorded against the campaign it names (never its member).
    if (!same_secret(token.substr(last + 1), signature_of(secret, payload))) return ReplyCheck::forged;
    return now_ms >= purpose.expires ? ReplyCheck::expired : ReplyCheck::ok;
}

std::string mail_in_key(const std::string& secret) { return to_hex(hmac_sha256(secret, "muster mail-in")); }

}  // namespace muster
