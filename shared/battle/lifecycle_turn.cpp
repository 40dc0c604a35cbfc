// The turn of the battle life cycle: a box's item submitted or withdrawn (battle.submit, card.play...), the
// turn closed (by the last item, the umpire or the turn timer), its steps, the umpire's overrides, free
// actions, talk and the end (docs/protocol.md, "Battles").
#include <algorithm>
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/battle/lifecycle_internal.h"
#include "shared/battle/piece_input.h"
#include "shared/core/fields.h"

namespace muster::battle::detail {

using nlohmann::json;

namespace {

// The box a command fills: card.play and card.withdraw name Over the Hill's "cards"; battle.submit may name
// the box, which must be the one open.
std::optional<Error> box_named(const BattleEntry& e, const Command& c, std::string& box) {
    box = ruleset_of(e).box();
    if (c.type.rfind("card.", 0) == 0) return box == "cards" ? std::nullopt : std::optional<Error>(bad_request("This battle plays no cards."));
    if (c.body.contains("box") && (!c.body["box"].is_string() || c.body["box"].get<std::string>() != box))
        return bad_request("The box open this turn is \"" + box + "\".");
    return std::nullopt;
}

// Every step after the reveal, each decided on the state the previous one leaves (auto-run).
void run_steps(BattleEntry& e, const Viewer& v, Dice& dice, std::vector<Event>& out) {
    const RuleSet& rules = ruleset_of(e);
    while (e.status == "resolving") {
        BattleEntry next = copy_for_step(e);
        const std::string step = rules.steps_of(e).at(static_cast<std::size_t>(e.next_step));
        next.battle.phase = step;
        rules.run_step(next, step, dice);
        seal_lines(next.battle, 0, rules);
        json body = snapshot(next, 0);
        body["step"] = step;
        Event ev = make_event("battle.step_resolved", v, std::move(body));
        ev.dice = dice.take_log();
        apply_to(e, ev);
        out.push_back(std::move(ev));
    }
}

// The reveal and, with auto-run, every step after it.
void close_and_resolve(BattleEntry e, const Viewer& v, Dice& dice, std::vector<Event>& out) {
    const RuleSet& rules = ruleset_of(e);
    const auto& box = e.battle.boxes.at(rules.box());
    json items = json::array();
    for (const auto& [user, sub] : box.items) items.push_back({{"user", user}, {"side", sub.side}, {"item", sub.item}});
    json body = rules.on_reveal(e, items);
    body["battle"] = e.battle.id;
    body["turn"] = e.battle.turn;
    body["box"] = rules.box();
    body["cards"] = items;
    Event reveal = make_event("battle.turn_closed", v, std::move(body));
    apply_to(e, reveal);
    out.push_back(reveal);
    if (e.table.auto_run) run_steps(e, v, dice, out);
}

}  // namespace

Decision decide_submit(const BattlesState& s, const Context&, const Command& c, const Viewer& v, Dice& dice) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    const Battle& b = be->battle;
    const RuleSet& rules = ruleset_of(*be);
    const Leader* me = b.leader_of(v.user);
    if (!me) return forbidden("You have no leader figure in this battle.");
    if (rules.leader_down(*me)) return forbidden(me->name + " is out of the fight and gives no orders.");
    if (auto e = check_stale_turn(*be, c.body)) return *e;
    if (be->status != "cards") return wrong_phase("Orders are given only while the turn is open.");
    if (auto e = check_moment(*be, c.body, false)) return *e;
    std::string box_name;
    if (auto e = box_named(*be, c, box_name)) return *e;
    const auto& box = b.boxes.at(box_name);
    if (auto e = check_submit(box, v.user, b.turn)) return *e;
    const bool withdraw = c.type == "card.withdraw" || c.type == "battle.withdraw";
    if (withdraw)
        return std::vector<Event>{make_event("battle.withdrawn", v, {{"battle", b.id}, {"turn", b.turn}, {"box", box_name}})};
    auto item = rules.read_submission(*be, *me, c.body);
    if (auto* e = std::get_if<Error>(&item)) return *e;
    std::vector<Event> out{make_event(
        "battle.submitted", v, {{"battle", b.id}, {"turn", b.turn}, {"box", box_name}, {"item", std::get<json>(item)}})};
    // The turn closes by itself once every player who must has filled the box (this item included).
    for (auto user : be->players())
        if (const Leader* l = b.leader_of(user); l && user != v.user && !box.items.count(user) && rules.must_submit(*be, *l))
            return out;
    BattleEntry after = copy_for_step(*be);
    apply_to(after, out.back());
    close_and_resolve(std::move(after), Viewer{0, "the umpire's clock", Role::umpire}, battle_dice(dice, b.id), out);
    return out;
}

