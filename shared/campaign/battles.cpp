#include "shared/campaign/battles.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <unordered_map>

#include "shared/battle/battle_view.h"
#include "shared/battle/geometry.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/regiment.h"
#include "shared/core/fields.h"
#include "shared/rulesets/oth/battle_turn.h"
#include "shared/rulesets/oth/hints.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/order_card.h"
#include "shared/rulesets/oth/reaction_test.h"
#include "shared/rulesets/oth/records.h"
#include "shared/rulesets/oth/tension_points.h"
#include "shared/rulesets/oth/troop_type.h"

// The battles' commands, events and views. A turn: the cards are revealed (battle.turn_closed: talk channels
// open), then the six steps of shared/rulesets/oth/battle_turn.h run one by one (battle.step_resolved). Each
// step is one event whose body holds the battle's units, leaders, tallies and facts whole afterwards and the
// log lines it wrote, so apply() never rolls and replay is exact.

namespace muster::campaign::battles {

using nlohmann::json;
using battle::Battle;
using battle::Leader;
using battle::LogEntry;
using battle::Point;
using battle::Unit;

namespace {

constexpr std::size_t talk_max = 1000;

}  // namespace

std::vector<std::int64_t> BattleEntry::players() const {
    std::set<std::int64_t> users;
    for (const auto& [id, l] : battle.leaders)
        if (l.user != 0) users.insert(l.user);
    return {users.begin(), users.end()};
}

bool BattleEntry::is_player(std::int64_t user) const {
    if (user == 0) return false;
    if (battle.leader_of(user)) return true;
    for (const auto& [id, u] : battle.units)
        if (u.owner == user) return true;
    return false;
}

const std::vector<std::string>& steps() { return oth::steps(); }

namespace {

using oth::apply_result;
using oth::drill;
using oth::effectiveness;
using oth::impose;
using oth::leader_down;
using oth::musketry_of;
using oth::nearest_enemy;
using oth::reveal;
using oth::run_step;
using oth::test_unit;
using oth::tp_marker;
using oth::unit_label;

// The turn's working parts of a battle entry (a copy the caller keeps).
oth::Turn turn_of(BattleEntry& e, Dice& dice) { return oth::Turn{e.battle, e.settings, e.tallies, e.facts, dice}; }

// --- event bodies ---

json tallies_json(const BattleEntry& e) {
    json j = json::object();
    for (const auto& [id, r] : e.tallies)
        j[std::to_string(id)] = {{"times_ran_away", r.times_ran_away},
                                 {"turns_of_musketry_received", r.turns_of_musketry_received},
                                 {"turns_fired_on_by_cannon", r.turns_fired_on_by_cannon}};
    return j;
}

// The battle's moving parts after a change, whole, and the log lines written since `log_before`.
json snapshot(const BattleEntry& e, std::size_t log_before) {
    json units = json::array(), leaders = json::array();
    for (const auto& [id, u] : e.battle.units) units.push_back(u);
    for (const auto& [id, l] : e.battle.leaders) leaders.push_back(l);
    json log = json::array();
    for (std::size_t i = log_before; i < e.battle.log.size(); ++i) log.push_back(e.battle.log[i]);
    return {{"battle", e.battle.id}, {"units", units}, {"leaders", leaders}, {"terrain", e.battle.terrain},
            {"tallies", tallies_json(e)}, {"facts", e.facts}, {"log", log}, {"regiment_of", e.regiment_of}};
}

void apply_snapshot(BattleEntry& e, const json& b) {
    if (b.contains("units")) {
        e.battle.units.clear();
        for (const auto& u : b.at("units")) {
            Unit unit = u.get<Unit>();
            e.battle.units[unit.id] = std::move(unit);
        }
    }
    if (b.contains("leaders")) {
        e.battle.leaders.clear();
        for (const auto& l : b.at("leaders")) {
            Leader leader = l.get<Leader>();
            e.battle.leaders[leader.id] = std::move(leader);
        }
    }
    if (b.contains("terrain")) e.battle.terrain = b.at("terrain").get<std::vector<battle::TerrainFeature>>();
    if (b.contains("tallies")) {
        e.tallies.clear();
        for (const auto& [k, r] : b.at("tallies").items())
            e.tallies[std::stoll(k)] = oth::BattleRecord{r.at("times_ran_away").get<int>(),
                                                         r.at("turns_of_musketry_received").get<int>(),
                                                         r.at("turns_fired_on_by_cannon").get<int>()};
    }
    if (b.contains("facts")) e.facts = b.at("facts");
    if (b.contains("regiment_of")) e.regiment_of = b.at("regiment_of").get<std::map<std::int64_t, std::int64_t>>();
    if (b.contains("log"))
        for (const auto& l : b.at("log")) e.battle.log.push_back(l.get<LogEntry>());
}

// Applies one battle event to an entry (the pure half of apply; `at` is the event's time).
void apply_to(BattleEntry& e, const Event& ev);

// --- decide helpers ---

using Decision = std::variant<Error, std::vector<Event>>;

std::optional<Error> umpire_check(const CampaignState& s, const Viewer& v, const char* what) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    if (s.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

std::optional<Error> find_battle(const CampaignState& s, const json& body, const BattleEntry*& out) {
    std::int64_t id = 0;
    if (auto e = read_id(body, "battle", id)) return e;
    auto it = s.battles.battles.find(id);
    if (it == s.battles.battles.end()) return not_found("There is no battle " + std::to_string(id) + ".");
    out = &it->second;
    return std::nullopt;
}

Error wrong_phase(const std::string& msg) { return Error{"wrong_phase", msg}; }

std::int64_t next_unit_id(const Battle& b) { return b.units.empty() ? 1 : b.units.rbegin()->first + 1; }
std::int64_t next_leader_id(const Battle& b) { return b.leaders.empty() ? 1 : b.leaders.rbegin()->first + 1; }

// A unit from a command: ids, sizes and a non-played battalion's ratings filled in where left out
// (over-the-hills.txt, "Regimental Characteristics": "A typical non-played battalion (NPB) will have the
// ratings D2 : M2 : E2").
std::optional<Error> read_oth_unit(json j, const Battle& b, Unit& out) {
    if (!j.is_object()) return bad_request("A unit must be an object.");
    if (!j.contains("id")) j["id"] = next_unit_id(b);
    if (!j.contains("bases")) j["bases"] = 4;
    if (!j.contains("base_width")) j["base_width"] = 4.0;
    if (!j.contains("base_depth")) j["base_depth"] = 2.0;
    if (!j.contains("troop_type")) j["troop_type"] = "formed_infantry";
    if (!j.contains("values") || !j["values"].is_object()) j["values"] = json::object();
    for (const char* k : {"drill", "musketry", "effectiveness"})
        if (!j["values"].contains(k)) j["values"][k] = 2;
    if (auto e = battle::read_unit(j, out)) return e;
    if (!oth::troop_type_from_name(out.troop_type))
        return bad_request("A troop type is horse, formed_infantry, militia, irregulars or gunners.");
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
    for (const char* k : {"drill", "musketry", "effectiveness"}) {
        auto& v = out.values[k];
        if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > 6)
            return bad_request(std::string("A unit's ") + k + " is 1 to 6.");
    }
    if (!out.markers.count(tp_marker)) out.markers[tp_marker] = 0;
    return std::nullopt;
}

// A terrain feature from a command, a new one numbered after the battle's others.
std::optional<Error> read_oth_terrain(json j, const Battle& b, battle::TerrainFeature& out) {
    if (j.is_object() && !j.contains("id")) {
        std::int64_t next = 1;
        for (const auto& f : b.terrain) next = std::max(next, f.id + 1);
        j["id"] = next;
    }
    return battle::read_terrain(j, out);
}

std::optional<Error> read_oth_leader(json j, const Battle& b, Leader& out) {
    if (!j.is_object()) return bad_request("A leader must be an object.");
    if (!j.contains("id")) j["id"] = next_leader_id(b);
    try {
        out = j.get<Leader>();
    } catch (const json::exception& e) {
        return bad_request(std::string("That leader is not valid: ") + e.what());
    }
    if (!b.side(out.side)) return bad_request("No side \"" + out.side + "\" in this battle.");
    if (out.user != 0)
        for (const auto& [id, l] : b.leaders)
            if (l.user == out.user && l.id != out.id) return conflict("That player already has a leader figure here.");
    return std::nullopt;
}

Decision decide_create(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_check(s, v, "set up a battle")) return *e;
    const json& b = c.body;
    BattleEntry entry;
    Battle& battle = entry.battle;
    battle.id = s.battles.battles.empty() ? 1 : s.battles.battles.rbegin()->first + 1;
    battle.campaign = s.id;
    battle.ruleset = "oth";
    battle.phase = "setup";
    if (auto e = read_string(b, "name", 1, name_max, battle.name)) return *e;
    if (b.contains("table")) {
        try {
            battle.table = b.at("table").get<battle::Table>();
        } catch (const json::exception&) {
            return bad_request("The table is {width, depth, measure}.");
        }
        if (!(battle.table.width > 0 && battle.table.depth > 0)) return bad_request("The table's width and depth must be more than 0.");
    }
    if (!b.contains("sides") || !b["sides"].is_array() || b["sides"].size() < 2)
        return bad_request("A battle needs two sides or more: [{\"id\", \"name\"}].");
    try {
        battle.sides = b.at("sides").get<std::vector<battle::Side>>();
    } catch (const json::exception&) {
        return bad_request("A side is {\"id\", \"name\"}.");
    }
    if (b.contains("settings")) {
        auto m = merged(entry.settings, b["settings"]);
        if (auto* e = std::get_if<Error>(&m)) return *e;
        entry.settings = std::get<BattleSettings>(m);
    }
    for (const auto& tj : b.value("terrain", json::array())) {
        battle::TerrainFeature f;
        if (auto e = read_oth_terrain(tj, battle, f)) return *e;
        for (const auto& other : battle.terrain)
            if (other.id == f.id) return bad_request("Two terrain features have the same id.");
        battle.terrain.push_back(f);
    }
    for (const auto& lj : b.value("leaders", json::array())) {
        Leader l;
        if (auto e = read_oth_leader(lj, battle, l)) return *e;
        battle.leaders[l.id] = l;
    }
    for (const auto& uj : b.value("units", json::array())) {
        Unit u;
        if (auto e = read_oth_unit(uj, battle, u)) return *e;
        if (battle.units.count(u.id)) return bad_request("Two units have the same id.");
        battle.units[u.id] = u;
    }
    // Regiments bring "their current Drill, Musketry and Effectiveness and four bases" (issue 4).
    for (const auto& rj : b.value("from_regiments", json::array())) {
        json r = rj.is_number_integer() ? json{{"colonel", rj}} : rj;
        if (!r.is_object() || !r.contains("colonel") || !r["colonel"].is_number_integer())
            return bad_request("from_regiments lists colonels' user ids or {\"colonel\", \"side\", ...}.");
        auto user = r["colonel"].get<std::int64_t>();
        const auto* col = s.year.colonel(user);
        if (!col || !col->regiment) return not_found("Colonel " + std::to_string(user) + " has no regiment.");
        const auto& reg = *col->regiment;
        json uj = {{"side", r.value("side", battle.sides.front().id)},
                   {"owner", user},
                   {"name", reg.name},
                   {"troop_type", "formed_infantry"},
                   {"bases", 4},
                   {"position", r.value("position", json::array({battle.table.width / 2, battle.table.depth / 2}))},
                   {"facing", r.value("facing", 0.0)},
                   {"formation", r.value("formation", std::string("line"))},
                   {"values", {{"drill", reg.drill}, {"musketry", reg.musketry}, {"effectiveness", reg.effectiveness},
                               {"regiment", reg.number}}}};
        Unit u;
        if (auto e = read_oth_unit(uj, battle, u)) return *e;
        battle.units[u.id] = u;
        entry.regiment_of[u.id] = user;
        if (!battle.leader_of(user)) {
            Leader l;
            l.id = next_leader_id(battle);
            l.side = u.side;
            l.user = user;
            l.name = col->name;
            l.position = u.position;
            battle.leaders[l.id] = l;
        }
    }
    json body = {{"battle", battle}, {"settings", to_json(entry.settings)}, {"regiment_of", entry.regiment_of}};
    return std::vector<Event>{make_event("battle.created", v, std::move(body))};
}

bool playing(const BattleEntry& e) { return e.status == "cards" || e.status == "resolving"; }

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

// Places a unit or leader (a new one, or changes to the one its id names) or removes one (battle.place,
// battle.remove), `read` checking what is placed.
template <class Pieces, class Reader>
std::optional<Error> place_or_remove(const json& body, const char* key, bool remove, Pieces& pieces, Reader read) {
    if (remove) {
        std::int64_t id = 0;
        if (auto err = read_id(body, key, id)) return err;
        if (!pieces.erase(id)) return not_found(std::string("No such ") + key + ".");
        return std::nullopt;
    }
    typename Pieces::mapped_type piece;
    if (auto err = read(merged_with_existing(body.at(key), pieces), piece)) return err;
    pieces[piece.id] = piece;
    return std::nullopt;
}

Decision decide_place(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_check(s, v, "place units, leaders and terrain")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has ended.");
    std::string reason;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    if (playing(*be) && reason.empty()) return bad_request("During play a change needs a reason for the log.");
    BattleEntry e = *be;
    const std::size_t log_before = e.battle.log.size();
    const bool remove = c.type == "battle.remove";
    if (c.body.contains("unit")) {
        auto read = [&](const json& j, Unit& u) { return read_oth_unit(j, e.battle, u); };
        if (auto err = place_or_remove(c.body, "unit", remove, e.battle.units, read)) return *err;
    } else if (c.body.contains("leader")) {
        auto read = [&](const json& j, Leader& l) { return read_oth_leader(j, e.battle, l); };
        if (auto err = place_or_remove(c.body, "leader", remove, e.battle.leaders, read)) return *err;
    } else if (c.body.contains("terrain")) {
        auto& t = e.battle.terrain;
        if (remove) {
            std::int64_t id = 0;
            if (auto err = read_id(c.body, "terrain", id)) return *err;
            auto it = std::find_if(t.begin(), t.end(), [&](const auto& f) { return f.id == id; });
            if (it == t.end()) return not_found("No such terrain feature.");
            t.erase(it);
        } else {
            battle::TerrainFeature f;
            if (auto err = read_oth_terrain(c.body["terrain"], e.battle, f)) return *err;
            auto it = std::find_if(t.begin(), t.end(), [&](const auto& x) { return x.id == f.id; });
            if (it == t.end()) t.push_back(f);
            else *it = f;
        }
    } else {
        return bad_request("Name a \"unit\", a \"leader\" or a \"terrain\" feature.");
    }
    if (!reason.empty()) {
        LogEntry l;
        l.turn = e.battle.turn;
        l.phase = e.battle.phase;
        l.text = "The umpire " + std::string(remove ? "removes" : "places") + " a piece: " + reason;
        e.battle.log.push_back(l);
    }
    json body = snapshot(e, log_before);
    body["reason"] = reason;
    return std::vector<Event>{make_event(remove ? "battle.removed" : "battle.placed", v, std::move(body))};
}

Decision decide_settings(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_check(s, v, "change a battle's settings")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has ended.");
    if (!c.body.contains("settings")) return bad_request("Give the \"settings\" to change.");
    auto m = merged(be->settings, c.body["settings"]);
    if (auto* e = std::get_if<Error>(&m)) return *e;
    return std::vector<Event>{make_event("battle.settings_changed", v,
                                         {{"battle", be->battle.id}, {"settings", to_json(std::get<BattleSettings>(m))}})};
}

Decision decide_start(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_check(s, v, "start a battle")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status != "setup") return conflict("This battle has already started.");
    if (be->players().empty()) return conflict("No player has a leader figure in this battle yet.");
    return std::vector<Event>{make_event("battle.started", v, {{"battle", be->battle.id}})};
}

