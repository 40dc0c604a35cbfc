// Over the Hill's order cards as a player plays them (Annex B) and the umpire's overrides of its rules
// ("The umpire may alter, amend or ignore any rule"): each override is a handler named by `what`.
#include <cmath>
#include <functional>
#include <unordered_map>

#include "shared/battle/geometry.h"
#include "shared/core/fields.h"
#include "shared/rulesets/oth/battle_turn.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/ruleset.h"
#include "shared/rulesets/oth/tension_points.h"

namespace muster::oth {

using nlohmann::json;
using battle::BattleEntry;
using battle::Leader;
using battle::Point;
using battle::Unit;

battle::ItemCheck read_card(const BattleEntry& e, const Leader& me, const json& body) {
    const battle::Battle& b = e.battle;
    std::string card;
    if (auto err = read_string(body, "card", 1, 40, card)) return *err;
    const OrderCard* oc = find_card(card);
    if (!oc) return bad_request("There is no card \"" + card + "\" (Annex B).");
    json item = {{"card", card}};
    if (card_needs_unit(oc->kind)) {
        std::int64_t id = 0;
        if (auto err = read_id(body, "unit", id)) return *err;
        const Unit* u = b.unit(id);
        // An enemy hidden in ambush answers as no unit at all: an error must not confirm it is there.
        if (!u || u->removed || (u->concealed && u->side != me.side))
            return not_found("There is no unit " + std::to_string(id) + " on the table.");
        if (u->side != me.side) return forbidden("You cannot give orders to the enemy.");
        // "Leaders can only give orders to troops they are actually with."
        if (!battle::with_unit(me, *u, b.table.from_cm(settings_of(e).with_unit_cm)))
            return Error{"not_with_unit", me.name + " is not with " + unit_label(*u) + ": ride to them first."};
        item["unit"] = id;
    } else if (card_needs_leader(oc->kind)) {
        std::int64_t id = 0;
        if (auto err = read_id(body, "leader", id)) return *err;
        const Leader* other = b.leader(id);
        if (!other || other->id == me.id || (other->concealed && other->side != me.side))
            return not_found("There is no other leader " + std::to_string(id) + ".");
        item["leader"] = id;
    } else if (oc->kind == CardKind::move) {
        Point to;
        try {
            to = body.at("to").get<Point>();
        } catch (const json::exception&) {
            return bad_request("A move needs \"to\": [x, y].");
        }
        if (!std::isfinite(to.x) || !std::isfinite(to.y) || !b.table.contains(to.x, to.y))
            return Error{"too_far", "That is off the table."};
        if (battle::distance(me.position, to) > b.table.from_cm(leader_movement_cm) + battle::epsilon)
            return Error{"too_far", "A leader rides at most 40 cm a turn."};
        item["to"] = to;
    }
    return item;
}

namespace {

// What an override works on: the turn's parts of the entry (a copy the caller keeps) and the piece named.
struct Ctx {
    BattleEntry& e;
    const json& body;
    Turn& t;
    std::map<std::int64_t, BattleRecord>& tallies;
    const BattleSettings& settings;
};

std::optional<Error> get_unit(Ctx& c, Unit*& u) {
    std::int64_t id = 0;
    if (auto e = read_id(c.body, "unit", id)) return e;
    auto it = c.e.battle.units.find(id);
    if (it == c.e.battle.units.end()) return not_found("No such unit.");
    u = &it->second;
    return std::nullopt;
}

std::optional<Error> get_leader(Ctx& c, Leader*& l) {
    std::int64_t id = 0;
    if (auto e = read_id(c.body, "leader", id)) return e;
    auto it = c.e.battle.leaders.find(id);
    if (it == c.e.battle.leaders.end()) return not_found("No such leader.");
    l = &it->second;
    return std::nullopt;
}

battle::OverrideResult set_tp(Ctx& c) {
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    const json& v = c.body.value("value", json(nullptr));
    if (!int_in(v, 0, max_tension_points)) return bad_request("value: tension points are 0 to 8.");
    u->markers[tp_marker] = v.get<int>();
    return "The umpire sets the tension points of " + unit_label(*u);
}

battle::OverrideResult set_order(Ctx& c) {
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    if (!c.body.contains("order")) return bad_request("Give the \"order\": an order's name, or null for none.");
    const json& o = c.body["order"];
    if (o.is_null()) u->order.reset();
    else if (!o.is_string() || !order_from_name(o.get<std::string>())) return bad_request("No such order.");
    else impose(*u, o.get<std::string>());
    return "The umpire changes the order of " + unit_label(*u);
}

battle::OverrideResult set_result(Ctx& c) {
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    auto r = reaction_result_from_code(text_field(c.body, "result"));
    if (!r) return bad_request("A result is OK, NA, FB, RA, Ch or CF.");
    apply_result(c.t, *u, *r);
    return "The umpire rules " + std::string(reaction_result_code(*r)) + " for " + unit_label(*u);
}

// "A Reaction Test is taken when ... 5. If the umpire thinks its a good idea"
battle::OverrideResult call_reaction_test(Ctx& c) {
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    std::optional<ReactionCircumstances> given;
    if (c.body.contains("modifiers")) {
        const json& m = c.body["modifiers"];
        if (!m.is_object()) return bad_request("\"modifiers\" is an object.");
        ReactionCircumstances rc;
        for (auto [k, f] : {std::pair{"outnumbered", &ReactionCircumstances::outnumbered},
                            std::pair{"outflanked", &ReactionCircumstances::outflanked},
                            std::pair{"enemy_drill_more_than_2_better", &ReactionCircumstances::enemy_drill_more_than_2_better},
                            std::pair{"leader_with_unit", &ReactionCircumstances::leader_with_unit},
                            std::pair{"supported", &ReactionCircumstances::supported},
                            std::pair{"enemy_falling_back", &ReactionCircumstances::enemy_falling_back}})
            if (auto e = read_optional_bool(m, k, rc.*f)) return *e;
        // The umpire's own modifier. over-the-hills.txt, "REACTION TEST RESULTS TABLES": "Roll one d6", its die
        // modifiers -1 or +1 each: past -6 or +6 no modifier changes a d6's result further.
        std::int64_t modifier = 0;
        if (auto e = read_optional_int(m, "umpire_modifier", -6, 6, modifier)) return *e;
        rc.umpire_modifier = static_cast<int>(modifier);
        given = rc;
    }
    test_unit(c.t, *u, nearest_enemy(c.t, *u), "called by the umpire", given);
    return "The umpire calls a reaction test for " + unit_label(*u);
}

battle::OverrideResult correct_record(Ctx& c) {
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    auto& r = c.tallies[u->id];
    for (auto [k, f] : {std::pair{"times_ran_away", &BattleRecord::times_ran_away},
                        std::pair{"turns_of_musketry_received", &BattleRecord::turns_of_musketry_received},
                        std::pair{"turns_fired_on_by_cannon", &BattleRecord::turns_fired_on_by_cannon}})
        if (c.body.contains(k)) {
            if (!int_in(c.body[k], 0, 1000)) return bad_request(std::string(k) + " is 0 to 1000.");
            r.*f = c.body[k].get<int>();
        }
    return "The umpire corrects the record of " + unit_label(*u);
}

battle::OverrideResult rule_fate(Ctx& c) {
    Leader* l = nullptr;
    if (auto e = get_leader(c, l)) return *e;
    const json& given = c.body.contains("fate") ? c.body["fate"] : json();
    const std::string fate = given.is_string() ? given.get<std::string>() : std::string();
    if (fate != "unhurt" && fate != "wounded" && fate != "killed") return bad_request("A fate is unhurt, wounded or killed.");
    const bool falls = l->values.value("fate", std::string("unhurt")) == "unhurt" && fate != "unhurt";
    l->values["fate"] = fate;
    // "You get TPs for ... Seeing your leader killed/incapacitated": the units he is with, as in a melee.
    if (falls)
        for (auto& [uid, unit] : c.e.battle.units)
            if (!unit.removed && unit.side == l->side && battle::with_unit(*l, unit, c.t.units(c.settings.with_unit_cm))) {
                add_tp(unit, 1);
                c.t.say_about(unit.concealed || l->concealed, unit.side, unit_label(unit) + " see " + l->name + " fall.",
                              {{"unit", uid}, {"tp", 1}, {"tension_points", tp(unit)}});
            }
    return "The umpire rules " + l->name + " " + fate;
}

battle::OverrideResult reveal_or_conceal(Ctx& c, bool hide) {
    if (c.body.contains("leader")) {
        Leader* l = nullptr;
        if (auto e = get_leader(c, l)) return *e;
        if (l->concealed == hide) return conflict(l->name + (hide ? " is already concealed." : " is not concealed."));
        l->concealed = hide;
        return "The umpire " + std::string(hide ? "conceals " : "reveals ") + l->name;
    }
    Unit* u = nullptr;
    if (auto e = get_unit(c, u)) return *e;
    if (u->concealed == hide) return conflict(unit_label(*u) + (hide ? " are already concealed." : " are not concealed."));
    if (hide) {
        u->concealed = true;
        return "The umpire conceals " + unit_label(*u);
    }
    // Shown by the umpire: the enemy that sees it is surprised as by any ambush.
    reveal(c.t, *u, "are revealed by the umpire");
    return "The umpire reveals " + unit_label(*u);
}

using Handler = std::function<battle::OverrideResult(Ctx&)>;

const std::unordered_map<std::string, Handler>& handlers() {
    static const std::unordered_map<std::string, Handler> table = {
        {"tp", set_tp},
        {"order", set_order},
        {"result", set_result},
        {"reaction_test", call_reaction_test},
        {"record", correct_record},
        {"leader", rule_fate},
        {"reveal", [](Ctx& c) { return reveal_or_conceal(c, false); }},
        {"conceal", [](Ctx& c) { return reveal_or_conceal(c, true); }},
    };
    return table;
}

}  // namespace

battle::OverrideResult override_rule(BattleEntry& e, const std::string& what, const json& body, Dice& dice) {
    auto it = handlers().find(what);
    if (it == handlers().end())
        return bad_request("\"what\" is move, tp, order, result, reaction_test, record, leader, reveal or conceal.");
    const BattleSettings s = settings_of(e);
    auto tallies = tallies_of(e.data);
    json facts = e.data.value("facts", json::object());
    Turn t{e.battle, s, tallies, facts, dice};
    Ctx c{e, body, t, tallies, s};
    auto r = it->second(c);
    e.data["tallies"] = tallies_json(tallies);
    e.data["facts"] = std::move(facts);
    return r;
}

}  // namespace muster::oth
