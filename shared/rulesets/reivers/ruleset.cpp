#include "shared/rulesets/reivers/ruleset.h"
#include "shared/core/fields.h"

#include "shared/rulesets/reivers/actions.h"
#include "shared/rulesets/reivers/campaign.h"
#include "shared/rulesets/reivers/combat.h"
#include "shared/rulesets/reivers/view.h"

namespace muster::reivers {

using nlohmann::json;
using battle::Battle;

namespace {

// A name from the umpire's set-up: the book's defaults filled in (one base of 40 by 20 mm mounted or 40 by
// 10 mm on foot, at 1" to 50 paces: 80 by 40 or 20 paces).
std::optional<Error> read_name(json j, const Battle& b, Unit& out) {
    if (!j.is_object()) return bad_request("A name must be an object.");
    if (b.table.measure != battle::Measure::paces) return bad_request("A Border Reivers table is measured in paces.");
    if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
    json& v = j["values"];
    if (!j.contains("troop_type")) j["troop_type"] = "rider";
    const auto type = j["troop_type"].is_string() ? name_type_from(j["troop_type"].get<std::string>()) : std::nullopt;
    if (!type) return bad_request("troop_type: a name is a rider, lowne, demi_lance, musketeer, blade, bow, pike, herd or wagon.");
    if (!v.contains("mounted")) v["mounted"] = *type != NameType::herd && *type != NameType::wagon;
    if (!v["mounted"].is_boolean()) return bad_request("\"mounted\" is true or false.");
    const Leader* heidman = nullptr;
    if (v.contains("heidman")) {
        if (!v["heidman"].is_number_integer() || !(heidman = b.leader(v["heidman"].get<std::int64_t>())))
            return bad_request("A name's heidman is one of the battle's leaders.");
    }
    if (!v.contains("fyrebrand")) v["fyrebrand"] = heidman ? heidman->values.value("fyrebrand", 3) : 3;
    if (!int_in(v["fyrebrand"], 0, 5))
        return bad_request("A fyrebrand rating is 0 to 5.");
    if (v.contains("edge") && (!int_in(v["edge"], -1, 1)))
        return bad_request("A psychological edge is -1, 0 or 1.");
    if (!j.contains("bases")) j["bases"] = 1;
    if (!j.contains("base_width")) j["base_width"] = 80.0;
    if (!j.contains("base_depth")) j["base_depth"] = v["mounted"].get<bool>() ? 40.0 : 20.0;
    if (auto e = battle::read_unit(j, out)) return e;
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this raid.");
    if (heidman && heidman->side != out.side) return bad_request("A name's heidman is of its own side.");
    return std::nullopt;
}

class BorderReivers final : public battle::RuleSet {
public:
    std::string id() const override { return "reivers"; }
    std::string name() const override { return "Border Reivers"; }

    json default_settings() const override { return to_json(ReiversSettings{}); }
    std::variant<Error, json> merge_settings(const json& current, const json& changes) const override {
        auto m = merged(settings_from(current), changes);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        return to_json(std::get<ReiversSettings>(m));
    }

    std::optional<Error> read_unit(json j, const Battle& b, Unit& out) const override { return read_name(std::move(j), b, out); }
    // A heidman: "fyrebrand" 0-5 and "craft" poor | average | good (border-reivers.txt, craft table).
    std::optional<Error> read_leader(json j, const Battle& b, Leader& out) const override {
        if (!j.is_object()) return bad_request("A heidman must be an object.");
        if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
        json& v = j["values"];
        if (!v.contains("fyrebrand")) v["fyrebrand"] = 3;
        if (!v.contains("craft")) v["craft"] = "average";
        if (!int_in(v["fyrebrand"], 0, 5))
            return bad_request("A fyrebrand rating is 0 to 5.");
        if (!v["craft"].is_string() || !craft_from(v["craft"].get<std::string>()))
            return bad_request("A heidman's craft is poor, average or good.");
        return RuleSet::read_leader(std::move(j), b, out);
    }
    json unit_from_regiment(const std::string& name, int, int, int, int) const override {
        return {{"name", name}, {"troop_type", "rider"}, {"values", {{"mounted", true}}}};
    }

    std::string box() const override { return "bound"; }
    battle::ItemCheck read_submission(const BattleEntry& e, const Leader& me, const json&) const override {
        if (auto why = why_not_now(e, settings_from(e.settings), me)) return Error{"not_now", *why};
        return json{{"done", true}};
    }
    std::string due_words(const BattleEntry& e, const Leader& me) const override {
        if (why_not_now(e, settings_from(e.settings), me)) return "";  // a heidman of lower fyrebrand acts first
        return "Your bound: act with " + me.name + " and finish it.";
    }
    bool must_submit(const BattleEntry& e, const Leader& l) const override {
        return !heidman_down(l) && l.side == active_side(e, settings_from(e.settings));
    }
    json on_reveal(const BattleEntry& e, const json&) const override {
        const std::string side = active_side(e, settings_from(e.settings));
        const auto* sd = e.battle.side(side);
        return {{"line", "The " + (sd ? sd->name : side) + " bound ends: combat."}};
    }
    void apply_reveal(BattleEntry&, const json&) const override {}
    void start(BattleEntry& e, Dice& dice) const override;
    bool talk_open(const BattleEntry&, std::int64_t, std::int64_t) const override { return true; }

