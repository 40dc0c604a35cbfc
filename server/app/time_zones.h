#pragma once
// Times as a reader in his own time zone reads them (docs/protocol.md, "Notifications"): an e-mail's deadline, and
// the hour of his daily digest. The IANA time-zone database of the system (Debian's tzdata), through Howard
// Hinnant's date library (Debian's libhowardhinnant-date-dev), so daylight saving is the database's business.
#include <cstdint>
#include <optional>
#include <string>

namespace muster {

// Whether `zone` is a time zone the database knows ("Europe/London", "UTC").
bool valid_time_zone(const std::string& zone);
// "2026-12-05 20:00 GMT (Europe/London)"; in UTC when the zone is unknown.
std::string local_words(std::int64_t ms, const std::string& zone);
// "Due: 2026-12-05 20:00 GMT (Europe/London).": a deadline as every e-mail, single or digest, gives it.
std::string due_line(std::int64_t ms, const std::string& zone);
// The first time after `after_ms` that the clock in `zone` shows `hour`:00.
std::int64_t next_local_hour(std::int64_t after_ms, int hour, const std::string& zone);

// The first time after `after_ms` that the clock in `zone` shows `minute` minutes past midnight on `weekday` (0
// Sunday .. 6 Saturday); nothing when the zone is unknown. Supplied to the rules for a repeating deadline.
std::optional<std::int64_t> next_weekly_time(const std::string& zone, int weekday, int minute, std::int64_t after_ms);

}  // namespace muster
