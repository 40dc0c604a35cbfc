// The crisis and the briefing (over-the-hills.txt, ANNEX A: "allow players say 2-12 months or so between
// Expeditions ... players shouldn't know in advance how long they have to the next crisis"; "Expeditions":
// "The umpires will provide a briefing of the situation"). Rolls the players may not see are made in the
// umpires' blind stream, "umpire".
#include "shared/campaign/expedition_internal.h"
#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::expeditions::detail {

using nlohmann::json;

namespace {

std::optional<Error> open_umpire(const CampaignState& s, const Viewer& v, const char* what) {
    if (!v.is_member()) return forbidden("You are not a member of this campaign.");
    if (s.closed) return conflict("This campaign is closed.");
    if (!v.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    return std::nullopt;
}

std::vector<Event> one(Event e) { return {std::move(e)}; }

GeneratorRules generator_rules(const CampaignState& s) {
    return {s.year.rules.caribbean_raid, s.year.rules.enemy_numbers_roll};
}

// The generator's fields, in the briefing's shape ({value} only: visibility stays as it is).
json generated(Dice& dice, const CampaignState& s) {
    json g = generate(dice.stream("umpire"), generator_rules(s));
    json fields = json::object();
    for (const auto& spec : field_specs()) {
        auto it = g.at("fields").find(spec.name);
        if (it != g.at("fields").end()) fields[spec.name] = *it;
    }
    // The players are told the enemy's quality as the book gives it, not its numbers: the umpire edits.
    if (auto it = g.at("fields").find("enemy_quality"); it != g.at("fields").end())
        fields["believed_enemy"] = it->get<std::string>();
    return {{"fields", std::move(fields)}, {"rolls", g.at("rolls")}};
}

// Checks a field's new value against its kind.
std::optional<Error> check_value(const FieldSpec& spec, const json& value) {
    if (value.is_null()) return std::nullopt;
    const std::string kind = spec.kind;
    const std::string name = spec.name;
    if (kind == "text") {
        if (!value.is_string() || utf8_length(value.get<std::string>()) > text_max)
            return bad_request("value: the briefing's " + name + " is text of at most " + std::to_string(text_max) +
                               " characters.");
    } else if (kind == "months") {
        if (!int_in(value, 0, 24))
            return bad_request("value: the briefing's " + name + " is a whole number of months from 0 to 24.");
    } else if (kind == "percent") {
        if (!int_in(value, 0, 100))
            return bad_request("value: the briefing's " + name + " is a whole percent from 0 to 100.");
    } else if (kind == "multiple") {
        if (!number_in(value, 0, 20))
            return bad_request("value: the briefing's " + name +
                               " is a multiple of the expedition's strength, from 0 to 20.");
    } else if (kind == "mission") {
        if (!value.is_string() || !mission_from_key(value.get<std::string>()))
            return bad_request(
                "value: the briefing's mission must be one of the eight missions of the table of force levels.");
    }
    return std::nullopt;
}

}  // namespace

Decision decide_crisis_roll(const CampaignState& s, const Command&, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = open_umpire(s, v, "roll for the next crisis")) return *e;
    Dice& blind = dice.stream("umpire");
    int months = 0;
    for (int i = 0; i < s.year.rules.crisis_dice; ++i) months += blind.d6();
    Event e = make_event("crisis.rolled", v, {{"months", months}, {"turn", s.year.calendar.turn + months}});
    e.dice = dice.take_all_logs();
    return one(std::move(e));
}

