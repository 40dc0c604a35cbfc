#pragma once
// Reading the year's command bodies: whole numbers in a range and one word out of a list.
// Like shared/core/fields.h, each helper either fills `out` or returns the Error a player sees.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::campaign::year {

// A whole number (not 3.0, not true) in min..max.
std::optional<Error> read_int(const nlohmann::json& body, const char* key, std::int64_t min, std::int64_t max,
                              std::int64_t& out);
// Like read_int, but a missing key leaves `out` as it was.
std::optional<Error> read_optional_int(const nlohmann::json& body, const char* key, std::int64_t min,
                                       std::int64_t max, std::int64_t& out);
// A string that is one of `choices`.
std::optional<Error> read_choice(const nlohmann::json& body, const char* key,
                                 std::initializer_list<const char*> choices, std::string& out);
// Like read_choice, but a missing key leaves `out` as it was.
std::optional<Error> read_optional_choice(const nlohmann::json& body, const char* key,
                                          std::initializer_list<const char*> choices, std::string& out);

}  // namespace muster::campaign::year
