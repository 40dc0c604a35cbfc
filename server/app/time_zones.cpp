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

std::int64_t next_local_hour(std::int64_t after_ms, int hour, const std::string& zone) {
    using namespace std::chrono;
    const date::time_zone* tz = find_zone(zone);
    if (!tz) tz = date::locate_zone("UTC");
    const auto after = date::sys_time<milliseconds>{milliseconds{after_ms}};
    const auto local_now = tz->to_local(after);
    auto day = date::floor<date::days>(local_now);
    // Today's hour if it is still to come, else tomorrow's; a day whose hour does not exist (the spring-forward
    // gap) takes the first instant after it.
    for (int i = 0; i < 3; ++i, day += date::days{1}) {
        const auto local = date::local_time<seconds>{day + hours{hour}};
        const auto info = tz->get_info(local);
        const sys_seconds at = info.result == date::local_info::nonexistent
                                   ? info.second.begin
                                   : sys_seconds{(local - info.first.offset).time_since_epoch()};
        if (at > after) return duration_cast<milliseconds>(at.time_since_epoch()).count();
    }
    return after_ms + 24 * 3600 * 1000;
}

}  // namespace muster
