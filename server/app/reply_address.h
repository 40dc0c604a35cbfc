#pragma once
// Reply addresses (docs/operations.md, "Replies by e-mail"): each e-mail that invites a reply is sent with a
// Reply-To of its own, "muster+<token>@club.example", whose token names the member, the campaign, what the e-mail
// asks and when that ends, signed by the server (HMAC-SHA256 with mail_secret). A reply is known by the address
// it was sent to, never by its From.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace muster {

struct ReplyPurpose {
    std::int64_t campaign = 0;
    std::int64_t user = 0;
    std::string what;           // "diary": the month's diary; "talk": words back to a leader who spoke in a battle;
                                // "notice": an answer to the umpire's notice
    std::int64_t turn = 0;      // the month it asks for; the battle's turn the words were said in
    std::int64_t expires = 0;   // unix ms: the deadline it asks by (minutes are kept, the rest rounded up)
    std::int64_t battle = 0;    // talk: the battle
    std::int64_t to = 0;        // talk: the member who spoke, answered
    std::int64_t message = 0;   // "bounce": the outbox row whose delivery failed; "notice": the notice
    bool operator==(const ReplyPurpose&) const = default;
};

// "muster+d1-2-3-4qz9-<signature>@club.example" for `base` "muster@club.example" (a talk line's: "muster+t..." with
// the battle and the speaker too). At most 64 characters before
// the '@' (RFC 5321), lower case (some MTAs fold case).
std::string reply_address(const std::string& base, const std::string& secret, const ReplyPurpose& purpose);

// The envelope sender of outbox row `message` ("muster+b<id>-<signature>@club.example", VERP): a delivery failure
// report comes back to it, naming the message. It does not expire.
std::string bounce_address(const std::string& base, const std::string& secret, std::int64_t message);

enum class ReplyCheck { ok, not_ours, forged, expired };
// Reads the address a message was delivered to: `not_ours` (not base with a token: the bare address, another
// mailbox), `forged` (a token whose signature is wrong or that cannot be read; `purpose` then holds what it claims,
// if it could be read), `expired` (past `now_ms`).
ReplyCheck read_reply_address(const std::string& base, const std::string& secret, std::string_view recipient,
                              std::int64_t now_ms, ReplyPurpose& purpose);

// What `muster mail-in` shows the server that it may hand in mail: a key made from mail_secret, never the secret.
std::string mail_in_key(const std::string& secret);

}  // namespace muster
