// The movement step (over-the-hills.txt, "Movement"): the tests of newly digested orders, then each unit
// carries out its order at the table's rates, Jacobite units first.
#include <algorithm>
#include <set>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/movement.h"
#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/order_words.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using nlohmann::json;
using battle::Leader;
using battle::Unit;

namespace {

// Reaction tests "Ordered to advance/charge" and "Ordered to fall back in the face of the enemy", the first
// turn a unit acts on the order. The order it carries out now: its own if the test lets it go on; "charge" on
// "Ch Charge nearest enemy" (at once unless the umpire's test_charge_next_turn); none ("") on NA, on FB (the
// fall back is its move this turn) or when it ran. The test's own line says which.
std::string order_after_test(Turn& t, Unit& u, const std::string& o) {
    if (!u.order->details.value("new", false)) return o;
    u.order->details["new"] = false;
    if (!(o == "advance" || o == "charge" || (o == "retreat" && nearest_enemy_in_front(t, u, 50)))) return o;
    Unit* enemy = nearest_enemy_in_front(t, u, -1);
    const auto r = test_unit(t, u, enemy, o == "retreat" ? "ordered to fall back" : "ordered to " + o);
    if (u.removed || !u.order || r == ReactionResult::fb || r == ReactionResult::ra) return "";
    if (u.order->name == o) return o;
    return r == ReactionResult::ch && !t.settings.test_charge_next_turn ? u.order->name : "";
}

bool listed(const json& list, std::int64_t id) {
    return list.is_array() && std::find(list.begin(), list.end(), json(id)) != list.end();
}

// The Drill a unit moves by: gunners, who have no column, move as foot of gunner_drill (movement.h).
int moving_drill(Turn& t, const Unit& u) {
    return type_of(u) == TroopType::gunners ? t.settings.oth.gunner_drill : drill(u);
}

// Gunners that stay with their guns (gunner_movement immobile) go nowhere but away: said, not left silent.
bool cannot_move(Turn& t, const Unit& u, const std::string& o, int rate) {
    if (rate > 0) return false;
    t.say_of(u, order_card_name(o) + ": " + unit_label(u) + " stay with their guns: gunners only run away "
                "(the umpire's reading gunner_movement, immobile).", {{"unit", u.id}, {"cm", 0}});
    return true;
}

// ADVANCE: "Move forward until within effective shooting distance": stop at 4 + MUS cm from the nearest enemy
// in front; the line says how far they went and why they stopped short of the table's "8 + DRI cm".
void advance(Turn& t, Unit& u) {
    const int rate = movement_cm(type_of(u), MoveAction::forward, drill(u), t.settings.oth);
    if (cannot_move(t, u, "advance", rate)) return;
    const std::string who = "Advance: " + unit_label(u);
    // The public words name no rating (the enemy does not know them); the how, for his side, has the figures.
    json how = json::array({move_rate_how(MoveAction::forward, type_of(u), moving_drill(t, u), rate)});
    double go = rate;
    Unit* enemy = nearest_enemy_in_front(t, u, -1);
    const std::string within = enemy ? " within effective shooting distance of " + unit_label(*enemy) : "";
    if (enemy) {
        double d = t.cm(battle::distance_between(u, *enemy));
        go = std::clamp(d - musketry_range_cm(musketry_of(u)), 0.0, double(rate));
        how.push_back(unit_label(*enemy) + " are " + words_cm(d) + " off; " + shooting_distance_words(musketry_of(u)) + ".");
    }
    if (enemy && go <= battle::epsilon) {
        t.say_of(u, who + " halt: they are already" + within + " (\"Move forward until within effective shooting distance\").",
                 {{"unit", u.id}, {"cm", 0}, {"target", enemy->id}, {"how", how}});
        return;
    }
    const Moved m = move_straight_why(t, u, go, rate);
    std::string text = who + " advance " + words_cm(m.cm);
    if (m.short_of_want()) text += held_up_words(m);
    else if (enemy && go + battle::epsilon < rate) text += " and halt" + within;
    t.say_of(u, text + ".", {{"unit", u.id}, {"cm", m.cm}, {"how", how}});
}

// CHARGE, "Close with the enemy and hack about with sword or bayonet", at "Rush to contact" pace. However many
// turns the order stands it is one charge: the friends beside it take their TP ("Each adjacent friendly unit
// ... charging forward") when it sets off, and each enemy it charges at tests once, as the charge comes at it
// and before it goes ("A Reaction Test is taken when ... 1. Enemy charging towards you").
void charge(Turn& t, Unit& u) {
    const int rate = movement_cm(type_of(u), MoveAction::rush_to_contact, drill(u), t.settings.oth);
    Unit* enemy = nearest_enemy_seen(t, u, true);
    if (enemy && !listed(u.order->details.value("charged", json()), enemy->id)) {
        u.order->details["charged"].push_back(enemy->id);
        t.fact_add("charged", enemy->id);
        test_unit(t, *enemy, &u, "charged");
        enemy = nearest_enemy_seen(t, u, true);  // it may have fallen back or run
    }
    double go = rate;
    if (enemy) go = std::min(go, t.cm(battle::distance_between(u, *enemy)));
    const Unit stood = u;  // the friends beside it where it stood see it go
    const Moved m = move_straight_why(t, u, go, rate);
    if (!u.order->details.value("set_off", false)) {
        u.order->details["set_off"] = true;
        t.say_of(u, unit_label(u) + " charge!", {{"unit", u.id}, {"cm", m.cm}});
        adjacent_friends_take_tp(t, stood, "charge forward");
    } else if (m.cm > 0) {
        t.say_of(u, unit_label(u) + " press on with their charge.", {{"unit", u.id}, {"cm", m.cm}});
    }
    // "Close with the enemy": say so when there is none to close with, or the rush stops short of him.
    if (!enemy)
        t.say_of(u, "Charge: " + unit_label(u) + " see no enemy ahead to close with: they rush " + words_cm(m.cm) + " forward.",
                 {{"unit", u.id}, {"cm", m.cm}});
    else if (m.short_of_want() && !held_up_words(m).empty())
        t.say_of(u, "Charge: " + unit_label(u) + " do not reach " + unit_label(*enemy) + held_up_words(m) + ".",
                 {{"unit", u.id}, {"cm", m.cm}, {"target", enemy->id}});
}

// The farthest any base has to go to its place in the new formation, the bases keeping their order (left to
// right in line, front to back in column, row by row in square), in table units.
double forming_distance(const Unit& u, battle::Formation f) {
    Unit formed = u;
    formed.formation = f;
    formed.formation_name.clear();
    const auto from = battle::base_outlines(u), to = battle::base_outlines(formed);
    auto middle = [](const std::array<battle::Point, 4>& b) {
        return battle::Point{(b[0].x + b[2].x) / 2, (b[0].y + b[2].y) / 2};
    };
    double farthest = 0;
    for (std::size_t i = 0; i < from.size() && i < to.size(); ++i)
        farthest = std::max(farthest, battle::distance(middle(from[i]), middle(to[i])));
    return farthest;
}

// FORM SQUARE / COLUMN / LINE: "Wheeling or other complex manoeuvre DRI cm" (horse 3 cm) a turn, over as many
// turns as the farthest base needs to reach its place (docs/rules-notes.md, "Movement").
void form(Turn& t, Unit& u, battle::Formation f, const std::string& name, bool first_turn) {
    if (u.formation == f) {
        if (first_turn) t.say_of(u, "Form " + name + ": " + unit_label(u) + " are already in " + name + ".", {{"unit", u.id}});
        return;
    }
    const double needed = t.cm(forming_distance(u, f));
    const int rate = movement_cm(type_of(u), MoveAction::wheel, drill(u), t.settings.oth);
    const double done = u.order->details.value("formed_cm", 0.0) + rate;
    const json details = {{"unit", u.id}, {"cm", rate}, {"done_cm", std::min(done, needed)}, {"needed_cm", needed}};
    if (done + battle::epsilon < needed) {
        u.order->details["formed_cm"] = done;
        t.say_of(u, unit_label(u) + " are forming " + name + ".", details);
        return;
    }
    u.formation = f;
    u.formation_name.clear();
    t.say_of(u, unit_label(u) + " form " + name + ".", details);
}

void follow_me(Turn& t, Unit& u, bool first_turn) {
    const Leader* l = t.b().leader(u.order->details.value("leader", std::int64_t{0}));
    if (!l) return;
    // "The unit will follow wherever you go": where he has not gone, they stay with him.
    if (battle::with_unit(*l, u, t.units(t.settings.with_unit_cm))) {
        if (first_turn)
            say_of_with_leader(t, u, *l, "Follow Me: " + unit_label(u) + " stay where they are: " + l->name +
                                             " is with them (\"The unit will follow wherever you go\").", {{"unit", u.id}});
        return;
    }
    u = battle::turned(u, battle::bearing(u.position, l->position) - u.facing);
    int rate = movement_cm(type_of(u), MoveAction::forward, drill(u), t.settings.oth);
    double go = std::min(double(rate), t.cm(battle::distance(u.position, l->position)));
    go = move_straight(t, u, go, rate);
    // "The unit will follow wherever you go, but will tend to become disorganised."
    add_tp(u, t.settings.follow_me_tp);
    t.say(unit_label(u) + " follow their leader.", u.side,
          {{"unit", u.id}, {"cm", go}, {"tp", t.settings.follow_me_tp}, {"tension_points", tp(u)}});
}

void carry_out(Turn& t, Unit& u, const std::string& o, bool first_turn) {
    const auto type = type_of(u);
    const auto& s = t.settings.oth;
    if (o == "advance") {
        advance(t, u);
    } else if (o == "charge") {
        charge(t, u);
    } else if (o == "retreat") {
        int rate = movement_cm(type, MoveAction::backward, drill(u), s);
        if (cannot_move(t, u, o, rate)) return;
        const Moved m = move_straight_why(t, u, -rate, -rate);
        t.say_of(u, unit_label(u) + " fall back" + (m.short_of_want() ? " " + words_cm(m.cm) + held_up_words(m) : "") + ".",
                 {{"unit", u.id}, {"cm", m.cm}, {"how", json::array({move_rate_how(MoveAction::backward, type, moving_drill(t, u), rate)})}});
    } else if (o == "run_away") {
        // "Run away - you only need to do this once!": it runs on each turn until it leaves the table.
        break_and_run(t, u);
        t.say(unit_label(u) + (u.removed ? " run off the table." : " run away."));
    } else if (o == "wheel_left" || o == "wheel_right") {
        int rate = movement_cm(type, MoveAction::wheel, drill(u), s);
        if (cannot_move(t, u, o, rate)) return;
        u = battle::wheeled(u, t.units(rate), o == "wheel_left" ? battle::Wheel::left : battle::Wheel::right);
        t.say(unit_label(u) + " wheel.", u.side, {{"unit", u.id}, {"cm", rate}});
    } else if (o == "form_square") {
        form(t, u, battle::Formation::square, "square", first_turn);
    } else if (o == "form_column") {
        form(t, u, battle::Formation::column, "column", first_turn);
    } else if (o == "form_line") {
        form(t, u, battle::Formation::line, "line", first_turn);
    } else if (o == "follow_me") {
        follow_me(t, u, first_turn);
    }
}

// The unit's current order: its test if new, a concealed unit shown as it moves, then carried out.
void act_on_order(Turn& t, Unit& u) {
    if (!u.order) return;
    const bool first_turn = u.order->details.value("new", false);
    const std::string order = u.order->name;  // a copy: the test may replace the order
    const std::string o = order_after_test(t, u, order);
    if (o.empty()) return;
    // A concealed unit that moves shows itself.
    static const std::set<std::string> moving = {"advance", "charge", "retreat", "run_away", "wheel_left",
                                                 "wheel_right", "follow_me"};
    if (u.concealed && moving.count(o)) {
        reveal(t, u, o == "charge" ? "charge from cover" : "break cover");
        if (u.removed || !u.order || u.order->name != o) return;
    }
    carry_out(t, u, o, first_turn);
}

}  // namespace

void step_movement(Turn& t) {
    // Jacobites first, so that the tests a movement calls for ("Enemy charging towards you") are rolled in the
    // order "When in combat, always roll for the Jacobite forces before Government forces".
    for (auto id : in_combat_order(t.b(), live_units(t.b()))) {
        Unit& u = t.b().units.at(id);
        if (u.removed) continue;
        act_on_order(t, u);
        // What it did this turn first, then the order it has still to digest.
        if (!u.removed) say_digesting(t, u, false);
    }
    spot_ambushes(t);
}

}  // namespace muster::oth::detail
