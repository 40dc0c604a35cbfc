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
// The text at `key`: `fallback` when it is left out, "" (which no command takes for a name) when it is not text,
// so that a wrong type meets the same refusal as a wrong name, and never the reader's exception.
std::string text_field(const nlohmann::json& body, const char* key, const std::string& fallback = "");
std::optional<Error> read_optional_bool(const nlohmann::json& body, const char* key, bool& out);
std::optional<Error> read_id(const nlohmann::json& body, const char* key, std::int64_t& out);  // integer >= 1

// A whole number as JSON wrote it, or nothing: a bool, a fraction (3.5, and 3.0 too), text, or a number past what
// 64 bits hold is not one. Read through this, 4294967297 is never 1 and true never 1, as a bare get<int>() makes them.
std::optional<std::int64_t> int_value(const nlohmann::json& value);
bool int_in(const nlohmann::json& value, std::int64_t min, std::int64_t max);  // a whole number in [min, max]
// A finite number (whole or not; not a bool) in [min, max].
bool number_in(const nlohmann::json& value, double min, double max);
// The field, a whole number in [min, max]; the error names it. read_optional_int leaves `out` when it is missing.
std::optional<Error> read_int(const nlohmann::json& body, const char* key, std::int64_t min, std::int64_t max,
                              std::int64_t& out);
std::optional<Error> read_optional_int(const nlohmann::json& body, const char* key, std::int64_t min,
                                       std::int64_t max, std::int64_t& out);

// An error from reading a field of the object at `parent`, naming the field by its path: "The field \"maintained\"
// is missing." read from "orders" becomes "The field \"orders.maintained\" is missing."; any other message is
// prefixed "orders: ".
Error within(const std::string& parent, Error error);

}  // namespace muster
