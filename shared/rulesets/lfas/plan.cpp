#include "shared/rulesets/lfas/plan.h"

#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "shared/battle/geometry.h"
#include "shared/core/fields.h"
#include "shared/rulesets/lfas/tables.h"

namespace muster::lfas {

using nlohmann::json;

namespace {

bool speed_limited(const LfasSettings& s, const Unit& u) { return s.speed_limit_for == "all" || is_cavalry(u); }

const Unit* unit_of(const BattleEntry& e, const json& id) {
    if (!id.is_number_integer()) return nullptr;
    const Unit* u = e.battle.unit(id.get<std::int64_t>());
    return u && !u->removed ? u : nullptr;
}

std::optional<Error> own_unit(const BattleEntry& e, const Leader& me, const json& entry, const Unit*& u, const std::string& where) {
    u = unit_of(e, entry.value("unit", json()));
    if (!u || u->side != me.side) return not_found(where + ": no such unit of yours.");
    if (!commands(me, *u)) return Error{"not_your_unit", where + ": " + me.name + " does not command " + u->name + "."};
    return std::nullopt;
}

bool point_on_table(const Battle& b, const json& p) {
    return p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number() && std::isfinite(p[0].get<double>()) &&
           std::isfinite(p[1].get<double>()) && b.table.contains(p[0].get<double>(), p[1].get<double>());
}

// A count of dice: 0 when left out, -1 (refused by every range) when not a whole number from 0 to 100.
int whole(const json& entry, const char* key) {
    auto it = entry.find(key);
    if (it == entry.end()) return 0;
    return int_in(*it, 0, 100) ? it->get<int>() : -1;
}

// One unit's movement: its dice within its class and speed, a point or a charge, or a formation change or limbering.
std::variant<Error, json> read_move(const BattleEntry& e, const Leader& me, const json& m, std::size_t i) {
    const std::string where = "Move " + std::to_string(i + 1);
    const LfasSettings s = settings_from(e.settings);
    const Unit* u = nullptr;
    if (auto err = own_unit(e, me, m, u, where)) return *err;
    json out = {{"unit", u->id}};
    if ((m.contains("formation") || m.contains("limber")) && least_dice(e, *u) > 0)
        return bad_request(where + ": " + u->name + " moved with " + std::to_string(u->marker("speed")) +
                           " dice last turn and cannot stop: it moves at least " + std::to_string(least_dice(e, *u)) + " dice.");
    if (m.contains("formation")) {
        const auto allowed = formations_for(*u);
        if (!m["formation"].is_string() || std::find(allowed.begin(), allowed.end(), m["formation"].get<std::string>()) == allowed.end())
            return bad_request(where + ": " + u->name + " may take no such formation.");
        out["formation"] = m["formation"];
        return out;
    }
    bool limber = false, plus_two = false, bayonet = false;
    for (auto [key, flag] : {std::pair{"limber", &limber}, std::pair{"plus_two", &plus_two}, std::pair{"bayonet", &bayonet}})
        if (auto err = read_optional_bool(m, key, *flag)) return Error{err->code, where + ": " + err->message};
    if (limber) {
        if (!is_artillery(*u)) return bad_request(where + ": only guns limber.");
        out["limber"] = true;
        return out;
    }
    const int av = whole(m, "av"), d6 = whole(m, "d6");
    const MoveDice allowed = move_dice(u->troop_type, class_of(*u), u->values.value("hessian", false) == true);
    if (av < allowed.av_min || av > allowed.av_max || d6 < allowed.d6_min || d6 > allowed.d6_max)
        return bad_request(where + ": " + u->name + " rolls " + std::to_string(allowed.av_min) + "-" + std::to_string(allowed.av_max) +
                           " average dice and " + std::to_string(allowed.d6_min) + "-" + std::to_string(allowed.d6_max) + " d6.");
    if (plus_two && !allowed.plus_two) return bad_request(where + ": only Hessian infantry add 2\".");
    const int dice = av + d6;
    if (speed_limited(s, *u) && !speed_change_ok(u->marker("speed"), dice))
        return bad_request(where + ": " + u->name + " moved with " + std::to_string(u->marker("speed")) +
                           " dice last turn and may change speed by one or two dice.");
    if (is_artillery(*u) && !limbered(*u)) return bad_request(where + ": " + u->name + " must limber before it moves.");
    out["av"] = av;
    out["d6"] = d6;
    out["plus_two"] = plus_two;
    if (m.contains("charge")) {
        const Unit* t = unit_of(e, m["charge"]);
        if (!t || t->side == u->side || t->concealed) return not_found(where + ": no such enemy to charge.");
        if (is_cavalry(*u) && dice < close_to_contact_dice)
            return bad_request(where + ": cavalry closing to contact must roll at least three dice.");
        out["charge"] = t->id;
        if (bayonet && !(u->troop_type == "infantry" && u->values.value("regular", false) == true))
            return bad_request(where + ": only regular infantry declare a bayonet attack.");
        out["bayonet"] = bayonet;
    } else {
        if (!point_on_table(e.battle, m.value("to", json()))) return bad_request(where + ": say where it goes: \"to\": [x, y] on the table.");
        out["to"] = m["to"];
    }
    return out;
}

std::variant<Error, json> read_command(const BattleEntry& e, const Leader& me, const json& c, std::size_t i, int& cost) {
    const std::string where = "Command " + std::to_string(i + 1);
    const std::string spend = text_field(c, "spend");
    json out = {{"leader", me.id}, {"spend", spend}};
    if (spend == "move") {
        const int dice = whole(c, "dice");
        if (dice < 1 || dice > 4) return bad_request(where + ": a commander moves one to four dice.");
        if (!point_on_table(e.battle, c.value("to", json()))) return bad_request(where + ": say where he goes.");
        out["dice"] = dice;
        out["to"] = c["to"];
        cost += dice * cp_move_per_die;
        return out;
    }
    if (spend == "order") {
        if (!c.contains("units") || !c["units"].is_array() || c["units"].empty() || c["units"].size() > 30)
            return bad_request(where + ": an order names its \"units\".");
        json units = json::array();
        for (const auto& id : c["units"]) {
            const Unit* u = unit_of(e, id);
            if (!u || !commands(me, *u)) return not_found(where + ": no such unit of yours.");
            units.push_back(u->id);
        }
        out["units"] = units;
        cost += cp_order;
        return out;
    }
    if (spend == "write" || spend == "rally" || spend == "inspire") {
        const Unit* u = nullptr;
        if (auto err = own_unit(e, me, c, u, where)) return *err;
        if (spend == "rally" && class_of(*u) == 5 && !is_c_in_c(me))
            return bad_request(where + ": a 5th Class unit rallies only by the commander-in-chief's points.");
        out["unit"] = u->id;
        cost += spend == "write" ? cp_write : spend == "rally" ? cp_rally : cp_inspire;
        return out;
    }
    return bad_request(where + ": \"spend\" points to move, order, write, rally or inspire.");
}

// Where his orders are given from (setting command_range_from): where he stands, or with "after_ride" where his rides
// in these orders end if his dice come up well: each ride toward its point, as far as its average dice at their
// best face carry him ("move one die x inches 1 CP"; "numbered 2/3/3/4/4/5"). Shorter dice may still leave a unit
// out of reach: the command step judges again where he stands then.
Point order_point(const BattleEntry& e, const Leader& me, const json& commands, bool& rides) {
    Point at = me.position;
    rides = false;
    if (settings_from(e.settings).command_range_from != "after_ride") return at;
    for (const auto& c : commands) {
        if (c.value("spend", "") != "move") continue;
        rides = true;
        const Point to = c["to"].get<Point>();
        const double d = battle::distance(at, to);
        const double go = std::min<double>(d, c["dice"].get<int>() * average_face(6));
        if (d > 0) at = {at.x + (to.x - at.x) * go / d, at.y + (to.y - at.y) * go / d};
    }
    return at;
}

// A length to a tenth of an inch, a whole one without its ".0": "16.2", "6".
std::string tenths(double inches) {
    const double r = std::round(inches * 10) / 10;
    std::ostringstream out;
    out << std::fixed << std::setprecision(r == std::floor(r) ? 0 : 1) << r;
    return out.str();
}

// "Orders given directly by a commander require the unit to be within 6" command range": an order to a unit
// beyond it is refused when he writes it, nothing spent (the written order, 2 CP, has no range).
std::optional<Error> check_command_range(const BattleEntry& e, const Leader& me, const json& commands) {
    bool rides = false;
    const Point from = order_point(e, me, commands, rides);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        if (commands[i].value("spend", "") != "order") continue;
        for (const auto& id : commands[i]["units"]) {
            const Unit& u = *e.battle.unit(id.get<std::int64_t>());
            const double d = battle::distance_to_unit(u, from);
            if (d <= command_range + battle::epsilon) continue;
            return Error{"out_of_range", "Command " + std::to_string(i + 1) + ": " + u.name + (rides ? " would be " : " is ") +
                                             tenths(d) + "\" from " + me.name + (rides ? " where his ride ends" : "") +
                                             ": orders given directly need it within " + tenths(command_range) + "\"."};
        }
    }
    return std::nullopt;
}

std::optional<Error> read_fire(const BattleEntry& e, const Leader& me, const json& f, std::size_t i, json& out) {
    const std::string where = "Fire " + std::to_string(i + 1);
    const Unit* u = nullptr;
    if (auto err = own_unit(e, me, f, u, where)) return err;
    const Unit* t = unit_of(e, f.value("target", json()));
    if (!t || t->side == u->side || t->concealed) return not_found(where + ": no such enemy.");
    const auto reach = fire_targets(e, *u);
    if (std::find(reach.begin(), reach.end(), t->id) == reach.end())
        return Error{"out_of_range", where + ": " + t->name + " is not in front of " + u->name + " within range."};
    out = {{"unit", u->id}, {"target", t->id}};
    return std::nullopt;
}

}  // namespace

