#pragma once
// Expeditions and the War Office Committee (over-the-hills.txt, "Going on Campaign", "Expeditions",
// ANNEX A): the hidden countdown to the next crisis, the umpire's briefing with its public and secret
// fields, the committee's PIP votes on the umpire's motions, the voyage on the campaign calendar and the
// reckoning of the mission's gains and losses. Commands and views: docs/protocol.md, "Expeditions".
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/event.h"
#include "shared/core/viewer.h"

namespace muster::campaign {

struct CampaignState;
struct Supplied;

namespace expeditions {

// One field of a briefing: its value and whether the players see it.
struct Field {
    nlohmann::json value;
    bool is_public = false;
    bool operator==(const Field&) const = default;
};

// An option of a motion. Carrying it may settle the force: the regiments that go, or the commander.
struct Option {
    std::string label;
    std::optional<std::vector<int>> regiments;
    std::optional<std::int64_t> commander;  // a colonel (user id)
    bool operator==(const Option&) const = default;
};

// A motion the umpire puts to the committee. Votes are PIP, sealed until it closes ("Expeditions": "Instead
// of voting by a show of hands, voting is by amount of PIP spent").
struct Motion {
    int id = 0;  // its number in its expedition
    std::string question;
    std::vector<Option> options;
    bool open = true;
    std::map<std::int64_t, std::vector<std::int64_t>> votes;  // colonel -> PIP on each option
    std::vector<std::int64_t> totals;                          // when closed
    std::optional<int> carried;                                // when closed: the option that carried, if any
    std::string how;                                           // "most_pip" | "seniority" | "umpire" | "no_votes"
    bool operator==(const Motion&) const = default;
};

struct Expedition {
    int id = 0;  // its number among the briefed expeditions; 0 for the draft
    // draft -> briefed (the committee sits) -> departed -> returning (reckoned, sailing home) -> home
    std::string status = "draft";
    std::map<std::string, Field> fields;
    nlohmann::json rolls = nlohmann::json::array();  // the generator's rolls (umpires only)
    std::set<std::int64_t> present;                   // colonels at the committee
    std::vector<Motion> motions;
    std::vector<int> regiments;  // the regiments that go, by number
    std::optional<std::int64_t> commander;
    std::map<std::int64_t, std::string> roles;  // present players not going: artillery, cavalry, ...
    std::vector<std::int64_t> went;             // the colonels who sailed (set at departure)
    int departed_turn = 0;
    int months_campaign = 1;
    std::optional<nlohmann::json> outcome;      // the umpire's draft outcome (umpires only)
    std::optional<nlohmann::json> reckoning;    // applied: the public part
    std::map<std::int64_t, nlohmann::json> reckoning_of;  // applied: each colonel's lines (his and umpires')
    int reckoned_turn = 0;
    std::vector<std::int64_t> battles;  // the battles fought on it (battle.create's "expedition")
    std::vector<nlohmann::json> fates;  // {"colonel", "fate", "battle"}: its colonels fallen in them

    int months_out() const;
    int months_back() const;
    bool operator==(const Expedition&) const = default;
};

struct ExpeditionsState {
    std::optional<Expedition> draft;
    std::map<int, Expedition> list;  // briefed and after, by id
    int briefed_made = 0;
    std::optional<int> crisis_turn;  // umpires only: the month the next crisis comes
    std::optional<int> crisis_rolled_turn;
    nlohmann::json crisis_roll;  // umpires only: the dice
    std::vector<nlohmann::json> gazette;  // {"expedition", "turn", "text"}: public announcements
    bool operator==(const ExpeditionsState&) const = default;
};

// The briefing's fields, their kinds and whether players see them by default (docs/protocol.md).
struct FieldSpec {
    const char* name;
    const char* kind;  // "text" | "months" | "multiple" | "percent" | "mission"
    bool public_by_default;
};
const std::vector<FieldSpec>& field_specs();

// Command types this module decides (crisis.*, expedition.*, committee.*, motion.*).
bool handles(const std::string& command_type);
std::variant<Error, std::vector<Event>> decide(const CampaignState& state, const Command& command,
                                               const Viewer& viewer, Dice& dice, const Supplied& supplied);
// Folds in this module's events, and follows the calendar (month.resolved, month.undone) to move colonels
// between sea, campaign and home.
void apply(CampaignState& state, const Event& event);
void add_to_view(nlohmann::json& out, const CampaignState& state, const Viewer& viewer);
// What this viewer must do about expeditions now: [{"what", "due", "tab"}].
nlohmann::json needs_you(const CampaignState& state, const Viewer& viewer);

// A battle fought on an expedition (expedition_battles.cpp). battle.create's "expedition": checks that it is
// on campaign and, where the body does not say, brings the regiments that went (on the first side) and the
// players given roles (attached artillery, cavalry and local forces beside them, the enemy on the second
// side). Returns the expedition's number, or the error.
std::variant<Error, int> battle_setup(const CampaignState& state, nlohmann::json& body);
// The expedition a battle was fought on, if any.
std::optional<int> expedition_of_battle(const CampaignState& state, std::int64_t battle);

}  // namespace expeditions
}  // namespace muster::campaign
