#include "shared/core/fields.h"

namespace muster {

std::size_t utf8_length(const std::string& text) {
    std::size_t n = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

std::optional<Error> read_string(const nlohmann::json& body, const char* key, std::size_t min_chars,
                                 std::size_t max_chars, std::string& out) {
    auto it = body.find(key);
    if (it == body.end()) return bad_request(std::string("The field \"") + key + "\" is missing.");
    if (!it->is_string()) return bad_request(std::string("The field \"") + key + "\" must be a string.");
    const auto& text = it->get_ref<const std::string&>();
    auto length = utf8_length(text);
    if (length > max_chars)
        return Error{"too_large", std::string("The field \"") + key + "\" may hold at most " +
                                      std::to_string(max_chars) + " characters."};
    if (length < min_chars)
        return bad_request(std::string("The field \"") + key + "\" needs at least " + std::to_string(min_chars) +
                           (min_chars == 1 ? " character." : " characters."));
    out = text;
    return std::nullopt;
}

std::optional<Error> read_optional_string(const nlohmann::json& body, const char* key, std::size_t max_chars,
                                          std::string& out) {
    if (!body.contains(key)) return std::nullopt;
    return read_string(body, key, 0, max_chars, out);
}

std::optional<Error> read_optional_bool(const nlohmann::json& body, const char* key, bool& out) {
    auto it = body.find(key);
    if (it == body.end()) return std::nullopt;
    if (!it->is_boolean()) return bad_request(std::string("The field \"") + key + "\" must be true or false.");
    out = it->get<bool>();
    return std::nullopt;
}

std::optional<Error> read_id(const nlohmann::json& body, const char* key, std::int64_t& out) {
    auto it = body.find(key);
    if (it == body.end()) return bad_request(std::string("The field \"") + key + "\" is missing.");
    if (!it->is_number_integer() || it->get<std::int64_t>() < 1)
        return bad_request(std::string("The field \"") + key + "\" must be a positive whole number.");
    out = it->get<std::int64_t>();
    return std::nullopt;
}

}  // namespace muster