// The reveal and, with auto_run, every step after it, each decided on the state the previous leaves.
// A copy of the entry for a step to work on, without the log, the frames and the talk: a step only adds
// log lines (its event carries them) and reads none of these, and copying a long battle's log for every step
// made its turns slower with each turn.
BattleEntry copy_for_step(BattleEntry& e) {
    auto log = std::move(e.battle.log);
    auto history = std::move(e.battle.history);
    auto talk = std::move(e.talk);
    e.battle.log.clear();
    e.battle.history.clear();
    e.talk.clear();
    BattleEntry copy = e;
    e.battle.log = std::move(log);
    e.battle.history = std::move(history);
    e.talk = std::move(talk);
    return copy;
}

void close_and_resolve(BattleEntry e, const Viewer& v, Dice& dice, std::vector<Event>& out) {
    const auto& box = e.battle.boxes.at("cards");
    json cards = json::array();
    for (const auto& [user, sub] : box.items) cards.push_back({{"user", user}, {"side", sub.side}, {"item", sub.item}});
    // Talk channels: "those involved have to have their leader figures next to each other to be able to talk".
    json channels = json::array();
    for (const auto& c : cards) {
        const json& item = c["item"];
        if (item.value("card", "") != "talk") continue;
        const Leader* other = e.battle.leader(item.value("leader", std::int64_t{0}));
        if (!other || other->user == 0) continue;
        channels.push_back({c["user"].get<std::int64_t>(), other->user});
    }
    Event reveal = make_event("battle.turn_closed", v,
                              {{"battle", e.battle.id}, {"turn", e.battle.turn}, {"cards", cards}, {"channels", channels}});
    apply_to(e, reveal);
    out.push_back(reveal);
    if (!e.settings.auto_run) return;
    while (e.status == "resolving") {
        BattleEntry next = copy_for_step(e);
        oth::Turn t = turn_of(next, dice);
        const std::string step = steps().at(static_cast<std::size_t>(e.next_step));
        run_step(t, step);
        json body = snapshot(next, 0);
        body["step"] = step;
        Event ev = make_event("battle.step_resolved", v, std::move(body));
        ev.dice = dice.take_log();
        apply_to(e, ev);
        out.push_back(std::move(ev));
    }
}

