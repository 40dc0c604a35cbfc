// The War Office Committee (over-the-hills.txt, "Expeditions"): "a committee will form of all available
// players ... and decide: a. How many regiments are going ... b. Which regiments ... c. Who is to be in
// command ... Instead of voting by a show of hands, voting is by amount of PIP spent." Spent PIP is gone
// whatever the result; a vote is sealed until the umpire closes the motion (DESIGN.md, "Hidden information").
#include <algorithm>
#include <numeric>

#include "shared/campaign/expedition_internal.h"
#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions::detail {

using nlohmann::json;

namespace {

std::vector<Event> one(Event e) { return {std::move(e)}; }

// An umpire's command on a briefed expedition whose committee still sits.
std::optional<Error> sitting(const CampaignState& s, const Command& c, const Viewer& v, const char* what,
                             const Expedition*& x) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (s.closed) return conflict("This campaign is closed.");
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    if (auto e = named(s, c.body, x)) return e;
    if (x->status != "briefed") return conflict("The committee on " + title(*x) + " has risen: it sailed.");
    return std::nullopt;
}

std::optional<Error> read_regiments(const CampaignState& s, const Expedition& x, const json& value, std::vector<int>& out) {
    if (!value.is_array() || value.size() > 40) return bad_request("\"regiments\" is a list of regiment numbers.");
    for (const auto& r : value) {
        if (!int_in(r, 1, 1000)) return bad_request("\"regiments\" is a list of regiment numbers.");
        const int number = r.get<int>();
        const auto colonel = colonel_of(s, number);
        if (!colonel) return not_found("No colonel holds regiment " + std::to_string(number) + ".");
        // "Players who are not present at the session cannot go on campaign and neither can their regiments."
        if (!x.present.count(colonel)) return conflict("Regiment " + std::to_string(number) + "'s colonel is not present: it cannot go.");
        if (std::find(out.begin(), out.end(), number) != out.end()) return bad_request("A regiment is named twice.");
        out.push_back(number);
    }
    return std::nullopt;
}

std::optional<Error> read_commander(const Expedition& x, const json& value, std::int64_t& out) {
    if (!int_in(value, 1, INT64_MAX)) return bad_request("\"commander\" is a colonel's user id.");
    out = value.get<std::int64_t>();
    if (!x.present.count(out)) return conflict("The commander must be a colonel present at the committee.");
    return std::nullopt;
}

std::optional<Error> read_options(const CampaignState& s, const Expedition& x, const json& body, json& out) {
    auto it = body.find("options");
    if (it == body.end() || !it->is_array() || it->size() < 2 || it->size() > options_max)
        return bad_request("A motion has 2 to " + std::to_string(options_max) + " options.");
    out = json::array();
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json& o = (*it)[i];
        const std::string path = "options." + std::to_string(i);
        if (!o.is_object()) return bad_request(path + ": each option is an object with a \"label\".");
        std::string label;
        if (auto e = read_string(o, "label", 1, label_max, label)) return within(path, *e);
        json option = {{"label", label}};
        if (auto r = o.find("regiments"); r != o.end()) {
            std::vector<int> regiments;
            if (auto e = read_regiments(s, x, *r, regiments)) return within(path, *e);
            option["regiments"] = regiments;
        }
        if (auto r = o.find("commander"); r != o.end()) {
            std::int64_t commander = 0;
            if (auto e = read_commander(x, *r, commander)) return within(path, *e);
            option["commander"] = commander;
        }
        out.push_back(std::move(option));
    }
    return std::nullopt;
}

// The motion a command names in "motion"; fills `out`.
std::optional<Error> named_motion(const Expedition& x, const json& body, const Motion*& out) {
    std::int64_t id = 0;
    if (auto e = read_id(body, "motion", id)) return e;
    if (id > static_cast<std::int64_t>(x.motions.size())) return not_found("There is no motion " + std::to_string(id) + ".");
    out = &x.motions[static_cast<std::size_t>(id - 1)];
    return std::nullopt;
}

// A colonel's seniority: his regiment's number (the lower, the more senior); without one, after all who have.
int seniority(const CampaignState& s, std::int64_t colonel) {
    const auto* c = s.year.colonel(colonel);
    return c && c->regiment ? c->regiment->number : 1'000'000;
}

}  // namespace

