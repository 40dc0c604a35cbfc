#include "shared/rulesets/lfas/settings.h"

#include "shared/battle/setting_fields.h"
#include "shared/battle/settings_memo.h"

namespace muster::lfas {

using nlohmann::json;
namespace f = battle::fields;

namespace {

const std::vector<f::Field<LfasSettings>>& fields() {
    using S = LfasSettings;
    static const std::vector<f::Field<S>> all = {
        f::choice("sequence", &S::sequence, {"simultaneous", "igougo"}),
        f::word("first_side", &S::first_side),
        f::choice("movers_meeting", &S::movers_meeting, {"both_stop", "in_order"}),
        f::flag("orders_needed", &S::orders_needed),
        f::choice("command_range_from", &S::command_range_from, {"after_ride", "before_ride"}),
        f::choice("speed_limit_for", &S::speed_limit_for, {"cavalry", "all"}),
        f::number("adjacent_inches", &S::adjacent_inches, 0, 12),
        f::number("wheel_degrees", &S::wheel_degrees, 0, 180),
        f::whole("inspire_bonus", &S::inspire_bonus, 0, 6),
        f::whole("c_in_c_bonus", &S::c_in_c_bonus, 0, 6),
        f::whole_map("results", &S::results, 0, 6),
        f::number("defeated_inches", &S::defeated_inches, 0, 100),
        f::number("rout_inches", &S::rout_inches, 0, 200),
    };
    return all;
}

}  // namespace

json to_json(const LfasSettings& s) { return f::to_json(s, fields()); }

std::variant<Error, LfasSettings> merged(const LfasSettings& s, const json& changes) {
    return f::merged(s, changes, fields(), "Loose Files and American Scramble");
}

LfasSettings settings_from(const json& j) {
    return battle::read_once<LfasSettings>(j, [](const json& from) {
        auto m = merged(LfasSettings{}, from);
        return std::holds_alternative<LfasSettings>(m) ? std::get<LfasSettings>(m) : LfasSettings{};
    });
}

}  // namespace muster::lfas
