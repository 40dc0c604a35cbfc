#include "shared/campaign/calendar.h"

#include <array>

namespace muster::campaign::year {

using nlohmann::json;

std::string month_name(int month) {
    static const std::array<const char*, 12> names = {"January", "February", "March",     "April",
                                                      "May",     "June",     "July",      "August",
                                                      "September", "October", "November", "December"};
    if (month < 1 || month > 12) return "?";
    return names[static_cast<std::size_t>(month - 1)];
}

std::string label(const Calendar& c) { return month_name(c.month) + " " + c.year; }

namespace {

bool all_digits(const std::string& text) {
    if (text.empty() || text.size() > 9) return false;
    for (char ch : text)
        if (ch < '0' || ch > '9') return false;
    return true;
}

}  // namespace

Calendar advanced(const Calendar& c) {
    Calendar next = c;
    next.turn = c.turn + 1;
    next.deadline.reset();
    next.reminders.clear();
    next.extensions.clear();
    if (c.month < 12) {
        next.month = c.month + 1;
        return next;
    }
    next.month = 1;
    next.year_number = c.year_number + 1;
    if (all_digits(c.year)) next.year = std::to_string(std::stoll(c.year) + 1);
    return next;
}

json to_json(const Calendar& c) {
    return {{"started", c.started}, {"year", c.year},           {"month", c.month},
            {"turn", c.turn},       {"year_number", c.year_number}};
}

Calendar calendar_from_json(const json& j) {
    Calendar c;
    c.started = j.at("started").get<bool>();
    c.year = j.at("year").get<std::string>();
    c.month = j.at("month").get<int>();
    c.turn = j.at("turn").get<int>();
    c.year_number = j.at("year_number").get<int>();
    return c;
}

}  // namespace muster::campaign::year
