#pragma once
// Random secrets from OpenSSL and their hashes.
#include <string>

namespace muster {

std::string random_hex(std::size_t bytes);          // RAND_bytes, lower-case hex (2*bytes chars)
std::string sha256_hex(const std::string& data);     // lower-case hex
std::string new_session_token();                     // 256 random bits, hex
std::string new_invite_code();                       // 10 chars from an unambiguous alphabet, e.g. "K7QX-M3PD9"? see .cpp
std::string hmac_sha256(const std::string& key, const std::string& data);  // raw 32 bytes
std::string to_hex(const std::string& bytes);
std::string from_hex(const std::string& hex);        // "" when not valid hex

}  // namespace muster
