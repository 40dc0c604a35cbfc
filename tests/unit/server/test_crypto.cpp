#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>

#include "server/app/passwords.h"
#include "server/app/tokens.h"

using namespace muster;

namespace {

bool is_lower_hex(const std::string& text) {
    return text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// Cheap parameters so the many verify calls below stay fast; verify reads them from the stored string.
ScryptParams fast_params() {
    ScryptParams params;
    params.n = 1024;
    return params;
}

}  // namespace

TEST_CASE("SHA-256 and HMAC-SHA256 match published vectors", "[crypto]") {
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // RFC 4231, test case 2.
    CHECK(to_hex(hmac_sha256("Jefe", "what do ya want for nothing?")) ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    // RFC 4231, test case 1: a key of twenty 0x0b bytes.
    CHECK(to_hex(hmac_sha256(std::string(20, '\x0b'), "Hi There")) ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    CHECK(hmac_sha256("key", "data").size() == 32);
}

TEST_CASE("to_hex and from_hex round trip and reject bad input", "[crypto]") {
    std::string all_bytes;
    for (int b = 0; b < 256; ++b) all_bytes.push_back(static_cast<char>(b));
    const std::string hex = to_hex(all_bytes);
    CHECK(hex.size() == 512);
    CHECK(is_lower_hex(hex));
    CHECK(hex.substr(0, 8) == "00010203");
    CHECK(hex.substr(504) == "fcfdfeff");
    CHECK(from_hex(hex) == all_bytes);

    CHECK(to_hex("") == "");
    CHECK(from_hex("") == "");
    CHECK(from_hex("DEADbeef") == std::string("\xde\xad\xbe\xef"));
    CHECK(from_hex("00") == std::string(1, '\0'));

    for (const char* bad : {"0", "abc", "zz", "0g", "g0", " 00", "00 ", "0x00", "-1", "12 34"}) {
        INFO("'" << bad << "'");
        CHECK(from_hex(bad) == "");
    }
}

TEST_CASE("random tokens are hex of the right length and differ", "[crypto]") {
    for (std::size_t bytes : {std::size_t{0}, std::size_t{1}, std::size_t{16}, std::size_t{100}}) {
        const std::string hex = random_hex(bytes);
        CHECK(hex.size() == 2 * bytes);
        CHECK(is_lower_hex(hex));
    }
    CHECK(random_hex(16) != random_hex(16));

    const std::string token = new_session_token();
    CHECK(token.size() == 64);
    CHECK(is_lower_hex(token));
    CHECK(token != new_session_token());

    const std::string digest = sha256_hex(token);
    CHECK(digest.size() == 64);
    CHECK(is_lower_hex(digest));
    CHECK(digest != token);
}

TEST_CASE("invite codes are ten characters from the unambiguous alphabet", "[crypto]") {
    constexpr std::string_view alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    std::set<std::string> codes;
    std::set<char> seen;
    for (int i = 0; i < 200; ++i) {
        const std::string code = new_invite_code();
        INFO(code);
        REQUIRE(code.size() == 10);
        CHECK(code.find_first_not_of(alphabet) == std::string::npos);
        codes.insert(code);
        seen.insert(code.begin(), code.end());
    }
    CHECK(codes.size() == 200);
    // 2000 draws from 31 letters: missing any one by chance has probability about 31 * e^-66.
    CHECK(seen.size() == alphabet.size());
}

TEST_CASE("password hash with the default parameters", "[crypto]") {
    const std::string stored = hash_password("correct horse battery staple");
    const std::string prefix = "scrypt$131072$8$1$";
    REQUIRE(stored.rfind(prefix, 0) == 0);
    const std::string rest = stored.substr(prefix.size());
    const auto dollar = rest.find('$');
    REQUIRE(dollar != std::string::npos);
    const std::string salt = rest.substr(0, dollar);
    const std::string key = rest.substr(dollar + 1);
    CHECK(salt.size() == 32);
    CHECK(is_lower_hex(salt));
    CHECK(key.size() == 64);
    CHECK(is_lower_hex(key));

    CHECK(verify_password("correct horse battery staple", stored));
}

TEST_CASE("password verify accepts the password and nothing else", "[crypto]") {
    const std::string stored = hash_password("hunter2", fast_params());
    CHECK(stored.rfind("scrypt$1024$8$1$", 0) == 0);
    CHECK(verify_password("hunter2", stored));
    CHECK_FALSE(verify_password("hunter3", stored));
    CHECK_FALSE(verify_password("Hunter2", stored));
    CHECK_FALSE(verify_password("", stored));
    CHECK_FALSE(verify_password("hunter2 ", stored));

    // A fresh salt each time: the same password never gives the same string.
    const std::string again = hash_password("hunter2", fast_params());
    CHECK(again != stored);
    CHECK(verify_password("hunter2", again));

    const std::string empty = hash_password("", fast_params());
    CHECK(verify_password("", empty));
    CHECK_FALSE(verify_password("x", empty));
}

TEST_CASE("password verify rejects malformed stored hashes", "[crypto]") {
    const std::string stored = hash_password("pw", fast_params());
    REQUIRE(verify_password("pw", stored));
    const auto last = stored.rfind('$');
    const std::string head = stored.substr(0, last);  // "scrypt$1024$8$1$<salt>"
    const std::string key = stored.substr(last + 1);
    const std::string salt = head.substr(head.rfind('$') + 1);
    const std::string tail = "$" + salt + "$" + key;

    // Flipping one key digit must fail, which also shows verify really compares the key.
    std::string flipped = stored;
    flipped.back() = flipped.back() == '0' ? '1' : '0';
    CHECK_FALSE(verify_password("pw", flipped));

    const std::string bad[] = {
        "",
        "garbage",
        "scrypt",
        "$$$$$",
        "bcrypt$1024$8$1" + tail,
        "SCRYPT$1024$8$1" + tail,
        "scrypt$1024$8" + tail,                    // a field missing
        "scrypt$1024$8$1$1" + tail,                // a field too many
        stored + "$",                              // a trailing empty field
        "scrypt$1024$8$1$" + salt,                 // no key
        "scrypt$1000$8$1" + tail,                  // N not a power of two
        "scrypt$1$8$1" + tail,                     // N too small
        "scrypt$0$8$1" + tail,
        "scrypt$2097152$8$1" + tail,               // N = 2^21: above the cap
        "scrypt$1152921504606846976$8$1" + tail,   // N = 2^60
        "scrypt$99999999999999999999999$8$1" + tail,
        "scrypt$-1024$8$1" + tail,
        "scrypt$01024$8$1" + tail,
        "scrypt$1024$0$1" + tail,                  // r and p must be positive
        "scrypt$1024$8$0" + tail,
        "scrypt$1024$100000$1" + tail,             // r and p are capped too
        "scrypt$1024$8$100000" + tail,
        "scrypt$ 1024$8$1" + tail,
        "scrypt$1024$8$1$" + salt + "$" + key.substr(0, 63),               // odd-length key
        "scrypt$1024$8$1$" + salt + "$" + key.substr(0, 62),               // short key
        "scrypt$1024$8$1$" + salt + "$" + key + "00",                      // long key
        "scrypt$1024$8$1$" + salt + "$" + key.substr(0, 63) + "g",         // non-hex key
        "scrypt$1024$8$1$" + salt.substr(0, 31) + "z$" + key,              // non-hex salt
        "scrypt$1024$8$1$" + salt.substr(0, 30) + "$" + key,               // short salt
        "scrypt$1024$8$1$$" + key,                                         // empty salt
    };
    for (const std::string& text : bad) {
        INFO("'" << text << "'");
        CHECK_FALSE(verify_password("pw", text));
    }
}
