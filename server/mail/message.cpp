// A raw e-mail read with GMime 3 (server/mail/message.h): headers, the automatic-reply and bounce signs, and the
// body's text part decoded to UTF-8.
#include "server/mail/message.h"

#include <gmime/gmime.h>
#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <mutex>

#include "server/mail/html_text.h"
#include "server/mail/utf8.h"

namespace muster::mail {
namespace {

// GMime 3.2's threads (its FAQ, "How do I use GMime with threads?"): the charset, iconv and utils functions are
// thread-safe (the iconv cache is locked); GObjects are not. g_mime_init itself is not (a plain counter, srand,
// tzset, the type registry filled), hence std::call_once; after it the registry and charset map are only read.
// Each read_message call makes its own parser options, stream, parser and message, and frees them before returning:
// no GObject is ever seen by two threads. g_mime_shutdown is never called (the process keeps GMime to its end).
void init_gmime() {
    static std::once_flag once;
    std::call_once(once, [] { g_mime_init(); });
}

struct Unref {
    void operator()(gpointer object) const { g_object_unref(object); }
};
template <class T>
using Ref = std::unique_ptr<T, Unref>;

struct FreeOptions {
    void operator()(GMimeParserOptions* options) const { g_mime_parser_options_free(options); }
};

constexpr int max_depth = 32;  // MIME nesting walked; deeper parts are not a person's reply

std::string str(const char* s) { return s ? std::string(s) : std::string(); }

std::string header(GMimeObject* object, const char* name) {
    return std::string(trim(str(g_mime_object_get_header(object, name))));
}

// "a\r\n b" -> "a b": a folded header's line breaks dropped (RFC 5322 2.2.3), its whitespace kept.
std::string unfold(std::string_view raw) {
    std::string out;
    for (char c : raw)
        if (c != '\r' && c != '\n') out += c;
    return std::string(trim(out));
}

void add_addresses(InternetAddressList* list, std::vector<std::string>& out, int depth = 0) {
    if (!list || depth > 4) return;
    for (int i = 0; i < internet_address_list_length(list); ++i) {
        InternetAddress* address = internet_address_list_get_address(list, i);
        if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
            auto addr = ascii_lower(trim(str(internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address)))));
            if (!addr.empty()) out.push_back(clean_utf8(addr));
        } else if (INTERNET_ADDRESS_IS_GROUP(address)) {
            add_addresses(internet_address_group_get_members(INTERNET_ADDRESS_GROUP(address)), out, depth + 1);
        }
    }
}

void read_from(GMimeMessage* message, Message& out) {
    InternetAddressList* from = g_mime_message_get_from(message);
    if (!from || internet_address_list_length(from) == 0) return;
    std::vector<std::string> addrs;
    add_addresses(from, addrs);
    if (!addrs.empty()) out.from = addrs.front();
    InternetAddress* first = internet_address_list_get_address(from, 0);
    out.from_name = clean_utf8(trim(str(internet_address_get_name(first))));
}

std::string return_path(GMimeObject* object) {
    std::string value = header(object, "Return-Path");
    std::erase_if(value, [](char c) { return c == '<' || c == '>' || c == ' ' || c == '\t'; });
    return clean_utf8(ascii_lower(value));
}

void add_references(GMimeParserOptions* options, const std::string& value, std::vector<std::string>& out) {
    if (value.empty()) return;
    GMimeReferences* refs = g_mime_references_parse(options, value.c_str());
    if (!refs) return;
    for (int i = 0; i < g_mime_references_length(refs); ++i) {
        auto id = clean_utf8(str(g_mime_references_get_message_id(refs, i)));
        if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(std::move(id));
    }
    g_mime_references_free(refs);
}

bool has_token(std::string_view value, std::initializer_list<std::string_view> tokens) {
    const auto lower = ascii_lower(value);
    std::size_t i = 0;
    while (i < lower.size()) {
        const auto end = lower.find_first_of(",; \t", i);
        const auto token = std::string_view(lower).substr(i, end == std::string::npos ? std::string::npos : end - i);
        for (auto t : tokens)
            if (token == t) return true;
        if (end == std::string::npos) break;
        i = end + 1;
    }
    return false;
}

