#include "shared/rulesets/cmwd/orders.h"
#include "shared/core/fields.h"

#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/cmwd/ground.h"
#include "shared/rulesets/cmwd/tempo.h"

namespace muster::cmwd {

using nlohmann::json;

namespace {

std::string brigade_words(const Battle& b, const std::string& id) { return brigade_name(b, id); }

bool declared(const BattleEntry& e, std::int64_t unit) {
    if (!e.data.contains("declared")) return false;
    for (const auto& d : e.data["declared"])
        if (d.value("unit", std::int64_t{0}) == unit) return true;
    return false;
}

bool has_moved(const BattleEntry& e, std::int64_t unit) {
    return e.data.contains("acted") && in_list(e.data["acted"], unit);
}

double move_budget(const CmwdSettings& s, const Battle& b, const Unit& u) {
    auto it = s.move_bw.find(u.troop_type);
    return (it == s.move_bw.end() ? 1.0 : it->second) * bw(s, b);
}

battle::TerrainPace pace_of(const BattleEntry& e) {
    battle::TerrainPace p;
    p.factor = e.table.terrain_movement;
    return p;
}

// The base an action names, of the acting side, that this leader commands.
std::variant<Error, Unit*> own_base(BattleEntry& e, const Leader* me, const std::string& side, const json& body) {
    auto id = body.find("unit");
    if (id == body.end() || !id->is_number_integer()) return bad_request("Name the base: \"unit\".");
    auto it = e.battle.units.find(id->get<std::int64_t>());
    if (it == e.battle.units.end() || it->second.removed) return not_found("No such base.");
    Unit& u = it->second;
    if (u.side != side) return Error{"not_your_brigade", u.name + " is not of the side whose stage it is."};
    if (me && !commands(e.battle, *me, brigade_of(u)))
        return Error{"not_your_brigade", me->name + " does not command " + brigade_words(e.battle, brigade_of(u)) + "."};
    if (is_broken(u)) return Error{"not_now", u.name + " has broken."};
    return &u;
}

std::variant<Error, const Unit*> enemy_base(const BattleEntry& e, const Unit& u, const json& body) {
    auto id = body.find("target");
    if (id == body.end() || !id->is_number_integer()) return bad_request("Name the target: \"target\".");
    const Unit* t = e.battle.unit(id->get<std::int64_t>());
    if (!t || t->removed || t->side == u.side) return not_found("No such enemy base.");
    return t;
}

battle::OverrideResult order(BattleEntry& e, const Leader* me, const std::string& side, const json& body, bool umpire) {
    auto id = body.find("brigade");
    if (id == body.end() || !id->is_string()) return bad_request("Name the brigade: \"brigade\".");
    const std::string brigade = id->get<std::string>();
    if (side_of_brigade(e.battle, brigade) != side) return not_found("No such brigade of the side whose stage it is.");
    if (me && !commands(e.battle, *me, brigade))
        return Error{"not_your_brigade", me->name + " does not command " + brigade_words(e.battle, brigade) + "."};
    json& st = brigade_state(e, brigade);
    if (st.value("ordered", false)) return Error{"already_acted", brigade_words(e.battle, brigade) + " is ordered already."};
    if (spent(e, brigade)) return Error{"not_now", brigade_words(e.battle, brigade) + " is spent."};
    if (auto why = held_by_general(e, brigade); !why.empty() && !umpire) return Error{"not_now", why};
    const int cost = order_cost(e, brigade);
    const int left = points_left(e, side);
    if (cost > left && !umpire)
        return Error{"no_tempo", brigade_words(e.battle, brigade) + " needs " + std::to_string(cost) + " tempo points; " +
                                     std::to_string(left) + " left."};
    e.data["tempo"][side]["left"] = std::max(0, left - cost);
    st["ordered"] = true;
    side_line(e, side, brigade_words(e.battle, brigade) + " is ordered (" + std::to_string(cost) + " tempo point" +
                    (cost == 1 ? "" : "s") + ").");
    return "";
}

// Moves, wheels and turns: one per base a stage, of an ordered brigade, before it fires or charges.
std::optional<Error> may_move(const BattleEntry& e, const Unit& u) {
    if (!brigade_state(e, brigade_of(u)).value("ordered", false))
        return Error{"not_ordered", brigade_words(e.battle, brigade_of(u)) + " has not been ordered this stage."};
    if (has_moved(e, u.id)) return Error{"already_acted", u.name + " has moved this stage."};
    if (declared(e, u.id)) return Error{"already_acted", u.name + " has declared its fire or charge: it stands."};
    return std::nullopt;
}

battle::OverrideResult move(BattleEntry& e, Unit& u, const json& body) {
    if (auto err = may_move(e, u)) return *err;
    const std::string action = text_field(body, "action");
    const double budget = move_budget(settings_from(e.settings), e.battle, u);
    Unit after = u;
    std::string words;
    if (action == "turn") {
        const auto d = body.find("degrees");
        if (d == body.end() || !d->is_number_integer() || (d->get<int>() != 90 && d->get<int>() != -90 && d->get<int>() != 180))
            return bad_request("A turn is 90, -90 or 180 degrees.");
        after = battle::turned(u, d->get<int>());
        words = u.name + " turns " + std::to_string(d->get<int>()) + " degrees.";
    } else {
        const auto d = body.find("distance");
        if (d == body.end() || !d->is_number() || !std::isfinite(d->get<double>()) || d->get<double>() <= 0)
            return bad_request("A distance is a number of base widths above 0.");
        const double want = d->get<double>() * bw(e);
        if (want > budget + battle::epsilon)
            return Error{"out_of_range", u.name + " moves at most " + std::to_string(budget / bw(e)).substr(0, 4) + " BW."};
        if (action == "wheel") {
            const std::string dir = text_field(body, "direction");
            if (dir != "left" && dir != "right")
                return bad_request("direction: a wheel is to the \"left\" or \"right\".");
            after = battle::wheeled(u, want, dir == "left" ? battle::Wheel::left : battle::Wheel::right);
            words = u.name + " wheels " + dir + ".";
        } else {
            const double ground = battle::distance_over_terrain(u, budget, e.battle.terrain, pace_of(e), bw(e) / 10);
            if (want > ground + battle::epsilon)
                return Error{"out_of_range", "The ground lets " + u.name + " move " + std::to_string(ground / bw(e)).substr(0, 4) + " BW."};
            after = battle::moved(u, battle::clear_distance(u, want, others(e.battle, u)));
            data_list(e, "advanced").push_back(u.id);
            words = u.name + " advances.";
        }
    }
    for (const Unit* o : others(e.battle, u))
        if (action != "move" && battle::overlap(after, *o)) return Error{"out_of_range", o->name + " is in the way."};
    u = after;
    data_list(e, "acted").push_back(u.id);
    log_line(e, words);
    return "";
}

battle::OverrideResult declare(BattleEntry& e, Unit& u, const json& body) {
    const std::string action = text_field(body, "action");
    if (declared(e, u.id)) return Error{"already_acted", u.name + " has declared already; cancel it first."};
    auto t = enemy_base(e, u, body);
    if (auto* err = std::get_if<Error>(&t)) return *err;
    const Unit* target = std::get<const Unit*>(t);
    const CmwdSettings s = settings_from(e.settings);
    const auto in_reach = action == "fire" ? fire_targets(e, s, u) : charge_targets(e, s, u);
    if (std::find(in_reach.begin(), in_reach.end(), target->id) == in_reach.end()) {
        if (action == "charge" && !is_cavalry(u)) return Error{"not_now", "Only mounted cavalry charge."};
        if (action == "fire" && !can_fire(u)) return Error{"not_now", u.name + " does not fire but in a charge."};
        if (spent(e, brigade_of(u))) return Error{"not_now", brigade_words(e.battle, brigade_of(u)) + " is spent."};
        if (action == "charge" && !brigade_state(e, brigade_of(u)).value("ordered", false))
            return Error{"not_ordered", "A charge needs the brigade's order: " + brigade_words(e.battle, brigade_of(u)) + "."};
        return Error{"out_of_range", target->name + " is not within " + u.name + "'s reach."};
    }
    data_list(e, "declared").push_back({{"action", action}, {"unit", u.id}, {"target", target->id}});
    side_line(e, u.side, u.name + (action == "fire" ? " will fire at " : " will charge ") + target->name + ".");
    return "";
}

battle::OverrideResult cancel(BattleEntry& e, Unit& u) {
    json& list = data_list(e, "declared");
    for (auto it = list.begin(); it != list.end(); ++it)
        if (it->value("unit", std::int64_t{0}) == u.id) {
            list.erase(it);
            side_line(e, u.side, u.name + " stands down.");
            return "";
        }
    return not_found(u.name + " has declared nothing.");
}

}  // namespace

std::vector<std::int64_t> fire_targets(const BattleEntry& e, const CmwdSettings& s, const Unit& u) {
    std::vector<std::int64_t> out;
    if (!standing(u) || !can_fire(u) || spent(e, brigade_of(u)) || declared(e, u.id)) return out;
    for (const auto& [id, t] : e.battle.units)
        if (t.side != u.side && standing(t) && !t.concealed && fire_range(s, e.battle, u, t)) out.push_back(id);
    return out;
}

std::vector<std::int64_t> charge_targets(const BattleEntry& e, const CmwdSettings& s, const Unit& u) {
    std::vector<std::int64_t> out;
    if (!standing(u) || !is_cavalry(u) || spent(e, brigade_of(u)) || declared(e, u.id)) return out;
    if (!brigade_state(e, brigade_of(u)).value("ordered", false)) return out;
    for (const auto& [id, t] : e.battle.units)
        if (t.side != u.side && standing(t) && !t.concealed && chargeable(s, e.battle, u, t)) out.push_back(id);
    return out;
}

battle::OverrideResult act(BattleEntry& e, const Leader* me, const json& body, bool umpire) {
    const std::string side = umpire ? text_field(body, "side", acting_side(e)) : acting_side(e);
    if (!umpire && (side.empty() || !me || me->side != side))
        return Error{"not_now", side.empty() ? "The tempo bids are open: nothing moves yet." : "It is the other side's stage."};
    if (e.status != "cards") return Error{"not_now", "The turn is being resolved."};
    const std::string action = text_field(body, "action");
    if (action == "order") return order(e, me, side, body, umpire);
    if (action != "move" && action != "wheel" && action != "turn" && action != "charge" && action != "fire" && action != "cancel")
        return bad_request("An action is order, move, wheel, turn, charge, fire or cancel.");
    auto base = own_base(e, me, side, body);
    if (auto* err = std::get_if<Error>(&base)) return *err;
    Unit& u = *std::get<Unit*>(base);
    if (action == "charge" || action == "fire") return declare(e, u, body);
    if (action == "cancel") return cancel(e, u);
    return move(e, u, body);
}

json hints(const BattleEntry& e, const Leader& me) {
    json h = {{"order", json::array()}, {"move", json::object()}, {"fire", json::object()}, {"charge", json::object()}};
    if (e.status != "cards" || me.side != acting_side(e)) return h;
    const std::string side = me.side;
    const CmwdSettings s = settings_from(e.settings);
    for (const auto& brigade : brigades_of(e.battle, side)) {
        if (!commands(e.battle, me, brigade)) continue;
        const json st = brigade_state(e, brigade);
        if (!st.value("ordered", false) && !spent(e, brigade) && held_by_general(e, brigade).empty() &&
            order_cost(e, s, brigade) <= points_left(e, side))
            h["order"].push_back(brigade);
    }
    for (const auto& [id, u] : e.battle.units) {
        if (u.side != side || !standing(u) || !commands(e.battle, me, brigade_of(u))) continue;
        const std::string key = std::to_string(id);
        if (!may_move(e, u)) h["move"][key] = move_budget(s, e.battle, u) / bw(s, e.battle);
        auto f = fire_targets(e, s, u);
        if (!f.empty()) h["fire"][key] = f;
        auto c = charge_targets(e, s, u);
        if (!c.empty()) h["charge"][key] = c;
    }
    return h;
}

}  // namespace muster::cmwd
