// Only what the sender of a reply wrote (server/mail/message.h, written_part): the markers below are the shapes
// that Gmail, Apple Mail, Thunderbird, Outlook and the phones' mailers put before the quoted original.
#include <string>
#include <vector>

#include "server/mail/message.h"
#include "server/mail/utf8.h"

namespace muster::mail {
namespace {

using Lines = std::vector<std::string_view>;

bool starts_with_any(std::string_view lower, std::initializer_list<std::string_view> prefixes) {
    for (auto p : prefixes)
        if (lower.substr(0, p.size()) == p) return true;
    return false;
}

bool contains_any(std::string_view lower, std::initializer_list<std::string_view> words) {
    for (auto w : words)
        if (lower.find(w) != std::string_view::npos) return true;
    return false;
}

// Lower case with no-break spaces as spaces ("a écrit\u00a0:"), trimmed.
std::string folded(std::string_view s) {
    std::string out = ascii_lower(trim(s));
    for (std::size_t i; (i = out.find("\xC2\xA0")) != std::string::npos;) out.replace(i, 2, " ");
    return std::string(trim(out));
}

bool blank(std::string_view line) { return trim(line).empty(); }
bool quoted(std::string_view line) { return !line.empty() && line.front() == '>'; }

// "On Mon, 7 Dec 2026 at 10:02, Muster <x@y> wrote:" and its translations: the date makes it one (a digit).
bool dated_attribution(const std::string& lower) {
    if (lower.empty() || lower.back() != ':') return false;
    if (lower.find_first_of("0123456789") == std::string::npos) return false;
    const std::initializer_list<std::string_view> prefixes = {"on ", "le ", "am ", "el ", "op ", "il ",
                                                              "em ", "w dniu ", "den ", "på ", "dne "};
    return starts_with_any(lower, prefixes) &&
           contains_any(lower, {"wrote", "a écrit", "schrieb", "escribió", "schreef", "ha scritto", "escreveu",
                                "napisał", "skrev", "napsal"});
}

bool quote_follows(const Lines& lines, std::size_t i) {
    while (i < lines.size() && blank(lines[i])) ++i;
    return i < lines.size() && quoted(lines[i]);
}

// The number of lines (1 or 2: Gmail wraps a long one) of an attribution line at lines[i], or 0.
std::size_t attribution(const Lines& lines, std::size_t i) {
    const auto one = folded(lines[i]);
    if (dated_attribution(one)) return 1;
    if (one.size() > 7 && one.substr(one.size() - 7) == " wrote:" && quote_follows(lines, i + 1)) return 1;
    if (i + 1 < lines.size() && !blank(lines[i + 1]) && !quoted(lines[i + 1]) &&
        dated_attribution(one + " " + folded(lines[i + 1])))
        return 2;
    return 0;
}

// "-----Original Message-----", Samsung's "-------- Original message --------", Gmail's forwarded message...
bool original_message(std::string_view line) {
    const auto lower = folded(line);
    if (lower == "begin forwarded message:") return true;
    return lower.substr(0, 3) == "---" &&
           contains_any(lower, {"original message", "original-nachricht", "ursprüngliche nachricht",
                                "message d'origine", "mensaje original", "messaggio originale", "mensagem original",
                                "oorspronkelijk bericht", "forwarded message"});
}

// Outlook's line before its header block.
bool underscores(std::string_view line) {
    const auto t = trim(line);
    return t.size() >= 10 && t.find_first_not_of('_') == std::string_view::npos;
}

std::string header_word(std::string_view line) {
    auto lower = folded(line);
    while (!lower.empty() && lower.front() == '*') lower.erase(0, 1);  // Outlook's bold, as text: "*From:*"
    return lower;
}

// Outlook's quoted header: "From: ..." then within four lines "Sent:" (or Date:) and "To:" or "Subject:".
bool header_block(const Lines& lines, std::size_t i) {
    if (!starts_with_any(header_word(lines[i]), {"from:", "de:", "de :", "von:", "da:", "van:"})) return false;
    bool sent = false, to = false;
    for (std::size_t k = i + 1; k < lines.size() && k <= i + 4; ++k) {
        const auto word = header_word(lines[k]);
        sent |= starts_with_any(word, {"sent:", "date:", "envoyé :", "envoyé:", "gesendet:", "enviado:",
                                       "enviado el:", "inviato:", "verzonden:", "datum:"});
        to |= starts_with_any(word, {"to:", "subject:", "à :", "à:", "an:", "para:", "betreff:", "objet :",
                                     "objet:", "asunto:", "a:", "aan:", "onderwerp:", "oggetto:"});
    }
    return sent && to;
}

bool signature(std::string_view line) { return line == "-- " || line == "--"; }

// "Sent from my iPhone", "Get Outlook for Android": a phone's line, dropped only at the end of what was written.
bool phone_line(std::string_view line) {
    const auto lower = folded(line);
    return lower.size() <= 80 &&
           starts_with_any(lower, {"sent from my ", "sent from outlook", "sent from yahoo mail", "sent from mail for ",
                                   "sent from samsung", "sent via ", "get outlook for ", "envoyé de mon ",
                                   "envoyé depuis mon ", "von meinem ", "enviado desde mi ", "enviado do meu ",
                                   "inviato da ", "verzonden vanaf "});
}

struct Cut {
    std::size_t at;              // the first line not the sender's
    std::size_t attribution = 0;  // when it is an attribution line: its line count
};

Cut find_cut(const Lines& lines) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (const auto n = attribution(lines, i)) return {i, n};
        if (original_message(lines[i]) || underscores(lines[i]) || signature(lines[i]) || header_block(lines, i))
            return {i};
    }
    return {lines.size()};
}