// RFC 3834 section 5 and what vendors send instead: Exchange's out-of-office (X-Auto-Response-Suppress), the
// old Precedence values, autoresponders' own headers, and a mailing list's mail (List-Id).
bool automatic_headers(GMimeObject* object) {
    const auto auto_submitted = ascii_lower(header(object, "Auto-Submitted"));
    if (!auto_submitted.empty() && auto_submitted.substr(0, auto_submitted.find_first_of("; \t(")) != "no") return true;
    for (const char* name : {"Precedence", "X-Precedence"})
        if (has_token(header(object, name), {"bulk", "junk", "list", "auto_reply", "auto-reply"})) return true;
    if (has_token(header(object, "X-Auto-Response-Suppress"), {"all", "oof", "autoreply"})) return true;
    for (const char* name : {"X-Autoreply", "X-Autorespond", "X-Autoresponder", "X-Auto-Reply-From", "List-Id",
                             "X-MS-Exchange-Generated-Message-Source", "X-MS-Exchange-Inbox-Rules-Loop",
                             "X-FC-MachineGenerated", "X-Loop"})
        if (g_mime_object_get_header(object, name)) return true;
    return false;
}

bool is_type(GMimeObject* object, const char* type, const char* subtype) {
    GMimeContentType* content_type = g_mime_object_get_content_type(object);
    return content_type && g_mime_content_type_is_type(content_type, type, subtype);
}

std::string parameter(GMimeObject* object, const char* name) {
    return ascii_lower(trim(str(g_mime_object_get_content_type_parameter(object, name))));
}

struct Reports {
    bool delivery = false;      // a DSN (RFC 3464)
    bool disposition = false;   // a read receipt (RFC 8098)
};

void find_reports(GMimeObject* object, Reports& found, int depth) {
    if (!object || depth > max_depth) return;
    if (is_type(object, "multipart", "report")) {
        const auto kind = parameter(object, "report-type");
        found.delivery |= kind == "delivery-status";
        found.disposition |= kind == "disposition-notification";
    }
    found.delivery |= is_type(object, "message", "delivery-status") ||
                      is_type(object, "message", "global-delivery-status");
    found.disposition |= is_type(object, "message", "disposition-notification");
    if (GMIME_IS_MULTIPART(object))
        for (int i = 0; i < g_mime_multipart_get_count(GMIME_MULTIPART(object)); ++i)
            find_reports(g_mime_multipart_get_part(GMIME_MULTIPART(object), i), found, depth + 1);
}

struct TextParts {
    GMimePart* plain = nullptr;
    GMimePart* html = nullptr;
};

// Depth first, in order: the first text/plain and the first text/html that are not attachments. An attached or
// forwarded message (message/rfc822) is not walked into: it is not what the sender wrote.
void find_text(GMimeObject* object, TextParts& found, int depth) {
    if (!object || depth > max_depth || found.plain) return;
    if (GMIME_IS_MULTIPART(object)) {
        for (int i = 0; i < g_mime_multipart_get_count(GMIME_MULTIPART(object)) && !found.plain; ++i)
            find_text(g_mime_multipart_get_part(GMIME_MULTIPART(object), i), found, depth + 1);
        return;
    }
    if (!GMIME_IS_PART(object) || g_mime_part_is_attachment(GMIME_PART(object))) return;
    if (is_type(object, "text", "plain")) found.plain = GMIME_PART(object);
    else if (is_type(object, "text", "html") && !found.html) found.html = GMIME_PART(object);
}

// The part's bytes with its Content-Transfer-Encoding (base64, quoted-printable, uuencode) undone.
std::string decoded_bytes(GMimePart* part) {
    GMimeDataWrapper* content = g_mime_part_get_content(part);
    if (!content) return {};
    Ref<GMimeStream> out(g_mime_stream_mem_new());
    if (g_mime_data_wrapper_write_to_stream(content, out.get()) < 0) return {};
    GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out.get()));
    if (!bytes || !bytes->data) return {};
    return std::string(reinterpret_cast<const char*>(bytes->data), bytes->len);
}