Decision decide_card(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    const Battle& b = be->battle;
    const Leader* me = b.leader_of(v.user);
    if (!me) return forbidden("You have no leader figure in this battle.");
    if (leader_down(*me)) return forbidden(me->name + " has been killed.");
    if (be->status != "cards") return wrong_phase("Cards are chosen only while the turn is open.");
    const auto& box = b.boxes.at("cards");
    if (auto e = battle::check_submit(box, v.user, b.turn)) return *e;
    if (c.type == "card.withdraw")
        return std::vector<Event>{make_event("card.withdrawn", v, {{"battle", b.id}, {"turn", b.turn}})};
    std::string card;
    if (auto e = read_string(c.body, "card", 1, 40, card)) return *e;
    const oth::OrderCard* oc = oth::find_card(card);
    if (!oc) return bad_request("There is no card \"" + card + "\" (Annex B).");
    json item = {{"card", card}};
    if (oth::card_needs_unit(oc->kind)) {
        std::int64_t id = 0;
        if (auto e = read_id(c.body, "unit", id)) return *e;
        const Unit* u = b.unit(id);
        // An enemy hidden in ambush answers as no unit at all: an error must not confirm it is there.
        if (!u || u->removed || (u->concealed && u->side != me->side))
            return not_found("There is no unit " + std::to_string(id) + " on the table.");
        if (u->side != me->side) return forbidden("You cannot give orders to the enemy.");
        // "Leaders can only give orders to troops they are actually with."
        if (!battle::with_unit(*me, *u, b.table.from_cm(be->settings.with_unit_cm)))
            return Error{"not_with_unit", me->name + " is not with " + unit_label(*u) + ": ride to them first."};
        item["unit"] = id;
    } else if (oth::card_needs_leader(oc->kind)) {
        std::int64_t id = 0;
        if (auto e = read_id(c.body, "leader", id)) return *e;
        const Leader* other = b.leader(id);
        if (!other || other->id == me->id || (other->concealed && other->side != me->side))
            return not_found("There is no other leader " + std::to_string(id) + ".");
        item["leader"] = id;
    } else if (oc->kind == oth::CardKind::move) {
        Point to;
        try {
            to = c.body.at("to").get<Point>();
        } catch (const json::exception&) {
            return bad_request("A move needs \"to\": [x, y].");
        }
        if (!std::isfinite(to.x) || !std::isfinite(to.y) || !b.table.contains(to.x, to.y))
            return Error{"too_far", "That is off the table."};
        if (battle::distance(me->position, to) > b.table.from_cm(oth::leader_movement_cm) + battle::epsilon)
            return Error{"too_far", "A leader rides at most 40 cm a turn."};
        item["to"] = to;
    }
    std::vector<Event> out{make_event("card.played", v, {{"battle", b.id}, {"turn", b.turn}, {"item", item}})};
    // Closed when every player has chosen (this card included).
    const auto& played = box.items;
    for (auto user : be->players())
        if (const Leader* l = b.leader_of(user); l && !leader_down(*l) && user != v.user && !played.count(user))
            return out;
    BattleEntry after = *be;
    apply_to(after, out.back());
    close_and_resolve(std::move(after), server_clock(), dice, out);
    return out;
}

