#pragma once
// The server's one reading of the clock; the rules get time only through what the server passes in.
// A server started with `test_clock` lets a test move this clock forward (POST /api/test/clock), so that a
// month's reminders, deadline and digests can be played through in seconds; otherwise the offset stays 0.
#include <atomic>
#include <chrono>
#include <cstdint>

namespace muster {

inline std::atomic<std::int64_t>& clock_offset_ms() {
    static std::atomic<std::int64_t> offset{0};
    return offset;
}

inline std::int64_t unix_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count() + clock_offset_ms().load();
}

}  // namespace muster
