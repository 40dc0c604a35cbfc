#include "shared/rulesets/oth/log_words.h"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace muster::oth {

using nlohmann::json;

// "5 cm", "5.5 cm": a tenth of a cm is finer than any ruler at the table.
std::string words_cm(double cm) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", std::round(cm * 10) / 10);
    std::string s = buf;
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s + " cm";
}

namespace {

std::string signed_number(int n) { return (n < 0 ? "" : "+") + std::to_string(n); }

// "1 TP", "2 TP" as the book counts them.
std::string tps(int n) { return std::to_string(n) + " TP"; }

std::string lower_first(std::string_view s) {
    std::string out(s);
    if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z') out[0] = static_cast<char>(out[0] - 'A' + 'a');
    return out;
}

// over-the-hills.txt, "A Reaction Test is taken when any of the following apply" and "Fighting": the reason
// the book gives for each test the turn takes; an umpire's own words are shown as written.
std::string reaction_reason(const std::string& why) {
    static const std::vector<std::pair<std::string, std::string>> reasons = {
        {"charged", "enemy charging towards you"},
        {"ordered to advance", "ordered to advance/charge"},
        {"ordered to charge", "ordered to advance/charge"},
        {"ordered to fall back", "ordered to fall back in the face of the enemy"},
        {"surprised by an ambush", "when surprised by new events"},
        {"called by the umpire", "if the umpire thinks it's a good idea"},
        {"under musketry", "after a round of musketry"},
        {"after melee", "after a round of melee"},
    };
    for (const auto& [w, reason] : reasons)
        if (w == why) return reason;
    return why;
}

// "Die Modifiers", each by the book's name, with its sign: "+1 leader with the unit".
std::vector<std::string> modifier_words(TroopType type, const ReactionCircumstances& c) {
    std::vector<std::string> out;
    if (c.outnumbered) out.push_back("-1 outnumbered");
    if (c.outflanked) out.push_back("-1 outflanked");
    if (c.enemy_drill_more_than_2_better) out.push_back("-1 enemy facing unit's Drill more than 2 better");
    if (c.leader_with_unit) out.push_back("+1 leader with the unit");
    if (c.supported && type == TroopType::gunners) out.push_back("+1 gunners with infantry support/cover");
    if (c.enemy_falling_back) out.push_back("+1 enemy falling back or running away");
    if (c.umpire_modifier != 0) out.push_back(signed_number(c.umpire_modifier) + " from the umpire");
    return out;
}

std::string joined(const std::vector<std::string>& parts, const char* sep = ", ") {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : sep) + p;
    return out;
}

}  // namespace

// over-the-hills.txt, "REACTION TEST RESULTS TABLES": the five tables' headings.
std::string_view reaction_table_name(TroopType type) {
    switch (type) {
        case TroopType::horse: return "Horse Table";
        case TroopType::formed_infantry: return "Regular Infantry Table";
        case TroopType::militia: return "Militia Infantry Table";
        case TroopType::irregulars: return "Irregulars Table";
        case TroopType::gunners: return "Gunners Table";
    }
    return "Regular Infantry Table";
}

// The key under each table, said as what the unit does (its TP is in the how).
std::string_view reaction_result_words(ReactionResult result, TroopType type) {
    switch (result) {
        case ReactionResult::ok: return "continue as ordered";
        case ReactionResult::na: return "no advance closer to the enemy";
        case ReactionResult::fb: return "fall back for a turn";
        case ReactionResult::ra: return type == TroopType::horse ? "ride away" : "run away";
        case ReactionResult::ch: return "charge the nearest enemy";
        case ReactionResult::cf: return "cease firing and hide under the guns";
    }
    return "";
}

std::string reaction_line(const std::string& unit, const std::string& why, ReactionResult result, TroopType type) {
    return unit + " (" + why + "): " + std::string(reaction_result_words(result, type)) + ".";
}

// "Regular Infantry Table, tension points 1, die roll 3 (rolled 2; +1 leader with the unit): OK, continue as
// ordered." rules/README.md: "A modified roll below 0 reads row 0, above 8 reads row 8."
json reaction_how(TroopType type, const std::string& why, const ReactionCircumstances& c, const ReactionOutcome& o,
                  int tension_points) {
    const auto mods = modifier_words(type, c);
    std::string roll = "die roll " + std::to_string(o.row) + " (";
    if (mods.empty()) roll += "no modifiers";
    else roll += "rolled " + std::to_string(o.die) + "; " + joined(mods);
    if (o.modified != o.row) roll += " = " + std::to_string(o.modified) + ", read as " + std::to_string(o.row);
    roll += ")";
    const std::string column = o.column == 0 ? "None" : std::to_string(o.column);
    json how = json::array();
    how.push_back("A reaction test: " + reaction_reason(why) + ".");
    how.push_back(std::string(reaction_table_name(type)) + ", tension points " + column + ", " + roll + ": " +
                  std::string(reaction_result_code(o.result)) + ", " +
                  lower_first(reaction_result_meaning(o.result, type)) + ".");
    if (o.tp_gained > 0)
        how.push_back("They take " + tps(o.tp_gained) + ": tension points now " + std::to_string(tension_points) + ".");
    return how;
}

