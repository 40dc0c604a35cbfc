// Reply addresses (docs/operations.md, "Replies by e-mail"): signed, read back, refused when forged or expired.
#include <catch2/catch.hpp>
#include <cctype>

#include "server/app/reply_address.h"

using namespace muster;

namespace {
const std::string base = "Muster@Club.Example";
const std::string secret = "a secret of more than thirty-two characters";
const ReplyPurpose purpose{123456, 789, "diary", 14, 1'800'000'060'000};
}  // namespace

TEST_CASE("reply address: made, lower case, under 64 characters, and read back", "[mail]") {
    const std::string address = reply_address(base, secret, purpose);
    CHECK(address.rfind("muster+d", 0) == 0);
    CHECK(address.substr(address.find('@')) == "@club.example");
    CHECK(address.find('@') <= 64);
    for (char c : address) CHECK_FALSE((c >= 'A' && c <= 'Z'));
    ReplyPurpose read;
    CHECK(read_reply_address(base, secret, address, 1'700'000'000'000, read) == ReplyCheck::ok);
    CHECK(read == purpose);
    // An MTA that folds case, or writes it in angle brackets, changes nothing.
    std::string upper = address;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(read_reply_address(base, secret, "<" + upper + ">", 1'700'000'000'000, read) == ReplyCheck::ok);
}

TEST_CASE("reply address: forged, another server's, expired, or not one at all", "[mail]") {
    const std::string address = reply_address(base, secret, purpose);
    ReplyPurpose read;
    CHECK(read_reply_address(base, "another secret of more than thirty-two characters", address, 0, read) == ReplyCheck::forged);
    CHECK(read.campaign == 123456);  // what it claims, for the record; never trusted
    // Another member's number put in its place: the signature no longer fits.
    std::string other = address;
    other.replace(other.find("-") + 1, 2, "ln");
    CHECK(read_reply_address(base, secret, other, 0, read) == ReplyCheck::forged);
    CHECK(read_reply_address(base, secret, "muster+garbage@club.example", 0, read) == ReplyCheck::forged);
    for (const char* odd : {"muster+@club.example", "muster+-@club.example", "muster+-abc@club.example", "muster+d-@club.example",
                            "muster+d1-2-3-4-5-@club.example", "muster+t----@club.example", "muster+b-x@club.example"})
        CHECK(read_reply_address(base, secret, odd, 0, read) == ReplyCheck::forged);
    CHECK(read_reply_address(base, secret, address, purpose.expires, read) == ReplyCheck::expired);
    CHECK(read_reply_address(base, secret, "muster@club.example", 0, read) == ReplyCheck::not_ours);
    CHECK(read_reply_address(base, secret, "postmaster@club.example", 0, read) == ReplyCheck::not_ours);
    CHECK(read_reply_address(base, secret, "muster+x@elsewhere.example", 0, read) == ReplyCheck::not_ours);
    CHECK(mail_in_key(secret) != secret);
    CHECK(mail_in_key(secret).size() == 64);
}

TEST_CASE("reply address: a talk line's names its battle and the speaker answered", "[mail]") {
    const ReplyPurpose talk{42, 7, "talk", 3, 1'800'000'060'000, 12, 9};
    const std::string address = reply_address(base, secret, talk);
    CHECK(address.rfind("muster+t", 0) == 0);
    CHECK(address.find('@') <= 64);
    ReplyPurpose read;
    CHECK(read_reply_address(base, secret, address, 0, read) == ReplyCheck::ok);
    CHECK(read == talk);
    // The diary's address and the talk line's are never taken for each other.
    CHECK(reply_address(base, secret, {42, 7, "diary", 3, 1'800'000'060'000}) != address);
}

TEST_CASE("bounce address: names the outbox row, signed, never expires", "[mail]") {
    const std::string address = bounce_address(base, secret, 123456789);
    CHECK(address.rfind("muster+b", 0) == 0);
    ReplyPurpose read;
    CHECK(read_reply_address(base, secret, address, 4'000'000'000'000, read) == ReplyCheck::ok);
    CHECK(read.what == "bounce");
    CHECK(read.message == 123456789);
    CHECK(read_reply_address(base, "another secret of more than thirty-two characters", address, 0, read) == ReplyCheck::forged);
}
