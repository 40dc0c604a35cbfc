#include "shared/rulesets/oth/ruleset.h"
#include "shared/core/fields.h"

#include "shared/battle/settings_memo.h"
#include "shared/rulesets/oth/battle_turn.h"
#include "shared/rulesets/oth/hints.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/records.h"
#include "shared/rulesets/oth/troop_type.h"

namespace muster::oth {

using nlohmann::json;
using battle::BattleEntry;
using battle::Leader;
using battle::Unit;

BattleSettings settings_of(const BattleEntry& e) {
    return battle::read_once<BattleSettings>(e.settings, [](const json& from) {
        auto m = merged(BattleSettings{}, from);
        return std::holds_alternative<BattleSettings>(m) ? std::get<BattleSettings>(m) : BattleSettings{};
    });
}

std::map<std::int64_t, BattleRecord> tallies_of(const json& data) {
    std::map<std::int64_t, BattleRecord> out;
    if (!data.is_object() || !data.contains("tallies")) return out;
    for (const auto& [k, r] : data.at("tallies").items())
        out[std::stoll(k)] = BattleRecord{r.at("times_ran_away").get<int>(), r.at("turns_of_musketry_received").get<int>(),
                                          r.at("turns_fired_on_by_cannon").get<int>()};
    return out;
}

json tallies_json(const std::map<std::int64_t, BattleRecord>& tallies) {
    json j = json::object();
    for (const auto& [id, r] : tallies)
        j[std::to_string(id)] = {{"times_ran_away", r.times_ran_away},
                                 {"turns_of_musketry_received", r.turns_of_musketry_received},
                                 {"turns_fired_on_by_cannon", r.turns_fired_on_by_cannon}};
    return j;
}

namespace {

class OverTheHill final : public battle::RuleSet {
public:
    std::string id() const override { return "oth"; }
    std::string name() const override { return "Over the Hill"; }

    json default_settings() const override { return to_json(BattleSettings{}); }
    std::variant<Error, json> merge_settings(const json& current, const json& changes) const override {
        auto base = merged(BattleSettings{}, current);
        if (auto* e = std::get_if<Error>(&base)) return *e;
        auto m = merged(std::get<BattleSettings>(base), changes);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        return to_json(std::get<BattleSettings>(m));
    }

    // over-the-hills.txt, "Regimental Characteristics": "A typical non-played battalion (NPB) will have the
    // ratings D2 : M2 : E2"; sizes and troop type filled in where left out.
    std::optional<Error> read_unit(json j, const battle::Battle& b, Unit& out) const override {
        if (!j.is_object()) return bad_request("A unit must be an object.");
        if (!j.contains("bases")) j["bases"] = 4;
        if (!j.contains("base_width")) j["base_width"] = 4.0;
        if (!j.contains("base_depth")) j["base_depth"] = 2.0;
        if (!j.contains("troop_type")) j["troop_type"] = "formed_infantry";
        if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
        for (const char* k : {"drill", "musketry", "effectiveness"})
            if (!j["values"].contains(k)) j["values"][k] = 2;
        if (auto e = battle::read_unit(j, out)) return e;
        if (!troop_type_from_name(out.troop_type))
            return bad_request("troop_type: in Over the Hill (ruleset oth) a troop type is horse, formed_infantry, "
                               "militia, irregulars or gunners.");
        if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
        for (const char* k : {"drill", "musketry", "effectiveness"}) {
            auto& v = out.values[k];
            if (!int_in(v, 1, 6))
                return bad_request(std::string("A unit's ") + k + " is 1 to 6.");
        }
        if (!out.markers.count(tp_marker)) out.markers[tp_marker] = 0;
        return std::nullopt;
    }

    // Regiments bring "their current Drill, Musketry and Effectiveness and four bases".
    json unit_from_regiment(const std::string& name, int number, int drill, int musketry, int effectiveness) const override {
        return {{"name", name}, {"troop_type", "formed_infantry"}, {"bases", 4},
                {"values", {{"drill", drill}, {"musketry", musketry}, {"effectiveness", effectiveness}, {"regiment", number}}}};
    }

    std::string box() const override { return "cards"; }
    battle::ItemCheck read_submission(const BattleEntry& e, const Leader& me, const json& body) const override {
        return read_card(e, me, body);
    }
    bool must_submit(const BattleEntry&, const Leader& l) const override { return !oth::leader_down(l); }
    std::string due_words(const BattleEntry& e, const Leader&) const override {
        return "Choose your card for turn " + std::to_string(e.battle.turn) + ".";
    }

