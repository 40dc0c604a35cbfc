#include "shared/rulesets/cmwd/ruleset.h"
#include "shared/core/fields.h"

#include "shared/rulesets/cmwd/combat.h"
#include "shared/rulesets/cmwd/generals.h"
#include "shared/rulesets/cmwd/generator.h"
#include "shared/rulesets/cmwd/orders.h"
#include "shared/rulesets/cmwd/tempo.h"
#include "shared/rulesets/cmwd/view.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

const std::vector<std::string> troop_types = {"infantry", "horse", "dragoons", "dismounted_dragoons", "artillery", "baggage"};

bool one_of(const json& v, std::initializer_list<const char*> allowed) {
    if (!v.is_string()) return false;
    for (const char* a : allowed)
        if (v.get<std::string>() == a) return true;
    return false;
}

// A base from the umpire's set-up: one base of BW x BD (artillery BD x BD), the book's values checked
// (chosen-men-well-disposed.txt, "Scales and basing", "Troop Types", "Troop quality").
std::optional<Error> read_base(json j, const Battle& b, Unit& out) {
    if (!j.is_object()) return bad_request("A base must be an object.");
    if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
    json& v = j["values"];
    if (!j.contains("troop_type")) j["troop_type"] = "infantry";
    if (!j["troop_type"].is_string() ||
        std::find(troop_types.begin(), troop_types.end(), j["troop_type"].get<std::string>()) == troop_types.end())
        return bad_request("A base is infantry, horse, dragoons, dismounted_dragoons, artillery or baggage.");
    const std::string type = j["troop_type"].get<std::string>();
    if (!v.contains("quality")) v["quality"] = "trained";
    if (!one_of(v["quality"], {"raw", "trained", "veteran"})) return bad_request("A base's quality is raw, trained or veteran.");
    if (type == "infantry" && !v.contains("school")) v["school"] = "dutch";
    if (v.contains("school") && !one_of(v["school"], {"a_prest", "dutch"})) return bad_request("An infantry school is a_prest or dutch.");
    if (v.contains("pistols") && !v["pistols"].is_boolean()) return bad_request("\"pistols\" is true or false.");
    if (type != "baggage") {
        if (!v.contains("brigade") || !v["brigade"].is_string() || v["brigade"].get<std::string>().empty() ||
            v["brigade"].get<std::string>().size() > 40)
            return bad_request("A base belongs to a brigade: \"values\": {\"brigade\": a word}.");
    }
    j["bases"] = 1;
    const double w = default_bw(b);
    if (!j.contains("base_width")) j["base_width"] = type == "artillery" ? w / 2 : w;
    if (!j.contains("base_depth")) j["base_depth"] = w / 2;
    if (auto e = battle::read_unit(j, out)) return e;
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
    for (const auto& [id, u] : b.units)
        if (id != out.id && brigade_of(u) == brigade_of(out) && !brigade_of(out).empty() && u.side != out.side)
            return bad_request("The brigade \"" + brigade_of(out) + "\" is the other side's.");
    return std::nullopt;
}

class ChosenMen final : public battle::RuleSet {
public:
    std::string id() const override { return "cmwd"; }
    std::string name() const override { return "Chosen Men, Well Disposed"; }

    json default_settings() const override { return to_json(CmwdSettings{}); }
    std::variant<Error, json> merge_settings(const json& current, const json& changes) const override {
        auto m = merged(settings_from(current), changes);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        return to_json(std::get<CmwdSettings>(m));
    }

    std::optional<Error> read_unit(json j, const Battle& b, Unit& out) const override {
        return read_base(std::move(j), b, out);
    }
    // A general: "rank" vigorous | active | lethargic ("Generals"), his "brigade" ("" for a commander).
    std::optional<Error> read_leader(json j, const Battle& b, Leader& out) const override {
        if (!j.is_object()) return bad_request("A general must be an object.");
        if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
        json& v = j["values"];
        if (!v.contains("rank")) v["rank"] = "active";
        if (!one_of(v["rank"], {"vigorous", "active", "lethargic"})) return bad_request("A general is vigorous, active or lethargic.");
        if (v.contains("brigade") && !v["brigade"].is_string()) return bad_request("A general's brigade is a word.");
        if (v.contains("commander") && !v["commander"].is_boolean()) return bad_request("\"commander\" is true or false.");
        if (v.contains("moving") && !v["moving"].is_boolean()) return bad_request("\"moving\" is true or false.");
        return RuleSet::read_leader(std::move(j), b, out);
    }
    json unit_from_regiment(const std::string& name, int, int, int, int) const override {
        return {{"name", name}, {"troop_type", "infantry"}, {"values", {{"brigade", "campaign"}, {"school", "dutch"}}}};
    }

