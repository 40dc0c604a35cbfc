#include "shared/rulesets/reivers/raid.h"

#include <algorithm>

#include "shared/battle/geometry.h"

namespace muster::reivers {

using nlohmann::json;

// --- names ---

NameType type_of(const Unit& u) { return name_type_from(u.troop_type).value_or(NameType::rider); }

bool is_mounted(const Unit& u) {
    const NameType t = type_of(u);
    if (t == NameType::herd || t == NameType::wagon) return true;
    return u.values.is_object() && u.values.value("mounted", false);
}

bool is_fleeing(const Unit& u) { return u.marker("fleeing") > 0; }

int fyrebrand_of(const Unit& u) {
    int base = u.values.is_object() ? u.values.value("fyrebrand", 3) : 3;
    return base + u.marker("fyrebrand_up");
}

std::int64_t heidman_of(const Unit& u) {
    return u.values.is_object() && u.values.contains("heidman") && u.values["heidman"].is_number_integer()
               ? u.values["heidman"].get<std::int64_t>() : 0;
}

bool on_table(const Unit& u) { return !u.removed && fights(type_of(u)); }

void show(Unit& u) {
    u.concealed = false;
    u.markers.erase("concealment");
}

// --- heidmen ---

int leader_fyrebrand(const Leader& l) { return l.values.is_object() ? l.values.value("fyrebrand", 3) : 3; }

Craft leader_craft(const Leader& l) {
    return craft_from(l.values.is_object() ? l.values.value("craft", "average") : "average").value_or(Craft::average);
}

bool heidman_down(const Leader& l) {
    const std::string fate = l.values.is_object() ? l.values.value("fate", "") : "";
    return fate == "dead" || fate == "captured";
}

// --- the bound ---

std::string side_of_bound(const BattleEntry& e, const ReiversSettings& s, std::int64_t bound) {
    const auto& sides = e.battle.sides;
    if (sides.empty()) return "";
    std::size_t first = 0;
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].id == s.first_side) first = i;
    const std::size_t turn = bound > 0 ? static_cast<std::size_t>(bound - 1) : 0;
    return sides[(first + turn) % sides.size()].id;
}

std::string active_side(const BattleEntry& e, const ReiversSettings& s) { return side_of_bound(e, s, e.battle.turn); }

std::vector<const Leader*> bound_order(const BattleEntry& e, const std::string& side) {
    std::vector<const Leader*> out;
    for (const auto& [id, l] : e.battle.leaders)
        if (l.side == side && !heidman_down(l)) out.push_back(&l);
    std::stable_sort(out.begin(), out.end(),
                     [](const Leader* a, const Leader* b) { return leader_fyrebrand(*a) < leader_fyrebrand(*b); });
    return out;
}

std::optional<std::string> why_not_now(const BattleEntry& e, const ReiversSettings& s, const Leader& l) {
    if (heidman_down(l)) return l.name + " is " + l.values.value("fate", "down") + " and gives no orders.";
    if (e.status == "setup") return std::string("The raid has not begun.");
    if (e.status == "ended") return std::string("The raid is over.");
    if (e.status != "cards") return std::string("The bound is being resolved.");
    const std::string side = active_side(e, s);
    if (l.side != side) {
        const auto* sd = e.battle.side(side);
        return "It is the " + (sd ? sd->name : side) + " bound.";
    }
    // border-reivers.txt: "side 1 has his lowest fyrebrand heidman move ... then his next lowest".
    const auto& box = e.battle.boxes.count("bound") ? e.battle.boxes.at("bound") : battle::SealedBox{};
    for (const Leader* other : bound_order(e, side)) {
        if (leader_fyrebrand(*other) >= leader_fyrebrand(l)) break;
        if (other->user != 0 && !box.items.count(other->user))
            return other->name + " (fyrebrand " + std::to_string(leader_fyrebrand(*other)) + ") acts first.";
    }
    if (l.user != 0 && box.items.count(l.user)) return l.name + " has finished this bound.";
    return std::nullopt;
}

// --- terrain ---

bool has_table(const TerrainFeature& f) { return terrain_kind_from(f.kind).has_value(); }

std::vector<const TerrainFeature*> features_at(const battle::Battle& b, Point p) {
    std::vector<const TerrainFeature*> out;
    for (const auto& f : b.terrain)
        if (battle::inside(f.shape, p)) out.push_back(&f);
    return out;
}

std::optional<int> terrain_roll(const BattleEntry& e, std::int64_t feature) {
    const json& t = e.data.value("terrain", json::object());
    auto it = t.find(std::to_string(feature));
    if (it == t.end() || !it->contains("roll")) return std::nullopt;
    return it->at("roll").get<int>();
}

bool side_knows(const BattleEntry& e, std::int64_t feature, const std::string& side) {
    const json& t = e.data.value("terrain", json::object());
    auto it = t.find(std::to_string(feature));
    if (it == t.end()) return false;
    for (const auto& k : it->value("known_to", json::array()))
        if (k == side) return true;
    return false;
}

bool enter(BattleEntry& e, const TerrainFeature& f, const std::string& side, Dice& dice) {
    if (!has_table(f) || side_knows(e, f.id, side)) return false;
    if (!e.data.contains("terrain") || !e.data["terrain"].is_object()) e.data["terrain"] = json::object();
    json& entry = e.data["terrain"][std::to_string(f.id)];
    // border-reivers.txt: "upon entering a new terrain area, roll 1d6"; "When the other side moves into a new
    // terrain area, the terrain effect rolled is revealed."
    if (!entry.contains("roll")) entry = {{"roll", dice.d6()}, {"known_to", json::array()}};
    entry["known_to"].push_back(side);
    entry["learned"][side] = e.battle.turn;  // the replay shows a roll only from the turn its side learned it
    return true;
}