Decision decide_close_turn(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "close a turn")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (auto e = check_stale_turn(*be, c.body)) return *e;
    if (be->status != "cards") return wrong_phase("The turn is not open.");
    if (auto e = check_moment(*be, c.body, false)) return *e;
    std::vector<Event> out;
    close_and_resolve(copy_for_step(*be), v, battle_dice(dice, be->battle.id), out);
    return out;
}

namespace {

// An umpire's face that the die it is used for does not have (an 8 given for a d6).
struct NotAFace {
    std::size_t n;  // 1-based, in the order given
    int sides, face;
};

// Dice that give the umpire's faces first, then the battle's own (battle.step's and overrides' "dice"). Each
// face must be one of the die it stands for: the book's d10 takes 1 to 10, a d6 1 to 6 (NotAFace otherwise,
// thrown before anything is kept).
class UmpireFirstDice : public Dice {
public:
    UmpireFirstDice(std::vector<int> faces, Dice& inner) : faces_(std::move(faces)), inner_(inner) {}
    int roll(int sides) override {
        if (next_ < faces_.size()) {
            int v = faces_[next_++];
            if (v > sides) throw NotAFace{next_, sides, v};
            log_.push_back({{"sides", sides}, {"value", v}, {"umpire", true}});
            return v;
        }
        int v = inner_.roll(sides);
        for (auto& r : inner_.take_log()) log_.push_back(r);
        return v;
    }
    std::size_t given() const { return faces_.size(); }
    std::size_t used() const { return next_; }

private:
    std::vector<int> faces_;
    std::size_t next_ = 0;
    Dice& inner_;
};

std::optional<Error> read_faces(const json& body, std::vector<int>& faces) {
    if (!body.contains("dice")) return std::nullopt;
    if (!body["dice"].is_array() || body["dice"].size() > 50)
        return bad_request("\"dice\" is a list of faces, each of the die it stands for (a d6: 1-6, a d10: 1-10).");
    for (const auto& f : body["dice"]) {
        if (!int_in(f, 1, 100)) return bad_request("dice: each die is 1 to 100, and no more than the die it stands for has.");
        faces.push_back(f.get<int>());
    }
    return std::nullopt;
}

Error not_a_face(const NotAFace& x) {
    return bad_request("dice: die " + std::to_string(x.n) + " is thrown as a d" + std::to_string(x.sides) + ": " +
                       std::to_string(x.face) + " is not one of its faces. Nothing was changed.");
}

// Faces given that the step or override never threw (all of them, when it throws none): refused like a face the
// die does not have, since the umpire meant them for a roll that is not there. Every book's dice go through
// UmpireFirstDice, which counts what was thrown, so the check is the same for all of them.
std::optional<Error> unused_faces(const UmpireFirstDice& d, const std::string& what) {
    if (d.used() == d.given()) return std::nullopt;
    const std::string given = std::to_string(d.given()) + (d.given() == 1 ? " was" : " were");
    if (d.used() == 0)
        return bad_request("dice: " + what + " throws no dice; " + given + " given. Nothing was changed.");
    return bad_request("dice: " + what + " throws " + std::to_string(d.used()) + (d.used() == 1 ? " die" : " dice") +
                       " here; " + given + " given. Nothing was changed.");
}

}  // namespace

Decision decide_step(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "resolve a step")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (auto e = check_stale_turn(*be, c.body)) return *e;
    if (be->status != "resolving") return wrong_phase("There is no step to resolve: the turn is not closed.");
    if (auto e = check_moment(*be, c.body, true)) return *e;
    std::vector<int> faces;
    if (auto e = read_faces(c.body, faces)) return *e;
    UmpireFirstDice d(faces, battle_dice(dice, be->battle.id));
    const RuleSet& rules = ruleset_of(*be);
    BattleEntry next = copy_for_step(*be);
    const std::string step = rules.steps_of(*be).at(static_cast<std::size_t>(be->next_step));
    next.battle.phase = step;
    try {
        rules.run_step(next, step, d);
    } catch (const NotAFace& x) {
        return not_a_face(x);
    }
    if (auto e = unused_faces(d, "the step \"" + step + "\"")) return *e;
    seal_lines(next.battle, 0, rules);
    json body = snapshot(next, 0);
    body["step"] = step;
    Event ev = make_event("battle.step_resolved", v, std::move(body));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

