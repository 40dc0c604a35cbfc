#include "shared/rulesets/oth/battle_turn.h"

#include <algorithm>
#include <cctype>

#include "shared/rulesets/oth/tension_points.h"
#include "shared/rulesets/oth/turn_helpers.h"

// The turn sequence of an Over the Hill battle (docs/protocol.md, "Status and the turn"), after the reveal:
//   1 orders    ORDER cards put pending orders on units (a turn to digest); MOVE moves the leader; ENGAGE marks him
//   2 movement  newly digested ADVANCE / CHARGE / RETREAT test first; units move by the table; the charged test
//   3 fire      musketry (FIRE, HOLD YOUR FIRE, CEASE FIRE) and cannon
//   4 reaction  every unit that received a volley tests ("A reaction test must be taken after each round of musketry")
//   5 melee     each pair of enemy units in contact fights a round; both then test
//   6 tension   inspiration, resting out of sight, enemy seen running, the rally roll; orders digest; next turn
// Ambushes show themselves after the orders and movement steps, and when they move or fire.
// Each step is in its own file (turn_orders.cpp ... turn_tension.cpp); what they share is turn_helpers.h.

namespace muster::oth {

using nlohmann::json;
using battle::Battle;
using battle::Leader;
using battle::LogEntry;
using battle::Unit;

// --- unit helpers ---

int value_of(const Unit& u, const char* key, int fallback) {
    auto it = u.values.find(key);
    return it != u.values.end() && it->is_number_integer() ? it->get<int>() : fallback;
}
int drill(const Unit& u) { return value_of(u, "drill"); }
int musketry_of(const Unit& u) { return value_of(u, "musketry"); }
int effectiveness(const Unit& u) { return value_of(u, "effectiveness"); }
int tp(const Unit& u) { return u.marker(tp_marker); }
void add_tp(Unit& u, int delta) { u.markers[tp_marker] = oth::add_tension(tp(u), delta); }
oth::TroopType type_of(const Unit& u) {
    return oth::troop_type_from_name(u.troop_type).value_or(oth::TroopType::formed_infantry);
}
std::string order_of(const Unit& u) { return u.order ? u.order->name : std::string(); }
// "Seeing your leader killed/incapacitated": a wounded leader is down as much as a dead one.
bool leader_down(const Leader& l) { return l.values.value("fate", std::string("unhurt")) != "unhurt"; }
std::string unit_label(const Unit& u) { return u.name.empty() ? "unit " + std::to_string(u.id) : u.name; }

void impose(Unit& u, const std::string& order, json details) {
    u.order = battle::Order{order, 0, std::move(details)};
    u.pending_order.reset();
}

// --- the turn ---

double Turn::cm(double table_units) const { return battle.table.to_cm(table_units); }
double Turn::units(double cm) const { return battle.table.from_cm(cm); }

void Turn::say(const std::string& text, const std::string& side, json details) {
    LogEntry pub;
    pub.turn = battle.turn;
    pub.phase = battle.phase;
    pub.text = text;
    battle.log.push_back(pub);
    if (!details.is_null()) {
        LogEntry det = pub;
        det.details = std::move(details);
        if (side.empty()) det.audience = LogEntry::Audience::umpire;
        else det.audience = LogEntry::Audience::side, det.side = side;
        battle.log.push_back(std::move(det));
    }
}

void Turn::say_about(bool concealed, const std::string& side, const std::string& text, json details) {
    if (!concealed) return say(text, side, std::move(details));
    LogEntry l;
    l.turn = battle.turn;
    l.phase = battle.phase;
    l.text = text;
    if (!details.is_null()) l.details = std::move(details);
    l.audience = LogEntry::Audience::side;
    l.side = side;
    battle.log.push_back(std::move(l));
}

void Turn::say_of(const Unit& u, const std::string& text, json details) {
    say_about(u.concealed, u.side, text, std::move(details));
}

void Turn::fact_add(const char* key, std::int64_t id) {
    json& list = facts[key];
    if (!list.is_array()) list = json::array();
    if (std::find(list.begin(), list.end(), json(id)) == list.end()) list.push_back(id);
}

bool Turn::fact_has(const char* key, std::int64_t id) const {
    auto it = facts.find(key);
    return it != facts.end() && std::find(it->begin(), it->end(), json(id)) != it->end();
}

const std::vector<std::string>& steps() {
    static const std::vector<std::string> names = {"orders", "movement", "fire", "reaction", "melee", "tension"};
    return names;
}

void run_step(Turn& t, const std::string& step) {
    t.battle.phase = step;
    const std::size_t before = t.battle.log.size();
    if (step == "orders") detail::step_orders(t);
    else if (step == "movement") detail::step_movement(t);
    else if (step == "fire") detail::step_fire(t);
    else if (step == "reaction") detail::step_reaction(t);
    else if (step == "melee") detail::step_melee(t);
    else if (step == "tension") detail::step_tension(t);
    // Every step leaves a public line, so all can follow the turn even when nothing happens (or only an
    // ambush's side knows what did).
    bool public_line = false;
    for (std::size_t i = before; i < t.battle.log.size(); ++i)
        if (t.battle.log[i].audience == LogEntry::Audience::all) public_line = true;
    if (!public_line) {
        std::string name = step;
        name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
        t.say(name + ": nothing to see.");
    }
}

}  // namespace muster::oth