int least_dice(const BattleEntry& e, const Unit& u) {
    if (!speed_limited(settings_from(e.settings), u)) return 0;
    int least = 0;
    while (!speed_change_ok(u.marker("speed"), least)) ++least;
    return least;
}

std::vector<std::string> formations_for(const Unit& u) {
    if (is_artillery(u)) return {};
    const std::string kind = u.values.value("kind", "regular");
    if (u.troop_type == "skirmishers" || kind == "militia" || kind == "light") return {"line", "column", "skirmish"};
    return {"line", "column"};
}

double fire_range(const Unit& u) {
    if (is_artillery(u)) return long_range(u.values.value("gun", "field"));
    if (is_cavalry(u)) return 0;
    return u.values.value("weapon", "musket") == "rifle" ? rifle_range : musket_range;
}

std::vector<std::int64_t> fire_targets(const BattleEntry& e, const Unit& u) {
    std::vector<std::int64_t> out;
    const double range = fire_range(u);
    if (u.removed || range <= 0 || (is_artillery(u) && limbered(u)) || u.marker("limbering") > 0) return out;
    for (const auto& [id, t] : e.battle.units) {
        if (t.side == u.side || t.removed || t.concealed) continue;
        if (!battle::unit_in_front_within(u, t, range)) continue;
        if (battle::sight_blocked_by(e.battle.terrain, u.position, t.position, e.table.blocks_sight)) continue;
        out.push_back(id);
    }
    return out;
}

