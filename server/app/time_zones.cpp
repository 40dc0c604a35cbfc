#include "server/app/time_zones.h"

#include <chrono>

#include <date/tz.h>

namespace muster {

namespace {

const date::time_zone* find_zone(const std::string& zone) {
    try {
        return date::locate_zone(zone);
    } catch (const std::exception&) {
        return nullptr;
    }
}

}  // namespace

bool valid_time_zone(const std::string& zone) { return !zone.empty() && zone.size() <= 64 && find_zone(zone) != nullptr; }

std::string local_words(std::int64_t ms, const std::string& zone) {
    const date::time_zone* tz = find_zone(zone);
    if (!tz) tz = date::locate_zone("UTC");
    const auto at = date::sys_time<std::chrono::milliseconds>{std::chrono::milliseconds{ms}};
    const auto local = date::make_zoned(tz, std::chrono::time_point_cast<std::chrono::minutes>(at));
    return date::format("%Y-%m-%d %H:%M %Z", local) + " (" + std::string(tz->name()) + ")";
}

std::string due_line(std::int64_t ms, const std::string& zone) { return "Due: " + local_words(ms, zone) + "."; }

namespace {

// The instant the clock in `tz` shows `local`; in a spring-forward gap, the first instant after it.
std::chrono::sys_seconds instant_of(const date::time_zone* tz, date::local_time<std::chrono::seconds> local) {
    const auto info = tz->get_info(local);
    if (info.result == date::local_info::nonexistent) return info.second.begin;
    return std::chrono::sys_seconds{(local - info.first.offset).time_since_epoch()};
}

}  // namespace

std::optional<std::int64_t> next_weekly_time(const std::string& zone, int weekday, int minute, std::int64_t after_ms) {
    using namespace std::chrono;
    const date::time_zone* tz = find_zone(zone);
    if (!tz) return std::nullopt;
    const auto after = date::sys_time<milliseconds>{milliseconds{after_ms}};
    auto day = date::floor<date::days>(tz->to_local(after));
    for (int i = 0; i < 9; ++i, day += date::days{1}) {
        if (date::weekday{day}.c_encoding() != static_cast<unsigned>(weekday)) continue;
        const auto at = instant_of(tz, date::local_time<seconds>{day + minutes{minute}});
        if (at > after) return duration_cast<milliseconds>(at.time_since_epoch()).count();
    }
    return std::nullopt;
}

std::int64_t next_local_hour(std::int64_t after_ms, int hour, const std::string& zone) {
    using namespace std::chrono;
    const date::time_zone* tz = find_zone(zone);
    if (!tz) tz = date::locate_zone("UTC");
    const auto after = date::sys_time<milliseconds>{milliseconds{after_ms}};
    const auto local_now = tz->to_local(after);
    auto day = date::floor<date::days>(local_now);
    // Today's hour if it is still to come, else tomorrow's.
    for (int i = 0; i < 3; ++i, day += date::days{1}) {
        const auto at = instant_of(tz, date::local_time<seconds>{day + hours{hour}});
        if (at > after) return duration_cast<milliseconds>(at.time_since_epoch()).count();
    }
    return after_ms + 24 * 3600 * 1000;
}

}  // namespace muster
