#include "shared/rulesets/oth/records.h"

#include "shared/rulesets/oth/melee.h"
#include "shared/rulesets/oth/musketry.h"

namespace muster::oth {

// over-the-hills.txt, "Records"
RecordRow record_row(std::string regiment, int drill, int musketry, int effectiveness,
                     std::optional<int> losses_percent, int bases, const OthSettings& settings) {
    RecordRow row;
    row.regiment = std::move(regiment);
    row.drill = drill;
    row.musketry = musketry;
    row.effectiveness = effectiveness;
    row.average = average_drill_effectiveness(drill, effectiveness);
    row.musketry_to_inflict = score_text(musketry_score_needed(musketry_table_value(musketry, bases, settings)));
    row.losses_percent = losses_percent;
    return row;
}

nlohmann::json to_json(const RecordRow& row) {
    return {{"regiment", row.regiment},
            {"drill", row.drill},
            {"musketry", row.musketry},
            {"effectiveness", row.effectiveness},
            {"average", row.average},
            {"musketry_to_inflict", row.musketry_to_inflict},
            {"losses", row.losses_percent ? nlohmann::json(*row.losses_percent) : nlohmann::json(nullptr)}};
}

}  // namespace muster::oth
