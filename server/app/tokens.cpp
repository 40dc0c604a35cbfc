#include "server/app/tokens.h"

#include <climits>
#include <stdexcept>
#include <string_view>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

namespace muster {

namespace {

std::string random_bytes(std::size_t count) {
    if (count > static_cast<std::size_t>(INT_MAX)) throw std::invalid_argument("random_bytes: too many bytes");
    std::string bytes(count, '\0');
    if (count > 0 && RAND_bytes(reinterpret_cast<unsigned char*>(bytes.data()), static_cast<int>(count)) != 1) {
        // Never fall back to a weaker source: a predictable token is worse than a failed request.
        throw std::runtime_error("RAND_bytes failed");
    }
    return bytes;
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::string to_hex(const std::string& bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (unsigned char b : bytes) {
        hex.push_back(digits[b >> 4]);
        hex.push_back(digits[b & 0x0f]);
    }
    return hex;
}

std::string from_hex(const std::string& hex) {
    if (hex.size() % 2 != 0) return {};
    std::string bytes;
    bytes.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = hex_value(hex[i]);
        const int lo = hex_value(hex[i + 1]);
        if (hi < 0 || lo < 0) return {};
        bytes.push_back(static_cast<char>(hi << 4 | lo));
    }
    return bytes;
}

std::string random_hex(std::size_t bytes) { return to_hex(random_bytes(bytes)); }

std::string sha256_hex(const std::string& data) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr) != 1) {
        throw std::runtime_error("SHA-256 failed");
    }
    return to_hex(std::string(reinterpret_cast<const char*>(digest), length));
}

std::string new_session_token() { return random_hex(32); }

std::string new_invite_code() {
    static constexpr std::string_view alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    constexpr std::size_t length = 10;
    // Bytes at or above 248 (the largest multiple of 31 below 256) are dropped so every letter is equally likely.
    constexpr unsigned limit = 256 - 256 % alphabet.size();
    std::string code;
    code.reserve(length);
    while (code.size() < length) {
        for (unsigned char b : random_bytes(16)) {
            if (b >= limit) continue;
            code.push_back(alphabet[b % alphabet.size()]);
            if (code.size() == length) break;
        }
    }
    return code;
}

std::string hmac_sha256(const std::string& key, const std::string& data) {
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (key.size() > static_cast<std::size_t>(INT_MAX) ||
        HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
             reinterpret_cast<const unsigned char*>(data.data()), data.size(), mac, &length) == nullptr) {
        throw std::runtime_error("HMAC-SHA256 failed");
    }
    return std::string(reinterpret_cast<const char*>(mac), length);
}

std::string to_base64(const std::string& bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3), '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

std::optional<std::string> from_base64(const std::string& text) {
    if (text.size() % 4 != 0) return std::nullopt;
    std::string out(3 * text.size() / 4, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
    if (n < 0) return std::nullopt;
    std::size_t pad = 0;
    for (auto it = text.rbegin(); it != text.rend() && *it == '='; ++it) ++pad;
    out.resize(static_cast<std::size_t>(n) - pad);
    return out;
}

bool same_secret(const std::string& a, const std::string& b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace muster