namespace {

// The piece an override or action names, as it stood before and after: a line about it while either is
// concealed goes to its side only.
bool names_hidden_piece(const BattleEntry& before, const BattleEntry& after, const json& body, std::string& side) {
    auto hidden = [&](const auto* a, const auto* b) {
        if (a) side = a->side;
        if (b) side = b->side;
        return (a && a->concealed) || (b && b->concealed);
    };
    if (body.contains("leader") && body["leader"].is_number_integer()) {
        auto id = body["leader"].get<std::int64_t>();
        return hidden(before.battle.leader(id), after.battle.leader(id));
    }
    if (body.contains("unit") && body["unit"].is_number_integer()) {
        auto id = body["unit"].get<std::int64_t>();
        return hidden(before.battle.unit(id), after.battle.unit(id));
    }
    return false;
}

// The umpire moves a leader, or a unit (position, facing, formation), as he may any rule.
OverrideResult move_piece(BattleEntry& e, const json& body) {
    const RuleSet& rules = ruleset_of(e);
    if (body.contains("leader")) {
        std::int64_t id = 0;
        if (auto err = read_id(body, "leader", id)) return *err;
        auto it = e.battle.leaders.find(id);
        if (it == e.battle.leaders.end()) return not_found("No such leader.");
        if (auto err = check_piece_input({{"position", body.value("position", json())}}, PieceKind::leader, false, {}))
            return *err;
        Point to;
        try {
            to = body.at("position").get<Point>();
        } catch (const json::exception&) {
            return bad_request("A move needs \"position\": [x, y].");
        }
        if (!std::isfinite(to.x) || !std::isfinite(to.y)) return bad_request("A position is two numbers.");
        it->second.position = to;
        return "The umpire moves " + it->second.name;
    }
    std::int64_t id = 0;
    if (auto err = read_id(body, "unit", id)) return *err;
    auto it = e.battle.units.find(id);
    if (it == e.battle.units.end()) return not_found("No such unit.");
    json whole = it->second;
    json patch = json::object();
    for (const char* k : {"position", "facing", "formation"})
        if (body.contains(k)) patch[k] = body[k];
    // Checked as battle.place checks a piece's changes: in range, and no null (merge_patch would take it as "drop").
    if (auto err = check_piece_input(patch, PieceKind::unit, false, {})) return *err;
    whole.merge_patch(patch);
    Unit moved;
    if (auto err = rules.read_unit(whole, e.battle, moved)) return *err;
    it->second = moved;
    return "The umpire moves " + rules.unit_label(moved);
}

// The event of an override or a free action: the battle's moving parts whole, the line about it sealed. An
// empty line: the book wrote its own lines, each to the audience it chose (a search is its side's), so none is
// added; an override's reason then goes to the umpires only, unless one of the book's lines carries it.
Event changed_event(const char* type, const BattleEntry& before, BattleEntry& next, const json& body,
                    const std::string& line, const Viewer& v, Dice& d, const std::string& reason = "") {
    std::string side;
    LogEntry l;
    l.turn = next.battle.turn;
    l.phase = next.battle.phase;
    l.text = line.empty() ? "The umpire: " + reason + "." : line + (reason.empty() ? "" : ": " + reason + ".");
    if (line.empty()) l.audience = LogEntry::Audience::umpire;
    else if (names_hidden_piece(before, next, body, side)) l.audience = LogEntry::Audience::side, l.side = side;
    // The copy holds only the lines written now: the book's own.
    const bool carried = line.empty() && std::any_of(next.battle.log.begin(), next.battle.log.end(), [&](const LogEntry& x) {
        return x.details.is_object() && x.details.value("reason", json()) == reason;
    });
    if ((!line.empty() || !reason.empty()) && !carried) next.battle.log.push_back(l);
    seal_lines(next.battle, 0, ruleset_of(next));
    json out = snapshot(next, 0);
    Event ev = make_event(type, v, std::move(out));
    ev.dice = d.take_log();
    return ev;
}

}  // namespace

