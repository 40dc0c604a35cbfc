// Bad input as a hostile client sends it, to the battle commands: numbers past their type (4294967297 is not 1),
// true and 1.5 where a whole number goes, null for a field, a position as an object, required fields left out,
// text with a NUL. Each is refused with `bad_request` naming the field, and changes nothing (nobody's view). The readers: shared/core/fields.h (int_in, read_int) and shared/battle/piece_input.h.
#include "test_battle_table.h"

using namespace year_test;

namespace {

const json big = json(std::uint64_t{4294967297});      // 2^32 + 1: a bare get<int>() made it 1
const json huge = json(std::uint64_t{1} << 63);         // 2^63: past int64
const json tp_wrap = json(std::uint64_t{4294967299});   // 2^32 + 3: it was 3 tension points

void set_up_hostile(YearTable& t) {
    t.ready();
    t.ok(t.umpire, "battle.create",
         {{"name", "Hostile"},
          {"sides", {{{"id", "british"}, {"name", "Government"}}, {{"id", "jacobite"}, {"name", "Jacobites"}}}},
          {"units", {{{"side", "jacobite"}, {"owner", t.dave.user}, {"name", "Clan Donald"}, {"troop_type", "irregulars"},
                      {"position", {50, 52}}}}},
          {"leaders", {{{"user", t.dave.user}, {"side", "jacobite"}, {"name", "Lord George"}, {"position", {50, 53}}}}},
          {"from_regiments", {{{"colonel", t.bob.user}, {"side", "british"}, {"position", {50, 40}}}}}});
}

// Refused as bad_request, naming `field` in its message; nobody's view changes (YearTable::error).
void refused(YearTable& t, const std::string& type, const json& body, const std::string& field) {
    INFO(type << " " << body.dump().substr(0, 200));
    std::string message;
    CHECK(t.error(t.umpire, type, body, &message) == "bad_request");
    CHECK(message.find(field) != std::string::npos);
}

json place_unit(json unit) { return {{"battle", 1}, {"unit", std::move(unit)}}; }
json new_unit() { return {{"side", "jacobite"}, {"name", "Pickets"}, {"troop_type", "irregulars"}, {"position", {20, 20}}}; }
json with(json j, const std::string& key, json value) {
    j[key] = std::move(value);
    return j;
}

}  // namespace

TEST_CASE("a placed unit's numbers: past their type, true, fractions and objects are refused", "[battles][hostile]") {
    YearTable t;
    set_up_hostile(t);
    // over-the-hills.txt, "Regimental Characteristics": ratings 1 to 6; 2^32 + 1 was stored as a drill of 1.
    refused(t, "battle.place", place_unit(with(new_unit(), "values", {{"drill", big}})), "values");
    refused(t, "battle.place", place_unit(with(new_unit(), "values", {{"drill", 7}})), "drill");
    refused(t, "battle.place", place_unit(with(new_unit(), "values", "D2:M2:E2")), "values");
    refused(t, "battle.place", place_unit(with(new_unit(), "bases", true)), "bases");
    refused(t, "battle.place", place_unit(with(new_unit(), "bases", 3.5)), "bases");
    refused(t, "battle.place", place_unit(with(new_unit(), "position", {{"x", 1}, {"y", 2}})), "position");
    refused(t, "battle.place", place_unit(with(new_unit(), "formation", std::string(61440, 'w'))), "formation");
    refused(t, "battle.place", place_unit(with(new_unit(), "formation", std::string("line\0x", 6))), "formation");
    refused(t, "battle.place", place_unit(with(new_unit(), "facing", 1e308)), "facing");
    for (const json& owner : {json(1e308), huge, json(2.5), json(-1), json(999'999)})
        refused(t, "battle.place", place_unit(with(new_unit(), "owner", owner)), "owner");
    // A member, or 0 for nobody, is an owner.
    t.ok(t.umpire, "battle.place", place_unit(with(new_unit(), "owner", t.dave.user)));
    t.ok(t.umpire, "battle.place", place_unit(with(new_unit(), "owner", 0)));
}

TEST_CASE("null is no value for a field, and a new piece needs its side, name and position", "[battles][hostile]") {
    YearTable t;
    set_up_hostile(t);
    // A horse unit's troop type null made it formed infantry.
    refused(t, "battle.place", place_unit({{"id", 1}, {"troop_type", nullptr}}), "troop_type");
    refused(t, "battle.place", place_unit({{"id", 1}, {"position", nullptr}}), "position");
    for (const char* key : {"side", "name", "position"}) {
        json u = new_unit();
        u.erase(key);
        refused(t, "battle.place", place_unit(u), key);
    }
    refused(t, "battle.place", {{"battle", 1}, {"leader", {{"side", "jacobite"}, {"position", {1, 1}}}}}, "name");
    for (const json& user : {json(1e308), huge, json(2.5), json(-1)})
        refused(t, "battle.place",
                {{"battle", 1}, {"leader", {{"side", "jacobite"}, {"name", "X"}, {"position", {1, 1}}, {"user", user}}}}, "user");
    // Changes to a piece it has give only what changes.
    t.ok(t.umpire, "battle.place", place_unit({{"id", 1}, {"position", {51, 52}}}));
    // A side needs its name too.
    refused(t, "battle.create",
            {{"name", "Sides"}, {"sides", {{{"id", "a"}}, {{"id", "b"}, {"name", "B"}}}}}, "name");
}

TEST_CASE("overrides: tension points, records, dice and the umpire's modifier are whole numbers in range", "[battles][hostile]") {
    YearTable t;
    set_up_hostile(t);
    t.ok(t.umpire, "battle.start", {{"battle", 1}});
    const json base = {{"battle", 1}, {"turn", 1}, {"unit", 1}, {"reason", "the umpire's ruling"}};
    // over-the-hills.txt, "TPs are accumulated (up to a maximum of 8)": 2^32 + 3 was taken as 3.
    refused(t, "battle.override", with(with(base, "what", "tp"), "value", tp_wrap), "value: tension points");
    refused(t, "battle.override", with(with(base, "what", "tp"), "value", true), "value: tension points");
    refused(t, "battle.override", with(with(base, "what", "record"), "times_ran_away", huge), "times_ran_away");
    refused(t, "battle.override", with(with(base, "what", "reaction_test"), "dice", {big}), "die");
    for (const json& m : {json(true), json(1.5), json(1e308), json(7)})
        refused(t, "battle.override", with(with(base, "what", "reaction_test"), "modifiers", {{"umpire_modifier", m}}),
                "umpire_modifier");
    refused(t, "battle.override", with(with(base, "what", "reaction_test"), "modifiers", {{"outnumbered", 1}}), "outnumbered");
    // An order override must say the order (null for none): left out, it cleared the unit's order.
    refused(t, "battle.override", with(base, "what", "order"), "order");
    CHECK(tp_of(t, 1) == 0);
}
