// A colonel's fate in battle: which colonels fell, the successor of a dead one, and both events' effects on
// the colonel (shared/campaign/fates.h).
#include "shared/campaign/fates.h"

#include "shared/battle/registry.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/year_fields.h"
#include "shared/campaign/year_internal.h"
#include "shared/core/fields.h"

namespace muster::campaign {

using nlohmann::json;

namespace fates {

std::vector<Event> fell_in_battle(const CampaignState& s, const battle::BattleEntry& be, bool on_expedition,
                                  const Viewer& v) {
    std::vector<Event> out;
    const auto& rules = s.year.rules;
    if (rules.colonel_fates == "none" || (rules.colonel_fates == "expedition" && !on_expedition)) return out;
    const battle::RuleSet* book = battle::find_ruleset(be.battle.ruleset);
    if (!book) return out;
    const int turn = s.year.calendar.turn;
    for (const auto& [id, leader] : be.battle.leaders) {
        const auto* c = leader.user ? s.year.colonel(leader.user) : nullptr;
        if (!c || c->laid_up == "killed") continue;
        // A leader still hidden when the battle ends: a public fall would tell the enemy who lay in wait.
        if (leader.concealed) continue;
        const std::string fate = book->leader_fate(leader);
        if (fate.empty()) continue;
        // Laid up for the months after the one he fell in (that month is being played already).
        const int months = fate == "wounded" ? rules.wounded_months : fate == "captured" ? rules.captured_months : 0;
        const int until = fate == "killed" ? 0 : turn + 1 + months;
        std::string text = year::colonel_title(c->name) + " was " + fate + " at " + be.battle.name;
        if (fate == "killed") text += ": his player raises his successor.";
        else text += months > 0 ? ": out of action for " + std::to_string(months) + " month" + (months > 1 ? "s." : ".") : ".";
        out.push_back(make_event("colonel.fell", v,
                                 {{"colonel", c->user}, {"fate", fate}, {"until", until}, {"battle", be.battle.id},
                                  {"turn", turn}, {"text", text}}));
    }
    return out;
}

}  // namespace fates

namespace year::detail {

// over-the-hills.txt, "Set Up": the colonel is the player in person, so the player of a colonel killed in
// battle carries on as the colonel's successor: a new name and profile, the same regiment and fortune; the
// dead man's influence dies with him unless house rule successor_keeps_pip, and the successor chooses his own
// objective.
Decision decide_colonel_succeed(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Colonel* col = nullptr;
    if (v.is_umpire()) {
        if (auto e = open_umpire(s, v, "name a successor")) return *e;
        if (auto e = named_colonel(s, c.body, col)) return *e;
    } else if (auto e = own_colonel(s, v, "name a successor", col)) {
        return *e;
    }
    if (col->laid_up != "killed") return conflict(colonel_title(col->name) + " is not dead: only a dead colonel has a successor.");
    std::string name;
    Profile profile;
    if (auto e = read_name_and_profile(c.body, name, profile)) return *e;
    const std::int64_t pip = s.year.rules.successor_keeps_pip ? col->pip : 0;
    return one(make_event("colonel.succeeded", v,
                          {{"colonel", col->user}, {"name", name}, {"profile", to_json(profile)}, {"before", col->name},
                           {"pip", pip}}));
}

void colonel_fell(YearState& y, const Event& e) {
    auto it = y.colonels.find(e.body.at("colonel").get<std::int64_t>());
    if (it == y.colonels.end()) return;
    Colonel& c = it->second;
    const std::string fate = e.body.at("fate").get<std::string>();
    const int until = e.body.at("until").get<int>();
    if (c.laid_up == "killed") return;
    // A second fall while laid up keeps him out the longer of the two.
    const bool laid_up_now = !c.laid_up.empty() && y.calendar.turn < c.laid_up_until;
    if (fate == "killed" || !laid_up_now || until >= c.laid_up_until) {
        c.laid_up = fate;
        c.laid_up_until = until;
    }
}

void colonel_succeeded(YearState& y, const Event& e) {
    auto it = y.colonels.find(e.body.at("colonel").get<std::int64_t>());
    if (it == y.colonels.end()) return;
    Colonel& c = it->second;
    auto name = e.body.at("name").get<std::string>();
    if (c.regiment && c.regiment->name == default_regiment_name(c.name)) c.regiment->name = default_regiment_name(name);
    c.name = std::move(name);
    c.profile = profile_from_json(e.body.at("profile"));
    c.pip = e.body.at("pip").get<std::int64_t>();
    c.objective.reset();
    c.laid_up.clear();
    c.laid_up_until = 0;
}

}  // namespace year::detail
}  // namespace muster::campaign
