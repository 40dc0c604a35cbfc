// A player's e-mail read (docs: "A diary sent by replying to the e-mail"): the MTA pipes the reply to
// `muster mail-in`, which reads it here. GMime 3 parses the MIME structure; the rest is plain string work.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::mail {

struct Message {
    std::string from;                 // the From: addr-spec, lower-cased ("ann@example.org"), "" if none
    std::string from_name;            // its display name, UTF-8
    std::vector<std::string> to;      // addr-specs from To: and Cc:, lower-cased, in order
    std::string subject;              // decoded (RFC 2047), UTF-8
    std::string message_id;           // without <>
    std::vector<std::string> references;  // In-Reply-To then References ids, without <>, each once
    std::vector<std::string> authentication_results;  // each Authentication-Results header, raw (unfolded), top first
    // RFC 3834 and the vendors' equivalents: Auto-Submitted present and not "no"; Precedence (or X-Precedence)
    // bulk, junk, list or auto_reply; X-Auto-Response-Suppress naming All, OOF or AutoReply; any of X-Autoreply,
    // X-Autorespond, X-Autoresponder, X-Auto-Reply-From, List-Id, X-MS-Exchange-Generated-Message-Source,
    // X-MS-Exchange-Inbox-Rules-Loop, X-FC-MachineGenerated, X-Loop; or a read receipt (disposition-notification).
    bool automatic = false;
    // A delivery status report: multipart/report; report-type=delivery-status, or a message/delivery-status part,
    // anywhere in the message; or the null sender (Return-Path: <>) with From MAILER-DAEMON@ or postmaster@.
    bool bounce = false;
    // The body as UTF-8 plain text: the first text/plain part that is not an attachment (depth first through any
    // multipart; attached messages not entered), else the first text/html one as text (server/mail/html_text.h).
    // Transfer encodings undone, format=flowed (DelSp too) unwrapped, the charset converted (ISO-8859-1 read as
    // Windows-1252; undeclared and not UTF-8: Windows-1252), invalid bytes as U+FFFD. LF line ends, no control
    // characters but tab and LF, no byte-order mark.
    std::string text;
    std::string return_path;  // the Return-Path addr-spec (the envelope sender), lower-cased, "" for <> or none
    bool html = false;        // `text` was converted from text/html (no text/plain part)
};

// Larger inputs are refused (nullopt): a diary is a few kilobytes; attachments are ignored anyway.
inline constexpr std::size_t max_message_size = 32u << 20;

// Reads a raw RFC 5322 message. Returns nullopt and sets `error` (plain words) when it is not a message at all.
// Never throws, never aborts, on any input (it is fuzzed: tests/fuzz/fuzz_mime.cpp). Attachments are ignored.
// Thread-safe: each call uses GMime objects of its own.
std::optional<Message> read_message(std::string_view raw, std::string& error);

// Only what the sender wrote in `text`: the quoted original, an attribution line and all after it, Outlook's
// original-message blocks, a phone's "Sent from my iPhone" and the signature after "-- " dropped; blank lines at
// either end trimmed, CRLF -> LF. When that leaves nothing but the text was a bottom-posted or interleaved reply
// (the attribution followed by "> " lines, then the sender's own lines), those own lines are kept instead.
std::string written_part(std::string_view text);

// Whether the message's Authentication-Results (trusting only those whose authserv-id equals `authserv_id` when it
// is not empty) show dkim=pass with header.d or header.i of `address`'s domain, spf=pass with smtp.mailfrom of
// `address` or its domain, or dmarc=pass with header.from of its domain. RFC 8601, case-insensitive.
bool sender_authenticated(const Message& message, std::string_view address, std::string_view authserv_id);

}  // namespace muster::mail
