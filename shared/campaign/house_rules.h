#pragma once
// House rules: every number of the campaign year's rules, with the book's value as the default
// (over-the-hills.txt, "Set Up" to "Personal Activities"). The umpire may change any of them
// ("rules.set"); the view shows where the campaign differs from the book.
#include <optional>
#include <variant>
#include <string>

#include <nlohmann/json.hpp>

#include "shared/core/error.h"

namespace muster::campaign::year {

struct HouseRules {
    int starting_money = 1000;         // "Set Up": players are given £1,000
    int pip_price = 10;                // "Set Up": PIP at a price of £10 per PIP
    bool late_colonels_buy_pip = true;  // reading: a late joiner's creation is his own "start-up"
    int last_regiment = 20;            // "Getting your Regiment": numbers between 3 and 20
    int companies_per_regiment = 10;   // "Background", "Income": ten companies
    int government_pay = 10;           // "Income": £10 per company per month
    int allowance_companies = 2;       // "Income": the pay of two companies for his own expenses
    int wage = 10;                     // "Pay": £10 per company per month
    int drill_cost = 10;               // "Improving Drill"
    int musketry_cost = 20;            // "Improving Musketry"
    int manoeuvres_cost = 50;          // "Improving Effectiveness"
    int new_attribute = 1;             // "The Regiment": 1 for each attribute when created
    int attribute_min = 1;             // "The Regiment": the range 1-6
    int attribute_max = 6;
    int improve_on = 6;                // "Improving ...": score 6 to gain a point
    int supervise_bonus = 1;           // "Improving ...": the colonel present adds one
    int drill_decline_months = 1;      // "Improving Drill": every month without extra drill
    int drill_decline_on = 1;          //   score 1 to lose a point
    int musketry_decline_months = 6;   // "Improving Musketry": no musketry for 6 months
    int musketry_decline_on = 2;       //   score 1 or 2
    int effectiveness_decline_months = 6;  // "Improving Effectiveness"
    int effectiveness_decline_on = 2;
    int socialise_pip = 5;             // "Personal Activities"
    int business_money = 20;
    int politics_pip = 10;
    int lone_absentee_penalty = 10;    // the only one present not socialising loses 10 PIP
    std::string present = "not_away";  // reading: "not_away" | "submitted"
    std::string default_diary = "repeat_last";  // reading: "repeat_last" | "quiet"
    int arrears_risk_months = 3;       // reading of "a few months" ("Pay")
    // "The Regiment": "loses half its strength or more on campaign (either from battle or disease)":
    // reading: losses add up over the campaign ("campaign") | each loss is reckoned alone ("battle").
    std::string half_strength = "campaign";
    // reading: the book prices no recruiting; each company raised back above the regiment's strength costs
    // this (a month's wage by default; 0: free, as if losses were never suffered).
    int recruit_cost = 10;
    // Not in the book (an open auction round a table has no clock): a bid in the last this many seconds of a
    // lot's countdown moves its close to this many seconds after the bid, so nobody wins by bidding at the last
    // second. 0: the countdown stands.
    int auction_extension_seconds = 0;

    // Expeditions (over-the-hills.txt, "Expeditions", ANNEX A; docs/rules-notes.md, "Expeditions").
    int crisis_dice = 2;                       // ANNEX A: "2-12 months or so between Expeditions": 2d6 months
    std::string committee_ties = "seniority";  // reading: a tied motion goes to the most senior backer | "umpire"
    std::string loot_shared = "each";          // reading: "each" colonel rolls his loot | "split" | "commander"
    std::string caribbean_raid = "roll";       // ANNEX A 26-30 "island or pirate base": "roll" | "island" | "pirates"
    std::string enemy_numbers_roll = "roll";   // reading: a d6 across the book's range | "middle"
    int disease_loss_percent = 20;             // not in the book: what disease takes of a regiment it strikes
    int shipwreck_loss_percent = 50;           // not in the book: what a shipwreck takes
    bool away_regiments_train = false;         // a colonel away cannot see to his regiment's training

    // A colonel's fate in battle ("Set Up": "risk to the colonel in battle is risk to the player";
    // docs/rules-notes.md, "A colonel's fate in battle").
    std::string colonel_fates = "expedition";  // which battles: those of an "expedition" | "all" | "none"
    int wounded_months = 2;                    // not in the book: months a wounded colonel is laid up
    int captured_months = 3;                   // not in the book: months until a captured colonel is exchanged
    bool successor_keeps_pip = false;          // a killed colonel's influence dies with him

    // Not in the book: a campaign played by post (docs/protocol.md, "Deadlines").
    int reminder_first_hours = 72;  // players whose diary is not in are reminded this long before the deadline
    int reminder_last_hours = 12;   // and again this long before (0: no such reminder)
    int extensions_per_month = 2;   // how often the umpire may put a month's deadline back
    int grace_minutes = 0;          // diaries still taken this long after the deadline; the month resolves then
    int leave_months_per_year = 2;  // months of leave a player may declare in each campaign year
    int missed_months_to_umpire = 3;  // missed in a row, the colonel is in the umpire's hands (0: never)
    int lot_reminder_minutes = 60;    // bidders are told this long before a lot's countdown ends (0: not told)
    bool notice_answers = false;      // players may answer the umpire's notices, to the umpires alone
    bool operator==(const HouseRules&) const = default;
};

// All settings by name.
nlohmann::json to_json(const HouseRules& rules);
// Checks a partial set of settings ({name: value}) against the names, types and ranges, and against
// each other once merged into `rules`; on success returns the merged rules.
std::variant<Error, HouseRules> merged(const HouseRules& rules, const nlohmann::json& changes);
// Applies changes already checked by merged().
void apply_settings(HouseRules& rules, const nlohmann::json& changes);
// {name: {"book": value, "campaign": value}} for every setting that differs from the book.
nlohmann::json differs_from_book(const HouseRules& rules);

}  // namespace muster::campaign::year
