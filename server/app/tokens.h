#pragma once
// Random secrets from OpenSSL and their hashes.
#include <optional>
#include <string>

namespace muster {

std::string random_hex(std::size_t bytes);          // RAND_bytes, lower-case hex (2*bytes chars)
std::string sha256_hex(const std::string& data);     // lower-case hex
std::string new_session_token();                     // 256 random bits, hex
// Exactly 10 characters, each drawn without modulo bias (rejection sampling over RAND_bytes) from
// "ABCDEFGHJKMNPQRSTUVWXYZ23456789" (no 0/O, 1/I/L look-alikes); no dash or other separator.
std::string new_invite_code();
std::string hmac_sha256(const std::string& key, const std::string& data);  // raw 32 bytes
std::string to_hex(const std::string& bytes);
std::string from_hex(const std::string& hex);        // "" when not valid hex
std::string to_base64(const std::string& bytes);     // RFC 4648, padded, one line
std::optional<std::string> from_base64(const std::string& text);  // nothing when it is not base64
// Whether two secrets (keys, signatures) are equal, in a time that tells nothing of where they differ.
bool same_secret(const std::string& a, const std::string& b);

}  // namespace muster