Decision decide_attendance(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = sitting(s, c, v, "mark who is present", x)) return *e;
    auto it = c.body.find("present");
    if (it == c.body.end() || !it->is_array()) return bad_request("\"present\" is a list of the colonels present (user ids).");
    std::set<std::int64_t> present;
    for (const auto& u : *it) {
        const auto id = int_value(u);
        const auto* c = id ? s.year.colonel(*id) : nullptr;
        if (!c) return not_found("\"present\" names someone who has no colonel.");
        // "a committee will form of all available players": not one away at sea or on another expedition.
        if (const std::string absent = year::absence(*c, s.year.calendar.turn); !absent.empty())
            return conflict(c->name + " is away (" + absent + ") and cannot sit on the committee.");
        present.insert(c->user);
    }
    for (const auto& m : x->motions)
        for (const auto& [voter, pip] : m.votes)
            if (m.open && !present.count(voter))
                return conflict("A colonel who voted on an open motion cannot be marked absent before it closes.");
    return one(make_event("committee.attendance_set", v, {{"expedition", x->id}, {"present", present}}));
}

Decision decide_motion_put(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = sitting(s, c, v, "put a motion", x)) return *e;
    std::string question;
    if (auto e = read_string(c.body, "question", 1, question_max, question)) return *e;
    json options;
    if (auto e = read_options(s, *x, c.body, options)) return *e;
    return one(make_event("motion.put", v, {{"expedition", x->id}, {"motion", static_cast<int>(x->motions.size()) + 1},
                                             {"question", question}, {"options", std::move(options)}}));
}

Decision decide_motion_vote(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (s.closed) return conflict("This campaign is closed.");
    if (v.role != Role::player) return forbidden("Only a colonel votes in the War Office Committee.");
    const auto* colonel = s.year.colonel(v.user);
    if (!colonel) return not_found("You have no colonel yet.");
    const Expedition* x = nullptr;
    if (auto e = named(s, c.body, x)) return *e;
    if (x->status != "briefed") return conflict("The committee on " + title(*x) + " has risen.");
    if (!x->present.count(v.user)) return forbidden("Only colonels present at the committee may vote.");
    const Motion* m = nullptr;
    if (auto e = named_motion(*x, c.body, m)) return *e;
    if (!m->open) return conflict("Motion " + std::to_string(m->id) + " is closed.");
    auto it = c.body.find("pip");
    if (it == c.body.end() || !it->is_array() || it->size() != m->options.size())
        return bad_request("\"pip\" gives the PIP you spend on each of the motion's " + std::to_string(m->options.size()) + " options, in order.");
    std::vector<std::int64_t> pip;
    for (const auto& p : *it) {
        if (!int_in(p, 0, 1'000'000))
            return bad_request("PIP spent on an option is a whole number from 0.");
        pip.push_back(p.get<std::int64_t>());
    }
    const std::int64_t total = std::accumulate(pip.begin(), pip.end(), std::int64_t{0});
    std::int64_t before = 0;
    if (auto old = m->votes.find(v.user); old != m->votes.end())
        before = std::accumulate(old->second.begin(), old->second.end(), std::int64_t{0});
    if (total - before > colonel->pip)
        return conflict("You have " + std::to_string(colonel->pip + before) + " PIP to spend on this motion, not " +
                        std::to_string(total) + ".");
    return one(make_event("motion.voted", v, {{"expedition", x->id}, {"motion", m->id}, {"colonel", v.user},
                                               {"pip", pip}, {"spent", total - before}}));
}

std::variant<Error, Tally> tally(const CampaignState& s, const Motion& m, std::optional<int> tie_break) {
    Tally t;
    t.totals.assign(m.options.size(), 0);
    for (const auto& [voter, pip] : m.votes)
        for (std::size_t i = 0; i < pip.size() && i < t.totals.size(); ++i) t.totals[i] += pip[i];
    const std::int64_t best = *std::max_element(t.totals.begin(), t.totals.end());
    std::vector<int> tied;
    for (std::size_t i = 0; i < t.totals.size(); ++i)
        if (t.totals[i] == best) tied.push_back(static_cast<int>(i));
    if (tied.size() == 1) {
        t.carried = tied.front();
        t.how = "most_pip";
        return t;
    }
    if (tie_break) {
        if (std::find(tied.begin(), tied.end(), *tie_break) == tied.end())
            return bad_request("\"tie_break\" must name one of the tied options.");
        t.carried = *tie_break;
        t.how = best == 0 ? "no_votes" : "umpire";
        return t;
    }
    if (best == 0) return conflict("Nobody spent PIP on this motion: give \"tie_break\", the option you choose.");
    if (s.year.rules.committee_ties == "umpire") return conflict("The motion is tied: give \"tie_break\", one of the tied options.");
    // House rule committee_ties "seniority": the most senior colonel who backed a tied option settles it.
    std::vector<std::pair<int, std::int64_t>> voters;
    for (const auto& [voter, pip] : m.votes) voters.push_back({seniority(s, voter), voter});
    std::sort(voters.begin(), voters.end());
    for (const auto& [rank, voter] : voters) {
        const auto& pip = m.votes.at(voter);
        int pick = -1;
        for (int i : tied)
            if (pip[static_cast<std::size_t>(i)] > 0 && (pick < 0 || pip[static_cast<std::size_t>(i)] > pip[static_cast<std::size_t>(pick)])) pick = i;
        if (pick >= 0) {
            t.carried = pick;
            t.how = "seniority";
            return t;
        }
    }
    return conflict("The motion is tied: give \"tie_break\", one of the tied options.");
}

