// An HTML mail body as plain text (server/mail/message.h, Message::text), for the few mails with no text/plain
// part (Outlook's, some phones'). Hand-written: GMime's GMimeFilterHTML goes the other way (text to HTML).
#pragma once

#include <string>
#include <string_view>

namespace muster::mail {

// Tags dropped; <br> and the ends of block elements (<p>, <div>, <li>, <tr>, headings...) as line breaks;
// entities decoded; <script>, <style>, <title> and comments dropped with their content; <blockquote> lines
// prefixed "> " (one per level) so that written_part drops them; whitespace collapsed except inside <pre>.
// `html` is UTF-8; so is the result, each line without trailing spaces.
std::string html_to_text(std::string_view html);

}  // namespace muster::mail
