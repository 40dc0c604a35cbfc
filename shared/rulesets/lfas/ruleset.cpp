#include "shared/rulesets/lfas/ruleset.h"
#include "shared/core/fields.h"

#include "shared/rulesets/lfas/army.h"
#include "shared/rulesets/lfas/plan.h"
#include "shared/rulesets/lfas/turn.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

// A unit from the umpire's set-up (loose-files-american-scramble.txt, "1 figure = 10 men ... Infantry units 9-30
// figures, cavalry 4-12, skirmishers individually based firing in threes (max 15), guns with three crew"): its
// bases are companies, troops, groups of three or guns; base sizes in inches unless given.
std::optional<Error> read_lfas_unit(json j, const Battle& b, Unit& out) {
    if (!j.is_object()) return bad_request("A unit must be an object.");
    if (b.table.measure != battle::Measure::inches) return bad_request("A Loose Files table is measured in inches.");
    if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
    json& v = j["values"];
    if (!j.contains("troop_type")) j["troop_type"] = "infantry";
    const std::string type = j["troop_type"].is_string() ? j["troop_type"].get<std::string>() : "";
    static const std::map<std::string, std::tuple<int, int, int, double, double>> kinds = {
        // bases default, min, max; base width and depth in inches
        {"infantry", {4, 1, 10, 1.0, 0.75}}, {"skirmishers", {3, 1, 5, 1.5, 1.0}},
        {"cavalry", {3, 1, 6, 1.0, 1.5}},    {"artillery", {1, 1, 6, 1.5, 2.0}}};
    auto k = kinds.find(type);
    if (k == kinds.end()) return bad_request("A unit is infantry, skirmishers, cavalry or artillery.");
    const auto& [bases, lo, hi, w, d] = k->second;
    if (!j.contains("bases")) j["bases"] = bases;
    if (!int_in(j["bases"], lo, hi))
        return bad_request("A " + type + " unit has " + std::to_string(lo) + " to " + std::to_string(hi) + " bases.");
    if (!v.contains("class")) v["class"] = 3;
    if (!int_in(v["class"], 1, 5))
        return bad_request("A unit's class is 1 (grenadiers, light infantry) to 5.");
    if (v.contains("weapon") && v["weapon"] != "musket" && v["weapon"] != "rifle") return bad_request("A weapon is musket or rifle.");
    if (v.contains("gun") && v["gun"] != "light" && v["gun"] != "field" && v["gun"] != "heavy") return bad_request("A gun is light, field or heavy.");
    if (v.contains("kind") && v["kind"] != "regular" && v["kind"] != "militia" && v["kind"] != "light")
        return bad_request("A unit's kind is regular, militia or light.");
    for (const char* flag : {"regular", "hessian", "limbered"})
        if (v.contains(flag) && !v[flag].is_boolean()) return bad_request(std::string("\"") + flag + "\" is true or false.");
    if (v.contains("brigade") && !(v["brigade"].is_number_integer() && b.leader(v["brigade"].get<std::int64_t>())))
        return bad_request("A unit's brigade is its brigadier's leader id.");
    if (!j.contains("base_width")) j["base_width"] = w;
    if (!j.contains("base_depth")) j["base_depth"] = d;
    if (auto e = battle::read_unit(j, out)) return e;
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
    return std::nullopt;
}

// Each casualty took a base ("Remove one company ... one troop ... A gun that receives a casualty is knocked
// out"), so the unit came with its bases and its casualties; one with no base left lost all.
int percent_lost(const Unit& u) {
    const int lost = std::max(0, casualties(u));
    if (u.bases <= 0) return 100;
    return (lost * 100 + (u.bases + lost) / 2) / (u.bases + lost);
}

class LooseFiles final : public battle::RuleSet {
public:
    std::string id() const override { return "lfas"; }
    std::string name() const override { return "Loose Files and American Scramble"; }