// over-the-hills.txt, "Musketry": "firing range of 4+ MUS centimetres range or less ... Roll 1d6 and score".
json musketry_how(const MusketryFire& fire, double distance_cm, const OthSettings& s, const MusketryOutcome& m) {
    json how = json::array();
    how.push_back("Range " + words_cm(distance_cm) + ", within 4 + MUS " + std::to_string(fire.musketry) + " = " +
                  std::to_string(musketry_range_cm(fire.musketry)) + " cm.");
    const int value = musketry_table_value(fire.musketry, fire.bases, s);
    const std::string by = s.musketry_score_by == MusketryScoreBy::bases ? std::to_string(value) + " bases"
                                                                          : "MUS " + std::to_string(value);
    std::string roll = "rolled " + std::to_string(m.die);
    if (m.modified != m.die)  // HOLD YOUR FIRE: "The closer the enemy, the more devastating the shooting"
        roll += ", " + signed_number(m.modified - m.die) + " held fire until close = " + std::to_string(m.modified);
    how.push_back("Musketry table, " + by + ": " + score_text(m.needed) + " to inflict a TP; " + roll + ": " +
                  (m.inflicted ? "a TP." : "no TP."));
    // "You get TPs for ... Receiving a volley of musketry" (setting every_volley_gives_tp).
    if (s.every_volley_gives_tp)
        how.push_back("Receiving a volley of musketry: 1 TP more; the target takes " + tps(m.tp) + ".");
    return how;
}

// over-the-hills.txt, "Cannon Fire": "Range: 15cm (grape) 50 cm (ball) Score to hit: 3,4,5,6 5,6 ...
// Formations more than 1 base deep +1 to die roll".
std::string cannon_shot_how(const CannonOutcome& c, int gun, int guns) {
    const bool grape = c.shot == CannonShot::grape;
    std::string s = std::string("Cannon Fire, ") + (grape ? "grape (15 cm)" : "ball (50 cm)");
    if (guns > 1) s += ", gun " + std::to_string(gun);
    s += ": " + score_text(c.needed) + " to hit; rolled " + std::to_string(c.die);
    if (c.modified != c.die)
        s += ", " + signed_number(c.modified - c.die) + " formation more than 1 base deep = " + std::to_string(c.modified);
    return s + ": " + (c.hit ? "a hit." : "a miss.");
}

json cannon_how(double distance_cm, const json& shot_sentences, int guns, int hits) {
    json how = json::array();
    how.push_back("Range " + words_cm(distance_cm) + ": grape to 15 cm, ball to 50 cm.");
    for (const auto& s : shot_sentences) how.push_back(s);
    // "A hit adds a TP to the target unit."
    if (guns > 1) how.push_back("A hit adds a TP to the target unit: " + tps(hits) + " in all.");
    return how;
}

namespace {

// over-the-hills.txt, "Melee": the extra TP, by how the side inflicts it; a leader engaged helps (setting).
std::string melee_extra_how(const MeleeSide& side, const MeleeSideOutcome& o, const OthSettings& s) {
    const int bonus = side.leader_engaged ? s.leader_fight_bonus : 0;
    const std::string helped = bonus ? ", " + signed_number(bonus) + " leader engaged in the fight" : "";
    const std::string rolled = "; rolled " + std::to_string(o.die) + ": " + (o.inflicts_extra ? "an extra TP." : "no extra TP.");
    switch (side.kind) {
        case MeleeKind::highlanders: return "Melee, Highlanders: automatically inflict an extra TP.";
        case MeleeKind::battle_cavalry: return "Melee, Battle Cavalry: automatically inflict an extra TP.";
        case MeleeKind::gunners: return "Melee, gunners: no use in a melee, no extra TP.";
        case MeleeKind::ordinary_horse:
            return "Melee, Ordinary Horse: score " + score_text(4) + helped + (bonus ? ": " + score_text(o.target) : "") +
                   " to inflict an extra TP" + rolled;
        case MeleeKind::foot: {
            const int avg = average_drill_effectiveness(side.drill, side.effectiveness);
            return "Melee: roll less than Average (DRILL " + std::to_string(side.drill) + " + EFFECTIVENESS " +
                   std::to_string(side.effectiveness) + ") = " + std::to_string(avg) + helped +
                   (bonus ? " = " + std::to_string(o.target) : "") + " to inflict an extra TP" + rolled;
        }
    }
    return "";
}

}  // namespace

