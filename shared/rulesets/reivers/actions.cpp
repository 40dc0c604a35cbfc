#include "shared/rulesets/reivers/actions.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/core/fields.h"
#include "shared/rulesets/reivers/movement.h"

namespace muster::reivers {

using nlohmann::json;
using battle::OverrideResult;

Reach reach_to(const BattleEntry&, const ReiversSettings& s, const Leader&, double paces) {
    const double range = craft_range(s);
    if (paces > 2 * range + battle::epsilon)
        return {0, Error{"too_far", "That is " + std::to_string(static_cast<int>(std::lround(paces))) +
                       " paces from the heidman: craft reaches no further than " +
                       std::to_string(static_cast<int>(2 * range)) + " (twice its range) now."}};
    return {paces > range + battle::epsilon ? CraftCosts::over_range : 0, std::nullopt};
}

std::optional<Error> read_point(const json& body, const char* key, const battle::Table& t, Point& out) {
    try {
        out = body.at(key).get<Point>();
    } catch (const json::exception&) {
        return bad_request(std::string("Say where: \"") + key + "\": [x, y] in paces.");
    }
    if (!std::isfinite(out.x) || !std::isfinite(out.y) || !t.contains(out.x, out.y))
        return bad_request(std::string(key) + ": that point is off the table.");
    return std::nullopt;
}

FyrebrandTest name_test(BattleEntry& e, const ReiversSettings& s, Unit& u, const Unit* against, FyrebrandModifiers m,
                        Dice& dice, const std::string& what) {
    if (u.values.is_object() && u.values.value("military", false)) m.military_under_orders = true;
    if (u.values.is_object()) m.edge = std::clamp(u.values.value("edge", 0), -1, 1);
    if (!cover_of(e, s, u).empty() && m.cover == 0) m.cover = s.cover_modifier;
    if (is_fleeing(u) || u.marker("lost") > 0) m.fleeing_or_lost_combat = true;
    if (u.marker("lost_melee") > 0) m.lost_melee = true;
    if (u.marker("under_fire") > 0) m.under_fire = true;
    if (against) {
        if (is_mounted(u) && !is_mounted(*against)) m.mounted_against_foot = true;
        if (!is_mounted(u) && is_mounted(*against)) m.foot_against_mounted = true;
        if (feuding(e, u, *against)) m.facing_feuders = true;
    }
    FyrebrandTest t = test_fyrebrand(fyrebrand_of(u), m, dice);
    json mods = json::array();
    for (const auto& x : t.modifiers) mods.push_back({{"why", x.why}, {"value", x.value}});
    log_line(e, u.name + " tests fyrebrand " + what + ": " + std::to_string(t.rating) + " modified to " +
                    std::to_string(t.modified) + ", rolls " + std::to_string(t.roll) + ": " +
                    (t.passed ? "passes." : "fails."),
             {{"unit", u.id}, {"fyrebrand", t.rating}, {"modified", t.modified}, {"d10", t.roll}, {"modifiers", mods}});
    return t;
}

namespace {

struct Ctx {
    BattleEntry& e;
    const ReiversSettings s;
    const Leader& me;
    Dice& dice;
    json& craft;  // this heidman's craft entry for the bound
};

Error not_yours() { return not_found("You have no such name in this raid."); }

// One of this heidman's names (or a name of no heidman on his side). A name hidden from him reads as no name.
std::variant<Error, Unit*> own_name(Ctx& c, const json& body, const char* key = "unit") {
    std::int64_t id = 0;
    if (auto err = read_id(body, key, id)) return *err;
    auto it = c.e.battle.units.find(id);
    if (it == c.e.battle.units.end() || it->second.side != c.me.side || it->second.removed) return not_yours();
    Unit& u = it->second;
    if (heidman_of(u) != 0 && heidman_of(u) != c.me.id)
        return Error{"not_your_name", u.name + " follows another heidman."};
    return &u;
}

std::optional<Error> pay(Ctx& c, int cost, const std::string& what) {
    const int left = c.craft["left"].get<int>();
    if (cost > left)
        return Error{"no_craft", what + " costs " + std::to_string(cost) + " craft; " + c.me.name + " has " +
                                     std::to_string(left) + " left this bound."};
    c.craft["left"] = left - cost;
    return std::nullopt;
}


std::optional<Error> read_craft(const json& body, int& n) {
    if (!body.contains("craft") || !int_in(body["craft"], 1, 12))
        return bad_request("Say how much craft to spend: \"craft\", 1 to 12.");
    n = body["craft"].get<int>();
    return std::nullopt;
}

}  // namespace

// The move, its charge and its ambushes: actions_move.cpp.
OverrideResult move_names(BattleEntry& e, const ReiversSettings& s, const Leader& me, const json& body, Dice& dice,
                          json& craft);

namespace {

OverrideResult move_heidman(Ctx& c, const json& body) {
    Point to;
    if (auto err = read_point(body, "to", c.e.battle.table, to)) return *err;
    Leader& l = c.e.battle.leaders.at(c.me.id);
    const double d = battle::distance(l.position, to);
    // A heidman rides with his men: a mounted name's move (border-reivers.txt, "Mounted 200").
    if (d > base_move_paces(NameType::rider, true) + battle::epsilon)
        return bad_request("to: " + l.name + " rides at most 200 paces in a bound.");
    if (auto err = pay(c, CraftCosts::move, "Moving " + l.name)) return *err;
    l.position = to;
    return l.name + " rides " + std::to_string(static_cast<int>(std::lround(d))) + " paces";
}

// Whether an enemy at `watcher` sees the name at all: a feature of a kind in blocks_sight hides it when the
// sight line passes through it ("behind hills"), or when the name stands in it (a wood or a town, not a hill:
// "woods for foot, in built up areas") and the watcher does not.
bool seen_from(const BattleEntry& e, const ReiversSettings& s, Point watcher, const Unit& u) {
    for (const auto& f : e.battle.terrain) {
        if (std::find(s.blocks_sight.begin(), s.blocks_sight.end(), f.kind) == s.blocks_sight.end()) continue;
        if (battle::inside(f.shape, watcher)) continue;
        if (battle::inside(f.shape, u.position)) {
            if (f.kind != "hill") return false;
        } else if (battle::segment_crosses(f.shape, watcher, u.position)) {
            return false;
        }
    }
    return true;
}

OverrideResult conceal(Ctx& c, const json& body) {
    auto got = own_name(c, body);
    if (auto* err = std::get_if<Error>(&got)) return *err;
    Unit& u = *std::get<Unit*>(got);
    int n = 0;
    if (auto err = read_craft(body, n)) return *err;
    if (is_fleeing(u)) return Error{"fleeing", u.name + " is fleeing and cannot lie in ambush."};
    // Only what his side can see stops him: names in ambush do not.
    if (c.s.conceal_near_enemy_paces > 0)
        for (const auto& [id, other] : c.e.battle.units)
            if (other.side != u.side && !other.removed && !other.concealed &&
                paces_between(u, other) <= c.s.conceal_near_enemy_paces && seen_from(c.e, c.s, other.position, u))
                return Error{"in_view", u.name + " is in view of " + other.name + " (within " +
                                            std::to_string(static_cast<int>(c.s.conceal_near_enemy_paces)) + " paces)."};
    const bool mounted = is_mounted(u);
    ConcealmentClass cls = ConcealmentClass::none;
    for (const TerrainFeature* f : features_at(c.e.battle, u.position)) {
        ConcealmentClass k = c.s.concealment_from == "cover"
                                 ? concealment_class_of_cover(known_effect(c.e, c.s, *f, u.side).cover)
                                 : concealment_class_of_kind(f->kind, mounted);
        cls = std::max(cls, k);
    }
    const int points = concealment_points(n, mounted, cls);
    if (points < 1) return bad_request("A mounted name needs 3 craft for each concealment point.");
    Reach r = reach_to(c.e, c.s, c.me, battle::distance_to_unit(u, c.me.position));
    if (r.error) return *r.error;
    if (auto err = pay(c, n + r.extra, "Concealing " + u.name)) return *err;
    u.markers["concealment"] += points;
    u.concealed = true;
    return u.name + " goes to ground: " + std::to_string(n) + " craft, " + std::to_string(points) +
           " concealment points (" + std::to_string(u.marker("concealment")) + " in all, x" +
           std::to_string(concealment_multiplier(cls)) + " for the ground)";
}

OverrideResult detect(Ctx& c, const json& body) {
    Point at;
    if (auto err = read_point(body, "at", c.e.battle.table, at)) return *err;
    int n = 0;
    if (auto err = read_craft(body, n)) return *err;
    Reach r = reach_to(c.e, c.s, c.me, battle::distance(c.me.position, at));
    if (r.error) return *r.error;
    if (auto err = pay(c, n * CraftCosts::detect + r.extra, "That search")) return *err;
    json found = json::array(), checked = json::array();
    for (auto& [id, u] : c.e.battle.units) {
        if (u.side == c.me.side || !u.concealed || u.removed) continue;
        if (battle::distance_to_unit(u, at) > c.s.search_paces + battle::epsilon) continue;
        checked.push_back({{"unit", id}, {"concealment", u.marker("concealment")}});
        if (!spotted(n, u.marker("concealment"))) continue;
        show(u);
        found.push_back(id);
        log_line(c.e, u.name + " is found lying in ambush.", {{"unit", id}});
    }
    if (!c.e.data.contains("searches") || !c.e.data["searches"].is_array()) c.e.data["searches"] = json::array();
    c.e.data["searches"].push_back({{"side", c.me.side}, {"leader", c.me.id}, {"turn", c.e.battle.turn},
                                    {"at", at}, {"points", n}, {"found", found}});
    // The umpire sees every concealment and detection total.
    log_line(c.e, c.me.name + "'s search of " + std::to_string(n) + " detection points near (" +
                      std::to_string(static_cast<int>(at.x)) + ", " + std::to_string(static_cast<int>(at.y)) +
                      ") against " + checked.dump(),
             {{"leader", c.me.id}, {"points", n}, {"against", checked}}, "umpire");
    return c.me.name + " searches near (" + std::to_string(static_cast<int>(at.x)) + ", " +
           std::to_string(static_cast<int>(at.y)) + ") with " + std::to_string(n) + " detection points: " +
           (found.empty() ? std::string("nothing is found (\"If the detection points are greater than the concealment, "
                                        "the ambush is spotted, otherwise it is not\")")
                          : "found " + std::to_string(found.size()));
}

OverrideResult mount(Ctx& c, const json& body, bool up) {
    auto got = own_name(c, body);
    if (auto* err = std::get_if<Error>(&got)) return *err;
    Unit& u = *std::get<Unit*>(got);
    if (!fights(type_of(u))) return bad_request("Herds and wagons neither mount nor dismount.");
    if (is_mounted(u) == up) return bad_request(u.name + (up ? " is mounted already." : " is on foot already."));
    Reach r = reach_to(c.e, c.s, c.me, battle::distance_to_unit(u, c.me.position));
    if (r.error) return *r.error;
    if (auto err = pay(c, CraftCosts::dismount + r.extra, up ? "Remounting" : "Dismounting")) return *err;
    u.values["mounted"] = up;
    // The book's bases: 40 by 20 mm mounted, 40 by 10 mm on foot, at 1" to 50 paces.
    u.base_depth = up ? 40 : 20;
    return u.name + (up ? " remounts" : " dismounts");
}

OverrideResult rally(Ctx& c, const json& body) {
    auto got = own_name(c, body);
    if (auto* err = std::get_if<Error>(&got)) return *err;
    Unit& u = *std::get<Unit*>(got);
    if (!is_fleeing(u)) return bad_request(u.name + " is not fleeing.");
    Reach r = reach_to(c.e, c.s, c.me, battle::distance_to_unit(u, c.me.position));
    if (r.error) return *r.error;
    if (auto err = pay(c, c.s.rally_cost + r.extra, "Rallying " + u.name)) return *err;
    FyrebrandTest t = name_test(c.e, c.s, u, nullptr, {}, c.dice, "to rally");
    if (t.passed) {
        u.markers.erase("fleeing");
        return c.me.name + " rallies " + u.name;
    }
    // "If the resulting die score is greater than the modified fyrebrand rating, then the name may ... be rallied".
    return c.me.name + " cannot rally " + u.name + ": its roll of " + std::to_string(t.roll) +
           " is not greater than its modified fyrebrand of " + std::to_string(t.modified) +
           " (\"If not rallied, the name will flee again in the sides next bound\")";
}

OverrideResult spring(Ctx& c, const json& body) {
    auto got = own_name(c, body);
    if (auto* err = std::get_if<Error>(&got)) return *err;
    Unit& u = *std::get<Unit*>(got);
    if (!u.concealed) return bad_request(u.name + " is not in ambush.");
    show(u);
    log_line(c.e, u.name + " springs an ambush!", {{"unit", u.id}});
    // "to remain steady when surprised ... Otherwise ... flee if surprised".
    for (auto& [id, other] : c.e.battle.units) {
        if (other.side == u.side || !on_table(other) || other.concealed) continue;
        if (paces_between(u, other) > c.s.surprise_paces + battle::epsilon) continue;
        FyrebrandModifiers m;
        m.surprised = true;
        if (!name_test(c.e, c.s, other, &u, m, c.dice, "when surprised").passed) flee(c.e, c.s, other, u.position, c.dice, "surprised");
    }
    return u.name + " breaks cover";
}

}  // namespace

OverrideResult act(BattleEntry& e, const Leader& me_then, const json& body, Dice& dice, bool by_umpire) {
    const ReiversSettings s = settings_from(e.settings);
    auto lit = e.battle.leaders.find(me_then.id);
    if (lit == e.battle.leaders.end()) return not_found("No such heidman.");
    const Leader& me = lit->second;
    if (auto why = why_not_now(e, s, me); why && !(by_umpire && !heidman_down(me) && e.status == "cards"))
        return Error{"not_now", *why};
    std::string action;
    if (auto err = read_string(body, "action", 1, 20, action)) return *err;
    static const std::set<std::string> known = {"craft", "move", "move_heidman", "conceal", "detect",
                                                "dismount", "remount", "rally", "spring"};
    if (!known.count(action)) return bad_request("There is no action \"" + action + "\" in Border Reivers.");
    const bool fresh = craft_entry(e, me.id).is_null();
    json& craft = ensure_craft(e, me, dice);
    if (action == "craft") {
        if (!fresh) return conflict(me.name + " has thrown his craft for this bound already.");
        return std::string();  // the throw's line is his side's (raid.cpp, ensure_craft)
    }
    Ctx c{e, s, me, dice, craft};
    OverrideResult r;
    if (action == "move") r = move_names(e, s, me, body, dice, craft);
    else if (action == "move_heidman") r = move_heidman(c, body);
    else if (action == "conceal") r = conceal(c, body);
    else if (action == "detect") r = detect(c, body);
    else if (action == "dismount" || action == "remount") r = mount(c, body, action == "remount");
    else if (action == "rally") r = rally(c, body);
    else r = spring(c, body);
    // What a heidman spends in secret (his craft, his ambushes, his searches) is his side's to read; what he
    // does in the open, everyone's (a line naming a name in ambush is sealed to its side all the same).
    if (std::holds_alternative<Error>(r)) return r;
    if (auto* text = std::get_if<std::string>(&r); text && !text->empty()) {
        const bool secret = action == "conceal" || action == "detect";
        json details = {{"leader", me.id}};
        if (body.contains("unit") && body["unit"].is_number_integer()) details["unit"] = body["unit"];
        log_line(e, *text + ".", details, secret ? me.side : "");
    }
    return std::string();
}

}  // namespace muster::reivers
