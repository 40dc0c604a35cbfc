#pragma once
// Password hashing with scrypt from OpenSSL (EVP_PBE_scrypt, N=2^17, r=8, p=1, maxmem 256 MiB,
// 16-byte salt, 32-byte key). Slow on purpose (~0.3 s): call only from the auth worker pool,
// never from a network thread.
#include <cstdint>
#include <string>

namespace muster {

struct ScryptParams {
    std::uint64_t n = 1u << 17;
    std::uint64_t r = 8;
    std::uint64_t p = 1;
};

// Returns "scrypt$N$r$p$<salt hex>$<key hex>" with a fresh random salt (RAND_bytes).
std::string hash_password(const std::string& password, const ScryptParams& params = {});
// Constant-time comparison (CRYPTO_memcmp); false for a malformed stored hash.
bool verify_password(const std::string& password, const std::string& stored);

}  // namespace muster