// Through iconv (GMime's cache of converters, which knows the charsets' aliases); an invalid byte becomes U+FFFD.
std::optional<std::string> iconv_to_utf8(std::string_view bytes, const std::string& charset) {
    iconv_t cd = g_mime_iconv_open("UTF-8", charset.c_str());
    if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);  // a cached converter: its shift state reset
    std::string out;
    std::string buffer(4096, '\0');
    char* in = const_cast<char*>(bytes.data());
    std::size_t in_left = bytes.size();
    while (in_left > 0) {
        char* o = buffer.data();
        std::size_t o_left = buffer.size();
        const std::size_t r = iconv(cd, &in, &in_left, &o, &o_left);
        out.append(buffer.data(), buffer.size() - o_left);
        if (r != static_cast<std::size_t>(-1)) continue;
        if (errno == E2BIG) continue;
        append_utf8(out, 0xFFFD);  // EILSEQ: one byte skipped; EINVAL: cut short at the end
        if (errno == EINVAL) break;
        ++in;
        --in_left;
    }
    g_mime_iconv_close(cd);
    return out;
}

// UTF-8 text from a part's bytes in its declared charset. ISO-8859-1 and US-ASCII are read as Windows-1252 (as
// browsers do: Outlook labels cp1252 so); no charset, an unknown one or UTF-8 with invalid bytes: UTF-8 if the
// bytes are valid, else Windows-1252 when undeclared, else U+FFFD for each bad byte.
std::string to_utf8(std::string_view bytes, const std::string& charset) {
    static const char* const latin[] = {"iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii",
                                        "windows-1252", "cp1252", "x-cp1252", "iso_8859-1", "cp819"};
    if (std::find(std::begin(latin), std::end(latin), charset) != std::end(latin)) return windows_1252_to_utf8(bytes);
    if (charset == "utf-8" || charset == "utf8") return clean_utf8(bytes);
    if (!charset.empty() && charset.find_first_of("\"'\\") == std::string::npos)
        if (auto converted = iconv_to_utf8(bytes, charset)) return clean_utf8(*converted);
    return is_utf8(bytes) ? clean_utf8(bytes) : windows_1252_to_utf8(bytes);
}

// RFC 3676: flowed lines (ending in a space) joined to the next line of the same quote depth, space-stuffing
// undone, and with DelSp=yes the space that marks a flowed line deleted too. The signature line "-- " is fixed.
std::string unflow(std::string_view text, bool delsp) {
    std::string out;
    std::string paragraph;
    int paragraph_depth = -1;  // -1: no paragraph open
    std::size_t i = 0;
    while (i <= text.size()) {
        auto end = text.find('\n', i);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(i, end - i);
        const bool last = end >= text.size();
        i = end + 1;
        int depth = 0;
        while (!line.empty() && line.front() == '>') { ++depth; line.remove_prefix(1); }
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        const bool flowed = !line.empty() && line.back() == ' ' && line != "-- ";
        if (paragraph_depth >= 0 && depth != paragraph_depth) {  // a quote depth change ends a paragraph
            out += paragraph + '\n';
            paragraph.clear();
            paragraph_depth = -1;
        }
        if (paragraph_depth < 0) {
            paragraph = depth > 0 ? std::string(depth, '>') + ' ' : std::string();
            paragraph_depth = depth;
        }
        paragraph += flowed && delsp ? line.substr(0, line.size() - 1) : line;
        if (!flowed || last) {
            out += paragraph;
            if (!last) out += '\n';
            paragraph.clear();
            paragraph_depth = -1;
        }
        if (last) break;
    }
    return out;
}

std::string part_text(GMimePart* part, bool html) {
    GMimeObject* object = GMIME_OBJECT(part);
    std::string text = to_utf8(decoded_bytes(part), parameter(object, "charset"));
    text = clean_utf8(text);  // CRLF -> LF first: the flowed lines and the HTML reader see LF only
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);  // a byte-order mark, as Windows writes
    if (html) return clean_utf8(html_to_text(text));
    if (parameter(object, "format") == "flowed") text = unflow(text, parameter(object, "delsp") == "yes");
    return text;
}