    const std::vector<std::string>& steps() const override { return reivers::steps(); }
    void run_step(BattleEntry& e, const std::string& step, Dice& dice) const override { reivers::run_step(e, step, dice); }
    battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body, Dice& dice) const override {
        return reivers::override_rule(e, what, body, dice);
    }
    battle::OverrideResult act(BattleEntry& e, const Leader& me, const json& body, Dice& dice) const override {
        return reivers::act(e, me, body, dice, false);
    }
    bool leader_down(const Leader& l) const override { return heidman_down(l); }
    // border-reivers.txt: "A heidman may attempt to lay an ambush in any place he considers fit" (actions.cpp).
    bool conceals() const override { return true; }
    // border-reivers.txt, the heidman's incident in combat: death, capture or a wound.
    std::string leader_fate(const Leader& l) const override {
        if (!l.values.is_object()) return "";
        const std::string f = l.values.value("fate", std::string());
        if (f == "dead") return "killed";
        if (f == "captured") return "captured";
        return l.values.value("wounded", false) ? "wounded" : "";
    }

    json end(const BattleEntry& e, Dice&) const override;

    json scenarios() const override { return reivers::scenarios(); }
    void carry(const BattleEntry& from, BattleEntry& to) const override { reivers::carry(from, to); }
    json campaign_fields(const std::vector<const BattleEntry*>& battles, const Viewer& viewer) const override {
        return reivers::roster(battles, viewer);
    }

    const battle::BattleVisibility& visibility() const override {
        static const battle::BattleVisibility vis = [] {
            battle::BattleVisibility v;
            v.public_markers = {"fleeing", "taken", "destroyed"};  // a name running or a herd driven off is plain to see
            v.public_values = {"mounted"};
            return v;
        }();
        return vis;
    }
    json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) const override {
        return reivers::view_fields(e, viewer, side);
    }
};

// border-reivers.txt: "In specific scenarios, where one side has local knowledge and the other not, the side
// with the knowledge may roll for the terrain in secret before the start of the game." Names set up inside an
// area know it from the start.
void BorderReivers::start(BattleEntry& e, Dice& dice) const {
    const ReiversSettings s = settings_from(e.settings);
    if (!s.local_knowledge.empty() && e.battle.side(s.local_knowledge))
        for (const auto& f : e.battle.terrain) enter(e, f, s.local_knowledge, dice);
    for (const auto& [id, u] : e.battle.units)
        if (!u.removed)
            for (const TerrainFeature* f : features_at(e.battle, u.position)) enter(e, *f, u.side, dice);
    throw_bound_craft(e, s, active_side(e, s), dice);
}

// "dead", "captured" (and wounded: "captured, wounded"), "wounded" or "".
std::string heidman_fate(const Leader& h) {
    const std::string fate = h.values.value("fate", "");
    const bool wounded = h.values.value("wounded", false);
    if (fate.empty()) return wounded ? "wounded" : "";
    return wounded && fate == "captured" ? "captured, wounded" : fate;
}

// Each name as the raid leaves it, and its heidman's fate: the rows a campaign of raids carries on; the `percent` a
// campaign's regiment raised as a name loses of its companies, by the setting regiment_losses.
json BorderReivers::end(const BattleEntry& e, Dice&) const {
    const ReiversSettings s = settings_from(e.settings);
    json losses = json::array(), records = json::array();
    for (const auto& [id, u] : e.battle.units) {
        std::string state = "standing", key = "standing";
        if (u.marker("destroyed") > 0) state = key = "destroyed";
        else if (u.removed) state = "fled the field", key = "fled";
        else if (is_fleeing(u)) state = key = "fleeing";
        const Leader* h = e.battle.leader(heidman_of(u));
        losses.push_back({{"unit", id}, {"name", u.name}, {"side", u.side}, {"state", state}, {"percent", s.regiment_losses.at(key)},
                          {"taken", u.marker("taken") > 0}, {"fyrebrand_up", u.marker("fyrebrand_up")},
                          {"heidman", h ? json(h->name) : json(nullptr)},
                          {"heidman_fate", h ? json(heidman_fate(*h)) : json(nullptr)},
                          {"colonel", nullptr}});
    }
    return {{"losses", losses}, {"records", records}};
}

}  // namespace

const battle::RuleSet& ruleset() {
    static const BorderReivers instance;
    return instance;
}

}  // namespace muster::reivers
