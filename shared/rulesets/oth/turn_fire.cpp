// The fire step (over-the-hills.txt, "Fighting"): musketry and cannon.
#include <algorithm>
#include <cmath>

#include "shared/battle/geometry.h"
#include "shared/rulesets/oth/cannon.h"
#include "shared/rulesets/oth/cease_fire.h"
#include "shared/rulesets/oth/log_words.h"
#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/order_words.h"
#include "shared/rulesets/oth/turn_helpers.h"

namespace muster::oth::detail {

using nlohmann::json;
using battle::Unit;

namespace {

int depth_in_bases(const Unit& u) {
    auto f = battle::footprint(u);
    return static_cast<int>(std::lround(f.depth / u.base_depth));
}

// over-the-hills.txt, "Cannon Fire": each gun fires at the nearest enemy in front within ball range.
void fire_cannon(Turn& t, Unit& u) {
    Unit* target = nearest_enemy_in_front(t, u, ball_range_cm);
    // Guns ordered to FIRE with nothing in reach say so (guns left with no order stand silent).
    if (!target && order_of(u) == "fire")
        t.say_of(u, "FIRE: " + unit_label(u) + " do not fire: no enemy in front within ball range (" +
                        words_cm(ball_range_cm) + ").", {{"unit", u.id}});
    if (!target) return;
    if (u.concealed) {
        reveal(t, u, "open fire from cover");
        target = u.removed ? nullptr : nearest_enemy_in_front(t, u, ball_range_cm);
        if (!target) return;
    }
    double d = t.cm(battle::distance_between(u, *target));
    int guns = std::max(1, value_of(u, "guns", 1));
    int hits = 0;
    json shots = json::array(), said = json::array();
    for (int g = 0; g < guns; ++g) {
        auto c = cannon(d, depth_in_bases(*target), t.dice);
        shots.push_back({{"shot", cannon_shot_name(c.shot)}, {"die", c.die}, {"modified", c.modified},
                         {"needed", c.needed}, {"hit", c.hit}});
        said.push_back(cannon_shot_how(c, g + 1, guns));
        hits += c.tp;
    }
    add_tp(*target, hits);
    if (!t.fact_has("cannon_targets", target->id)) t.tallies[target->id].turns_fired_on_by_cannon += 1;
    t.fact_add("cannon_targets", target->id);
    t.say(unit_label(u) + " fire on " + unit_label(*target) + ".", u.side,
          {{"unit", u.id}, {"target", target->id}, {"cm", d}, {"shots", shots}, {"hits", hits},
           {"how", cannon_how(d, said, guns, hits)}});
}

// CEASE FIRE, "hard to hear the order": whether the unit still fires this turn.
bool fires_on(Turn& t, Unit& u) {
    if (u.order->details.value("obeyed", false)) return false;
    auto cf = cease_fire(t.settings.oth, t.dice);
    t.say_of(u, unit_label(u) + (cf.obeyed ? " cease firing." : " do not hear the order to cease fire."),
             {{"unit", u.id}, {"cease_fire_die", cf.die}, {"obeyed", cf.obeyed},
              {"how", cease_fire_how(t.settings.oth, cf)}});
    if (cf.obeyed) u.order->details["obeyed"] = true;
    return !cf.obeyed;
}

// over-the-hills.txt, "Musketry": FIRE, HOLD YOUR FIRE and a CEASE FIRE not heard.
void fire_musketry(Turn& t, Unit& u, const std::string& o) {
    const auto& s = t.settings.oth;
    bool held = false;
    double range = musketry_range_cm(musketry_of(u));
    if (o == "hold_your_fire") {
        // "The unit will wait until the enemy is close before starting to shoot."
        range = std::min(range, t.settings.hold_fire_close_cm);
        held = true;
    } else if (o == "cease_fire") {
        if (!fires_on(t, u)) return;
    } else if (o != "fire") {
        return;
    }
    Unit* target = nearest_enemy_in_front(t, u, range);
    if (!target) {
        // "The unit will wait until the enemy is close before starting to shoot" / "firing range of 4+ MUS".
        // The public words name no rating (the enemy does not know the unit's MUS); the how, for its side, does.
        const std::string why = held ? " hold their fire: no enemy in front within " + words_cm(range) +
                                           " (\"The unit will wait until the enemy is close before starting to shoot\")"
                                     : " do not fire: no enemy in front within effective shooting distance";
        t.say_of(u, order_card_name(o) + ": " + unit_label(u) + why + ".",
                 {{"unit", u.id}, {"range_cm", range},
                  {"how", json::array({"Musketry: " + shooting_distance_words(musketry_of(u)) + "."})}});
        return;
    }
    if (u.concealed) {
        // Showing itself may send the target back (its surprise test): aim again.
        reveal(t, u, "open fire from cover");
        target = u.removed ? nullptr : nearest_enemy_in_front(t, u, range);
        if (!target) return;
    }
    double d = t.cm(battle::distance_between(u, *target));
    MusketryFire fire{musketry_of(u), u.bases, held};
    auto m = musketry(fire, d, s, t.dice);
    if (held) impose(u, "fire");
    add_tp(*target, m.tp);
    // "+10 for each turn of musketry it received"
    if (!t.fact_has("volleyed", target->id)) t.tallies[target->id].turns_of_musketry_received += 1;
    t.fact_add("volleyed", target->id);
    // Who fired on it: the enemy facing it in the test that follows ("Enemy facing unit's Drill ...").
    json& by = t.facts["volleyed_by"];
    if (!by.is_object()) by = json::object();
    by[std::to_string(target->id)].push_back(u.id);
    t.say(unit_label(u) + " fire a volley at " + unit_label(*target) + ".", u.side,
          {{"unit", u.id}, {"target", target->id}, {"cm", d}, {"die", m.die}, {"modified", m.modified},
           {"needed", m.needed}, {"inflicted", m.inflicted}, {"tp", m.tp}, {"how", musketry_how(fire, d, s, m)}});
}

}  // namespace

void step_fire(Turn& t) {
    for (auto id : in_combat_order(t.b(), live_units(t.b()))) {
        Unit& u = t.b().units.at(id);
        if (u.removed) continue;
        say_digesting(t, u, true);
        const std::string o = order_of(u);
        if (type_of(u) == TroopType::gunners) {
            if (o.empty() || o == "fire") fire_cannon(t, u);
            // Guns given HOLD YOUR FIRE or CEASE FIRE by a card do not fire (a CF result said its own line).
            else if ((o == "hold_your_fire" || o == "cease_fire") && u.order->details.contains("leader") &&
                     !u.order->details.value("told", false)) {
                u.order->details["told"] = true;
                t.say_of(u, order_card_name(o) + ": " + unit_label(u) + " do not fire: the guns fire only under FIRE.",
                         {{"unit", u.id}});
            }
            continue;
        }
        fire_musketry(t, u, o);
    }
}

}  // namespace muster::oth::detail
