#include "shared/core/fields.h"

#include <cmath>
#include <limits>

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

std::string text_field(const nlohmann::json& body, const char* key, const std::string& fallback) {
    auto it = body.find(key);
    if (it == body.end()) return fallback;
    return it->is_string() ? it->get<std::string>() : std::string();
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
    const auto id = int_value(*it);
    if (!id || *id < 1) return bad_request(std::string("The field \"") + key + "\" must be a positive whole number.");
    out = *id;
    return std::nullopt;
}

std::optional<std::int64_t> int_value(const nlohmann::json& value) {
    if (value.is_number_unsigned()) {
        const auto u = value.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
        return static_cast<std::int64_t>(u);
    }
    if (value.is_number_integer()) return value.get<std::int64_t>();
    return std::nullopt;
}

bool int_in(const nlohmann::json& value, std::int64_t min, std::int64_t max) {
    const auto v = int_value(value);
    return v && *v >= min && *v <= max;
}

bool number_in(const nlohmann::json& value, double min, double max) {
    if (!value.is_number()) return false;
    const double v = value.get<double>();
    return std::isfinite(v) && v >= min && v <= max;
}

std::optional<Error> read_int(const nlohmann::json& body, const char* key, std::int64_t min, std::int64_t max,
                              std::int64_t& out) {
    auto it = body.find(key);
    if (it == body.end()) return bad_request(std::string("The field \"") + key + "\" is missing.");
    if (!int_in(*it, min, max))
        return bad_request(std::string("The field \"") + key + "\" must be a whole number from " + std::to_string(min) +
                           " to " + std::to_string(max) + ".");
    out = *int_value(*it);
    return std::nullopt;
}

std::optional<Error> read_optional_int(const nlohmann::json& body, const char* key, std::int64_t min,
                                       std::int64_t max, std::int64_t& out) {
    if (!body.contains(key)) return std::nullopt;
    return read_int(body, key, min, max, out);
}

Error within(const std::string& parent, Error error) {
    static const std::string head = "The field \"";
    if (error.message.rfind(head, 0) == 0) error.message.insert(head.size(), parent + ".");
    else error.message = parent + ": " + error.message;
    return error;
}

}  // namespace muster
