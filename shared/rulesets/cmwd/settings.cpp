#include "shared/rulesets/cmwd/settings.h"

#include "shared/core/fields.h"

#include "shared/battle/setting_fields.h"
#include "shared/battle/settings_memo.h"

namespace muster::cmwd {

using nlohmann::json;
namespace f = battle::fields;

namespace {

bool is_rank(const json& v) {
    return v.is_string() && (v == "vigorous" || v == "active" || v == "lethargic");
}

const std::vector<f::Field<CmwdSettings>>& fields() {
    using S = CmwdSettings;
    static const std::vector<f::Field<S>> all = {
        f::number("bw", &S::bw, 0, 1000),
        f::whole("tempo_dice", &S::tempo_dice, 0, 6),
        f::whole("tempo_bonus", &S::tempo_bonus, 0, 36),
        f::choice("bid_paid_by", &S::bid_paid_by, {"both", "winner"}),
        f::choice("tempo_tie", &S::tempo_tie, {"keeps", "other"}),
        f::word("first_tempo", &S::first_tempo),
        f::whole("tp_start", &S::tp_start, 0, 12),
        f::whole("tp_continue", &S::tp_continue, 0, 12),
        f::number_map("move_bw", &S::move_bw, 0, 20),
        f::number("charge_bw", &S::charge_bw, 0, 20),
        f::number("close_bw", &S::close_bw, 0, 20),
        f::number("artillery_long_bw", &S::artillery_long_bw, 0, 50),
        f::whole_map("fire_factor", &S::fire_factor, -6, 12),
        f::whole_map("fire_defence", &S::fire_defence, -6, 12),
        f::whole_map("charge_defence", &S::charge_defence, -6, 12),
        f::choice("heavier_cavalry", &S::heavier_cavalry, {"either", "tester"}),
        f::whole_map("melee_factor", &S::melee_factor, -6, 12),
        f::whole("melee_no_result_upto", &S::melee_no_result_upto, 0, 12),
        f::whole("melee_recoil_upto", &S::melee_recoil_upto, 0, 12),
        f::flag("risk_when_firing", &S::risk_when_firing),
        f::choice("general_no_movement", &S::general_no_movement, {"brigade", "orders"}),
        f::choice("morale_bases", &S::morale_bases, {"all", "standing"}),
        f::list<S, int>("morale_adjustment", &S::morale_adjustment, 6,
                        [](const json& v) { return int_in(v, -6, 6); },
                        "whole numbers from -6 to 6 (the d6's faces 1 to 6)"),
        f::list<S, std::string>("general_table", &S::general_table, 6, is_rank,
                                "ranks: vigorous, active or lethargic (the d6's faces 1 to 6)"),
        f::whole("reserve_cavalry_upto", &S::reserve_cavalry_upto, 0, 6),
        f::whole_map("regiment_losses", &S::regiment_losses, 0, 100),
    };
    return all;
}

}  // namespace

json to_json(const CmwdSettings& s) { return f::to_json(s, fields()); }

std::variant<Error, CmwdSettings> merged(const CmwdSettings& s, const json& changes) {
    auto m = f::merged(s, changes, fields(), "Chosen Men, Well Disposed");
    if (auto* out = std::get_if<CmwdSettings>(&m)) {
        if (out->melee_recoil_upto < out->melee_no_result_upto)
            return bad_request("The setting \"melee_recoil_upto\" must be at least melee_no_result_upto.");
    }
    return m;
}

CmwdSettings settings_from(const json& j) {
    return battle::read_once<CmwdSettings>(j, [](const json& from) {
        auto m = merged(CmwdSettings{}, from);
        return std::holds_alternative<CmwdSettings>(m) ? std::get<CmwdSettings>(m) : CmwdSettings{};
    });
}

}  // namespace muster::cmwd