    // Talk channels: "those involved have to have their leader figures next to each other to be able to talk".
    json on_reveal(const BattleEntry& e, const json& items) const override {
        json channels = json::array();
        for (const auto& c : items) {
            const json& item = c["item"];
            if (item.value("card", "") != "talk") continue;
            const Leader* other = e.battle.leader(item.value("leader", std::int64_t{0}));
            if (!other || other->user == 0) continue;
            // Two leaders who each played Talk to the other open one channel, not two.
            const std::int64_t a = c["user"].get<std::int64_t>(), b = other->user;
            bool open = false;
            for (const auto& ch : channels)
                if ((ch[0] == a && ch[1] == b) || (ch[0] == b && ch[1] == a)) open = true;
            if (!open) channels.push_back({a, b});
        }
        return {{"channels", channels}};
    }
    void apply_reveal(BattleEntry& e, const json& body) const override {
        e.channels.clear();
        for (const auto& c : body.value("channels", json::array()))
            e.channels.emplace_back(c[0].get<std::int64_t>(), c[1].get<std::int64_t>());
        e.data["facts"] = {{"cards", body.at("cards")}};
    }

    const std::vector<std::string>& steps() const override { return oth::steps(); }
    void run_step(BattleEntry& e, const std::string& step, Dice& dice) const override {
        const BattleSettings s = settings_of(e);
        auto tallies = tallies_of(e.data);
        json facts = e.data.value("facts", json::object());
        Turn t{e.battle, s, tallies, facts, dice};
        oth::run_step(t, step);
        e.data["tallies"] = tallies_json(tallies);
        e.data["facts"] = std::move(facts);
    }
    battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body,
                                         Dice& dice) const override {
        return oth::override_rule(e, what, body, dice);
    }
    bool leader_down(const Leader& l) const override { return oth::leader_down(l); }
    std::string unit_label(const Unit& u) const override { return oth::unit_label(u); }
    // over-the-hills.txt, "Game Control": the book prints no hidden troops, but "the game controllers reserve the
    // right to alter, amend or ignore any rules"; its ambushes are read so (docs/rules-notes.md, "Ground, sight and
    // ambushes"), and the turn shows them (turn_ambush.cpp).
    bool conceals() const override { return true; }

    // over-the-hills.txt, "Overall Losses" and "Records".
    json end(const BattleEntry& e, Dice& dice) const override {
        const BattleSettings s = settings_of(e);
        const auto tallies = tallies_of(e.data);
        json losses = json::array(), records = json::array();
        for (const auto& [id, u] : e.battle.units) {
            auto it = tallies.find(id);
            BattleRecord rec = it == tallies.end() ? BattleRecord{} : it->second;
            auto lo = oth::losses(rec, s.oth, dice);
            losses.push_back({{"unit", id}, {"name", oth::unit_label(u)}, {"side", u.side}, {"die", lo.die},
                              {"percent", lo.percent}, {"times_ran_away", rec.times_ran_away},
                              {"turns_of_musketry_received", rec.turns_of_musketry_received},
                              {"turns_fired_on_by_cannon", rec.turns_fired_on_by_cannon}, {"colonel", nullptr},
                              {"how", losses_how(rec, lo, s.oth)}});
            json row = to_json(record_row(oth::unit_label(u), drill(u), musketry_of(u), effectiveness(u), lo.percent, u.bases, s.oth));
            row["unit"] = id;
            records.push_back(std::move(row));
        }
        return {{"losses", losses}, {"records", records}};
    }

    const battle::BattleVisibility& visibility() const override {
        static const battle::BattleVisibility vis = [] {
            battle::BattleVisibility v;
            // The orders a person at the table sees the enemy act on: "whether they fire, fall back or run".
            v.public_orders = {"fire", "retreat", "run_away", "charge"};
            return v;
        }();
        return vis;
    }

    json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) const override {
        static const json card_set = [] {
            json j = json::array();
            for (const auto& c : order_card_set()) j.push_back(to_json(c));
            return j;
        }();
        json tallies = json::object();
        const json all = tallies_json(tallies_of(e.data));
        for (const auto& [id, r] : all.items()) {
            const Unit* u = e.battle.unit(std::stoll(id));
            if (viewer.is_umpire() || (u && !side.empty() && u->side == side)) tallies[id] = r;
        }
        json j = {{"card_set", card_set}, {"tallies", tallies},
                  {"hints", battle_hints(e.battle, settings_of(e), viewer, side)}};
        if (viewer.is_umpire()) j["facts"] = e.data.value("facts", json::object());
        return j;
    }

    // Step events of logs written before the seam carried the tallies and facts at the top of the body.
    void read_legacy(json& data, const json& body) const override {
        if (body.contains("tallies")) data["tallies"] = body.at("tallies");
        if (body.contains("facts")) data["facts"] = body.at("facts");
    }
};

}  // namespace

const battle::RuleSet& ruleset() {
    static const OverTheHill instance;
    return instance;
}

}  // namespace muster::oth