Decision decide_close_turn(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = umpire_check(s, v, "close a turn")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status != "cards") return wrong_phase("The turn is not open for cards.");
    std::vector<Event> out;
    close_and_resolve(*be, v, dice, out);
    return out;
}

// Dice that give the umpire's faces first, then the server's (battle.step's and reaction_test's "dice").
class UmpireFirstDice : public Dice {
public:
    UmpireFirstDice(std::vector<int> faces, Dice& inner) : faces_(std::move(faces)), inner_(inner) {}
    int roll(int sides) override {
        if (next_ < faces_.size()) {
            int v = faces_[next_++];
            log_.push_back({{"sides", sides}, {"value", v}, {"umpire", true}});
            return v;
        }
        int v = inner_.roll(sides);
        for (auto& r : inner_.take_log()) log_.push_back(r);
        return v;
    }

private:
    std::vector<int> faces_;
    std::size_t next_ = 0;
    Dice& inner_;
};

std::optional<Error> read_faces(const json& body, std::vector<int>& faces) {
    if (!body.contains("dice")) return std::nullopt;
    if (!body["dice"].is_array() || body["dice"].size() > 50) return bad_request("\"dice\" is a list of faces 1-6.");
    for (const auto& f : body["dice"]) {
        if (!f.is_number_integer() || f.get<int>() < 1 || f.get<int>() > 6) return bad_request("Each die is 1 to 6.");
        faces.push_back(f.get<int>());
    }
    return std::nullopt;
}

Decision decide_step(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = umpire_check(s, v, "resolve a step")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status != "resolving") return wrong_phase("There is no step to resolve: the turn is not closed.");
    std::vector<int> faces;
    if (auto e = read_faces(c.body, faces)) return *e;
    UmpireFirstDice d(faces, dice);
    BattleEntry next = *be;
    oth::Turn t = turn_of(next, d);
    const std::string step = steps().at(static_cast<std::size_t>(be->next_step));
    run_step(t, step);
    json body = snapshot(next, be->battle.log.size());
    body["step"] = step;
    Event ev = make_event("battle.step_resolved", v, std::move(body));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

