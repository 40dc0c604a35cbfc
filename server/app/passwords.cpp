#include "server/app/passwords.h"

#include <charconv>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "server/app/tokens.h"

namespace muster {

namespace {

constexpr std::size_t salt_bytes = 16;
constexpr std::size_t key_bytes = 32;
constexpr std::uint64_t max_memory = 256ull * 1024 * 1024;
// A stored string is input we did not necessarily write: bound the work it can demand.
constexpr std::uint64_t max_n = 1u << 20;
constexpr std::uint64_t max_r = 32;
constexpr std::uint64_t max_p = 16;

bool derive(const std::string& password, const std::string& salt, const ScryptParams& params, std::string& key,
            std::size_t length) {
    key.assign(length, '\0');
    return EVP_PBE_scrypt(password.data(), password.size(), reinterpret_cast<const unsigned char*>(salt.data()),
                          salt.size(), params.n, params.r, params.p, max_memory,
                          reinterpret_cast<unsigned char*>(key.data()), key.size()) == 1;
}

bool parse_u64(std::string_view text, std::uint64_t& out) {
    if (text.empty() || text.size() > 19 || (text.size() > 1 && text[0] == '0')) return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size();
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const auto at = text.find(separator, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

}  // namespace

std::string hash_password(const std::string& password, const ScryptParams& params) {
    std::string salt(salt_bytes, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), static_cast<int>(salt.size())) != 1) {
        throw std::runtime_error("RAND_bytes failed");
    }
    std::string key;
    if (!derive(password, salt, params, key, key_bytes)) throw std::runtime_error("scrypt failed");
    std::string stored = "scrypt$" + std::to_string(params.n) + "$" + std::to_string(params.r) + "$" +
                         std::to_string(params.p) + "$" + to_hex(salt) + "$" + to_hex(key);
    OPENSSL_cleanse(key.data(), key.size());
    return stored;
}

bool verify_password(const std::string& password, const std::string& stored) {
    const auto parts = split(stored, '$');
    if (parts.size() != 6 || parts[0] != "scrypt") return false;

    ScryptParams params;
    if (!parse_u64(parts[1], params.n) || !parse_u64(parts[2], params.r) || !parse_u64(parts[3], params.p)) {
        return false;
    }
    const bool power_of_two = params.n >= 2 && (params.n & (params.n - 1)) == 0;
    if (!power_of_two || params.n > max_n || params.r < 1 || params.r > max_r || params.p < 1 || params.p > max_p) {
        return false;
    }

    const std::string salt = from_hex(std::string(parts[4]));
    const std::string expected = from_hex(std::string(parts[5]));
    if (salt.size() != salt_bytes || expected.size() != key_bytes) return false;

    std::string key;
    if (!derive(password, salt, params, key, expected.size())) return false;
    const bool match = CRYPTO_memcmp(key.data(), expected.data(), key.size()) == 0;
    OPENSSL_cleanse(key.data(), key.size());
    return match;
}

}  // namespace muster
