// The French army generator (chosen-men-well-disposed.txt, "Army Generators FRENCH").
#include "shared/rulesets/cmwd/generator.h"

#include <cmath>
#include <numbers>

namespace muster::cmwd {

namespace {

using nlohmann::json;

// One die thrown and written down.
int throw_die(Dice& dice, GeneratedDivision& d, const std::string& what, const auto& reads_of) {
    const int die = dice.d6();
    d.rolls.push_back({what, die, reads_of(die)});
    return die;
}

// Cavalry: "1,2 2 brigades. 3,4,5 3 brigades. 6 4 brigades."
int cavalry_brigades(int die) { return die <= 2 ? 2 : die <= 5 ? 3 : 4; }

// Infantry: "1 2 brigades. 2-5 3 brigades. 6 4 brigades."
int infantry_brigades(int die) { return die <= 1 ? 2 : die <= 5 ? 3 : 4; }

// Both arms: "1, 2 bases. 2-5 3 bases. 6 4 bases."
int brigade_bases(int die) { return die <= 1 ? 2 : die <= 5 ? 3 : 4; }

// Cavalry type: "1 Dragoons. 2-6 Horse."
std::string cavalry_type(int die) { return die == 1 ? "dragoons" : "horse"; }

// Quality: "Dragoons 1,2 Raw 3,4,5 Trained. 6 Veteran"; "Horse 1 Raw 2,3,4 Trained 5,6 Veteran";
// infantry "1,2 Raw 3,4,5 Trained 6 Veteran" (as the dragoons).
std::string quality(const std::string& troop_type, int die) {
    if (troop_type == "horse") return die <= 1 ? "raw" : die <= 4 ? "trained" : "veteran";
    return die <= 2 ? "raw" : die <= 5 ? "trained" : "veteran";
}

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string ordinal(int n) {
    const int tens = n % 100, units = n % 10;
    if (tens >= 11 && tens <= 13) return std::to_string(n) + "th";
    return std::to_string(n) + (units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th");
}

std::string generated_brigade_name(const GeneratedBrigade& b, int n) {
    return ordinal(n) + (b.kind == "cavalry" ? " Cavalry" : " Infantry") + " Brigade";
}

// The brigades of a cavalry or infantry division, every die in the book's order.
void roll_brigades(GeneratedDivision& d, const std::vector<std::string>& general_table, const std::string& prefix,
                   Dice& dice) {
    const bool cavalry = d.kind == "cavalry";
    const int face = throw_die(dice, d, "Brigades", [&](int die) {
        return plural(cavalry ? cavalry_brigades(die) : infantry_brigades(die), "brigade");
    });
    const int brigades = cavalry ? cavalry_brigades(face) : infantry_brigades(face);
    for (int n = 1; n <= brigades; ++n) {
        const std::string label = "Brigade " + std::to_string(n) + ": ";
        GeneratedBrigade b;
        b.id = prefix + (cavalry ? "-cav-" : "-inf-") + std::to_string(n);
        b.kind = d.kind;
        auto bases = [](int die) { return plural(brigade_bases(die), "base"); };
        b.bases = brigade_bases(throw_die(dice, d, label + "bases", bases));
        b.troop_type = cavalry ? cavalry_type(throw_die(dice, d, label + "type", cavalry_type)) : "infantry";
        auto quality_of = [&](int die) { return quality(b.troop_type, die); };
        b.quality = quality_of(throw_die(dice, d, label + "quality", quality_of));
        auto rank = [&](int die) {
            return die <= static_cast<int>(general_table.size()) ? general_table[die - 1] : std::string();
        };
        b.general_rank = rank(throw_die(dice, d, label + "general", rank));
        d.brigades.push_back(b);
    }
}

// Trigonometry of a right angle gives 6e-17 where 0 is meant; table positions read better exact.
double tidy(double v) { return std::abs(v) < 1e-12 ? 0.0 : v; }

}  // namespace

GeneratedDivision french_division(const std::string& division, const std::vector<std::string>& general_table,
                                  int reserve_cavalry_upto, const std::string& prefix, Dice& dice) {
    GeneratedDivision d;
    if (division == "cavalry" || division == "infantry") {
        d.kind = division;
    } else if (division == "reserve") {
        // "Reserve Division Roll 1D6 to establish type of division. 1-4 Cavalry. 4,5 Infantry."
        auto type = [&](int die) { return std::string(die <= reserve_cavalry_upto ? "cavalry" : "infantry"); };
        d.kind = type(throw_die(dice, d, "Reserve: type", type));
    } else {
        return d;
    }
    // "Roll for composition of cavalry and infantry divisions as above."
    roll_brigades(d, general_table, prefix, dice);
    return d;
}

json french_pieces(const GeneratedDivision& d, const std::string& side, double x, double y, double facing, double bw) {
    const double rad = facing * std::numbers::pi / 180.0;
    const double fx = std::sin(rad), fy = std::cos(rad);  // the facing: 0 is +y, 90 is +x
    const double rx = fy, ry = -fx;                       // its left-to-right, a quarter turn clockwise
    const double depth = bw / 2;
    auto at = [&](double along, double behind) {
        return json::array({tidy(x + along * rx - behind * fx), tidy(y + along * ry - behind * fy)});
    };
    json units = json::array(), leaders = json::array();
    double along = 0;  // the next base's offset from `at` along the line
    int n = 0;
    for (const auto& b : d.brigades) {
        const std::string brigade = generated_brigade_name(b, ++n);
        const double first = along;
        for (int k = 1; k <= b.bases; ++k, along += bw) {
            json values = {{"brigade", b.id}, {"quality", b.quality}};
            if (b.kind == "infantry") values["school"] = "a_prest";  // "All infantry use the a prest system."
            units.push_back({{"name", brigade + ", base " + std::to_string(k)}, {"side", side},
                             {"troop_type", b.troop_type}, {"position", at(along, 0)}, {"facing", facing},
                             {"bases", 1}, {"base_width", bw}, {"base_depth", depth}, {"values", values}});
        }
        const double middle = b.bases > 0 ? first + (b.bases - 1) * bw / 2 : first;
        leaders.push_back({{"name", "Brigadier of the " + brigade}, {"side", side},
                           {"position", at(middle, depth + depth / 2)},
                           {"values", {{"brigade", b.id}, {"rank", b.general_rank}}}});
        along += bw;  // a gap of one base width before the next brigade
    }
    return {{"units", units}, {"leaders", leaders}};
}

}  // namespace muster::cmwd
