// How long the server's timers wait for a deadline (server/app/clock.h): an Asio timer holds nanoseconds in 64 bits,
// so a deadline centuries off (a whole number the protocol allows) is waited for a day at a time, never multiplied
// past what 64 bits hold (UBSan's "signed integer overflow" in std::chrono, found by the generated-input test).
#include <catch2/catch.hpp>

#include <chrono>

#include "server/app/clock.h"

using muster::wait_until_ms;
using std::chrono::milliseconds;

TEST_CASE("a timer waits at most a day, never less than nothing, and its nanoseconds fit in 64 bits", "[clock]") {
    const std::int64_t now = 1'764'400'000'000;
    CHECK(wait_until_ms(now + 1500, now) == milliseconds(1500));
    CHECK(wait_until_ms(now - 5, now) == milliseconds(0));
    CHECK(wait_until_ms(now, now) == milliseconds(0));
    const std::int64_t day = 24LL * 3600 * 1000;
    CHECK(wait_until_ms(now + day + 1, now) == milliseconds(day));
    CHECK(wait_until_ms((std::int64_t{1} << 53) - 1, now) == milliseconds(day));
    CHECK(wait_until_ms(INT64_MAX, now) == milliseconds(day));
    // What the timer computes from it: the steady clock's nanoseconds.
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(wait_until_ms(INT64_MAX, now));
    CHECK(ns.count() == day * 1'000'000);
}