Decision decide_create(const CampaignState& s, const Command& c, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = open_umpire(s, v, "create an expedition")) return *e;
    if (s.expeditions.draft) return conflict("There is a draft expedition already: brief it or discard it first.");
    bool roll = true;
    if (auto e = read_optional_bool(c.body, "generate", roll)) return *e;
    json fields = json::object();
    for (const auto& spec : field_specs()) fields[spec.name] = {{"value", nullptr}, {"public", spec.public_by_default}};
    json rolls = json::array();
    if (roll) {
        json g = generated(dice, s);
        for (const auto& [name, value] : g.at("fields").items()) fields[name]["value"] = value;
        rolls = g.at("rolls");
        // ANNEX A, 01-15: "(you can pick an island)": the umpire's note, in the secret notes.
        if (fields["mission"]["value"] == "capture_island")
            fields["notes"]["value"] = "Annex A: you can pick an island; name it in the location.";
    }
    Event e = make_event("expedition.created", v, {{"fields", std::move(fields)}, {"rolls", std::move(rolls)}});
    e.dice = dice.take_all_logs();
    return one(std::move(e));
}

Decision decide_generate(const CampaignState& s, const Command&, const Viewer& v, Dice& dice, const Supplied&) {
    if (auto e = open_umpire(s, v, "roll an expedition")) return *e;
    if (!s.expeditions.draft) return not_found("There is no draft expedition: create one first.");
    json g = generated(dice, s);
    Event e = make_event("expedition.generated", v, {{"fields", g.at("fields")}, {"rolls", g.at("rolls")}});
    e.dice = dice.take_all_logs();
    return one(std::move(e));
}

Decision decide_discard(const CampaignState& s, const Command&, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "discard an expedition")) return *e;
    if (!s.expeditions.draft) return not_found("There is no draft expedition.");
    return one(make_event("expedition.discarded", v, json::object()));
}

Decision decide_edit(const CampaignState& s, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "edit an expedition")) return *e;
    const Expedition* x = nullptr;
    if (auto e = named_or_draft(s, c.body, x)) return *e;
    if (x->status == "home") return conflict(title(*x) + " is home: its briefing is history.");
    std::string field;
    if (auto e = read_string(c.body, "field", 1, 40, field)) return *e;
    const FieldSpec* spec = nullptr;
    for (const auto& f : field_specs())
        if (field == f.name) spec = &f;
    if (!spec) return bad_request("A briefing has no field \"" + field + "\".");
    json body = {{"expedition", x->id}, {"field", field}};
    if (auto it = c.body.find("value"); it != c.body.end()) {
        if (auto e = check_value(*spec, *it)) return *e;
        if (field == "mission" && x->status != "draft") return conflict("The mission is settled once the expedition is briefed.");
        body["value"] = *it;
    }
    bool is_public = false;
    if (c.body.contains("public")) {
        if (auto e = read_optional_bool(c.body, "public", is_public)) return *e;
        body["public"] = is_public;
    }
    if (!body.contains("value") && !body.contains("public")) return bad_request("Give the field a \"value\", \"public\" or both.");
    return one(make_event("expedition.edited", v, std::move(body)));
}

Decision decide_brief(const CampaignState& s, const Command&, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = open_umpire(s, v, "brief an expedition")) return *e;
    if (!s.expeditions.draft) return not_found("There is no draft expedition to brief.");
    const Expedition& x = *s.expeditions.draft;
    if (!mission_of(x)) return bad_request("Choose the expedition's mission before the briefing.");
    // The gazette's words come from the public fields only.
    std::string where, what;
    auto pub = [&](const char* name) {
        auto it = x.fields.find(name);
        return it != x.fields.end() && it->second.is_public && it->second.value.is_string() ? it->second.value.get<std::string>() : "";
    };
    where = pub("location").empty() ? pub("region") : pub("location") + (pub("region").empty() ? "" : ", " + pub("region"));
    what = pub("action");
    std::string text = "The War Office Committee is to sit on an expedition";
    if (!where.empty()) text += " to " + where;
    if (!what.empty()) text += ": " + what;
    text += ".";
    return one(make_event("expedition.briefed", v,
                          {{"expedition", s.expeditions.briefed_made + 1}, {"turn", s.year.calendar.turn}, {"gazette", text}}));
}

}  // namespace muster::campaign::expeditions::detail
