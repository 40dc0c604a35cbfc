#pragma once
// The troop types of Over the Hill for morale purposes (over-the-hills.txt, "Morale/Reaction"):
// "There are four troop types for morale purposes: 1. Horse ... 2. Formed Infantry ... 3. Militia Infantry ...
// 4. Irregular Infantry ... 5. Gunners" (the book says four and lists five; each has its own reaction table).
#include <optional>
#include <string>
#include <string_view>

namespace muster::oth {

enum class TroopType { horse, formed_infantry, militia, irregulars, gunners };

inline constexpr TroopType all_troop_types[] = {TroopType::horse, TroopType::formed_infantry, TroopType::militia,
                                                TroopType::irregulars, TroopType::gunners};

// Stable names for JSON: "horse", "formed_infantry", "militia", "irregulars", "gunners".
std::string_view troop_type_name(TroopType type);
std::optional<TroopType> troop_type_from_name(std::string_view name);

// Foot: the three kinds of infantry, which move by the "Foot" column of the movement table.
inline bool is_foot(TroopType type) {
    return type == TroopType::formed_infantry || type == TroopType::militia || type == TroopType::irregulars;
}

}  // namespace muster::oth