    // As the battle starts: a brigade whose general is set up `moving` has been on the move ("They have been
    // advancing steadily ... for the last three game turns"), and the first game turn's tempo points are rolled.
    void start(BattleEntry& e, Dice& dice) const override {
        for (const auto& [id, l] : e.battle.leaders)
            if (l.values.value("moving", false) == true && l.values.contains("brigade") && l.values["brigade"].is_string())
                brigade_state(e, l.values["brigade"].get<std::string>())["moved_last"] = true;
        roll_tempo_points(e, dice);
    }
    json scenarios() const override { return cmwd::scenarios(); }

    std::string box() const override { return "orders"; }
    battle::ItemCheck read_submission(const BattleEntry& e, const Leader& me, const json& body) const override {
        if (stage_of(e.battle.turn) == Stage::bid) return read_bid(e, me, body);
        const std::string side = acting_side(e);
        if (me.side != side || !is_commander(e.battle, me))
            return Error{"not_now", "The commander of the side whose stage it is finishes it."};
        return json{{"done", true}};
    }
    std::string due_words(const BattleEntry& e, const Leader&) const override {
        if (stage_of(e.battle.turn) == Stage::bid)
            return "Bid for the tempo of game turn " + std::to_string(game_turn_of(e.battle.turn)) + ".";
        return "Order your brigades, move, declare fire and charges, and finish.";
    }
    bool must_submit(const BattleEntry& e, const Leader& l) const override {
        if (!is_commander(e.battle, l)) return false;
        return stage_of(e.battle.turn) == Stage::bid || l.side == acting_side(e);
    }
    json on_reveal(const BattleEntry& e, const json& items) const override {
        if (stage_of(e.battle.turn) == Stage::bid) return reveal_bids(e, items);
        const auto* sd = e.battle.side(acting_side(e));
        // The game turn, as the bids' line and the page number it ("Turn sequence"), not the battle turn.
        return {{"line", "Game turn " + std::to_string(game_turn_of(e.battle.turn)) + ": the " +
                             (sd ? sd->name : acting_side(e)) + " have moved: combat."}};
    }
    void apply_reveal(BattleEntry& e, const json& body) const override {
        if (body.contains("tempo_side")) apply_bids(e, body);
    }
    bool talk_open(const BattleEntry&, std::int64_t, std::int64_t) const override { return true; }

    const std::vector<std::string>& steps() const override { return all_steps(); }
    std::vector<std::string> steps_of(const BattleEntry& e) const override { return cmwd::steps_of(e); }
    void run_step(BattleEntry& e, const std::string& step, Dice& dice) const override { cmwd::run_step(e, step, dice); }
    battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body, Dice&) const override {
        return cmwd::override_rule(e, what, body);
    }
    battle::OverrideResult act(BattleEntry& e, const Leader& me, const json& body, Dice&) const override {
        return cmwd::act(e, &me, body, false);
    }
    bool leader_down(const Leader&) const override { return false; }  // a general's fate holds his brigade, not his player
    // chosen-men-well-disposed.txt, "Risk to Generals": a severe wound ("until he passes out from loss of
    // blood") is the campaign's wound; an aide, a horse, a bruise or a slight wound are not.
    std::string leader_fate(const Leader& l) const override {
        const std::string f = l.values.is_object() ? l.values.value("fate", std::string()) : std::string();
        if (f == "severe") return "wounded";
        return f == "killed" || f == "captured" ? f : std::string();
    }

    std::variant<Error, json> generate(const BattleEntry& e, const json& body, Dice& dice) const override;
    json end(const BattleEntry& e, Dice&) const override;

    const battle::BattleVisibility& visibility() const override {
        static const battle::BattleVisibility vis = [] {
            battle::BattleVisibility v;
            v.public_markers = {"shaken", "broken"};  // a base recoiling shaken or running is plain to see
            v.public_values = {"brigade"};
            v.boxes.who_is_in_own_side = true;  // a sealed bid: not even whether it is in
            return v;
        }();
        return vis;
    }
    json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) const override {
        return cmwd::view_fields(e, viewer, side);
    }
};