json melee_how(const MeleeSide& side, const MeleeSideOutcome& o, const OthSettings& s, int tension_points) {
    json how = json::array();
    how.push_back("Melee: both sides take a TP automatically.");
    how.push_back(melee_extra_how(side, o, s));
    // "4. Engage in A Fight ... might be killed or wounded" (settings leader_hit_on, leader_killed_on).
    if (o.leader_hit_die > 0) {
        std::string l = "The leader in the fight: hit on " + std::to_string(s.leader_hit_on) + " or less; rolled " +
                        std::to_string(o.leader_hit_die);
        if (o.leader == LeaderFate::unhurt) l += ": unhurt.";
        else
            l += ": hit; killed on " + std::to_string(s.leader_killed_on) + " or less, else wounded; rolled " +
                 std::to_string(o.leader_fate_die) + ": " + std::string(leader_fate_name(o.leader)) + ".";
        how.push_back(l);
    }
    std::vector<std::string> parts = {"1 automatic"};
    if (o.tp_extra) parts.push_back("1 extra from the enemy");
    if (o.tp_leader_lost) parts.push_back("1 for seeing their leader fall");
    how.push_back("They take " + tps(o.tp_total()) + " (" + joined(parts) + "): tension points now " +
                  std::to_string(tension_points) + ".");
    return how;
}

std::string rally_line(const std::string& unit, const RallyOutcome& r) {
    return unit + (r.removed ? " steady themselves." : " do not steady themselves.");
}

// over-the-hills.txt, "How is it Handled?", "You remove TPs by: ... Roll 1d6 and score Regimental
// Effectiveness or less".
json rally_how(int effectiveness, const RallyOutcome& r) {
    return json::array({"Roll 1d6 and score Regimental Effectiveness (" + std::to_string(effectiveness) +
                        ") or less: rolled " + std::to_string(r.die) + ": " +
                        (r.removed ? "a TP removed" : "no TP removed") + "; tension points now " +
                        std::to_string(r.tension_points) + "."});
}

// CEASE FIRE: "Stop shooting (this is quite hard to do since it is hard to hear the order!)" (setting
// cease_fire_score).
json cease_fire_how(const OthSettings& s, const CeaseFireOutcome& cf) {
    return json::array({"CEASE FIRE, hard to hear the order: " + std::to_string(s.cease_fire_score) +
                        " or more to obey; rolled " + std::to_string(cf.die) + ": " +
                        (cf.obeyed ? "they stop shooting." : "not heard, they fire on.")});
}

// over-the-hills.txt, "Overall Losses": "roll 1d6 x 5 +15 for each time the regiment ran away +10 for each turn
// of musketry it received. +5 for each turn it was fired on by cannons".
json losses_how(const BattleRecord& r, const LossesOutcome& lo, const OthSettings& s) {
    auto times = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    json how = json::array();
    how.push_back("Overall Losses: 1d6 x 5; rolled " + std::to_string(lo.die) + ": " + std::to_string(lo.die * 5) + "%.");
    how.push_back("+15 for each time the regiment ran away: " + times(r.times_ran_away, "time", "times") + ", +" +
                  std::to_string(15 * r.times_ran_away) + "%.");
    how.push_back("+10 for each turn of musketry it received: " +
                  times(r.turns_of_musketry_received, "turn", "turns") + ", +" +
                  std::to_string(10 * r.turns_of_musketry_received) + "%.");
    how.push_back("+5 for each turn it was fired on by cannons: " + times(r.turns_fired_on_by_cannon, "turn", "turns") +
                  ", +" + std::to_string(5 * r.turns_fired_on_by_cannon) + "%.");
    std::string total = "Losses: " + std::to_string(lo.uncapped) + "%";
    // Setting losses_cap_percent: a regiment cannot lose more than itself.
    if (lo.percent != lo.uncapped) total += ", at most " + std::to_string(s.losses_cap_percent) + "%: " +
                                            std::to_string(lo.percent) + "%";
    how.push_back(total + " of the regiment.");
    return how;
}

}  // namespace muster::oth