// Lines [0, end) without the quoted ones, the phone's last line dropped, blank lines trimmed at both ends.
Lines kept_lines(const Lines& lines, std::size_t end) {
    Lines kept;
    for (std::size_t i = 0; i < end; ++i)
        if (!quoted(lines[i])) kept.push_back(lines[i]);
    while (!kept.empty() && blank(kept.back())) kept.pop_back();
    if (!kept.empty() && phone_line(kept.back()) && (kept.size() == 1 || blank(kept[kept.size() - 2])))
        kept.pop_back();
    while (!kept.empty() && blank(kept.back())) kept.pop_back();
    std::size_t first = 0;
    while (first < kept.size() && blank(kept[first])) ++first;
    return Lines(kept.begin() + static_cast<std::ptrdiff_t>(first), kept.end());
}

Lines written_lines(const Lines& lines, int depth) {
    const auto cut = find_cut(lines);
    auto kept = kept_lines(lines, cut.at);
    // Nothing above the attribution: a bottom-posted or interleaved reply, the sender's own lines after the quote.
    if (kept.empty() && cut.attribution > 0 && depth < 2) {
        Lines rest(lines.begin() + static_cast<std::ptrdiff_t>(cut.at + cut.attribution), lines.end());
        return written_lines(rest, depth + 1);
    }
    return kept;
}

}  // namespace

std::string written_part(std::string_view text) {
    std::string normal;
    normal.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') normal += text[i];
        else if (i + 1 >= text.size() || text[i + 1] != '\n') normal += '\n';
    }
    Lines lines;
    std::string_view rest(normal);
    for (std::size_t end; (end = rest.find('\n')) != std::string_view::npos; rest.remove_prefix(end + 1))
        lines.push_back(rest.substr(0, end));
    lines.push_back(rest);
    std::string out;
    for (auto line : written_lines(lines, 0)) {
        out.append(line);
        out += '\n';
    }
    // The last line's trailing spaces (a phone's no-break space after the last word) are not text either.
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\t')) out.pop_back();
    while (out.size() >= 2 && out.compare(out.size() - 2, 2, "\xC2\xA0") == 0) {
        out.erase(out.size() - 2);
        while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
    }
    return out;
}

}  // namespace muster::mail
