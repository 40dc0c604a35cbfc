#include "shared/rulesets/oth/tension_points.h"

#include <algorithm>

namespace muster::oth {

std::string_view tension_cause_name(TensionCause cause) {
    switch (cause) {
        case TensionCause::cannon_hit: return "cannon_hit";
        case TensionCause::volley: return "volley";
        case TensionCause::melee_round: return "melee_round";
        case TensionCause::adjacent_friend_ran_away: return "adjacent_friend_ran_away";
        case TensionCause::adjacent_friend_charged: return "adjacent_friend_charged";
        case TensionCause::leader_lost: return "leader_lost";
        case TensionCause::fell_back: return "fell_back";
        case TensionCause::ran_away: return "ran_away";
        case TensionCause::rested_out_of_sight: return "rested_out_of_sight";
        case TensionCause::inspired: return "inspired";
        case TensionCause::saw_enemy_running: return "saw_enemy_running";
        case TensionCause::rallied: return "rallied";
    }
    return "";
}

// over-the-hills.txt, "How is it Handled?"
int tension_change(TensionCause cause, const OthSettings& settings) {
    switch (cause) {
        case TensionCause::cannon_hit:
        case TensionCause::volley:
        case TensionCause::melee_round:
        case TensionCause::adjacent_friend_ran_away:
        case TensionCause::adjacent_friend_charged:
        case TensionCause::leader_lost:
        case TensionCause::fell_back:
        case TensionCause::ran_away: return +1;
        case TensionCause::rested_out_of_sight:
        case TensionCause::inspired:
        case TensionCause::rallied: return -1;
        case TensionCause::saw_enemy_running: return settings.enemy_running_removes_tp ? -1 : 0;
    }
    return 0;
}

// "TPs are accumulated (up to a maximum of 8)"; none below 0.
int add_tension(int tension_points, int delta) {
    return std::clamp(tension_points + delta, min_tension_points, max_tension_points);
}

int apply_tension(int tension_points, TensionCause cause, const OthSettings& settings, int count) {
    return add_tension(tension_points, tension_change(cause, settings) * std::max(count, 0));
}

// over-the-hills.txt, "How is it Handled?": "Roll 1d6 and score Regimental Effectiveness or less".
RallyOutcome rally_roll(int tension_points, int effectiveness, Dice& dice) {
    RallyOutcome out;
    out.tension_points = add_tension(tension_points, 0);
    if (out.tension_points == 0) return out;
    out.die = dice.d6();
    out.removed = out.die <= effectiveness;
    if (out.removed) out.tension_points = add_tension(out.tension_points, -1);
    return out;
}

}  // namespace muster::oth