    json default_settings() const override { return to_json(LfasSettings{}); }
    std::variant<Error, json> merge_settings(const json& current, const json& changes) const override {
        auto m = merged(settings_from(current), changes);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        return to_json(std::get<LfasSettings>(m));
    }
    std::optional<Error> read_unit(json j, const Battle& b, Unit& out) const override { return read_lfas_unit(std::move(j), b, out); }
    // A commander: "role" c_in_c | brigadier ("Commander-in-chief CPs = Average Dice + 1; Brigadiers = Average Dice").
    std::optional<Error> read_leader(json j, const Battle& b, Leader& out) const override {
        if (!j.is_object()) return bad_request("A commander must be an object.");
        if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
        json& v = j["values"];
        if (!v.contains("role")) v["role"] = "brigadier";
        if (v["role"] != "c_in_c" && v["role"] != "brigadier") return bad_request("A commander is the c_in_c or a brigadier.");
        return RuleSet::read_leader(std::move(j), b, out);
    }
    json unit_from_regiment(const std::string& name, int, int, int, int effectiveness) const override {
        // A campaign regiment is a regiment of regulars (over-the-hills.txt, "At the point at which the regiment is
        // created, this is 1 for each attribute"; "A typical non-played battalion (NPB) will have the ratings D2 :
        // M2 : E2"): "3rd raw regulars" while its Effectiveness is 1, "2nd regulars" from the NPB's 2. The 1st Class
        // is "grenadiers and light infantry", picked companies, never a whole regiment; the 4th and 5th are militia
        // and Indians. The umpire may change a unit's class in the set-up.
        const int klass = effectiveness <= 1 ? 3 : 2;
        return {{"name", name}, {"troop_type", "infantry"}, {"bases", 4}, {"values", {{"class", klass}, {"kind", "regular"}, {"regular", true}}}};
    }

    void start(BattleEntry& e, Dice& dice) const override { roll_command_points(e, dice); }
    json scenarios() const override { return lfas::scenarios(); }

    std::string box() const override { return "orders"; }
    battle::ItemCheck read_submission(const BattleEntry& e, const Leader& me, const json& body) const override {
        return read_plan(e, me, body);
    }
    std::string due_words(const BattleEntry& e, const Leader&) const override {
        return "Your orders for turn " + std::to_string(e.battle.turn) + ": fire, command points and movement dice.";
    }
    bool must_submit(const BattleEntry& e, const Leader& l) const override {
        const std::string acting = acting_side(e);
        return !leader_out(l) && (acting.empty() || acting == l.side);
    }
    json on_reveal(const BattleEntry& e, const json&) const override {
        const std::string acting = acting_side(e);
        if (acting.empty()) return {{"line", "Turn " + std::to_string(e.battle.turn) + ": every side's orders are revealed and rolled together."}};
        const auto* sd = e.battle.side(acting);
        return {{"line", "Turn " + std::to_string(e.battle.turn) + ": the " + (sd ? sd->name : acting) + " orders are revealed."}};
    }
    void apply_reveal(BattleEntry&, const json&) const override {}
    bool talk_open(const BattleEntry&, std::int64_t, std::int64_t) const override { return true; }

    const std::vector<std::string>& steps() const override { return lfas::steps(); }
    void run_step(BattleEntry& e, const std::string& step, Dice& dice) const override { lfas::run_step(e, step, dice); }
    battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body, Dice&) const override {
        return lfas::override_rule(e, what, body);
    }
    bool leader_down(const Leader& l) const override { return leader_out(l); }
    // loose-files-american-scramble.txt: a serious wound ("retire, lose all CPs") is the campaign's wound; a
    // light one is not.
    std::string leader_fate(const Leader& l) const override {
        const std::string w = l.values.is_object() ? l.values.value("wound", std::string()) : std::string();
        return w == "serious" ? "wounded" : w == "killed" ? "killed" : std::string();
    }

    // "Loss of one 'casualty': Remove one company": a unit's share of its bases lost to casualties is the
    // `percent` a campaign's regiment loses of its companies (docs/protocol.md, battle.end).
    json end(const BattleEntry& e, Dice&) const override {
        json losses = json::array();
        for (const auto& [id, u] : e.battle.units)
            losses.push_back({{"unit", id}, {"name", u.name}, {"side", u.side}, {"dp", dps(u)}, {"casualties", casualties(u)},
                              {"bases", u.bases}, {"percent", percent_lost(u)}, {"state", u.removed ? "gone" : "standing"},
                              {"colonel", nullptr}});
        json records = json::array();
        for (const auto& [id, l] : e.battle.leaders)
            records.push_back({{"unit", nullptr}, {"leader", id}, {"name", l.name}, {"side", l.side}, {"wound", l.values.value("wound", "")}});
        return {{"losses", losses}, {"records", records}};
    }

    const battle::BattleVisibility& visibility() const override {
        static const battle::BattleVisibility vis = [] {
            battle::BattleVisibility v;
            // "tracked with pebbles or micro dice beside the command group so both sides see them"
            v.public_markers = {"dp", "casualties", "limbering"};
            v.public_values = {"limbered"};
            return v;
        }();
        return vis;
    }
    json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) const override {
        return lfas::view_fields(e, viewer, side);
    }
};

}  // namespace

const battle::RuleSet& ruleset() {
    static const LooseFiles instance;
    return instance;
}

}  // namespace muster::lfas
