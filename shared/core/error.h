#pragma once
// An error a player can cause: a stable code and a message a person can read.
// Errors are values, never exceptions (DESIGN.md, Conventions).
#include <string>

namespace muster {

struct Error {
    std::string code;     // stable: bad_request, forbidden, not_found, ...
    std::string message;  // for a person
};

inline Error bad_request(std::string message) { return {"bad_request", std::move(message)}; }
inline Error forbidden(std::string message) { return {"forbidden", std::move(message)}; }
inline Error not_found(std::string message) { return {"not_found", std::move(message)}; }
inline Error conflict(std::string message) { return {"conflict", std::move(message)}; }

}  // namespace muster
