#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

std::string_view troop_type_name(TroopType type) {
    switch (type) {
        case TroopType::horse: return "horse";
        case TroopType::formed_infantry: return "formed_infantry";
        case TroopType::militia: return "militia";
        case TroopType::irregulars: return "irregulars";
        case TroopType::gunners: return "gunners";
    }
    return "";
}

std::optional<TroopType> troop_type_from_name(std::string_view name) {
    for (auto type : all_troop_types)
        if (troop_type_name(type) == name) return type;
    return std::nullopt;
}

}  // namespace muster::oth