Decision override_event(const BattleEntry& next, std::size_t log_before, const std::string& what,
                        const std::string& reason, Dice& d, const Viewer& v) {
    json body = snapshot(next, log_before);
    body["what"] = what;
    body["reason"] = reason;
    Event ev = make_event("battle.overridden", v, std::move(body));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

Decision decide_override(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = umpire_check(s, v, "override the rules")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (!playing(*be)) return wrong_phase("Overrides are for a battle being fought.");
    std::string what, reason;
    if (auto e = read_string(c.body, "what", 1, 20, what)) return *e;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    std::vector<int> faces;
    if (auto e = read_faces(c.body, faces)) return *e;
    UmpireFirstDice d(faces, dice);
    BattleEntry next = *be;
    const std::size_t log_before = next.battle.log.size();
    oth::Turn t = turn_of(next, d);
    auto get_unit = [&](Unit*& u) -> std::optional<Error> {
        std::int64_t id = 0;
        if (auto e = read_id(c.body, "unit", id)) return e;
        auto it = next.battle.units.find(id);
        if (it == next.battle.units.end()) return not_found("No such unit.");
        u = &it->second;
        return std::nullopt;
    };
    auto get_leader = [&](Leader*& l) -> std::optional<Error> {
        std::int64_t id = 0;
        if (auto e = read_id(c.body, "leader", id)) return e;
        auto it = next.battle.leaders.find(id);
        if (it == next.battle.leaders.end()) return not_found("No such leader.");
        l = &it->second;
        return std::nullopt;
    };
    Unit* u = nullptr;
    Leader* l = nullptr;
    std::string text;
    if (what == "move") {
        if (c.body.contains("leader")) {
            if (auto e = get_leader(l)) return *e;
            try {
                l->position = c.body.at("position").get<Point>();
            } catch (const json::exception&) {
                return bad_request("A move needs \"position\": [x, y].");
            }
            text = "The umpire moves " + l->name;
        } else {
            if (auto e = get_unit(u)) return *e;
            json whole = *u;
            json patch = json::object();
            for (const char* k : {"position", "facing", "formation"})
                if (c.body.contains(k)) patch[k] = c.body[k];
            whole.merge_patch(patch);
            Unit moved;
            if (auto e = read_oth_unit(whole, next.battle, moved)) return *e;
            *u = moved;
            text = "The umpire moves " + unit_label(*u);
        }
    } else if (what == "tp") {
        if (auto e = get_unit(u)) return *e;
        if (!c.body.contains("value") || !c.body["value"].is_number_integer() || c.body["value"].get<int>() < 0 ||
            c.body["value"].get<int>() > oth::max_tension_points)
            return bad_request("Tension points are 0 to 8.");
        u->markers[tp_marker] = c.body["value"].get<int>();
        text = "The umpire sets the tension points of " + unit_label(*u);
    } else if (what == "order") {
        if (auto e = get_unit(u)) return *e;
        const json& o = c.body.value("order", json(nullptr));
        if (o.is_null()) u->order.reset();
        else if (!o.is_string() || !oth::order_from_name(o.get<std::string>())) return bad_request("No such order.");
        else impose(*u, o.get<std::string>());
        text = "The umpire changes the order of " + unit_label(*u);
    } else if (what == "result") {
        if (auto e = get_unit(u)) return *e;
        auto r = oth::reaction_result_from_code(c.body.value("result", ""));
        if (!r) return bad_request("A result is OK, NA, FB, RA, Ch or CF.");
        apply_result(t, *u, *r);
        text = "The umpire rules " + std::string(oth::reaction_result_code(*r)) + " for " + unit_label(*u);
    } else if (what == "reaction_test") {
        if (auto e = get_unit(u)) return *e;
        std::optional<oth::ReactionCircumstances> given;
        if (c.body.contains("modifiers")) {
            const json& m = c.body["modifiers"];
            if (!m.is_object()) return bad_request("\"modifiers\" is an object.");
            oth::ReactionCircumstances rc;
            rc.outnumbered = m.value("outnumbered", false);
            rc.outflanked = m.value("outflanked", false);
            rc.enemy_drill_more_than_2_better = m.value("enemy_drill_more_than_2_better", false);
            rc.leader_with_unit = m.value("leader_with_unit", false);
            rc.supported = m.value("supported", false);
            rc.enemy_falling_back = m.value("enemy_falling_back", false);
            rc.umpire_modifier = m.value("umpire_modifier", 0);
            given = rc;
        }
        // "A Reaction Test is taken when ... 5. If the umpire thinks its a good idea"
        test_unit(t, *u, nearest_enemy(t, *u), "called by the umpire", given);
        text = "The umpire calls a reaction test for " + unit_label(*u);
    } else if (what == "record") {
        if (auto e = get_unit(u)) return *e;
        auto& r = next.tallies[u->id];
        for (auto [k, f] : {std::pair{"times_ran_away", &oth::BattleRecord::times_ran_away},
                            std::pair{"turns_of_musketry_received", &oth::BattleRecord::turns_of_musketry_received},
                            std::pair{"turns_fired_on_by_cannon", &oth::BattleRecord::turns_fired_on_by_cannon}})
            if (c.body.contains(k)) {
                if (!c.body[k].is_number_integer() || c.body[k].get<int>() < 0) return bad_request(std::string(k) + " is 0 or more.");
                r.*f = c.body[k].get<int>();
            }
        text = "The umpire corrects the record of " + unit_label(*u);
    } else if (what == "leader") {
        if (auto e = get_leader(l)) return *e;
        const json& given = c.body.contains("fate") ? c.body["fate"] : json();
        const std::string fate = given.is_string() ? given.get<std::string>() : std::string();
        if (fate != "unhurt" && fate != "wounded" && fate != "killed") return bad_request("A fate is unhurt, wounded or killed.");
        const bool falls = l->values.value("fate", std::string("unhurt")) == "unhurt" && fate != "unhurt";
        l->values["fate"] = fate;
        text = "The umpire rules " + l->name + " " + fate;
        // "You get TPs for ... Seeing your leader killed/incapacitated": the units he is with, as in a melee.
        if (falls)
            for (auto& [uid, unit] : next.battle.units)
                if (!unit.removed && unit.side == l->side && battle::with_unit(*l, unit, t.units(next.settings.with_unit_cm))) {
                    oth::add_tp(unit, 1);
                    t.say_about(unit.concealed || l->concealed, unit.side, unit_label(unit) + " see " + l->name + " fall.",
                                {{"unit", uid}, {"tp", 1}, {"tension_points", oth::tp(unit)}});
                }
    } else if (what == "reveal" || what == "conceal") {
        const bool hide = what == "conceal";
        if (c.body.contains("leader")) {
            if (auto e = get_leader(l)) return *e;
            if (l->concealed == hide) return conflict(l->name + (hide ? " is already concealed." : " is not concealed."));
            l->concealed = hide;
            text = "The umpire " + std::string(hide ? "conceals " : "reveals ") + l->name;
        } else {
            if (auto e = get_unit(u)) return *e;
            if (u->concealed == hide)
                return conflict(unit_label(*u) + (hide ? " are already concealed." : " are not concealed."));
            if (hide) {
                u->concealed = true;
                text = "The umpire conceals " + unit_label(*u);
            } else {
                // Shown by the umpire: the enemy that sees it is surprised as by any ambush.
                reveal(t, *u, "are revealed by the umpire");
                text = "The umpire reveals " + unit_label(*u);
            }
        }
    } else {
        return bad_request("\"what\" is move, tp, order, result, reaction_test, record, leader, reveal or conceal.");
    }
    // A line about a concealed piece goes to its own side only: the enemy must not learn of it from the log.
    const bool secret = (u && u->concealed) || (l && l->concealed);
    t.say_about(secret, u ? u->side : l ? l->side : std::string(), text + ": " + reason + ".");
    return override_event(next, log_before, what, reason, d, v);
}

Decision decide_talk(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    const Battle& b = be->battle;
    const Leader* me = b.leader_of(v.user);
    if (!me) return forbidden("You have no leader figure in this battle.");
    if (!playing(*be)) return wrong_phase("The battle is not being fought.");
    std::int64_t to = 0;
    if (auto e = read_id(c.body, "to", to)) return *e;
    const Leader* other = b.leader_of(to);
    if (!other || to == v.user || (other->concealed && other->side != me->side))
        return not_found("That player has no leader figure in this battle.");
    std::string text;
    if (auto e = read_string(c.body, "text", 1, talk_max, text)) return *e;
    // over-the-hills.txt, "1. Talk to other leaders": "those involved have to have their leader figures next to
    // each other to be able to talk".
    if (!battle::leaders_adjacent(*me, *other, b.table.from_cm(be->settings.talk_cm)))
        return Error{"not_adjacent", me->name + " and " + other->name + " are not next to each other."};
    bool open = false;
    for (const auto& [x, y] : be->channels)
        if ((x == v.user && y == to) || (x == to && y == v.user)) open = true;
    if (!open) return Error{"no_talk_card", "Neither of you played Talk to the other this turn."};
    return std::vector<Event>{make_event("talk.said", v, {{"battle", b.id}, {"turn", b.turn}, {"to", to}, {"text", text}})};
}

Decision decide_end(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = umpire_check(s, v, "end a battle")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has already ended.");
    const auto& os = be->settings.oth;
    json losses = json::array(), records = json::array();
    for (const auto& [id, u] : be->battle.units) {
        auto it = be->tallies.find(id);
        oth::BattleRecord rec = it == be->tallies.end() ? oth::BattleRecord{} : it->second;
        // over-the-hills.txt, "Overall Losses"
        auto lo = oth::losses(rec, os, dice);
        json line = {{"unit", id}, {"name", unit_label(u)}, {"side", u.side}, {"die", lo.die}, {"percent", lo.percent},
                     {"times_ran_away", rec.times_ran_away}, {"turns_of_musketry_received", rec.turns_of_musketry_received},
                     {"turns_fired_on_by_cannon", rec.turns_fired_on_by_cannon}, {"colonel", nullptr}};
        auto rit = be->regiment_of.find(id);
        const auto* col = rit == be->regiment_of.end() ? nullptr : s.year.colonel(rit->second);
        if (col && col->regiment) {
            const auto& r = *col->regiment;
            const int before = r.companies;
            const int lost = (before * lo.percent + 50) / 100;
            const int after = std::max(0, before - lost);
            // over-the-hills.txt, "The Regiment": half its strength or more lost drops every attribute a point.
            auto a = year::after_losses(year::attributes_of(r), before, after, s.year.rules.attribute_min);
            line["colonel"] = col->user;
            line["before"] = before;
            line["after"] = after;
            line["halved"] = year::lost_half_or_more(before, after);
            line["attributes"] = {{"drill", a.drill}, {"musketry", a.musketry}, {"effectiveness", a.effectiveness}};
            line["applied"] = be->settings.apply_losses;
        }
        losses.push_back(line);
        // over-the-hills.txt, "Records"
        records.push_back(oth::to_json(oth::record_row(unit_label(u), drill(u), musketry_of(u), effectiveness(u),
                                                       lo.percent, u.bases, os)));
    }
    Event ev = make_event("battle.ended", v, {{"battle", be->battle.id}, {"losses", losses}, {"records", records}});
    ev.dice = dice.take_log();
    return std::vector<Event>{std::move(ev)};
}

using Decider = std::function<Decision(const CampaignState&, const Command&, const Viewer&, Dice&, const Supplied&)>;

const std::unordered_map<std::string, Decider>& deciders() {
    static const std::unordered_map<std::string, Decider> table = {
        {"battle.create", decide_create},   {"battle.place", decide_place},     {"battle.remove", decide_place},
        {"battle.settings", decide_settings}, {"battle.start", decide_start},   {"card.play", decide_card},
        {"card.withdraw", decide_card},     {"battle.close_turn", decide_close_turn}, {"battle.step", decide_step},
        {"battle.override", decide_override}, {"talk.say", decide_talk},       {"battle.end", decide_end},
    };
    return table;
}

// Revealed cards as a viewer of `side` may read them: the enemy hears a card played, not where an ambush
// lies: an order names no unit concealed from that side, a concealed leader's Move no destination, a Talk no
// concealed leader. Umpires pass no filter.
json cards_as_seen_by(const Battle& b, const json& cards, const std::string& side) {
    auto hidden_leader = [&](const Leader* l) { return l && l->concealed && l->side != side; };
    json out = json::array();
    for (json c : cards) {
        json& item = c["item"];
        if (item.contains("unit") && item["unit"].is_number_integer())
            if (const Unit* u = b.unit(item["unit"].get<std::int64_t>()); u && u->concealed && u->side != side)
                item.erase("unit");
        if (item.contains("leader") && item["leader"].is_number_integer() &&
            hidden_leader(b.leader(item["leader"].get<std::int64_t>())))
            item.erase("leader");
        if (item.contains("to") && c.contains("user") && c["user"].is_number_integer() &&
            hidden_leader(b.leader_of(c["user"].get<std::int64_t>())))
            item.erase("to");
        out.push_back(std::move(c));
    }
    return out;
}

void open_turn(BattleEntry& e, int turn, std::int64_t at) {
    e.battle.turn = turn;
    e.battle.phase = "cards";
    e.status = "cards";
    e.next_step = 0;
    battle::open_turn(e.battle.boxes["cards"], turn);
    e.battle.record_frame(turn);
    e.deadline.reset();
    if (e.settings.turn_seconds > 0) e.deadline = at + std::int64_t{e.settings.turn_seconds} * 1000;
}

void apply_to(BattleEntry& e, const Event& ev) {
    const json& b = ev.body;
    const std::string& t = ev.type;
    if (t == "battle.placed" || t == "battle.removed" || t == "battle.overridden") {
        apply_snapshot(e, b);
    } else if (t == "battle.settings_changed") {
        auto m = merged(BattleSettings{}, b.at("settings"));
        if (auto* s = std::get_if<BattleSettings>(&m)) e.settings = *s;
    } else if (t == "battle.started") {
        open_turn(e, 1, ev.at);
    } else if (t == "card.played") {
        battle::submit(e.battle.boxes["cards"], ev.actor, e.battle.side_of(ev.actor), b.at("item"));
    } else if (t == "card.withdrawn") {
        battle::withdraw(e.battle.boxes["cards"], ev.actor);
    } else if (t == "battle.turn_closed") {
        battle::reveal(e.battle.boxes["cards"]);
        e.status = "resolving";
        e.battle.phase = "reveal";
        e.next_step = 0;
        e.deadline.reset();
        e.channels.clear();
        for (const auto& c : b.at("channels")) e.channels.emplace_back(c[0].get<std::int64_t>(), c[1].get<std::int64_t>());
        e.facts = {{"cards", b.at("cards")}};
        LogEntry l;
        l.turn = e.battle.turn;
        l.phase = "reveal";
        l.text = "Turn " + std::to_string(e.battle.turn) + ": the cards are revealed.";
        l.details = {{"cards", cards_as_seen_by(e.battle, b.at("cards"), "")}};
        e.battle.log.push_back(l);
    } else if (t == "battle.step_resolved") {
        apply_snapshot(e, b);
        e.battle.phase = b.at("step").get<std::string>();
        e.next_step += 1;
        if (e.next_step >= static_cast<int>(steps().size())) open_turn(e, e.battle.turn + 1, ev.at);
    } else if (t == "talk.said") {
        e.talk.push_back(TalkMessage{ev.seq, b.at("turn").get<int>(), ev.actor, b.at("to").get<std::int64_t>(),
                                     b.at("text").get<std::string>(), ev.at});
    } else if (t == "battle.ended") {
        e.status = "ended";
        e.battle.phase = "ended";
        e.deadline.reset();
        e.losses = b.at("losses");
        e.records = b.at("records");
        // A turn left open when the battle ends never happens: its cards are discarded unread.
        auto& box = e.battle.boxes["cards"];
        if (!box.revealed) {
            box.items.clear();
            box.revealed = true;
        }
        e.battle.record_frame(e.battle.turn, true);
        LogEntry l;
        l.turn = e.battle.turn;
        l.phase = "end";
        l.text = "The battle ends. The Records chart shows each regiment's losses.";
        e.battle.log.push_back(l);
    }
}

}  // namespace

