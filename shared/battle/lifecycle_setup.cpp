// The set-up commands of the battle life cycle: battle.create, battle.place / battle.remove, battle.settings,
// battle.start (docs/protocol.md, "Battles").
#include <algorithm>

#include "shared/battle/lifecycle_internal.h"
#include "shared/battle/piece_input.h"
#include "shared/battle/registry.h"
#include "shared/core/fields.h"

namespace muster::battle::detail {

using nlohmann::json;

namespace {

// A terrain feature from a command, a new one numbered after the battle's others; known to every side
// unless the umpire names the sides that know it.
std::optional<Error> read_feature(json j, const Battle& b, TerrainFeature& out) {
    if (j.is_object() && !j.contains("id")) {
        std::int64_t next = 1;
        for (const auto& f : b.terrain) next = std::max(next, f.id + 1);
        j["id"] = next;
    }
    if (auto e = read_terrain(j, out)) return e;
    if (!j.is_object() || !j.contains("known_to")) {
        out.known_to.clear();
        for (const auto& s : b.sides) out.known_to.push_back(s.id);
    }
    for (const auto& s : out.known_to)
        if (!b.side(s)) return bad_request("No side \"" + s + "\" in this battle (known_to).");
    return std::nullopt;
}

// A new piece's id: counted when it is placed in sight, from the nonce when placed concealed.
json with_id(json j, bool unit, const Battle& b, std::uint64_t nonce) {
    if (!j.is_object() || j.contains("id")) return j;
    const bool concealed = j.value("concealed", false) == true;
    j["id"] = unit ? next_unit_id(b, concealed, nonce) : next_leader_id(b, concealed, nonce);
    return j;
}

constexpr double table_size_max = 100000;

std::optional<Error> read_sides_and_table(const json& b, Battle& battle) {
    if (b.contains("table")) {
        try {
            battle.table = b.at("table").get<Table>();
        } catch (const json::exception&) {
            return bad_request("The table is {width, depth, measure}.");
        }
        // Any table a club lays out, in cm or paces (Border Reivers' 1,500 x 1,000), and none the geometry cannot hold.
        const auto size_ok = [](double v) { return v > 0 && v <= table_size_max; };
        if (!size_ok(battle.table.width) || !size_ok(battle.table.depth))
            return bad_request("The table's width and depth must be more than 0 and at most 100000.");
    }
    if (!b.contains("sides") || !b["sides"].is_array() || b["sides"].size() < 2 || b["sides"].size() > 20)
        return bad_request("A battle needs two sides or more: [{\"id\", \"name\"}].");
    for (const auto& side : b["sides"])
        if (auto e = check_piece_input(side, PieceKind::side, true, {})) return e;
    try {
        battle.sides = b.at("sides").get<std::vector<Side>>();
    } catch (const json::exception&) {
        return bad_request("A side is {\"id\", \"name\"}.");
    }
    return std::nullopt;
}

// The pieces of a new battle: terrain, leaders, units (a unit may carry "from_regiment": the colonel whose
// regiment it is, which the campaign's bridge adds).
std::optional<Error> read_pieces(const json& b, const RuleSet& rules, const Context& x, BattleEntry& entry) {
    Battle& battle = entry.battle;
    const std::uint64_t nonce = x.nonce;
    for (const char* key : {"terrain", "leaders", "units"})
        if (b.contains(key) && (!b[key].is_array() || b[key].size() > 500))
            return bad_request(std::string("\"") + key + "\" is a list (at most 500).");
    for (const auto& tj : b.value("terrain", json::array())) {
        if (auto e = check_piece_input(tj, PieceKind::terrain, true, x.members)) return e;
        TerrainFeature f;
        if (auto e = read_feature(tj, battle, f)) return e;
        for (const auto& other : battle.terrain)
            if (other.id == f.id) return bad_request("Two terrain features have the same id.");
        battle.terrain.push_back(f);
    }
    std::uint64_t k = 0;
    for (const auto& lj : b.value("leaders", json::array())) {
        if (auto e = check_piece_input(lj, PieceKind::leader, true, x.members)) return e;
        Leader l;
        if (auto e = rules.read_leader(with_id(lj, false, battle, nonce + k++), battle, l)) return e;
        if (battle.leaders.count(l.id)) return bad_request("Two leaders have the same id.");
        battle.leaders[l.id] = l;
    }
    for (auto uj : b.value("units", json::array())) {
        if (auto e = check_piece_input(uj, PieceKind::unit, true, x.members)) return e;
        std::int64_t colonel = 0;
        if (uj.is_object() && uj.contains("from_regiment")) {
            colonel = uj["from_regiment"].get<std::int64_t>();
            uj.erase("from_regiment");
        }
        Unit u;
        if (auto e = rules.read_unit(with_id(uj, true, battle, nonce + k++), battle, u)) return e;
        if (battle.units.count(u.id)) return bad_request("Two units have the same id.");
        battle.units[u.id] = u;
        if (colonel) entry.regiment_of[u.id] = colonel;
    }
    return std::nullopt;
}

}  // namespace

Decision decide_create(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice&) {
    if (auto e = umpire_check(x, v, "set up a battle")) return *e;
    json b = c.body;
    if (!b.is_object()) return bad_request("The body must be an object.");
    if (auto e = expand_scenario(s, b)) return *e;
    BattleEntry entry;
    Battle& battle = entry.battle;
    battle.id = s.battles.empty() ? 1 : s.battles.rbegin()->first + 1;
    battle.campaign = x.campaign;
    battle.ruleset = "oth";
    if (auto e = read_optional_string(b, "ruleset", 20, battle.ruleset)) return *e;
    const RuleSet* rules = find_ruleset(battle.ruleset);
    if (!rules) return bad_request("ruleset: there is no rule set \"" + battle.ruleset + "\".");
    battle.phase = "setup";
    if (auto e = read_string(b, "name", 1, name_max, battle.name)) return *e;
    if (auto e = read_sides_and_table(b, battle)) return *e;
    entry.settings = rules->default_settings();
    if (b.contains("settings")) {
        auto m = rules->merge_settings(entry.settings, b["settings"]);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        entry.settings = std::get<json>(m);
    }
    if (auto e = read_pieces(b, *rules, x, entry)) return *e;
    // A battle that carries on from an ended one of its book (a string of raids).
    if (b.contains("carry_from")) {
        std::int64_t from = 0;
        if (auto e = read_id(b, "carry_from", from)) return *e;
        auto it = s.battles.find(from);
        if (it == s.battles.end() || it->second.status != "ended" || it->second.battle.ruleset != battle.ruleset)
            return not_found("There is no ended battle " + std::to_string(from) + " of this rule set to carry on from.");
        rules->carry(it->second, entry);
    }
    if (auto e = refuse_concealment(*rules, Battle{}, battle)) return *e;
    json body = {{"battle", battle}, {"settings", entry.settings}, {"regiment_of", entry.regiment_of}};
    if (!entry.data.empty()) body["data"] = entry.data;
    return std::vector<Event>{make_event("battle.created", v, std::move(body))};
}

namespace {

// A place command may name an existing piece by id and give only what changes: the rest is kept.
template <class Pieces>
json merged_with_existing(const json& given, const Pieces& existing) {
    if (!given.is_object()) return given;
    auto id = given.find("id");
    if (id == given.end() || !id->is_number_integer()) return given;
    auto it = existing.find(id->get<std::int64_t>());
    if (it == existing.end()) return given;
    json whole = it->second;
    whole.merge_patch(given);
    return whole;
}

// Places a unit or leader (a new one, or changes to the one its id names) or removes one, `read` checking
// what is placed. `piece` is set to the piece placed or removed, as it stood.
template <class Pieces, class Reader>
std::optional<Error> place_or_remove(const json& body, const char* key, bool remove, Pieces& pieces, Reader read,
                                     typename Pieces::mapped_type& piece, const std::set<std::int64_t>& members) {
    if (remove) {
        std::int64_t id = 0;
        if (auto err = read_id(body, key, id)) return err;
        auto it = pieces.find(id);
        if (it == pieces.end()) return not_found(std::string("No such ") + key + ".");
        piece = it->second;
        pieces.erase(it);
        return std::nullopt;
    }
    const json& given = body.at(key);
    const auto id = given.is_object() && given.contains("id") ? int_value(given["id"]) : std::nullopt;
    const bool is_new = !id || !pieces.count(*id);
    const auto kind = std::string(key) == "unit" ? PieceKind::unit : PieceKind::leader;
    if (auto err = check_piece_input(given, kind, is_new, members)) return err;
    if (auto err = read(merged_with_existing(given, pieces), piece)) return err;
    pieces[piece.id] = piece;
    return std::nullopt;
}

std::optional<Error> place_terrain(const json& body, bool remove, Battle& b) {
    auto& t = b.terrain;
    if (remove) {
        std::int64_t id = 0;
        if (auto err = read_id(body, "terrain", id)) return err;
        auto it = std::find_if(t.begin(), t.end(), [&](const auto& f) { return f.id == id; });
        if (it == t.end()) return not_found("No such terrain feature.");
        t.erase(it);
        return std::nullopt;
    }
    TerrainFeature f;
    json given = body["terrain"];
    const auto id = given.is_object() && given.contains("id") ? int_value(given["id"]) : std::nullopt;
    const bool is_new = !id || std::none_of(t.begin(), t.end(), [&](const auto& x) { return x.id == *id; });
    if (auto err = check_piece_input(given, PieceKind::terrain, is_new, {})) return err;
    if (given.is_object() && given.contains("id") && given["id"].is_number_integer()) {
        auto it = std::find_if(t.begin(), t.end(), [&](const auto& x) { return x.id == given["id"].get<std::int64_t>(); });
        if (it != t.end()) {
            json whole = *it;
            whole.merge_patch(given);
            given = whole;
        }
    }
    if (auto err = read_feature(given, b, f)) return err;
    auto it = std::find_if(t.begin(), t.end(), [&](const auto& x) { return x.id == f.id; });
    if (it == t.end()) t.push_back(f);
    else *it = f;
    return std::nullopt;
}

}  // namespace

Decision decide_place(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice&) {
    if (auto e = umpire_check(x, v, "place units, leaders and terrain")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has ended.");
    std::string reason;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    if (be->playing() && reason.empty()) return bad_request("During play a change needs a reason for the log.");
    const RuleSet& rules = ruleset_of(*be);
    BattleEntry e = copy_for_step(*be);
    const bool remove = c.type == "battle.remove";
    bool secret = false;
    std::string side;
    if (c.body.contains("unit")) {
        auto read = [&](const json& j, Unit& u) { return rules.read_unit(with_id(j, true, e.battle, x.nonce), e.battle, u); };
        Unit u;
        if (auto err = place_or_remove(c.body, "unit", remove, e.battle.units, read, u, x.members)) return *err;
        secret = u.concealed || (!remove && be->battle.unit(u.id) && be->battle.unit(u.id)->concealed);
        side = u.side;
    } else if (c.body.contains("leader")) {
        auto read = [&](const json& j, Leader& l) { return rules.read_leader(with_id(j, false, e.battle, x.nonce), e.battle, l); };
        Leader l;
        if (auto err = place_or_remove(c.body, "leader", remove, e.battle.leaders, read, l, x.members)) return *err;
        secret = l.concealed || (!remove && be->battle.leader(l.id) && be->battle.leader(l.id)->concealed);
        side = l.side;
    } else if (c.body.contains("terrain")) {
        if (auto err = place_terrain(c.body, remove, e.battle)) return *err;
    } else {
        return bad_request("Name a \"unit\", a \"leader\" or a \"terrain\" feature.");
    }
    if (auto err = refuse_concealment(rules, be->battle, e.battle)) return *err;
    if (!reason.empty()) {
        // The umpire's reason for a concealed piece is for its side: it may say where the ambush lies.
        LogEntry l;
        l.turn = e.battle.turn;
        l.phase = e.battle.phase;
        l.text = "The umpire " + std::string(remove ? "removes" : "places") + " a piece: " + reason;
        if (secret) l.audience = LogEntry::Audience::side, l.side = side;
        e.battle.log.push_back(l);
    }
    json body = snapshot(e, 0);
    body["reason"] = reason;
    return std::vector<Event>{make_event(remove ? "battle.removed" : "battle.placed", v, std::move(body))};
}

// An army drawn by the book's generator (docs/protocol.md, "battle.generate"): its pieces placed as battle.place
// would, each die in the event and in a line for the umpires (the army may be a scenario's secret).
Decision decide_generate(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "draw an army")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status != "setup") return wrong_phase("Armies are drawn while the battle is set up.");
    const RuleSet& rules = ruleset_of(*be);
    Dice& d = battle_dice(dice, be->battle.id);
    auto drawn = rules.generate(*be, c.body, d);
    if (auto* err = std::get_if<Error>(&drawn)) return *err;
    const json& pieces = std::get<json>(drawn);
    BattleEntry e = copy_for_step(*be);
    for (const auto& j : pieces.value("leaders", json::array())) {
        Leader l;
        if (auto err = rules.read_leader(with_id(j, false, e.battle, x.nonce), e.battle, l)) return *err;
        e.battle.leaders[l.id] = l;
    }
    for (const auto& j : pieces.value("units", json::array())) {
        Unit u;
        if (auto err = rules.read_unit(with_id(j, true, e.battle, x.nonce), e.battle, u)) return *err;
        e.battle.units[u.id] = u;
    }
    if (auto err = refuse_concealment(rules, be->battle, e.battle)) return *err;
    for (const auto& line : pieces.value("lines", json::array())) {
        LogEntry l;
        l.turn = e.battle.turn;
        l.phase = "setup";
        l.text = line.value("text", "");
        l.details = line.value("details", json::object());
        l.audience = LogEntry::Audience::umpire;
        e.battle.log.push_back(l);
    }
    Event ev = make_event("battle.generated", v, snapshot(e, 0));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

Decision decide_settings(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice&) {
    if (auto e = umpire_check(x, v, "change a battle's settings")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has ended.");
    if (!c.body.contains("settings")) return bad_request("Give the \"settings\" to change.");
    auto m = ruleset_of(*be).merge_settings(be->settings, c.body["settings"]);
    if (auto* e = std::get_if<Error>(&m)) return *e;
    return std::vector<Event>{
        make_event("battle.settings_changed", v, {{"battle", be->battle.id}, {"settings", std::get<json>(m)}})};
}

Decision decide_start(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "start a battle")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status != "setup") return conflict("This battle has already started.");
    if (be->players().empty()) return conflict("No player has a leader figure in this battle yet.");
    // The book's start (secret terrain rolls...) rides in the event whole, so apply never rolls.
    Dice& d = battle_dice(dice, be->battle.id);
    BattleEntry next = copy_for_step(*be);
    ruleset_of(*be).start(next, d);
    json body = {{"battle", be->battle.id}};
    if (next.data != be->data || next.battle.units != be->battle.units || next.battle.log.size() > 0) {
        seal_lines(next.battle, 0, ruleset_of(next));
        body = snapshot(next, 0);
    }
    Event ev = make_event("battle.started", v, std::move(body));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

}  // namespace muster::battle::detail