Decision decide_motion_close(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = sitting(s, c, v, "close a motion", x)) return *e;
    const Motion* m = nullptr;
    if (auto e = named_motion(*x, c.body, m)) return *e;
    if (!m->open) return conflict("Motion " + std::to_string(m->id) + " is closed already.");
    std::optional<int> tie_break;
    if (auto it = c.body.find("tie_break"); it != c.body.end() && !it->is_null()) {
        if (!int_in(*it, 0, static_cast<std::int64_t>(m->options.size()) - 1))
            return bad_request("\"tie_break\" is the number of an option, counting from 0.");
        tie_break = it->get<int>();
    }
    auto t = tally(s, *m, tie_break);
    if (auto* e = std::get_if<Error>(&t)) return *e;
    const Tally& result = std::get<Tally>(t);
    json votes = json::object();
    for (const auto& [voter, pip] : m->votes) votes[std::to_string(voter)] = pip;
    return one(make_event("motion.closed", v, {{"expedition", x->id}, {"motion", m->id}, {"totals", result.totals},
                                                {"carried", result.carried ? json(*result.carried) : json(nullptr)},
                                                {"how", result.how}, {"votes", std::move(votes)}}));
}

Decision decide_force(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = sitting(s, c, v, "choose the force", x)) return *e;
    json body = {{"expedition", x->id}};
    if (auto it = c.body.find("regiments"); it != c.body.end()) {
        std::vector<int> regiments;
        if (auto e = read_regiments(s, *x, *it, regiments)) return *e;
        body["regiments"] = regiments;
    }
    if (auto it = c.body.find("commander"); it != c.body.end()) {
        // null: back to seniority (the colonel of the most senior regiment that goes).
        std::int64_t commander = 0;
        if (!it->is_null())
            if (auto e = read_commander(*x, *it, commander)) return *e;
        body["commander"] = it->is_null() ? json(nullptr) : json(commander);
    }
    if (body.size() == 1) return bad_request("Give \"regiments\", \"commander\" or both.");
    return one(make_event("expedition.force_set", v, std::move(body)));
}

Decision decide_roles(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    const Expedition* x = nullptr;
    if (auto e = sitting(s, c, v, "give roles", x)) return *e;
    // "Players who are present but whose regiments are not chosen for service will be allocated roles
    // commanding any attached artillery or cavalry, local forces, naval support or the enemy."
    auto it = c.body.find("roles");
    if (it == c.body.end() || !it->is_object()) return bad_request("\"roles\" is {colonel's user id: role or null}.");
    const auto going = colonels_going(s, *x);
    json roles = json::object();
    for (const auto& [key, role] : it->items()) {
        std::int64_t user = 0;
        try {
            user = std::stoll(key);
        } catch (...) {
            return bad_request("\"roles\" names colonels by user id.");
        }
        if (!x->present.count(user)) return conflict("Roles go to colonels present at the committee.");
        if (std::find(going.begin(), going.end(), user) != going.end()) return conflict("That colonel goes with the force.");
        if (!role.is_null()) {
            std::string r;
            if (auto e = year::read_choice(json{{"role", role}}, "role", {"artillery", "cavalry", "local_forces", "naval", "enemy"}, r))
                return *e;
        }
        roles[key] = role;
    }
    return one(make_event("expedition.roles_set", v, {{"expedition", x->id}, {"roles", std::move(roles)}}));
}

}  // namespace muster::campaign::expeditions::detail