bool handles(const std::string& command_type) { return deciders().count(command_type) > 0; }

std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied) {
    auto it = deciders().find(command.type);
    if (it == deciders().end()) return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
    return it->second(state, command, viewer, dice, supplied);
}

bool handles_event(const std::string& t) {
    return t.rfind("battle.", 0) == 0 || t.rfind("card.", 0) == 0 || t == "talk.said";
}

void apply(CampaignState& state, const Event& ev) {
    const std::string& t = ev.type;
    if (t == "battle.created") {
        BattleEntry e;
        e.battle = ev.body.at("battle").get<Battle>();
        auto m = merged(BattleSettings{}, ev.body.at("settings"));
        if (auto* s = std::get_if<BattleSettings>(&m)) e.settings = *s;
        e.regiment_of = ev.body.at("regiment_of").get<std::map<std::int64_t, std::int64_t>>();
        state.battles.battles[e.battle.id] = std::move(e);
        return;
    }
    if (!handles_event(t) || !ev.body.contains("battle")) return;
    auto it = state.battles.battles.find(ev.body.at("battle").get<std::int64_t>());
    if (it == state.battles.battles.end()) return;
    apply_to(it->second, ev);
    if (t == "battle.ended") {
        // Losses applied to the campaign's regiments, with the half-strength drop (computed in decide).
        for (const auto& line : ev.body.at("losses")) {
            if (!line.value("applied", false) || !line.at("colonel").is_number_integer()) continue;
            auto cit = state.year.colonels.find(line.at("colonel").get<std::int64_t>());
            if (cit == state.year.colonels.end() || !cit->second.regiment) continue;
            auto& r = *cit->second.regiment;
            r.companies = line.at("after").get<int>();
            const auto& a = line.at("attributes");
            year::set_attributes(r, year::Attributes{a.at("drill").get<int>(), a.at("musketry").get<int>(),
                                               a.at("effectiveness").get<int>()});
            cit->second.adjustments.push_back(year::Adjustment{ev.seq, "companies", line.at("before").get<std::int64_t>(),
                                                               line.at("after").get<std::int64_t>(),
                                                               "Battle: " + it->second.battle.name, ev.at});
            state.year.last_sheet_change = ev.seq;
        }
    }
}

