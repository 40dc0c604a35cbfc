// An HTML mail body as plain text (server/mail/html_text.h).
#include "server/mail/html_text.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "server/mail/utf8.h"

namespace muster::mail {
namespace {

struct Entity {
    std::string_view name;
    char32_t code;
};

// HTML's Latin-1 names (U+00A0 to U+00FF, in order), then the others mailers write.
constexpr std::string_view latin1_names[96] = {
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not", "shy",
    "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1", "ordm",
    "raquo", "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig",
    "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
    "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN",
    "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc",
    "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml",
    "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml"};
constexpr Entity other_entities[] = {
    {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}, {"ndash", 0x2013}, {"mdash", 0x2014},
    {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"sbquo", 0x201A}, {"ldquo", 0x201C}, {"rdquo", 0x201D},
    {"bdquo", 0x201E}, {"hellip", 0x2026}, {"bull", 0x2022}, {"euro", 0x20AC}, {"trade", 0x2122},
    {"dagger", 0x2020}, {"Dagger", 0x2021}, {"permil", 0x2030}, {"lsaquo", 0x2039}, {"rsaquo", 0x203A},
    {"OElig", 0x152}, {"oelig", 0x153}, {"Scaron", 0x160}, {"scaron", 0x161}, {"Yuml", 0x178}, {"fnof", 0x192},
    {"circ", 0x2C6}, {"tilde", 0x2DC}, {"ensp", 0x2002}, {"emsp", 0x2003}, {"thinsp", 0x2009}, {"zwnj", 0x200C},
    {"zwj", 0x200D}, {"lrm", 0x200E}, {"rlm", 0x200F}, {"larr", 0x2190}, {"rarr", 0x2192}, {"uarr", 0x2191},
    {"darr", 0x2193}, {"minus", 0x2212}, {"prime", 0x2032}, {"Prime", 0x2033}, {"hearts", 0x2665}};

std::optional<char32_t> named_entity(std::string_view name) {
    for (std::size_t i = 0; i < 96; ++i)
        if (latin1_names[i] == name) return static_cast<char32_t>(0xA0 + i);
    for (const auto& e : other_entities)
        if (e.name == name) return e.code;
    return std::nullopt;
}

bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// "&...;" at html[i]: the character and the entity's length, or nullopt (a literal '&').
std::optional<std::pair<char32_t, std::size_t>> entity_at(std::string_view html, std::size_t i) {
    const auto semi = html.substr(i, 40).find(';');
    if (i + 1 < html.size() && html[i + 1] == '#') {
        if (semi == std::string_view::npos) return std::nullopt;
        const bool hex = i + 2 < html.size() && (html[i + 2] == 'x' || html[i + 2] == 'X');
        std::uint32_t code = 0;
        std::size_t digits = 0;
        for (std::size_t k = i + (hex ? 3 : 2); k < i + semi; ++k, ++digits) {
            const char c = html[k];
            const char l = static_cast<char>(c | 0x20);  // lower case, for hex digits
            const int v = digit(c) ? c - '0' : hex && l >= 'a' && l <= 'f' ? l - 'a' + 10 : -1;
            if (v < 0) return std::nullopt;
            code = code > 0x10FFFF ? code : code * (hex ? 16 : 10) + static_cast<std::uint32_t>(v);
        }
        if (digits == 0) return std::nullopt;
        if (code >= 0x80 && code <= 0x9F) code = windows_1252(static_cast<unsigned char>(code));  // as browsers do
        if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
        return std::pair{static_cast<char32_t>(code), semi + 1};
    }
    if (semi != std::string_view::npos)
        if (auto code = named_entity(html.substr(i + 1, semi - 1))) return std::pair{*code, semi + 1};
    // The few that old mailers write without the semicolon.
    for (std::string_view name : {"nbsp", "amp", "lt", "gt", "quot"})
        if (html.substr(i + 1, name.size()) == name) return std::pair{*named_entity(name), name.size() + 1};
    return std::nullopt;
}

class Writer {
public:
    // Whitespace collapses to one space, none at a line's start; inside <pre> it is kept.
    void text(std::string_view s) {
        for (char c : s) {
            if (pre_ > 0) {
                if (c == '\n') newline();
                else if (c != '\r') line_ += c;
            } else if (space(c)) {
                pending_space_ = true;
            } else {
                if (pending_space_ && !line_.empty()) line_ += ' ';
                pending_space_ = false;
                line_ += c;
            }
        }
    }
    void character(char32_t code) {
        std::string utf8;
        if (code == 0xAD) return;  // a soft hyphen: invisible
        if (code == 0xA0) utf8 = "\xC2\xA0";  // kept apart from collapsing whitespace, a space at the end
        else append_utf8(utf8, code);
        if (code == ' ' || code == '\t' || code == '\n') text(utf8);
        else text_literal(utf8);
    }
    void newline() {
        std::string line;
        for (std::size_t i = 0; i < line_.size(); ++i) {  // no-break spaces as plain spaces now
            if (line_.compare(i, 2, "\xC2\xA0") == 0) { line += ' '; ++i; }
            else line += line_[i];
        }
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
        if (quote_ > 0) out_ += std::string(static_cast<std::size_t>(quote_), '>') + (line.empty() ? "" : " ");
        out_ += line + '\n';
        line_.clear();
        pending_space_ = false;
    }
    void block() { if (!line_.empty()) newline(); }
    void cell() { if (!line_.empty()) pending_space_ = true; }
    void quote(int delta) { block(); quote_ = std::max(0, quote_ + delta); }
    void pre(int delta) { block(); pre_ = std::max(0, pre_ + delta); }
    std::string finish() {
        block();
        while (!out_.empty() && out_.back() == '\n') out_.pop_back();
        return out_;
    }

private:
    void text_literal(const std::string& s) {
        if (pending_space_ && !line_.empty()) line_ += ' ';
        pending_space_ = false;
        line_ += s;
    }

