// UTF-8 helpers of the mail reader (server/mail/message.h): whatever bytes a mail brings, the text handed on is
// valid UTF-8 without control characters (the store's text columns refuse NUL, the web client shows the rest).
#pragma once

#include <string>
#include <string_view>

namespace muster::mail {

void append_utf8(std::string& out, char32_t code);

// Each invalid sequence (RFC 3629: overlongs, surrogates, past U+10FFFF, cut short) becomes U+FFFD; C0 controls
// but tab and LF, DEL and CR are dropped (CRLF becomes LF before).
std::string clean_utf8(std::string_view bytes);

bool is_utf8(std::string_view bytes);

// Windows-1252 (which ISO-8859-1 mail means in practice, as browsers read it: WHATWG Encoding) to UTF-8.
std::string windows_1252_to_utf8(std::string_view bytes);
char32_t windows_1252(unsigned char byte);

// ASCII lower case (header names, addresses, keywords); other bytes kept.
std::string ascii_lower(std::string_view s);
std::string_view trim(std::string_view s);

}  // namespace muster::mail
