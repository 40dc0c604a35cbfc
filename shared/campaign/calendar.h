#pragma once
// The campaign's calendar: "the date is deliberately not specified, it is Seventeen forty-something"
// (over-the-hills.txt, "Background"). The umpire names the year ("174-" or "1744") and the first month;
// each resolved month moves it on one.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace muster::campaign::year {

struct Calendar {
    bool started = false;  // false during setup
    std::string year;      // the umpire's label: "174-" or "1744"
    int month = 1;         // 1..12
    int turn = 0;          // the campaign's month number: 1 for the first month
    int year_number = 1;   // the campaign's year: 1 for the first
    std::optional<std::int64_t> deadline;  // unix ms
    // Not in the book (a campaign played by post): the reminders still to be sent before the deadline (unix ms,
    // earliest first), and the umpire's extensions of this month's deadline, each with his reason.
    std::vector<std::int64_t> reminders;
    struct Extension {
        std::int64_t from = 0;
        std::int64_t to = 0;
        std::string reason;
        bool operator==(const Extension&) const = default;
    };
    std::vector<Extension> extensions;
    bool operator==(const Calendar&) const = default;
};

// A deadline that repeats ("every Sunday at 20:00 Europe/London"): each month's deadline is its next time at
// least a day after the month opens. Not in the book: a campaign played by post.
struct DeadlineRule {
    int weekday = 0;  // 0 Sunday .. 6 Saturday
    int minute = 0;   // minutes past midnight, in `zone`
    std::string zone;
    bool operator==(const DeadlineRule&) const = default;
};

std::string month_name(int month);
std::string label(const Calendar& calendar);  // "March 174-"
// The next month: December to January moves the year on (a numeric label counts up, "174-" stays).
Calendar advanced(const Calendar& calendar);

nlohmann::json to_json(const Calendar& calendar);  // no deadline: the event bodies carry it apart
Calendar calendar_from_json(const nlohmann::json& j);

}  // namespace muster::campaign::year
