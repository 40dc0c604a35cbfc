#include "shared/battle/entry_view.h"

#include <algorithm>

#include "shared/battle/battle_view.h"
#include "shared/battle/geometry.h"
#include "shared/battle/lifecycle.h"

namespace muster::battle {

using nlohmann::json;

namespace {

bool may_read(const LogEntry& e, const Viewer& viewer, const std::string& side) {
    if (viewer.is_umpire()) return true;
    switch (e.audience) {
        case LogEntry::Audience::all: return true;
        case LogEntry::Audience::side: return viewer.role == Role::player && !side.empty() && e.side == side;
        case LogEntry::Audience::user: return viewer.role == Role::player && e.user == viewer.user;
        case LogEntry::Audience::umpire: return false;
    }
    return false;
}

// Whether this viewer may know the person behind a leader figure (and so that he submits, talks, plays).
bool sees_leader(const Leader& l, const Viewer& viewer, const std::string& side) {
    if (viewer.is_umpire()) return true;
    if (viewer.role == Role::player && (l.user == viewer.user || (!side.empty() && l.side == side))) return true;
    return !l.concealed;
}

bool sees_user(const Battle& b, std::int64_t user, const Viewer& viewer, const std::string& side) {
    const Leader* l = b.leader_of(user);
    return !l || sees_leader(*l, viewer, side);
}

// Revealed items [{"user", "side", "item"}] as this viewer may read them: none from a person whose leader is
// hidden from him, none naming a piece hidden from him (the rule set's filter).
json items_as_seen_by(const BattleEntry& e, const json& items, const Viewer& viewer, const std::string& side) {
    if (viewer.is_umpire()) return items;
    json out = json::array();
    const RuleSet& rules = ruleset_of(e);
    for (const auto& c : items) {
        if (!c.contains("user") || !c["user"].is_number_integer()) continue;
        if (!sees_user(e.battle, c["user"].get<std::int64_t>(), viewer, side)) continue;
        json item = rules.item_as_seen_by(e.battle, c.value("item", json::object()), side);
        if (item.is_null()) continue;
        out.push_back({{"user", c["user"]}, {"side", c.value("side", "")}, {"item", std::move(item)}});
    }
    return out;
}

// A reveal's line as this viewer may read it: each item kept its readers when the line was written (readers_of),
// so a piece revealed or concealed later changes no line already written (a line written before readers were kept,
// in an old snapshot, is read as the pieces stand now).
json cards_in_line(const BattleEntry& e, const json& items, const Viewer& viewer, const std::string& side) {
    json out = json::array();
    for (const auto& c : items) {
        const auto readers = c.find("readers");
        if (readers == c.end()) return items_as_seen_by(e, items, viewer, side);
        if (!viewer.is_umpire() && std::find(readers->begin(), readers->end(), side) == readers->end()) continue;
        out.push_back({{"user", c["user"]}, {"side", c.value("side", "")}, {"item", c.value("item", json::object())}});
    }
    return out;
}

json box_view(const BattleEntry& e, const SealedBox& box, const Viewer& viewer, const std::string& side) {
    const auto& vis = ruleset_of(e).visibility().boxes;
    json submitted = json::array(), items = json::array();
    for (const auto& [user, s] : box.items) {
        if (!sees_user(e.battle, user, viewer, side)) continue;
        if (vis.who_is_in_own_side && !box.revealed && !viewer.is_umpire() && (side.empty() || s.side != side)) continue;
        submitted.push_back(user);
        const bool own = viewer.role == Role::player &&
                         (user == viewer.user || (vis.side_sees_side && !side.empty() && s.side == side));
        if (viewer.is_umpire() || own || box.revealed) items.push_back({{"user", user}, {"side", s.side}, {"item", s.item}});
    }
    if (box.revealed && !viewer.is_umpire()) items = items_as_seen_by(e, items, viewer, side);
    return {{"turn", box.turn}, {"revealed", box.revealed}, {"submitted", submitted}, {"items", items}};
}

json terrain_view(const Battle& b, const Viewer& viewer, const std::string& side) {
    json out = json::array();
    for (const auto& f : b.terrain) {
        const auto& k = f.known_to;
        bool known = viewer.is_umpire() || std::find(k.begin(), k.end(), "*") != k.end();
        if (!known && !side.empty()) known = std::find(k.begin(), k.end(), side) != k.end();
        if (!known && side.empty() && !viewer.is_umpire()) {
            // An observer knows what every side knows.
            known = std::all_of(b.sides.begin(), b.sides.end(),
                                [&](const Side& s) { return std::find(k.begin(), k.end(), s.id) != k.end(); });
        }
        json j;
        if (known) {
            j = f;
            j.erase("known_to");  // which other sides know it is theirs to know
        } else {
            j = f.shape;
            j["id"] = f.id;
        }
        j["known"] = known;
        out.push_back(std::move(j));
    }
    return out;
}

// The outcome's rows this viewer may read: his side's units; a regiment's companies and attributes only for
// its colonel. Rows name their unit ("unit").
json outcome_view(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    if (e.outcome.is_null() || viewer.is_umpire()) return e.outcome;
    static const char* const regiment_fields[] = {"colonel", "before", "after", "halved", "attributes", "applied"};
    json out = json::object();
    for (const auto& [key, rows] : e.outcome.items()) {
        json kept = json::array();
        if (rows.is_array())
            for (const auto& row : rows) {
                const Unit* u = row.contains("unit") && row["unit"].is_number_integer()
                                    ? e.battle.unit(row["unit"].get<std::int64_t>()) : nullptr;
                if (!u || side.empty() || u->side != side) continue;
                json r = row;
                const bool colonel = row.contains("colonel") && row["colonel"] == viewer.user;
                if (!colonel)
                    for (const char* f : regiment_fields) r.erase(f);
                kept.push_back(std::move(r));
            }
        out[key] = std::move(kept);
    }
    return out;
}

json talk_view(const BattleEntry& e, const Viewer& viewer) {
    json talk = json::array();
    std::int64_t n = 0;
    for (const auto& m : e.talk)
        if (viewer.is_umpire() || (viewer.role == Role::player && (m.from == viewer.user || m.to == viewer.user)))
            talk.push_back({{"n", ++n}, {"turn", m.turn}, {"from", m.from}, {"to", m.to}, {"text", m.text}, {"at", m.at}});
    return talk;
}

json players_view(const BattleEntry& e, const Viewer& viewer, const std::string& side) {
    json players = json::array();
    for (auto user : e.players())
        if (sees_user(e.battle, user, viewer, side)) players.push_back(user);
    return players;
}

json umpire_view(const BattleEntry& e, bool light) {
    json j = battle_json(e.battle, !light);
    j["viewer_side"] = "";
    json boxes = json::object();
    for (const auto& [name, box] : e.battle.boxes) boxes[name] = box_view(e, box, Viewer{0, "", Role::umpire}, "");
    j["boxes"] = std::move(boxes);
    j["players"] = e.players();
    j["talk"] = talk_view(e, Viewer{0, "", Role::umpire});
    json channels = json::array();
    for (const auto& [a, c] : e.channels) channels.push_back({{"a", a}, {"b", c}});
    j["channels"] = std::move(channels);
    j["data"] = e.data;
    j["regiment_of"] = e.regiment_of;
    j["me"] = {{"leader", nullptr}, {"side", ""}};
    // Whether the set-up may place a piece concealed: the book's answer, so the page offers it only where it holds.
    j["conceals"] = ruleset_of(e).conceals();
    return j;
}

// The talk channels open to this player now: those the reveal opened, and any leader next to his whom the book
// lets him talk to (talk.say would take it: over-the-hills.txt, "1. Talk to other leaders"). A leader hidden
// from his side is never one.
json channels_of(const BattleEntry& e, const Viewer& viewer, const Leader* mine) {
    json out = json::array();
    if (viewer.role != Role::player) return out;
    std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
    for (const auto& [a, c] : e.channels)
        if (a == viewer.user || c == viewer.user) pairs.emplace_back(a, c);
    if (mine && e.playing()) {
        const RuleSet& rules = ruleset_of(e);
        for (const auto& [id, l] : e.battle.leaders) {
            if (l.user == 0 || l.user == viewer.user || (l.concealed && l.side != mine->side)) continue;
            if (!leaders_adjacent(*mine, l, e.battle.table.from_cm(e.table.talk_cm))) continue;
            if (!rules.talk_open(e, viewer.user, l.user)) continue;
            bool known = false;
            for (const auto& [a, c] : pairs) known = known || (a == l.user || c == l.user);
            if (!known) pairs.emplace_back(viewer.user, l.user);
        }
    }
    for (const auto& [a, c] : pairs) out.push_back({{"a", a}, {"b", c}});
    return out;
}

// "At Fontenoy: choose your card for turn 2.": with several battles open, each item says which battle it is of.
// The book's words begin a sentence of their own ("Choose your card ..."), so their first letter is lowered.
std::string at_battle(const BattleEntry& e, std::string what) {
    if (e.battle.name.empty() || what.empty()) return what;
    if (what[0] >= 'A' && what[0] <= 'Z') what[0] = static_cast<char>(what[0] - 'A' + 'a');
    return "At " + e.battle.name + ": " + what;
}

}  // namespace

// What this viewer must do in this battle now, and by when (docs/protocol.md, "What needs you"): a player whose
// box is due and not yet filled; an umpire with a step to run by hand. Null when nothing.
json needs_you(const BattleEntry& e, const Viewer& viewer) {
    const RuleSet& rules = ruleset_of(e);
    const json due = e.deadline ? json(*e.deadline) : json(nullptr);
    if (viewer.is_umpire()) {
        if (e.status == "resolving")
            return {{"what", at_battle(e, "Resolve the next step (" + rules.steps_of(e).at(static_cast<std::size_t>(e.next_step)) + ").")},
                    {"due", nullptr}, {"tab", "battle"}, {"control", "battle-step"}};
        return nullptr;
    }
    if (viewer.role != Role::player || e.status != "cards") return nullptr;
    const Leader* me = e.battle.leader_of(viewer.user);
    if (!me || !rules.must_submit(e, *me)) return nullptr;
    auto box = e.battle.boxes.find(rules.box());
    if (box != e.battle.boxes.end() && box->second.items.count(viewer.user)) return nullptr;
    const std::string what = rules.due_words(e, *me);
    if (what.empty()) return nullptr;
    return {{"what", at_battle(e, what)}, {"due", due}, {"tab", "battle"}, {"control", "battle-orders"}};
}



std::string side_in(const Battle& b, const Viewer& viewer) {
    return viewer.role == Role::player ? b.side_of(viewer.user) : std::string();
}

json readers_of(const BattleEntry& e, const json& card) {
    json out = json::array();
    if (!card.contains("user") || !card["user"].is_number_integer()) return out;
    std::vector<std::string> sides{""};  // "": a viewer of no side, an observer
    for (const auto& s : e.battle.sides) sides.push_back(s.id);
    for (const auto& side : sides) {
        const Viewer reader{-1, "", side.empty() ? Role::observer : Role::player};
        json items = items_as_seen_by(e, json::array({card}), reader, side);
        if (!items.empty()) out.push_back(side);
    }
    return out;
}

json log_entries_from(const BattleEntry& e, std::size_t from, const Viewer& viewer) {
    json log = json::array();
    if (!viewer.is_member()) return log;
    const std::string side = side_in(e.battle, viewer);
    for (std::size_t i = from; i < e.battle.log.size(); ++i) {
        const LogEntry& l = e.battle.log[i];
        if (!may_read(l, viewer, side)) continue;
        json j = l;
        if (l.details.is_object() && l.details.contains("cards"))
            j["details"]["cards"] = cards_in_line(e, l.details["cards"], viewer, side);
        log.push_back(std::move(j));
    }
    return log;
}

json frames_from(const BattleEntry& e, std::size_t from, const Viewer& viewer) {
    json history = json::array();
    if (!viewer.is_member()) return history;
    const std::string side = side_in(e.battle, viewer);
    const auto& vis = ruleset_of(e).visibility();
    for (std::size_t i = from; i < e.battle.history.size(); ++i) {
        const auto& f = e.battle.history[i];
        if (viewer.is_umpire()) {
            history.push_back(f);
            continue;
        }
        auto seen = visible_pieces(f.units, f.leaders, viewer, side, vis);
        history.push_back({{"turn", f.turn}, {"end", f.end}, {"units", std::move(seen.first)}, {"leaders", std::move(seen.second)}});
    }
    return history;
}

json view(const BattleEntry& e, const Viewer& viewer, bool light) {
    const Battle& b = e.battle;
    if (!viewer.is_member()) return {{"id", b.id}};
    const RuleSet& rules = ruleset_of(e);
    const std::string side = side_in(b, viewer);
    json j;
    if (viewer.is_umpire()) {
        j = umpire_view(e, light);
    } else {
        auto pieces = visible_pieces(b.units, b.leaders, viewer, side, rules.visibility());
        json boxes = json::object();
        for (const auto& [name, box] : b.boxes) boxes[name] = box_view(e, box, viewer, side);
        const Leader* mine = viewer.role == Role::player ? b.leader_of(viewer.user) : nullptr;
        json channels = channels_of(e, viewer, mine);
        j = {{"id", b.id},         {"campaign", b.campaign}, {"name", b.name},       {"ruleset", b.ruleset},
             {"table", b.table},   {"terrain", terrain_view(b, viewer, side)},       {"sides", b.sides},
             {"units", std::move(pieces.first)}, {"leaders", std::move(pieces.second)}, {"turn", b.turn},
             {"phase", b.phase},   {"boxes", std::move(boxes)}, {"viewer_side", side},
             {"players", players_view(e, viewer, side)}, {"talk", talk_view(e, viewer)}, {"channels", std::move(channels)},
             {"me", {{"leader", mine ? json(mine->id) : json(nullptr)}, {"side", side}}}};
        j["log"] = light ? json::array() : log_entries_from(e, 0, viewer);
        j["history"] = light ? json::array() : frames_from(e, 0, viewer);
    }
    if (viewer.is_umpire() && !light) {
        j["log"] = log_entries_from(e, 0, viewer);
        j["history"] = frames_from(e, 0, viewer);
    }
    j["status"] = e.status;
    j["next_step"] = e.status == "resolving" ? json(rules.steps_of(e).at(static_cast<std::size_t>(e.next_step))) : json(nullptr);
    j["deadline"] = e.deadline ? json(*e.deadline) : json(nullptr);
    j["needs_you"] = viewer.is_member() ? needs_you(e, viewer) : json(nullptr);
    j["settings"] = e.settings;
    const json outcome = outcome_view(e, viewer, side);
    j["losses"] = outcome.is_object() ? outcome.value("losses", json(nullptr)) : json(nullptr);
    j["records"] = outcome.is_object() ? outcome.value("records", json(nullptr)) : json(nullptr);
    json own = rules.view_fields(e, viewer, side);
    for (auto& [k, v] : own.items()) j[k] = std::move(v);
    return j;
}

}  // namespace muster::battle