TerrainEffect true_effect(const BattleEntry& e, const ReiversSettings& s, const TerrainFeature& f) {
    auto kind = terrain_kind_from(f.kind);
    auto roll = terrain_roll(e, f.id);
    if (!kind || !roll) return TerrainEffect{};
    return terrain_effect(*kind, *roll, s.unnamed_type == "unaffected");
}

TerrainEffect known_effect(const BattleEntry& e, const ReiversSettings& s, const TerrainFeature& f,
                           const std::string& side) {
    return side_knows(e, f.id, side) ? true_effect(e, s, f) : TerrainEffect{};
}

namespace {
int cover_rank(const std::string& c) { return c == "high" ? 3 : c == "medium" ? 2 : c == "low" ? 1 : 0; }
}  // namespace

double paces_to_feature(const Unit& u, const TerrainFeature& f) {
    const std::vector<Point> body = battle::footprint(u).corners();
    const battle::Shape& sh = f.shape;
    if (sh.kind == battle::Shape::Kind::circle) return std::max(0.0, battle::distance_to_polygon(body, sh.centre) - sh.radius);
    if (sh.kind == battle::Shape::Kind::polygon) return battle::polygon_distance(body, sh.points);
    double best = 1e18;
    for (std::size_t i = 0; i + 1 < sh.points.size(); ++i) {
        if (battle::distance_to_polygon(body, sh.points[i]) == 0) return 0;
        for (std::size_t k = 0; k < body.size(); ++k)
            best = std::min(best, battle::segment_distance(sh.points[i], sh.points[i + 1], body[k], body[(k + 1) % body.size()]));
    }
    return std::max(0.0, best - sh.width / 2);
}

std::string cover_of(const BattleEntry& e, const ReiversSettings& s, const Unit& u) {
    std::string best = cover_at(e, s, u.position);
    if (is_mounted(u)) return best;
    // "Terrain marked as impassable may be manned at the edge, by foot."
    for (const auto& f : e.battle.terrain) {
        const TerrainEffect eff = true_effect(e, s, f);
        if (eff.impassable && cover_rank(eff.cover) > cover_rank(best) && paces_to_feature(u, f) <= s.contact_paces + battle::epsilon)
            best = eff.cover;
    }
    return best;
}

std::string cover_at(const BattleEntry& e, const ReiversSettings& s, Point p) {
    auto rank = cover_rank;
    std::string best;
    for (const TerrainFeature* f : features_at(e.battle, p)) {
        std::string c = true_effect(e, s, *f).cover;
        if (rank(c) > rank(best)) best = c;
    }
    return best;
}

bool poor_ground_for_mounted(const BattleEntry& e, const ReiversSettings& s, Point p) {
    for (const TerrainFeature* f : features_at(e.battle, p))
        if (true_effect(e, s, *f).mounted_speed < 1) return true;
    return false;
}

// --- craft ---

json craft_entry(const BattleEntry& e, std::int64_t leader) {
    const json& c = e.data.value("craft", json::object());
    auto it = c.find(std::to_string(leader));
    return it == c.end() ? json(nullptr) : *it;
}

json& ensure_craft(BattleEntry& e, const Leader& l, Dice& dice) {
    if (!e.data.contains("craft") || !e.data["craft"].is_object()) e.data["craft"] = json::object();
    json& entry = e.data["craft"][std::to_string(l.id)];
    if (entry.is_null()) {
        // border-reivers.txt, craft: "This is thrown for at the start of each bound".
        const Craft c = leader_craft(l);
        const int rolled = roll_craft(c, dice);
        entry = {{"craft", to_string(c)}, {"rolled", rolled}, {"left", rolled}, {"road_used", false}};
        log_line(e, l.name + " throws " + std::to_string(rolled) + " craft for the bound (" + to_string(c) + ").",
                 {{"leader", l.id}, {"craft", rolled}}, l.side);
    }
    return entry;
}

void throw_bound_craft(BattleEntry& e, const ReiversSettings& s, const std::string& side, Dice& dice) {
    if (s.craft_thrown != "bound_start") return;
    for (const Leader* l : bound_order(e, side)) ensure_craft(e, *l, dice);
}

// --- distances ---

double paces_between(const Unit& a, const Unit& b) { return battle::distance_between(a, b); }

bool in_contact(const ReiversSettings& s, const Unit& a, const Unit& b) {
    return battle::distance_between(a, b) <= s.contact_paces + battle::epsilon;
}

std::vector<Unit*> enemies_in_contact(BattleEntry& e, const ReiversSettings& s, const Unit& u) {
    std::vector<Unit*> out;
    for (auto& [id, other] : e.battle.units)
        if (other.side != u.side && on_table(other) && in_contact(s, u, other)) out.push_back(&other);
    std::stable_sort(out.begin(), out.end(),
                     [&](const Unit* a, const Unit* b) { return paces_between(u, *a) < paces_between(u, *b); });
    return out;
}

bool feuding(const BattleEntry& e, const Unit& u, const Unit& enemy) {
    for (const auto& f : e.data.value("feuds", json::array()))
        if (f.value("by", std::int64_t{0}) == u.id)
            for (const auto& t : f.value("against", json::array()))
                if (t == enemy.id) return true;
    return false;
}

void log_line(BattleEntry& e, const std::string& text, json details, const std::string& side) {
    battle::LogEntry l;
    l.turn = e.battle.turn;
    l.phase = e.battle.phase;
    l.text = text;
    l.details = std::move(details);
    if (side == "umpire") l.audience = battle::LogEntry::Audience::umpire;
    else if (!side.empty()) l.audience = battle::LogEntry::Audience::side, l.side = side;
    e.battle.log.push_back(std::move(l));
}

}  // namespace muster::reivers
