#pragma once
// Reading a command's body: each helper either fills `out` or returns the Error a player sees.
// Lengths count characters (UTF-8 code points), as a person would.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster {

std::size_t utf8_length(const std::string& text);

std::optional<Error> read_string(const nlohmann::json& body, const char* key, std::size_t min_chars,
                                 std::size_t max_chars, std::string& out);
// Like read_string, but a missing key leaves `out` as it was.
std::optional<Error> read_optional_string(const nlohmann::json& body, const char* key, std::size_t max_chars,
                                          std::string& out);
std::optional<Error> read_optional_bool(const nlohmann::json& body, const char* key, bool& out);
std::optional<Error> read_id(const nlohmann::json& body, const char* key, std::int64_t& out);  // integer >= 1

}  // namespace muster