json unit_hints(const BattleEntry& e, const Unit& u) {
    const MoveDice d = move_dice(u.troop_type, class_of(u), u.values.value("hessian", false) == true);
    const bool woods = in_woods(e.battle, u);
    return {{"av", {d.av_min, d.av_max}},
            {"d6", {d.d6_min, d.d6_max}},
            {"plus_two", d.plus_two},
            {"speed", u.marker("speed")},
            {"speed_limited", speed_limited(settings_from(e.settings), u)},
            {"least_dice", least_dice(e, u)},
            // "take 1 DP for each 1 or 2 rolled. In woods, take 1 DP for each 1, 2, or 3": the chance per die.
            {"dp_chance", is_skirmishers(u) ? json{{"av", 0}, {"d6", 0}}
                                            : json{{"av", woods ? 3.0 / 6 : 1.0 / 6}, {"d6", woods ? 3.0 / 6 : 2.0 / 6}}},
            {"charge_dice", is_cavalry(u) ? close_to_contact_dice : 0},
            {"fire", fire_targets(e, u)},
            {"fire_range", fire_range(u)},
            {"formations", formations_for(u)},
            {"limbered", limbered(u)}};
}

battle::ItemCheck read_plan(const BattleEntry& e, const Leader& me, const json& body) {
    const LfasSettings s = settings_from(e.settings);
    const std::string acting = acting_side(e);
    if (!acting.empty() && acting != me.side) return Error{"not_now", "It is the other side's turn."};
    json item = {{"fire", json::array()}, {"command", json::array()}, {"move", json::array()}};
    for (const char* k : {"fire", "command", "move"}) {
        if (body.contains(k) && (!body[k].is_array() || body[k].size() > 60)) return bad_request(std::string("\"") + k + "\" is a list.");
        for (std::size_t i = 0; body.contains(k) && i < body[k].size(); ++i)
            if (!body[k][i].is_object()) return bad_request(std::string("\"") + k + "\" is a list of objects; entry " + std::to_string(i + 1) + " is not one.");
    }
    std::set<std::int64_t> fired, moved, ordered;
    for (std::size_t i = 0; body.contains("fire") && i < body["fire"].size(); ++i) {
        json f;
        if (auto err = read_fire(e, me, body["fire"][i], i, f)) return *err;
        if (!fired.insert(f["unit"].get<std::int64_t>()).second) return bad_request("Fire " + std::to_string(i + 1) + ": a unit fires once.");
        item["fire"].push_back(f);
    }
    int cost = 0;
    for (std::size_t i = 0; body.contains("command") && i < body["command"].size(); ++i) {
        auto c = read_command(e, me, body["command"][i], i, cost);
        if (auto* err = std::get_if<Error>(&c)) return *err;
        const json& one = std::get<json>(c);
        if (one["spend"] == "order")
            for (const auto& id : one["units"]) ordered.insert(id.get<std::int64_t>());
        item["command"].push_back(one);
    }
    if (auto err = check_command_range(e, me, item["command"])) return *err;
    const int points = e.data.contains("cp") && e.data["cp"].contains(std::to_string(me.id))
                           ? e.data["cp"][std::to_string(me.id)].value("left", 0) : 0;
    if (cost > points)
        return Error{"no_points", me.name + " has " + std::to_string(points) + " command points; these cost " + std::to_string(cost) + "."};
    for (std::size_t i = 0; body.contains("move") && i < body["move"].size(); ++i) {
        auto m = read_move(e, me, body["move"][i], i);
        if (auto* err = std::get_if<Error>(&m)) return *err;
        const json& one = std::get<json>(m);
        const auto id = one["unit"].get<std::int64_t>();
        if (!moved.insert(id).second) return bad_request("Move " + std::to_string(i + 1) + ": a unit has one move.");
        const Unit& u = *e.battle.unit(id);
        // "Only skirmishers may fire and move in the same turn."
        if (fired.count(id) && !is_skirmishers(u)) return bad_request("Move " + std::to_string(i + 1) + ": " + u.name + " fires this turn; only skirmishers fire and move.");
        bool written = false;
        for (const auto& w : e.data.value("written", json::array()))
            written = written || (w.value("unit", std::int64_t{0}) == id && w.value("from_turn", 0) <= e.battle.turn);
        if (s.orders_needed && !ordered.count(id) && !written)
            return Error{"no_order", "Move " + std::to_string(i + 1) + ": " + u.name + " has no order: give one (1 CP, within 6\") or write one a turn ahead."};
        item["move"].push_back(one);
    }
    return item;
}

}  // namespace muster::lfas
