// Whether the receiving MTA authenticated the sender (server/mail/message.h, sender_authenticated): its
// Authentication-Results headers read as RFC 8601 writes them, e.g.
//   mx.example.net; dkim=pass header.i=@example.org header.s=s1; spf=pass (sender SPF authorized)
//     smtp.mailfrom=ann@example.org; dmarc=pass (p=none) header.from=example.org
#include <string>
#include <utility>
#include <vector>

#include "server/mail/message.h"
#include "server/mail/utf8.h"

namespace muster::mail {
namespace {

// The header without its comments (RFC 5322 CFWS: nested parentheses, quoted-pairs), quoted strings kept.
std::string without_comments(std::string_view value) {
    std::string out;
    int depth = 0;
    bool in_quotes = false;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const char c = value[i];
        if (c == '\\' && i + 1 < value.size() && (depth > 0 || in_quotes)) {
            if (depth == 0) { out += c; out += value[i + 1]; }
            ++i;
        } else if (depth == 0 && c == '"') {
            in_quotes = !in_quotes;
            out += c;
        } else if (!in_quotes && c == '(') {
            ++depth;
            out += ' ';
        } else if (!in_quotes && c == ')' && depth > 0) {
            --depth;
        } else if (depth == 0) {
            out += c;
        }
    }
    return out;
}

// One "key=value" or lone word of a result; a quoted value unquoted; spaces around '=' allowed.
struct Token {
    std::string key, value;
};

std::vector<std::vector<Token>> parse(std::string_view header) {
    const auto text = without_comments(header);
    std::vector<std::vector<Token>> results(1);
    std::size_t i = 0;
    const auto skip_space = [&] { while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i; };
    const auto word = [&] {
        std::string out;
        if (i < text.size() && text[i] == '"') {
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size()) ++i;
                out += text[i];
            }
            if (i < text.size()) ++i;
            return out;
        }
        while (i < text.size() && std::string_view(" \t;=").find(text[i]) == std::string_view::npos) out += text[i++];
        return out;
    };
    while (true) {
        skip_space();
        if (i >= text.size()) break;
        if (text[i] == ';') { results.emplace_back(); ++i; continue; }
        Token token{ascii_lower(word()), {}};
        skip_space();
        if (i < text.size() && text[i] == '=') {
            ++i;
            skip_space();
            token.value = word();
        } else if (token.key.empty()) {
            ++i;  // a stray '=' or quote: skipped
            continue;
        }
        results.back().push_back(std::move(token));
    }
    return results;
}

std::string domain_of(std::string_view address) {
    const auto at = address.rfind('@');
    return ascii_lower(at == std::string_view::npos ? address : address.substr(at + 1));
}

// One resinfo ("dkim=pass header.d=example.org ..."): whether it vouches for `address` (lower case).
bool vouches(const std::vector<Token>& result, const std::string& address, const std::string& domain) {
    if (result.empty() || domain.empty()) return false;
    auto method = result.front().key;
    method = method.substr(0, method.find('/'));  // "dkim/1": a method's version
    if (ascii_lower(result.front().value) != "pass") return false;
    for (std::size_t k = 1; k < result.size(); ++k) {
        const auto& [key, raw] = result[k];
        const auto value = ascii_lower(raw);
        if (method == "dkim" && key == "header.d" && value == domain) return true;
        if (method == "dkim" && key == "header.i" && domain_of(value) == domain) return true;
        if (method == "spf" && key == "smtp.mailfrom" && (value == address || domain_of(value) == domain)) return true;
        if (method == "dmarc" && key == "header.from" && domain_of(value) == domain) return true;
    }
    return false;
}

}  // namespace

bool sender_authenticated(const Message& message, std::string_view address, std::string_view authserv_id) {
    const auto lower = ascii_lower(trim(address));
    const auto domain = lower.find('@') == std::string::npos ? std::string() : domain_of(lower);
    if (domain.empty()) return false;
    const auto trusted = ascii_lower(trim(authserv_id));
    for (const auto& header : message.authentication_results) {
        const auto results = parse(header);
        // The first part is the authserv-id (and maybe a version): whose header this is.
        if (results.front().empty()) continue;
        if (!trusted.empty() && results.front().front().key != trusted) continue;
        for (std::size_t r = 1; r < results.size(); ++r)
            if (vouches(results[r], lower, domain)) return true;
    }
    return false;
}

}  // namespace muster::mail
