#include "shared/rulesets/lfas/words.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "shared/battle/geometry.h"
#include "shared/rulesets/lfas/plan.h"
#include "shared/rulesets/lfas/tables.h"

namespace muster::lfas {

using nlohmann::json;

std::string inches_words(double inches) {
    const double r = std::round(inches * 10) / 10;
    std::ostringstream out;
    out << std::fixed << std::setprecision(r == std::floor(r) ? 0 : 1) << r << '"';
    return out.str();
}

// "musket range 0-8", rifle 0-10""; "long range 10-36" (-6" light, +6" heavy)".
std::string range_words(const Unit& firer) {
    if (is_artillery(firer)) {
        const std::string gun = firer.values.value("gun", "field");
        return "the " + gun + " gun's long range (10-" + inches_words(long_range(gun)) + ")";
    }
    if (firer.values.value("weapon", "musket") == "rifle") return "rifle range (0-" + inches_words(rifle_range) + ")";
    return "musket range (0-" + inches_words(musket_range) + ")";
}

std::string no_shot_reason(const BattleEntry& e, const Unit& u, const Unit& t) {
    if (t.removed) return t.name + " has left the field";
    if (is_artillery(u) && limbered(u)) return "it is limbered";
    if (u.marker("limbering") > 0) return "it is still limbering (\"limbering/unlimbering takes two turns\")";
    const double range = fire_range(u);
    if (range <= 0) return u.name + " does not fire";
    if (battle::unit_in_front_within(u, t, range)) {
        if (const auto* f = battle::sight_blocked_by(e.battle.terrain, u.position, t.position, e.table.blocks_sight))
            return t.name + " is out of its sight behind " + (f->name.empty() ? "the " + f->kind : f->name);
        return "";
    }
    const double d = battle::distance_between(u, t);
    if (d > range + battle::epsilon) return t.name + " is " + inches_words(d) + " away, beyond " + range_words(u);
    return t.name + " is not in front of it";
}

void note_unreached(BattleEntry& e, std::int64_t unit, const std::string& why) {
    e.data["turn"]["unreached"][std::to_string(unit)] = why;
}

std::string unreached_reason(const BattleEntry& e, std::int64_t unit) {
    const json& t = e.data.value("turn", json::object());
    const json& u = t.is_object() ? t.value("unreached", json::object()) : json::object();
    return u.is_object() ? u.value(std::to_string(unit), std::string()) : std::string();
}

}  // namespace muster::lfas
