// The orders step: the revealed cards carried out (over-the-hills.txt, "What Does A Leader Do?", Annex B).
#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using nlohmann::json;
using battle::Leader;
using battle::Point;
using battle::Unit;

void step_orders(Turn& t) {
    const auto cards = t.facts.value("cards", json::array());
    for (const auto& c : cards) {
        auto user = c.at("user").get<std::int64_t>();
        const json& item = c.at("item");
        const Leader* l = t.b().leader_of(user);
        if (!l) continue;
        Leader& leader = t.b().leaders.at(l->id);
        const std::string card = item.value("card", "");
        const OrderCard* oc = find_card(card);
        if (!oc) continue;
        // "Seeing your leader killed/incapacitated": a leader wounded or killed (after he chose his card) gives
        // no orders and does nothing else.
        if (leader_down(leader)) {
            t.say_about(true, leader.side, leader.name + " is " + leader.values.value("fate", std::string()) +
                                               ": his card is not carried out.");
            continue;
        }
        if (oc->kind == CardKind::order && oc->order) {
            auto it = t.b().units.find(item.value("unit", std::int64_t{0}));
            if (it == t.b().units.end()) continue;
            if (it->second.removed) {
                t.say_about(leader.concealed, leader.side, leader.name + "'s order to " + unit_label(it->second) + " (" +
                                                               std::string(oc->name) + ") is not carried out: they have left the field.");
                continue;
            }
            Unit& u = it->second;
            std::string name(order_name(*oc->order));
            json details = {{"leader", leader.id}, {"new", true}};
            // over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
            if (t.settings.oth.digest_turns <= 0) impose(u, name, details);
            else u.pending_order = battle::Order{name, t.settings.oth.digest_turns, details};
            const std::string text = leader.name + " orders " + unit_label(u) + ": " + std::string(oc->name) + ".";
            say_of_with_leader(t, u, leader, text,
                               {{"unit", u.id}, {"order", name}, {"digest", t.settings.oth.digest_turns}});
        } else if (oc->kind == CardKind::move && item.contains("to")) {
            // "Leaders can move 40cm per turn on horseback."
            Point to = item.at("to").get<Point>();
            double d = battle::distance(leader.position, to), max = t.units(leader_movement_cm);
            if (d > max + battle::epsilon)
                t.say_about(leader.concealed, leader.side, leader.name + " rides only " + words_cm(leader_movement_cm) +
                                                               " of the " + words_cm(t.cm(d)) +
                                                               " to where he was sent (\"Leaders can move 40cm per turn on horseback\").");
            if (d > max && d > 0) {
                double k = max / d;
                to = {leader.position.x + (to.x - leader.position.x) * k, leader.position.y + (to.y - leader.position.y) * k};
            }
            leader.position = to;
            t.say_about(leader.concealed, leader.side, leader.name + " rides to a new position.");
        } else if (oc->kind == CardKind::engage) {
            t.fact_add("engaged", leader.id);
            t.say_about(leader.concealed, leader.side, leader.name + " joins the fight.");
        } else if (oc->kind == CardKind::inspire) {
            t.fact_add("inspiring", leader.id);
        }
    }
    spot_ambushes(t);
}

}  // namespace muster::oth::detail
