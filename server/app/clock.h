#pragma once
// The server's one reading of the clock; the rules get time only through what the server passes in.
#include <chrono>
#include <cstdint>

namespace muster {

inline std::int64_t unix_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace muster