namespace {

const battle::BattleVisibility& oth_visibility() {
    static const battle::BattleVisibility vis = [] {
        battle::BattleVisibility v;
        // "whether they fire, fall back or run" (issue 4): the orders a person at the table sees the enemy act on.
        v.public_orders = {"fire", "retreat", "run_away", "charge"};
        return v;
    }();
    return vis;
}

std::string side_in(const Battle& b, const Viewer& viewer) {
    return viewer.role == Role::player ? b.side_of(viewer.user) : std::string();
}

}  // namespace

Marks marks(const CampaignState& state) {
    Marks m;
    for (const auto& [id, e] : state.battles.battles) m.sizes[id] = {e.battle.log.size(), e.battle.history.size()};
    return m;
}

json appended_ops(const CampaignState& after, const Viewer& viewer, const Marks& before) {
    json ops = json::array();
    if (!viewer.is_member()) return ops;
    for (const auto& [id, e] : after.battles.battles) {
        auto it = before.sizes.find(id);
        const std::size_t log_from = it == before.sizes.end() ? 0 : it->second.first;
        const std::size_t frames_from = it == before.sizes.end() ? 0 : it->second.second;
        const std::string side = side_in(e.battle, viewer), at = "/battles/" + std::to_string(id);
        for (auto& entry : battle::log_entries_from(e.battle, log_from, viewer, side))
            ops.push_back({{"op", "add"}, {"path", at + "/log/-"}, {"value", std::move(entry)}});
        for (auto& frame : battle::frames_from(e.battle, frames_from, viewer, side, oth_visibility()))
            ops.push_back({{"op", "add"}, {"path", at + "/history/-"}, {"value", std::move(frame)}});
    }
    return ops;
}