bool from_daemon(const std::string& from) {
    const auto local = from.substr(0, from.find('@'));
    return local == "mailer-daemon" || local == "postmaster";
}

void read_headers(GMimeMessage* message, GMimeParserOptions* options, Message& out) {
    GMimeObject* object = GMIME_OBJECT(message);
    read_from(message, out);
    add_addresses(g_mime_message_get_addresses(message, GMIME_ADDRESS_TYPE_TO), out.to);
    add_addresses(g_mime_message_get_addresses(message, GMIME_ADDRESS_TYPE_CC), out.to);
    out.subject = clean_utf8(trim(str(g_mime_message_get_subject(message))));
    out.message_id = clean_utf8(trim(str(g_mime_message_get_message_id(message))));
    add_references(options, header(object, "In-Reply-To"), out.references);
    add_references(options, header(object, "References"), out.references);
    out.return_path = return_path(object);
    GMimeHeaderList* headers = g_mime_object_get_header_list(object);
    for (int i = 0; headers && i < g_mime_header_list_get_count(headers); ++i) {
        GMimeHeader* h = g_mime_header_list_get_header_at(headers, i);
        if (ascii_lower(trim(str(g_mime_header_get_name(h)))) == "authentication-results")
            out.authentication_results.push_back(clean_utf8(unfold(str(g_mime_header_get_raw_value(h)))));
    }
}

bool looks_like_a_message(GMimeMessage* message) {
    GMimeObject* object = GMIME_OBJECT(message);
    for (const char* name : {"From", "Sender", "To", "Cc", "Subject", "Date", "Message-ID", "Return-Path",
                             "Received", "MIME-Version", "In-Reply-To"})
        if (g_mime_object_get_header(object, name)) return true;
    return false;
}

}  // namespace

std::optional<Message> read_message(std::string_view raw, std::string& error) {
    try {
        if (trim(raw).empty()) { error = "The message is empty."; return std::nullopt; }
        if (raw.size() > max_message_size) { error = "The message is too large."; return std::nullopt; }
        init_gmime();
        std::unique_ptr<GMimeParserOptions, FreeOptions> options(g_mime_parser_options_new());
        // Raw 8-bit headers (no RFC 2047): UTF-8 when valid, else what Windows mailers mean.
        const char* fallback[] = {"utf-8", "windows-1252", nullptr};
        g_mime_parser_options_set_fallback_charsets(options.get(), fallback);
        g_mime_parser_options_set_rfc2047_compliance_mode(options.get(), GMIME_RFC_COMPLIANCE_LOOSE);
        g_mime_parser_options_set_address_compliance_mode(options.get(), GMIME_RFC_COMPLIANCE_LOOSE);
        Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
        Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
        g_mime_parser_set_format(parser.get(), GMIME_FORMAT_MESSAGE);
        // The message refers to the options (its headers decode with them): freed after it, declared before it.
        Ref<GMimeMessage> message(g_mime_parser_construct_message(parser.get(), options.get()));
        if (!message || !looks_like_a_message(message.get())) {
            error = "This is not an e-mail message: it has no headers.";
            return std::nullopt;
        }
        Message out;
        read_headers(message.get(), options.get(), out);
        GMimeObject* object = GMIME_OBJECT(message.get());
        Reports reports;
        find_reports(g_mime_message_get_mime_part(message.get()), reports, 0);
        out.automatic = automatic_headers(object) || reports.disposition;
        out.bounce = reports.delivery || (out.return_path.empty() && from_daemon(out.from) &&
                                          !header(object, "Return-Path").empty());
        TextParts parts;
        find_text(g_mime_message_get_mime_part(message.get()), parts, 0);
        if (parts.plain) out.text = part_text(parts.plain, false);
        else if (parts.html) { out.text = part_text(parts.html, true); out.html = true; }
        return out;
    } catch (const std::exception& e) {  // std::bad_alloc, in practice
        error = std::string("The message could not be read: ") + e.what();
        return std::nullopt;
    }
}

}  // namespace muster::mail
