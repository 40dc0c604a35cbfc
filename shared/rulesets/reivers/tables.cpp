#include "shared/rulesets/reivers/tables.h"

#include <algorithm>
#include <array>

namespace muster::reivers {

namespace {

constexpr std::array<NameType, 9> all_name_types = {NameType::rider,     NameType::lowne, NameType::demi_lance,
                                                    NameType::musketeer, NameType::blade, NameType::bow,
                                                    NameType::pike,      NameType::herd,  NameType::wagon};

// A d6 table is read with a die of 1-6; anything else reads the nearest row.
int d6_row(int roll) { return std::clamp(roll, 1, 6); }

}  // namespace

// --- names ---

std::string to_string(NameType t) {
    switch (t) {
        case NameType::rider: return "rider";
        case NameType::lowne: return "lowne";
        case NameType::demi_lance: return "demi_lance";
        case NameType::musketeer: return "musketeer";
        case NameType::blade: return "blade";
        case NameType::bow: return "bow";
        case NameType::pike: return "pike";
        case NameType::herd: return "herd";
        case NameType::wagon: return "wagon";
    }
    return "";
}

std::optional<NameType> name_type_from(const std::string& text) {
    for (auto t : all_name_types)
        if (to_string(t) == text) return t;
    return std::nullopt;
}

bool fights(NameType t) { return t != NameType::herd && t != NameType::wagon; }

// border-reivers.txt, movement table: "Foot 100, Mounted 200, Herds 50, Wagons, guns etc 50".
int base_move_paces(NameType t, bool mounted) {
    if (t == NameType::herd || t == NameType::wagon) return 50;
    return mounted ? 200 : 100;
}

// border-reivers.txt, "The factors for the troop types are": Foot | Mounted | Ranged | Range.
CombatFactors combat_factors(NameType t) {
    switch (t) {
        case NameType::rider: return {2, 2, 2, 0};
        case NameType::lowne: return {2, 2, 2, 0};
        case NameType::demi_lance: return {3, 3, 2, 0};
        case NameType::musketeer: return {2, 2, 4, 100};
        case NameType::blade: return {4, 3, 2, 0};
        case NameType::bow: return {2, 3, 3, 100};
        case NameType::pike: return {3, 4, 2, 0};
        case NameType::herd:
        case NameType::wagon: return {};
    }
    return {};
}

int close_factor(NameType t, bool mounted, bool enemy_mounted, bool by_own_state) {
    const auto f = combat_factors(t);
    const bool mounted_column = by_own_state ? mounted : enemy_mounted;
    return mounted_column ? f.mounted : f.foot;
}

// --- craft: "Poor 1d4, Average 1d6, Good 1dAv+1" ---

std::string to_string(Craft c) {
    switch (c) {
        case Craft::poor: return "poor";
        case Craft::average: return "average";
        case Craft::good: return "good";
    }
    return "";
}

std::optional<Craft> craft_from(const std::string& text) {
    for (auto c : {Craft::poor, Craft::average, Craft::good})
        if (to_string(c) == text) return c;
    return std::nullopt;
}

int roll_craft(Craft c, Dice& dice) {
    switch (c) {
        case Craft::poor: return dice.d4();
        case Craft::average: return dice.d6();
        case Craft::good: return dice.average() + 1;  // rules/README.md: "1dAv+1", the average die plus one
    }
    return 0;
}

// --- the fyrebrand test ---

// border-reivers.txt, "The fyrbrand is modified in accordance with the table", in the table's order.
std::vector<Modifier> fyrebrand_modifiers(const FyrebrandModifiers& m) {
    std::vector<Modifier> out;
    auto add = [&](bool applies, const char* why, int value) {
        if (applies) out.push_back({why, value});
    };
    add(m.under_fire, "under fire", +1);
    add(m.fleeing_or_lost_combat, "fleeing or having lost combat", +1);
    add(m.lost_melee, "lost melee", +3);
    add(m.military_under_orders, "military under orders", -2);
    add(m.cover != 0, "in cover", m.cover);
    add(m.edge != 0, "psychological edge", m.edge);
    add(m.mounted_against_foot, "mounted against foot", -2);
    add(m.foot_against_mounted, "foot against mounted", +3);
    add(m.facing_feuders, "facing feuders", -2);
    add(m.surprised, "surprised", +3);
    return out;
}

int modified_fyrebrand(int rating, const FyrebrandModifiers& m) {
    int total = rating;
    for (const auto& mod : fyrebrand_modifiers(m)) total += mod.value;
    return total;
}

// "If the resulting die score is greater than the modified fyrebrand rating, then the name may proceed".
FyrebrandTest test_fyrebrand(int rating, const FyrebrandModifiers& m, Dice& dice) {
    FyrebrandTest out;
    out.rating = rating;
    out.modifiers = fyrebrand_modifiers(m);
    out.modified = modified_fyrebrand(rating, m);
    out.roll = dice.d10();
    out.passed = out.roll > out.modified;
    return out;
}

// --- combat ---

// border-reivers.txt, "Tactical factors are".
std::vector<Modifier> tactical_factors(const TacticalSituation& t) {
    std::vector<Modifier> out;
    if (t.overlapped_or_flanked) out.push_back({"overlap or flank or rear contact", -1});
    if (t.heidman_with) out.push_back({"heidman's name in combat", +1});
    if (t.mounted_in_poor_ground) out.push_back({"mounted in poor ground", -2});
    if (t.foot_cover == "high") out.push_back({"foot in high cover", +3});
    if (t.foot_cover == "medium") out.push_back({"foot in medium cover", +2});
    if (t.foot_cover == "low") out.push_back({"foot in low cover", +1});
    return out;
}

int tactical_total(const TacticalSituation& t) {
    int total = 0;
    for (const auto& mod : tactical_factors(t)) total += mod.value;
    return total;
}

std::string to_string(CombatResult r) {
    switch (r) {
        case CombatResult::continuing: return "continuing";
        case CombatResult::recoil: return "recoil";
        case CombatResult::flee: return "flee";
        case CombatResult::destroyed: return "destroyed";
    }
    return "";
}

// border-reivers.txt, "The effects of combat are as follows": the loser's score as a fraction of the
// winner's. A "loser" scoring as much as the winner or more has not lost: the combat continues, as at
// "Equal". Half or more (loser * 2 >= winner) is the "½-equal" row; less than half flees or is destroyed.
CombatResult combat_result(int loser, int winner, bool loser_flanked, bool recoil_flanked_destroyed) {
    if (loser >= winner) return CombatResult::continuing;
    if (loser * 2 >= winner) {
        if (!loser_flanked) return CombatResult::recoil;
        // The table: "unless flanked in which case flee"; the text under it: "unless flanked in which
        // case destroyed".
        return recoil_flanked_destroyed ? CombatResult::destroyed : CombatResult::flee;
    }
    return loser_flanked ? CombatResult::destroyed : CombatResult::flee;
}

// --- incidents ---

// "If his name is fleeing, subtract 4 from the roll, if his name has recoiled this bound, subtract 2": a
// fleeing name has recoiled first ("Loser flees: the loser recoils, as above"), so fleeing takes the 4 only.
int incident_roll(int two_d6, bool fleeing, bool recoiled) {
    if (fleeing) return two_d6 - 4;
    if (recoiled) return two_d6 - 2;
    return two_d6;
}

bool is_incident(int modified_roll) { return modified_roll <= 2; }

// border-reivers.txt, the incident table: "Die Roll | Incident | Effect on heidman | Effect on names".
Incident incident_row(int d6) {
    static const std::array<Incident, 6> rows = {{
        {1, "death", "flee"},
        {2, "death", "recoil"},
        {3, "wounded", "fyrebrand_up"},       // "Fyrbrand +1"
        {4, "wounded", "test"},               // "Test fyrbrand"
        {5, "captured", "test_flee_or_attack"},  // "Test fyrbrand. Flee if failed, attack if passed"
        {6, "none", "recoil"},                // "No effect | Recoil"
    }};
    return rows[static_cast<std::size_t>(d6_row(d6) - 1)];
}

// --- terrain ---

std::string to_string(TerrainKind k) {
    switch (k) {
        case TerrainKind::woods: return "woods";
        case TerrainKind::built_up: return "built_up";
        case TerrainKind::marsh: return "marsh";
        case TerrainKind::cultivated: return "cultivated";
        case TerrainKind::broken: return "broken";
        case TerrainKind::stream: return "stream";
        case TerrainKind::wall: return "wall";
    }
    return "";
}

std::optional<TerrainKind> terrain_kind_from(const std::string& kind) {
    if (kind == "wood" || kind == "woods") return TerrainKind::woods;
    if (kind == "town" || kind == "built_up") return TerrainKind::built_up;
    if (kind == "marsh" || kind == "beach") return TerrainKind::marsh;
    if (kind == "field" || kind == "cultivated") return TerrainKind::cultivated;
    if (kind == "broken") return TerrainKind::broken;
    if (kind == "stream" || kind == "river") return TerrainKind::stream;
    if (kind == "wall" || kind == "hedge") return TerrainKind::wall;
    return std::nullopt;
}

namespace {

// A row's speed for one kind of name: a fraction, 0 for "may not enter" ("Impassable", or the other kind
// in a "Foot only" row), or `unnamed` when the row names only the other kind ("Foot ¼ speed").
constexpr double unnamed = -1;

struct TerrainRow {
    int last;  // the row covers the dice after the previous row's `last`, up to this one
    double foot;
    double mounted;
    const char* cover;
    bool star;
    const char* text;
};

// border-reivers.txt, the terrain tables ("Die | Woods", "Die | Built Up Areas", ...), row by row.
const std::vector<TerrainRow>& terrain_rows(TerrainKind k) {
    static const std::vector<TerrainRow> woods = {
        {1, 0, 0, "high", true, "Impassable – high cover *"},
        {3, 0.5, 0, "medium", true, "Foot only, ½ speed – medium cover *"},
        {5, 0.5, 0.5, "medium", false, "½ speed – medium cover"},
        {6, 1, 1, "low", false, "No effect – low cover"}};
    static const std::vector<TerrainRow> built_up = {
        {1, 0.25, unnamed, "high", true, "Foot ¼ speed – high cover *"},
        {3, 0.5, 0, "high", false, "Foot only, ½ speed – high cover"},
        {5, 0.5, 0.5, "medium", false, "½ speed – medium cover"},
        {6, 1, 1, "", false, "No effect"}};
    static const std::vector<TerrainRow> marsh = {
        {2, 0, 0, "low", false, "Impassable – low cover"},
        {5, 0.25, 0.25, "low", false, "¼ speed – low cover"},
        {6, 0.5, 0.5, "", false, "½ speed"}};
    static const std::vector<TerrainRow> cultivated = {
        {3, 1, 1, "", false, "No effect"},
        {6, 0.75, 0.75, "low", false, "¾ speed – low cover"}};
    static const std::vector<TerrainRow> broken = {
        {1, 0.25, 0, "medium", true, "Foot only, ¼ speed - medium cover *"},
        {4, 0.5, 0, "low", false, "Foot only, ½ speed – low cover"},
        {6, 0.5, 0.25, "low", false, "Foot ½ speed, mounted ¼ speed, low cover"}};
    static const std::vector<TerrainRow> stream = {
        {1, unnamed, 0.25, "low", false, "Mounted ¼ speed – low cover"},
        {2, 0.25, 0.25, "", false, "¼ speed"},
        {6, 0.5, 0.5, "", false, "½ speed"}};
    static const std::vector<TerrainRow> wall = {
        {1, 0, 0, "high", false, "Impassable – high cover"},
        {3, 0.25, unnamed, "high", false, "Foot ¼ speed – high cover"},
        {5, 0.5, unnamed, "medium", false, "Foot ½ speed – medium cover"},
        {6, 1, 0.25, "low", false, "Foot full speed, mounted ¼ speed – low cover"}};
    switch (k) {
        case TerrainKind::woods: return woods;
        case TerrainKind::built_up: return built_up;
        case TerrainKind::marsh: return marsh;
        case TerrainKind::cultivated: return cultivated;
        case TerrainKind::broken: return broken;
        case TerrainKind::stream: return stream;
        case TerrainKind::wall: return wall;
    }
    return woods;
}

// An unnamed kind is shut out, or (unnamed_unaffected) moves at full speed.
double speed_of(double row_speed, bool unnamed_unaffected) {
    if (row_speed != unnamed) return row_speed;
    return unnamed_unaffected ? 1.0 : 0.0;
}

}  // namespace

TerrainEffect terrain_effect(TerrainKind kind, int roll, bool unnamed_unaffected) {
    const int die = d6_row(roll);
    const auto& rows = terrain_rows(kind);
    const auto row = std::find_if(rows.begin(), rows.end(), [&](const TerrainRow& r) { return die <= r.last; });
    TerrainEffect out;
    out.foot_speed = speed_of(row->foot, unnamed_unaffected);
    out.mounted_speed = speed_of(row->mounted, unnamed_unaffected);
    out.foot_may = out.foot_speed > 0;
    out.mounted_may = out.mounted_speed > 0;
    out.impassable = !out.foot_may && !out.mounted_may;
    out.cover = row->cover;
    out.extra_craft = row->star;  // "The * indicates that the terrain requires an extra craft point"
    out.text = row->text;
    return out;
}

// --- ambushes ---

// border-reivers.txt, ambushes: "medium concealment terrain (e.g. marsh or fields for foot) and ... high
// concealment terrain (e.g. woods for foot, in built up areas or behind hills for mounted or foot)".
ConcealmentClass concealment_class_of_kind(const std::string& kind, bool mounted) {
    if (kind == "town" || kind == "built_up" || kind == "hill") return ConcealmentClass::high;
    if (mounted) return ConcealmentClass::none;
    if (kind == "wood" || kind == "woods") return ConcealmentClass::high;
    if (kind == "marsh" || kind == "beach" || kind == "field" || kind == "cultivated") return ConcealmentClass::medium;
    return ConcealmentClass::none;
}

ConcealmentClass concealment_class_of_cover(const std::string& cover) {
    if (cover == "high") return ConcealmentClass::high;
    if (cover == "medium") return ConcealmentClass::medium;
    return ConcealmentClass::none;
}

// "This is doubled if in medium concealment terrain ... and trebled if in high concealment terrain".
int concealment_multiplier(ConcealmentClass c) {
    switch (c) {
        case ConcealmentClass::none: return 1;
        case ConcealmentClass::medium: return 2;
        case ConcealmentClass::high: return 3;
    }
    return 1;
}

// "Each craft point paid to conceal a dismounted ambush, or each 3 paid for concealing a mounted ambush
// counts as 1 concealment point."
int concealment_points(int craft, bool mounted, ConcealmentClass c) {
    const int paid = std::max(craft, 0);
    return (mounted ? paid / 3 : paid) * concealment_multiplier(c);
}

// "If the detection points are greater than the concealment, the ambush is spotted, otherwise it is not."
bool spotted(int detection, int concealment) { return detection > concealment; }

}  // namespace muster::reivers
