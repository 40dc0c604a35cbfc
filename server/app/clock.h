#pragma once
// The server's one reading of the clock; the rules get time only through what the server passes in.
// A server started with `test_clock` lets a test move this clock forward (POST /api/test/clock), so that a
// month's reminders, deadline and digests can be played through in seconds; otherwise the offset stays 0.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace muster {

inline std::atomic<std::int64_t>& clock_offset_ms() {
    static std::atomic<std::int64_t> offset{0};
    return offset;
}

// How long a timer waits for unix ms `at`: never negative, and at most a day, because an Asio timer counts
// nanoseconds in 64 bits (292 years) and a deadline may lie further off; a timer that wakes before `at` waits again.
inline std::chrono::milliseconds wait_until_ms(std::int64_t at, std::int64_t now) {
    constexpr std::int64_t day_ms = 24LL * 3600 * 1000;
    return std::chrono::milliseconds(at <= now ? 0 : std::min(at - now, day_ms));
}

inline std::int64_t unix_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count() + clock_offset_ms().load();
}

}  // namespace muster