// The French army generator ("Army Generators FRENCH"): a division drawn, every die a log line.
std::variant<Error, json> ChosenMen::generate(const BattleEntry& e, const json& body, Dice& dice) const {
    const CmwdSettings s = settings_from(e.settings);
    auto text = [&](const char* key) {
        auto it = body.find(key);
        return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    if (text("generator") != "french") return bad_request("\"generator\": the one printed is \"french\".");
    const std::string division = text("division");
    if (division != "cavalry" && division != "infantry" && division != "reserve")
        return bad_request("\"division\" is cavalry, infantry or reserve.");
    const std::string side = text("side");
    if (!e.battle.side(side)) return not_found("\"side\": no such side.");
    battle::Point at;
    try {
        at = body.at("at").get<battle::Point>();
    } catch (const json::exception&) {
        return bad_request("Say where the division stands: \"at\": [x, y].");
    }
    if (!e.battle.table.contains(at.x, at.y)) return bad_request("\"at\" is off the table.");
    double facing = 0;
    if (auto it = body.find("facing"); it != body.end()) {
        if (!number_in(*it, -360, 360)) return bad_request("\"facing\" is degrees, -360 to 360.");
        facing = it->get<double>();
    }
    // Brigade ids unique in the battle: the prefix counts the divisions drawn before.
    int n = 1;
    while (!side_of_brigade(e.battle, "fr" + std::to_string(n) + "-cav-1").empty() ||
           !side_of_brigade(e.battle, "fr" + std::to_string(n) + "-inf-1").empty())
        ++n;
    const GeneratedDivision d = french_division(division, s.general_table, s.reserve_cavalry_upto, "fr" + std::to_string(n), dice);
    json pieces = french_pieces(d, side, at.x, at.y, facing, bw(e));
    for (auto& l : pieces["leaders"]) {  // "Brigadier of the 1st Cavalry Brigade" commands "the 1st Cavalry Brigade"
        const std::string n = l.value("name", ""), prefix = "Brigadier of ";
        if (n.rfind(prefix, 0) == 0) l["values"]["brigade_name"] = n.substr(prefix.size());
    }
    json lines = json::array();
    for (const auto& r : d.rolls)
        lines.push_back({{"text", "French " + division + " division: " + r.what + ": the d6 shows " + std::to_string(r.die) +
                                      ": " + r.reads + "."},
                         {"details", {{"test", "generator"}, {"what", r.what}, {"die", r.die}, {"reads", r.reads}}}});
    pieces["lines"] = lines;
    return pieces;
}

// Each base as the battle leaves it, each brigade's last morale, each general's fate; the `percent` a campaign's
// regiment loses of its companies by the setting regiment_losses.
json ChosenMen::end(const BattleEntry& e, Dice&) const {
    const CmwdSettings s = settings_from(e.settings);
    json losses = json::array(), records = json::array();
    for (const auto& [id, u] : e.battle.units) {
        const std::string state = u.removed || is_broken(u) ? "broken" : shaken(u) > 0 ? "shaken" : "standing";
        const int percent = state == "shaken" ? std::min(100, s.regiment_losses.at("shaken") * shaken(u)) : s.regiment_losses.at(state);
        losses.push_back({{"unit", id}, {"name", u.name}, {"side", u.side}, {"brigade", brigade_of(u)}, {"state", state},
                          {"shaken", shaken(u)}, {"percent", percent}, {"colonel", nullptr}});
    }
    for (const auto& [id, l] : e.battle.leaders)
        records.push_back({{"unit", nullptr}, {"leader", id}, {"name", l.name}, {"side", l.side},
                           {"rank", l.values.value("rank", "active")}, {"fate", l.values.value("fate", "")}});
    return {{"losses", losses}, {"records", records}};
}

}  // namespace

const battle::RuleSet& ruleset() {
    static const ChosenMen instance;
    return instance;
}

}  // namespace muster::cmwd
