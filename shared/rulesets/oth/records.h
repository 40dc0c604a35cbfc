#pragma once
// The Records chart (over-the-hills.txt, "Records"): "Regt DRILL MUSK EFF Av(Dr x Eff) Musketry to inflict TP
// ... Losses", e.g. "45th Regt 2 2 3 3 5,6".
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/rulesets/oth/settings.h"

namespace muster::oth {

struct RecordRow {
    std::string regiment;
    int drill = 2;
    int musketry = 2;
    int effectiveness = 2;
    int average = 2;                 // average of Drill and Effectiveness, rounded up
    std::string musketry_to_inflict;  // "5,6"
    std::optional<int> losses_percent;  // filled in when the battle ends
};

// The row for a regiment; `bases` matters only when the umpire reads musketry by bases.
RecordRow record_row(std::string regiment, int drill, int musketry, int effectiveness,
                     std::optional<int> losses_percent = std::nullopt, int bases = 4,
                     const OthSettings& settings = {});

// {"regiment", "drill", "musketry", "effectiveness", "average", "musketry_to_inflict", "losses"} (losses null
// until known).
nlohmann::json to_json(const RecordRow& row);

}  // namespace muster::oth