    std::string out_, line_;
    bool pending_space_ = false;
    int quote_ = 0, pre_ = 0;
};

bool one_of(const std::string& name, std::initializer_list<std::string_view> names) {
    for (auto n : names)
        if (name == n) return true;
    return false;
}

// The end of the tag that starts at html[i] ('<'): past its '>', quoted attribute values skipped.
std::size_t tag_end(std::string_view html, std::size_t i) {
    char quote = 0;
    for (std::size_t k = i + 1; k < html.size(); ++k) {
        const char c = html[k];
        if (quote) { if (c == quote) quote = 0; continue; }
        if ((c == '"' || c == '\'') && html[k - 1] == '=') quote = c;
        else if (c == '>') return k + 1;
    }
    return html.size();
}

// Where "</name" starts from `from` on, any case, or npos.
std::size_t find_closing(std::string_view html, std::size_t from, const std::string& name) {
    for (auto k = html.find("</", from); k != std::string_view::npos; k = html.find("</", k + 2))
        if (ascii_lower(html.substr(k + 2, name.size())) == name) return k;
    return std::string_view::npos;
}

void apply_tag(Writer& w, const std::string& name, bool closing) {
    if (name == "br") { w.newline(); return; }
    if (name == "blockquote") { w.quote(closing ? -1 : 1); return; }
    if (name == "pre") { w.pre(closing ? -1 : 1); return; }
    if (name == "td" || name == "th") { w.cell(); return; }
    if (one_of(name, {"p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "dl", "dt",
                      "dd", "section", "article", "header", "footer", "address", "center", "form", "fieldset",
                      "body", "html", "caption", "figure", "nav", "main", "aside"}))
        w.block();
}

}  // namespace

std::string html_to_text(std::string_view html) {
    Writer w;
    std::size_t i = 0;
    while (i < html.size()) {
        const char c = html[i];
        if (c == '&') {
            if (auto e = entity_at(html, i)) { w.character(e->first); i += e->second; }
            else { w.text("&"); ++i; }
            continue;
        }
        if (c != '<') {
            const auto next = html.find_first_of("<&", i);
            const auto end = next == std::string_view::npos ? html.size() : next;
            w.text(html.substr(i, end - i));
            i = end;
            continue;
        }
        if (html.substr(i, 4) == "<!--") {
            const auto end = html.find("-->", i + 4);
            i = end == std::string_view::npos ? html.size() : end + 3;
            continue;
        }
        const bool closing = i + 1 < html.size() && html[i + 1] == '/';
        const std::size_t name_at = i + (closing ? 2 : 1);
        if (name_at < html.size() && (html[name_at] == '!' || html[name_at] == '?')) { i = tag_end(html, i); continue; }
        if (name_at >= html.size() || !alpha(html[name_at])) { w.text("<"); ++i; continue; }  // a literal '<'
        std::size_t k = name_at;
        while (k < html.size() && (alpha(html[k]) || digit(html[k]) || html[k] == ':' || html[k] == '-')) ++k;
        const auto name = ascii_lower(html.substr(name_at, k - name_at));
        i = tag_end(html, i);
        if (!closing && one_of(name, {"script", "style", "title", "template", "xml", "head"})) {
            // Their content is not text: skipped to the closing tag, or to the end when it is missing (but a <head>
            // left open, which HTML allows, ends where the body begins).
            const auto end = find_closing(html, i, name);
            if (end != std::string_view::npos) i = tag_end(html, end);
            else if (name != "head") i = html.size();
            continue;
        }
        apply_tag(w, name, closing);
    }
    return w.finish();
}

}  // namespace muster::mail
