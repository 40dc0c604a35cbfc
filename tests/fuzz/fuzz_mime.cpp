// libFuzzer target: a raw e-mail as `muster mail-in` reads it (server/mail/message.h): read_message, then
// written_part on its text and sender_authenticated on its headers; and the same bytes as an HTML body and as a
// reply's text, straight. Nothing may throw or abort, nor trip AddressSanitizer or UndefinedBehaviorSanitizer, and
// the text handed on is valid UTF-8 without CR or NUL.
//   scripts/fuzz.sh mime 600      (builds with clang-14 in build-fuzz/, runs 600 s on tests/fuzz/corpus/mime)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/mail/html_text.h"
#include "server/mail/message.h"
#include "server/mail/utf8.h"

using namespace muster::mail;

namespace {

void check(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_mime: %s\n", what);
    std::abort();
}

void check_text(const std::string& text, const char* what) {
    check(is_utf8(text), what);
    check(text.find('\r') == std::string::npos && text.find('\0') == std::string::npos, what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto message = read_message(bytes, error);
    if (!message) {
        check(!error.empty(), "refused without a reason");
    } else {
        check_text(message->text, "a message's text not clean UTF-8");
        check_text(message->subject, "a subject not clean UTF-8");
        const auto written = written_part(message->text);
        check_text(written, "a written part not clean UTF-8");
        check(written.size() <= message->text.size(), "a written part longer than the text");
        (void)sender_authenticated(*message, message->from, "");
        (void)sender_authenticated(*message, "ann@example.org", "mx.example.net");
    }
    check_text(clean_utf8(html_to_text(clean_utf8(bytes))), "HTML's text not clean UTF-8");
    (void)written_part(bytes);
    return 0;
}