Decision decide_override(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "override the rules")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (!be->playing()) return wrong_phase("Overrides are for a battle being fought.");
    if (c.body.contains("turn"))
        if (auto e = check_moment(*be, c.body, false)) return *e;
    std::string what, reason;
    if (auto e = read_string(c.body, "what", 1, 20, what)) return *e;
    if (auto e = read_string(c.body, "reason", 1, reason_max, reason)) return *e;
    std::vector<int> faces;
    if (auto e = read_faces(c.body, faces)) return *e;
    const RuleSet& rules = ruleset_of(*be);
    if (!rules.conceals() && what == "conceal") return no_hidden_troops(rules);
    if (!rules.conceals() && what == "reveal") return no_hidden_troops(rules, "there is nothing to reveal");
    UmpireFirstDice d(faces, battle_dice(dice, be->battle.id));
    BattleEntry next = copy_for_step(*be);
    OverrideResult r;
    try {
        r = what == "move" ? move_piece(next, c.body) : rules.override_rule(next, what, c.body, d);
    } catch (const NotAFace& x) {
        return not_a_face(x);
    }
    if (auto* e = std::get_if<Error>(&r)) return *e;
    if (auto e = unused_faces(d, "this override")) return *e;
    if (auto e = refuse_concealment(rules, be->battle, next.battle)) return *e;
    Event ev = changed_event("battle.overridden", *be, next, c.body, std::get<std::string>(r), v, d, reason);
    ev.body["what"] = what;
    ev.body["reason"] = reason;
    return std::vector<Event>{std::move(ev)};
}

Decision decide_act(const BattlesState& s, const Context&, const Command& c, const Viewer& v, Dice& dice) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    const Leader* me = be->battle.leader_of(v.user);
    if (!me) return forbidden("You have no leader figure in this battle.");
    if (auto e = check_stale_turn(*be, c.body)) return *e;
    if (!be->playing()) return wrong_phase("The battle is not being fought.");
    if (auto e = check_moment(*be, c.body, false)) return *e;
    Dice& d = battle_dice(dice, be->battle.id);
    BattleEntry next = copy_for_step(*be);
    OverrideResult r = ruleset_of(*be).act(next, *me, c.body, d);
    if (auto* e = std::get_if<Error>(&r)) return *e;
    if (auto e = refuse_concealment(ruleset_of(*be), be->battle, next.battle)) return *e;
    return std::vector<Event>{changed_event("battle.acted", *be, next, c.body, std::get<std::string>(r), v, d)};
}

Decision decide_talk(const BattlesState& s, const Context&, const Command& c, const Viewer& v, Dice&) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    const Battle& b = be->battle;
    const Leader* me = b.leader_of(v.user);
    if (!me) return forbidden("You have no leader figure in this battle.");
    if (auto e = check_stale_turn(*be, c.body)) return *e;
    if (!be->playing()) return wrong_phase("The battle is not being fought.");
    if (auto e = check_moment(*be, c.body, false)) return *e;
    std::int64_t to = 0;
    if (auto e = read_id(c.body, "to", to)) return *e;
    const Leader* other = b.leader_of(to);
    if (!other || to == v.user || (other->concealed && other->side != me->side))
        return not_found("That player has no leader figure in this battle.");
    std::string text;
    if (auto e = read_string(c.body, "text", 1, talk_max, text)) return *e;
    // over-the-hills.txt, "1. Talk to other leaders": "those involved have to have their leader figures next to
    // each other to be able to talk".
    if (!leaders_adjacent(*me, *other, b.table.from_cm(be->table.talk_cm)))
        return Error{"not_adjacent", me->name + " and " + other->name + " are not next to each other."};
    if (!ruleset_of(*be).talk_open(*be, v.user, to)) return Error{"no_talk_card", "Neither of you chose to talk to the other this turn."};
    return std::vector<Event>{make_event("talk.said", v, {{"battle", b.id}, {"turn", b.turn}, {"to", to}, {"text", text}})};
}

Decision decide_end(const BattlesState& s, const Context& x, const Command& c, const Viewer& v, Dice& dice) {
    if (auto e = umpire_check(x, v, "end a battle")) return *e;
    const BattleEntry* be = nullptr;
    if (auto e = find_battle(s, c.body, be)) return *e;
    if (be->status == "ended") return conflict("This battle has already ended.");
    Dice& d = battle_dice(dice, be->battle.id);
    json outcome = ruleset_of(*be).end(*be, d);
    json body = {{"battle", be->battle.id}};
    for (const auto& [k, rows] : outcome.items()) body[k] = rows;
    Event ev = make_event("battle.ended", v, std::move(body));
    ev.dice = d.take_log();
    return std::vector<Event>{std::move(ev)};
}

}  // namespace muster::battle::detail
