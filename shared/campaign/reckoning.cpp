// The reckoning of an expedition: the table of force levels' "PIP Gain" and "Other gains" columns
// (over-the-hills.txt, ANNEX A), read per mission. Readings: docs/rules-notes.md, "Expeditions".
#include "shared/campaign/reckoning.h"

#include <algorithm>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions {

using nlohmann::json;

namespace {

std::optional<Error> read_losses(const json& body, const std::vector<int>& regiments, std::map<int, int>& out) {
    auto it = body.find("losses_percent");
    if (it == body.end()) return std::nullopt;
    if (!it->is_object()) return bad_request("The field \"losses_percent\" must be an object: {regiment: percent}.");
    for (const auto& [key, value] : it->items()) {
        int number = 0;
        try {
            number = std::stoi(key);
        } catch (...) {
            return bad_request("The field \"losses_percent\" names regiments by number, not \"" + key + "\".");
        }
        if (std::find(regiments.begin(), regiments.end(), number) == regiments.end())
            return bad_request("Regiment " + key + " did not go on this expedition.");
        if (!int_in(value, 0, 100))
            return bad_request("losses_percent: a regiment's losses are a whole percent from 0 to 100.");
        out[number] = value.get<int>();
    }
    return std::nullopt;
}

}  // namespace

std::variant<Error, Outcome> read_outcome(const json& body, const std::vector<int>& regiments) {
    if (!body.is_object()) return bad_request("The field \"outcome\" must be an object.");
    Outcome o;
    for (auto [key, flag] : {std::pair{"success", &o.success}, std::pair{"outnumbered", &o.outnumbered},
                             std::pair{"town_taken", &o.town_taken}, std::pair{"riots_worse", &o.riots_worse}})
        if (auto e = read_optional_bool(body, key, *flag)) return *e;
    std::int64_t n = 0;
    if (auto e = year::read_optional_int(body, "battles_won", 0, 20, n)) return *e;
    o.battles_won = static_cast<int>(n);
    if (auto e = read_losses(body, regiments, o.losses_percent)) return *e;
    return o;
}

json to_json(const Outcome& o) {
    json losses = json::object();
    for (const auto& [number, percent] : o.losses_percent) losses[std::to_string(number)] = percent;
    return {{"success", o.success},         {"outnumbered", o.outnumbered}, {"town_taken", o.town_taken},
            {"battles_won", o.battles_won}, {"riots_worse", o.riots_worse}, {"losses_percent", std::move(losses)}};
}

Outcome outcome_from_json(const json& j) {
    Outcome o;
    o.success = j.value("success", false);
    o.outnumbered = j.value("outnumbered", false);
    o.town_taken = j.value("town_taken", false);
    o.battles_won = j.value("battles_won", 0);
    o.riots_worse = j.value("riots_worse", false);
    if (auto it = j.find("losses_percent"); it != j.end())
        for (const auto& [key, value] : it->items()) o.losses_percent[std::stoi(key)] = value.get<int>();
    return o;
}

std::vector<PipLine> pip_gains(Mission mission, const Outcome& o, bool commander) {
    std::vector<PipLine> out;
    auto add = [&](const char* item, int amount, const char* text) { out.push_back({item, amount, text}); };
    switch (mission) {
        case Mission::raid_european:
            // "If outnumbered by enemy +10 PIP, otherwise + 5 PIP per player. If town taken +5 PIP"
            add("served", o.outnumbered ? 10 : 5, o.outnumbered ? "Raided though outnumbered" : "Raided the enemy's coast");
            if (o.town_taken) add("town_taken", 5, "The town taken");
            break;
        case Mission::defend_raid:
            // "If outnumbered by enemy and you win +10 PIP, otherwise + 5 PIP per player. If town taken -10 PIP
            // each": the +5 is for a win that was not outnumbered (docs/rules-notes.md).
            if (o.success) add("won", o.outnumbered ? 10 : 5, o.outnumbered ? "Beat off a stronger raid" : "Beat off the raid");
            if (o.town_taken) add("town_lost", -10, "The town burnt or looted");
            break;
        case Mission::capture_island:
            // "Win a battle +5 PIP. Successfully capture island +15 PIP. Commander of force gets +20 PIP"
            for (int i = 0; i < o.battles_won; ++i) add("battle_won", 5, "A battle won");
            if (o.success) add("island_captured", 15, "The island captured");
            if (o.success && commander) add("commander", 20, "Commanded the force that captured the island");
            break;
        case Mission::caribbean_rebellion:
            if (o.success) add("success", 5, "The rebellion put down");  // "+5 PIP if successful"
            break;
        case Mission::raid_island:
            add("served", 5, "Raided the enemy's island");  // "+ 5 PIP per player. If town taken +5 PIP"
            if (o.town_taken) add("town_taken", 5, "The town taken");
            break;
        case Mission::raid_pirates:
            add("served", 5, "Raided the pirates' base");  // "+ 5 PIP per player. If pirate port taken +5 PIP"
            if (o.town_taken) add("port_taken", 5, "The pirate port taken");
            break;
        case Mission::riots:
            // "+10 PIP if successful. -10 PIP if the riots get worse"
            if (o.success) add("success", 10, "The riots put down");
            if (o.riots_worse) add("riots_worse", -10, "The riots got worse");
            break;
        case Mission::jacobites:
            // "If outnumbered +15 PIP for a win, otherwise +5 PIP. -10 PIP if you lose."
            if (o.success) add("won", o.outnumbered ? 15 : 5, o.outnumbered ? "Beat the rebels though outnumbered" : "Beat the rebels");
            else add("lost", -10, "Beaten by the rebels");
            break;
    }
    return out;
}

Loot loot_for(Mission mission, const Outcome& o) {
    const ForceLevel& level = force_level(mission);
    if (level.loot_dice == 0) return {};
    // The loot of a raid is the town's or port's ("Successful looting of ..."); the Jacobites' is the
    // battlefield's, after a win.
    const bool earned = mission == Mission::jacobites ? o.success : o.town_taken;
    if (!earned) return {};
    return {level.loot_dice, level.loot_multiplier, level.gains_text};
}

int bonus_for(Mission mission, const Outcome& o) {
    const ForceLevel& level = force_level(mission);
    return o.success ? level.bonus_per_regiment : 0;  // "Bonus of 250 per regiment": for the island captured
}

std::string outcome_words(Mission mission, const Outcome& o) {
    std::string out;
    switch (mission) {
        case Mission::raid_european:
        case Mission::raid_island: out = o.town_taken ? "The town was taken and looted." : "The town was not taken."; break;
        case Mission::raid_pirates: out = o.town_taken ? "The pirate port was taken." : "The pirate port held."; break;
        case Mission::defend_raid:
            out = std::string(o.success ? "The raid was beaten off." : "The raid was not beaten off.") +
                  (o.town_taken ? " The town was burnt or looted." : " The town was saved.");
            break;
        case Mission::capture_island: out = o.success ? "The island was captured." : "The island was not captured."; break;
        case Mission::caribbean_rebellion: out = o.success ? "The rebellion was put down." : "The rebellion goes on."; break;
        case Mission::riots:
            out = o.success ? "The riots were put down." : o.riots_worse ? "The riots got worse." : "The riots go on.";
            break;
        case Mission::jacobites: out = o.success ? "The rebels were beaten." : "The rebels won the day."; break;
    }
    if (o.battles_won > 0)
        out += " " + std::to_string(o.battles_won) + (o.battles_won == 1 ? " battle won." : " battles won.");
    return out;
}

}  // namespace muster::campaign::expeditions
