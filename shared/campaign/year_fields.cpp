#include "shared/campaign/year_fields.h"

#include <limits>

namespace muster::campaign::year {

namespace {

std::string range_text(std::int64_t min, std::int64_t max) {
    if (max == std::numeric_limits<std::int64_t>::max()) return std::to_string(min) + " or more";
    return "from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string choices_text(std::initializer_list<const char*> choices) {
    std::string text;
    std::size_t i = 0;
    for (const char* c : choices) {
        if (i > 0) text += (i + 1 == choices.size()) ? " or " : ", ";
        text += std::string("\"") + c + "\"";
        ++i;
    }
    return text;
}

}  // namespace

std::optional<Error> read_int(const nlohmann::json& body, const char* key, std::int64_t min, std::int64_t max,
                              std::int64_t& out) {
    auto it = body.find(key);
    if (it == body.end()) return bad_request(std::string("The field \"") + key + "\" is missing.");
    const auto message = std::string("The field \"") + key + "\" must be a whole number " + range_text(min, max) + ".";
    if (!it->is_number_integer()) return bad_request(message);
    if (it->is_number_unsigned() &&
        it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return bad_request(message);
    auto value = it->get<std::int64_t>();
    if (value < min || value > max) return bad_request(message);
    out = value;
    return std::nullopt;
}

std::optional<Error> read_optional_int(const nlohmann::json& body, const char* key, std::int64_t min,
                                       std::int64_t max, std::int64_t& out) {
    if (!body.contains(key)) return std::nullopt;
    return read_int(body, key, min, max, out);
}

std::optional<Error> read_choice(const nlohmann::json& body, const char* key,
                                 std::initializer_list<const char*> choices, std::string& out) {
    auto it = body.find(key);
    if (it == body.end()) return bad_request(std::string("The field \"") + key + "\" is missing.");
    if (it->is_string()) {
        const auto& text = it->get_ref<const std::string&>();
        for (const char* c : choices)
            if (text == c) {
                out = text;
                return std::nullopt;
            }
    }
    return bad_request(std::string("The field \"") + key + "\" must be " + choices_text(choices) + ".");
}

std::optional<Error> read_optional_choice(const nlohmann::json& body, const char* key,
                                          std::initializer_list<const char*> choices, std::string& out) {
    if (!body.contains(key)) return std::nullopt;
    return read_choice(body, key, choices, out);
}

}  // namespace muster::campaign::year