void add_to_view(json& out, const CampaignState& state, const Viewer& viewer, bool light) {
    json all = json::object();
    if (!viewer.is_member()) {
        out["battles"] = all;
        return;
    }
    const battle::BattleVisibility& vis = oth_visibility();
    static const json card_set = [] {
        json j = json::array();
        for (const auto& c : oth::order_card_set()) j.push_back(oth::to_json(c));
        return j;
    }();
    for (const auto& [id, e] : state.battles.battles) {
        const Battle& b = e.battle;
        const bool umpire = viewer.is_umpire();
        const std::string side = side_in(b, viewer);
        json j = battle::view(b, viewer, side, vis, light);
        if (!umpire && j.contains("boxes") && j["boxes"].contains("cards"))
            j["boxes"]["cards"]["items"] = cards_as_seen_by(b, j["boxes"]["cards"]["items"], side);
        j["status"] = e.status;
        j["next_step"] = e.status == "resolving" ? json(steps().at(static_cast<std::size_t>(e.next_step))) : json(nullptr);
        j["deadline"] = e.deadline ? json(*e.deadline) : json(nullptr);
        j["players"] = e.players();
        const Leader* mine = viewer.role == Role::player ? b.leader_of(viewer.user) : nullptr;
        j["me"] = {{"leader", mine ? json(mine->id) : json(nullptr)}, {"side", side}};
        j["settings"] = to_json(e.settings);
        j["card_set"] = card_set;
        j["hints"] = oth::battle_hints(b, e.settings, viewer, side);
        json talk = json::array();
        for (const auto& m : e.talk)
            if (umpire || (viewer.role == Role::player && (m.from == viewer.user || m.to == viewer.user)))
                talk.push_back({{"seq", m.seq}, {"turn", m.turn}, {"from", m.from}, {"to", m.to}, {"text", m.text}, {"at", m.at}});
        j["talk"] = talk;
        json channels = json::array();
        for (const auto& [a, c] : e.channels)
            if (umpire || (viewer.role == Role::player && (a == viewer.user || c == viewer.user)))
                channels.push_back({{"a", a}, {"b", c}});
        j["channels"] = channels;
        json tallies = json::object();
        for (const auto& [uid, r] : e.tallies) {
            const Unit* u = b.unit(uid);
            if (umpire || (u && !side.empty() && u->side == side))
                tallies[std::to_string(uid)] = {{"times_ran_away", r.times_ran_away},
                                                {"turns_of_musketry_received", r.turns_of_musketry_received},
                                                {"turns_fired_on_by_cannon", r.turns_fired_on_by_cannon}};
        }
        j["tallies"] = tallies;
        j["records"] = e.records;
        j["losses"] = e.losses;
        if (umpire) {
            j["facts"] = e.facts;
            j["regiment_of"] = e.regiment_of;
        }
        all[std::to_string(id)] = std::move(j);
    }
    out["battles"] = std::move(all);
}

bool chat_closed_for(const CampaignState& state, std::int64_t user) {
    for (const auto& [id, e] : state.battles.battles)
        if (playing(e) && e.settings.chat_closed && e.is_player(user)) return true;
    return false;
}

std::optional<std::int64_t> next_alarm(const CampaignState& state) {
    std::optional<std::int64_t> best;
    for (const auto& [id, e] : state.battles.battles)
        if (e.status == "cards" && e.deadline && (!best || *e.deadline < *best)) best = e.deadline;
    return best;
}

Command alarm_command(const CampaignState& state, std::int64_t now) {
    for (const auto& [id, e] : state.battles.battles)
        if (e.status == "cards" && e.deadline && *e.deadline <= now)
            return Command{"battle.close_turn", {{"campaign", state.id}, {"battle", id}}};
    auto when = battles::next_alarm(state);
    for (const auto& [id, e] : state.battles.battles)
        if (e.status == "cards" && e.deadline && when && *e.deadline == *when)
            return Command{"battle.close_turn", {{"campaign", state.id}, {"battle", id}}};
    return Command{};
}

json reply_body(const std::vector<Event>& events) {
    const Event& first = events.front();
    if (first.type == "battle.created") return {{"battle", first.body.at("battle").at("id")}};
    if (first.type == "card.played") return {{"turn", first.body.at("turn")}};
    if (first.type == "battle.step_resolved") return {{"step", first.body.at("step")}};
    return nullptr;  // the others answer with the seq of their first event
}

}  // namespace muster::campaign::battles
