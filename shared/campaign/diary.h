#pragma once
// A colonel's diary for a month (over-the-hills.txt, "Personal Activities"): one personal activity, the
// regiment's orders (improvements paid for, companies maintained and declared, pay), and the diary text,
// private unless published to the gazette. Also what the orders cost, and the default diary.
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "shared/campaign/house_rules.h"
#include "shared/campaign/regiment.h"
#include "shared/core/error.h"

namespace muster::campaign::year {

inline constexpr std::size_t diary_text_max = 8000;

struct Orders {
    bool drill = false;       // extra drill ("Improving Drill")
    bool musketry = false;    // musketry training ("Improving Musketry")
    bool manoeuvres = false;  // battalion manoeuvres ("Improving Effectiveness")
    int maintained = 10;      // companies really maintained ("Income")
    int declared = 10;        // companies declared to the government
    std::string pay = "pay";  // "pay" | "arrears" | "pay_arrears" ("Pay")
    bool operator==(const Orders&) const = default;
};

struct Diary {
    int turn = 0;
    std::string label;  // the month's name, "March 174-"
    // "supervise" | "socialise" | "business" | "politics"; "expedition" | "sea" for an away colonel.
    std::string activity;
    std::string supervise;         // "drill" | "musketry" | "manoeuvres" when supervising, else empty
    std::optional<Orders> orders;  // none for a colonel without a regiment
    std::string text;
    bool publish = false;
    std::int64_t at = 0;
    std::int64_t gazette_id = 0;  // its number in the gazette, from when it was first published
    std::string by;               // "mail": sent as a reply by e-mail; "" from the page
    bool operator==(const Diary&) const = default;
};

struct DiaryCost {
    std::int64_t income = 0;        // government pay for declared companies and the colonel's allowance
    std::int64_t wages = 0;         // this month's pay for the companies maintained
    std::int64_t back_pay = 0;      // arrears paid off
    std::int64_t improvements = 0;  // drill, musketry, manoeuvres
    std::int64_t total_costs = 0;
    std::int64_t fortune = 0;
    std::int64_t available = 0;     // fortune + income
    std::int64_t left = 0;          // available - total_costs
};

bool is_chosen_activity(const std::string& activity);  // one a player may choose (not an away one)

// What the orders cost this month, from this fortune, for this regiment (none: no costs, no income).
DiaryCost diary_cost(const Diary& diary, std::int64_t fortune, const Regiment* regiment, const HouseRules& rules);

// Reads a diary.submit body: checks every field and that the colonel can pay for the orders.
// `away` ("", "expedition", "sea") replaces the activity.
std::variant<Error, Diary> read_diary(const nlohmann::json& body, std::int64_t fortune, const Regiment* regiment,
                                      const std::string& away, const HouseRules& rules);

// The "quiet" diary: personal business, no improvements, pay the men, maintain and declare every company.
Diary quiet_diary(const Regiment* regiment, const HouseRules& rules);
// The diary a colonel who submitted nothing gets (setting "default_diary"): "repeat_last" repeats the
// activity and orders of `last` (the quiet diary when there is none), "quiet" is the quiet diary.
Diary default_diary(const std::optional<Diary>& last, const Regiment* regiment, const HouseRules& rules);
// The diary a colonel who submitted nothing gets: his standing orders when he wrote some (as they still fit:
// the quiet diary's orders where they do not), else default_diary().
Diary missed_diary(const std::optional<Diary>& standing, const std::optional<Diary>& last, const Regiment* regiment,
                   const HouseRules& rules);

nlohmann::json to_json(const Orders& orders);
nlohmann::json to_json(const Diary& diary);
nlohmann::json to_json(const DiaryCost& cost);
Diary diary_from_json(const nlohmann::json& j);

}  // namespace muster::campaign::year
