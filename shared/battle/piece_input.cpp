#include "shared/battle/piece_input.h"

#include <string>

#include "shared/core/fields.h"

namespace muster::battle {

using nlohmann::json;

namespace {

constexpr double table_max = 100'000;  // cm or inches: past any table
constexpr std::int64_t id_max = (std::int64_t{1} << 53) - 1;  // what a browser's numbers hold exactly

std::optional<Error> bad(const char* what, const std::string& key, const std::string& must) {
    return bad_request(std::string("A ") + what + "'s \"" + key + "\" " + must);
}

// Text a person typed: no control characters (a NUL among them), at most `max` characters.
bool plain_text(const json& v, std::size_t min, std::size_t max) {
    if (!v.is_string()) return false;
    const auto& s = v.get_ref<const std::string&>();
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7f) return false;
    const auto n = utf8_length(s);
    return n >= min && n <= max;
}

bool point(const json& v) {
    return v.is_array() && v.size() == 2 && number_in(v[0], -table_max, table_max) && number_in(v[1], -table_max, table_max);
}

// A piece's "values": each a whole number, a number, true or false, or a short text, as each book reads them.
bool values(const json& v) {
    if (!v.is_object()) return false;
    for (const auto& [k, x] : v.items()) {
        if (k.size() > 40) return false;
        if (x.is_number_integer() && !int_in(x, -1'000'000, 1'000'000)) return false;
        if (x.is_number_float() && !number_in(x, -1e6, 1e6)) return false;
        if (x.is_string() && !plain_text(x, 0, 80)) return false;
        if (x.is_null() || x.is_array() || x.is_object()) return false;
    }
    return true;
}

bool markers(const json& v) {
    if (!v.is_object()) return false;
    for (const auto& [k, x] : v.items())
        if (k.size() > 40 || !int_in(x, -1000, 1000)) return false;
    return true;
}

bool member(const json& v, const std::set<std::int64_t>& members) {
    const auto id = int_value(v);
    return id && (*id == 0 || members.count(*id));
}

std::optional<Error> check_field(const char* what, const std::string& key, const json& v,
                                 const std::set<std::int64_t>& members) {
    if (v.is_null()) return bad(what, key, "cannot be null: leave it out to keep it as it is.");
    if (key == "id" && !int_in(v, 1, id_max)) return bad(what, key, "is a whole number of 1 or more.");
    if ((key == "side" || key == "kind") && !plain_text(v, 1, 40)) return bad(what, key, "is a name of 1 to 40 characters.");
    if (key == "name" && !plain_text(v, 1, 80)) return bad(what, key, "is 1 to 80 characters.");
    if ((key == "troop_type" || key == "formation") && !plain_text(v, 1, 40))
        return bad(what, key, "is one of the book's names.");
    if ((key == "owner" || key == "user" || key == "from_regiment") && !member(v, members))
        return bad(what, key, "is a member of the campaign (his user id), or 0 for nobody.");
    if (key == "bases" && !int_in(v, 1, 100)) return bad(what, key, "is a whole number from 1 to 100.");
    if ((key == "base_width" || key == "base_depth") && !(number_in(v, 0, 1000) && v.get<double>() > 0))
        return bad(what, key, "is a number more than 0, at most 1000.");
    if ((key == "position" || key == "centre") && !point(v)) return bad(what, key, "is [x, y], two numbers.");
    if (key == "facing" && !number_in(v, -720, 720)) return bad(what, key, "is a number of degrees, -720 to 720.");
    if (key == "shape" && !(v == "polygon" || v == "circle" || v == "polyline"))
        return bad(what, key, "is \"polygon\", \"circle\" or \"polyline\".");
    if ((key == "radius" || key == "width") && !number_in(v, 0, table_max)) return bad(what, key, "is a number, 0 or more.");
    if (key == "values" && !values(v)) return bad(what, key, "is an object of numbers, true or false, or short texts.");
    if (key == "markers" && !markers(v)) return bad(what, key, "is an object of whole numbers.");
    if ((key == "concealed" || key == "removed") && !v.is_boolean()) return bad(what, key, "is true or false.");
    if (key == "points") {
        if (!v.is_array() || v.size() > 1000) return bad(what, key, "is a list of [x, y] points.");
        for (const auto& p : v)
            if (!point(p)) return bad(what, key, "is a list of [x, y] points.");
    }
    if (key == "known_to") {
        if (!v.is_array() || v.size() > 20) return bad(what, key, "is a list of side ids.");
        for (const auto& s : v)
            if (!plain_text(s, 1, 40)) return bad(what, key, "is a list of side ids.");
    }
    return std::nullopt;
}

const char* name_of(PieceKind kind) {
    switch (kind) {
        case PieceKind::unit: return "unit";
        case PieceKind::leader: return "leader";
        case PieceKind::terrain: return "terrain feature";
        case PieceKind::side: return "side";
    }
    return "piece";
}

}  // namespace

std::optional<Error> check_piece_input(const json& given, PieceKind kind, bool is_new, const std::set<std::int64_t>& members) {
    const char* what = name_of(kind);
    if (!given.is_object()) return bad_request(std::string("A ") + what + " must be an object.");
    if (kind == PieceKind::side) {
        // {"id", "name"}: the side's id is a short name the pieces refer to, not a number.
        for (const char* key : {"id", "name"})
            if (!given.contains(key) || !plain_text(given[key], 1, key == std::string("id") ? 40 : 80))
                return bad(what, key, "is text of 1 to " + std::string(key == std::string("id") ? "40" : "80") + " characters.");
        return std::nullopt;
    }
    for (const auto& [key, v] : given.items())
        if (auto e = check_field(what, key, v, members)) return e;
    if (!is_new) return std::nullopt;
    // What a new piece cannot do without (docs/protocol.md, "battle.create"); a book fills in the rest.
    auto needs = [&](const char* key) -> std::optional<Error> {
        if (!given.contains(key)) return bad_request(std::string("A new ") + what + " needs its \"" + key + "\".");
        return std::nullopt;
    };
    switch (kind) {
        case PieceKind::unit:
        case PieceKind::leader:
            for (const char* key : {"side", "name", "position"})
                if (auto e = needs(key)) return e;
            break;
        case PieceKind::terrain:
            if (auto e = needs("kind")) return e;
            break;
        case PieceKind::side:
            for (const char* key : {"id", "name"})
                if (auto e = needs(key)) return e;
            break;
    }
    return std::nullopt;
}

}  // namespace muster::battle
