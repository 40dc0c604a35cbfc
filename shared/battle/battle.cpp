#include "shared/battle/battle.h"

#include <cmath>

namespace muster::battle {

using nlohmann::json;

int Unit::marker(const std::string& name) const {
    auto it = markers.find(name);
    return it == markers.end() ? 0 : it->second;
}

const Unit* Battle::unit(std::int64_t id) const {
    auto it = units.find(id);
    return it == units.end() ? nullptr : &it->second;
}

const Leader* Battle::leader(std::int64_t id) const {
    auto it = leaders.find(id);
    return it == leaders.end() ? nullptr : &it->second;
}

const Leader* Battle::leader_of(std::int64_t user) const {
    if (user == 0) return nullptr;
    for (const auto& [id, l] : leaders)
        if (l.user == user) return &l;
    return nullptr;
}

const Side* Battle::side(const std::string& id) const {
    for (const auto& s : sides)
        if (s.id == id) return &s;
    return nullptr;
}

std::string Battle::side_of(std::int64_t user) const {
    if (user == 0) return "";
    if (const Leader* l = leader_of(user)) return l->side;
    for (const auto& [id, u] : units)
        if (u.owner == user) return u.side;
    return "";
}

std::string to_string(Formation f, const std::string& other_name) {
    switch (f) {
        case Formation::line: return "line";
        case Formation::column: return "column";
        case Formation::square: return "square";
        case Formation::other: return other_name;
    }
    return "line";
}

bool formation_from_string(const std::string& text, Formation& f, std::string& other_name) {
    other_name.clear();
    if (text.empty()) return false;
    if (text == "line") f = Formation::line;
    else if (text == "column") f = Formation::column;
    else if (text == "square") f = Formation::square;
    else {
        f = Formation::other;
        other_name = text;
    }
    return true;
}

std::string to_string(LogEntry::Audience a) {
    switch (a) {
        case LogEntry::Audience::all: return "all";
        case LogEntry::Audience::side: return "side";
        case LogEntry::Audience::user: return "user";
        case LogEntry::Audience::umpire: return "umpire";
    }
    return "umpire";
}

namespace {

[[noreturn]] void bad(const std::string& what, const json& j) {
    throw json::type_error::create(302, what, &j);
}

json object_or_empty(const json& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return json::object();
    if (!it->is_object()) bad(std::string(key) + " must be an object", j);
    return *it;
}

}  // namespace

void to_json(json& j, const TerrainFeature& t) {
    j = t.shape;  // shape fields at top level
    j["id"] = t.id;
    j["kind"] = t.kind;
    j["name"] = t.name;
    j["values"] = t.values;
    j["known_to"] = t.known_to;
}

void from_json(const json& j, TerrainFeature& t) {
    t = TerrainFeature{};
    t.id = j.at("id").get<std::int64_t>();
    t.kind = j.at("kind").get<std::string>();
    t.name = j.value("name", std::string());
    t.shape = j.get<Shape>();
    t.values = object_or_empty(j, "values");
    // A feature from before the field was every side's to know.
    t.known_to = j.contains("known_to") ? j.at("known_to").get<std::vector<std::string>>() : std::vector<std::string>{"*"};
}

void to_json(json& j, const Side& s) { j = {{"id", s.id}, {"name", s.name}}; }

void from_json(const json& j, Side& s) {
    s.id = j.at("id").get<std::string>();
    s.name = j.value("name", s.id);
}

void to_json(json& j, const Order& o) { j = {{"name", o.name}, {"digest", o.digest}, {"details", o.details}}; }

void from_json(const json& j, Order& o) {
    o = Order{};
    o.name = j.at("name").get<std::string>();
    o.digest = j.value("digest", 0);
    o.details = object_or_empty(j, "details");
}

// Field by field, not from an initializer list, which builds and copies a pair for each field: every view of
// every viewer after each battle step makes each unit's JSON (docs/performance.md, "Battles").
json unit_as_seen(const Unit& u) {
    json j = json::object();
    j["id"] = u.id;
    j["side"] = u.side;
    j["owner"] = u.owner;
    j["troop_type"] = u.troop_type;
    j["bases"] = u.bases;
    j["base_width"] = u.base_width;
    j["base_depth"] = u.base_depth;
    j["formation"] = to_string(u.formation, u.formation_name);
    j["position"] = u.position;
    j["facing"] = u.facing;
    j["removed"] = u.removed;
    return j;
}

void to_json(json& j, const Unit& u) {
    j = unit_as_seen(u);
    j["name"] = u.name;
    j["values"] = u.values;
    j["markers"] = u.markers;
    j["order"] = u.order ? json(*u.order) : json(nullptr);
    j["pending_order"] = u.pending_order ? json(*u.pending_order) : json(nullptr);
    j["concealed"] = u.concealed;
}

void from_json(const json& j, Unit& u) {
    u = Unit{};
    u.id = j.at("id").get<std::int64_t>();
    u.side = j.at("side").get<std::string>();
    u.owner = j.value("owner", std::int64_t{0});
    u.name = j.value("name", std::string());
    u.troop_type = j.at("troop_type").get<std::string>();
    u.bases = j.at("bases").get<int>();
    u.base_width = j.at("base_width").get<double>();
    u.base_depth = j.at("base_depth").get<double>();
    if (!formation_from_string(j.value("formation", std::string("line")), u.formation, u.formation_name))
        bad("formation must not be empty", j);
    u.position = j.at("position").get<Point>();
    u.facing = j.value("facing", 0.0);
    u.values = object_or_empty(j, "values");
    if (auto it = j.find("markers"); it != j.end() && !it->is_null())
        u.markers = it->get<std::map<std::string, int>>();
    if (auto it = j.find("order"); it != j.end() && !it->is_null()) u.order = it->get<Order>();
    if (auto it = j.find("pending_order"); it != j.end() && !it->is_null()) u.pending_order = it->get<Order>();
    u.concealed = j.value("concealed", false);
    u.removed = j.value("removed", false);
}

void to_json(json& j, const Leader& l) {
    j = json::object();  // field by field, as a Unit's
    j["id"] = l.id;
    j["side"] = l.side;
    j["user"] = l.user;
    j["name"] = l.name;
    j["position"] = l.position;
    j["values"] = l.values;
    j["concealed"] = l.concealed;
}

void from_json(const json& j, Leader& l) {
    l = Leader{};
    l.id = j.at("id").get<std::int64_t>();
    l.side = j.at("side").get<std::string>();
    l.user = j.value("user", std::int64_t{0});
    l.name = j.value("name", std::string());
    l.position = j.at("position").get<Point>();
    l.values = object_or_empty(j, "values");
    l.concealed = j.value("concealed", false);
}

void to_json(json& j, const LogEntry& e) {
    j = {{"turn", e.turn}, {"phase", e.phase}, {"text", e.text}, {"details", e.details},
         {"audience", to_string(e.audience)}};
    if (e.audience == LogEntry::Audience::side) j["side"] = e.side;
    if (e.audience == LogEntry::Audience::user) j["user"] = e.user;
}

void from_json(const json& j, LogEntry& e) {
    e = LogEntry{};
    e.turn = j.at("turn").get<int>();
    e.phase = j.value("phase", std::string());
    e.text = j.at("text").get<std::string>();
    e.details = object_or_empty(j, "details");
    auto a = j.value("audience", std::string("all"));
    if (a == "all") e.audience = LogEntry::Audience::all;
    else if (a == "side") e.audience = LogEntry::Audience::side, e.side = j.at("side").get<std::string>();
    else if (a == "user") e.audience = LogEntry::Audience::user, e.user = j.at("user").get<std::int64_t>();
    else if (a == "umpire") e.audience = LogEntry::Audience::umpire;
    else bad("audience is all, side, user or umpire", j);
}

void to_json(json& j, const TurnFrame& f) {
    json units = json::array();
    for (const auto& [id, u] : f.units) units.push_back(u);
    json leaders = json::array();
    for (const auto& [id, l] : f.leaders) leaders.push_back(l);
    j = {{"turn", f.turn}, {"end", f.end}, {"units", units}, {"leaders", leaders}};
}

void from_json(const json& j, TurnFrame& f) {
    f = TurnFrame{};
    f.turn = j.at("turn").get<int>();
    f.end = j.value("end", false);
    for (const auto& u : j.value("units", json::array())) {
        Unit unit = u.get<Unit>();
        f.units[unit.id] = std::move(unit);
    }
    for (const auto& l : j.value("leaders", json::array())) {
        Leader leader = l.get<Leader>();
        f.leaders[leader.id] = std::move(leader);
    }
}

void Battle::add_line(const std::string& text, nlohmann::json details, const std::string& side) {
    LogEntry l;
    l.turn = turn;
    l.phase = phase;
    l.text = text;
    l.details = std::move(details);
    if (!side.empty()) l.audience = LogEntry::Audience::side, l.side = side;
    log.push_back(std::move(l));
}

void Battle::record_frame(int at_turn, bool end) { history.push_back(TurnFrame{at_turn, end, units, leaders}); }

void to_json(json& j, const Battle& b) {
    j = battle_json(b, true);
}

json battle_json(const Battle& b, bool with_log_and_history) {
    json units = json::array();
    for (const auto& [id, u] : b.units) units.push_back(u);
    json leaders = json::array();
    for (const auto& [id, l] : b.leaders) leaders.push_back(l);
    json boxes = json::object();
    for (const auto& [name, box] : b.boxes) boxes[name] = box;
    return {{"id", b.id},
         {"campaign", b.campaign},
         {"name", b.name},
         {"ruleset", b.ruleset},
         {"table", b.table},
         {"terrain", b.terrain},
         {"sides", b.sides},
         {"units", std::move(units)},
         {"leaders", std::move(leaders)},
         {"turn", b.turn},
         {"phase", b.phase},
         {"boxes", std::move(boxes)},
         {"ruleset_state", b.ruleset_state},
         {"log", with_log_and_history ? json(b.log) : json::array()},
         {"history", with_log_and_history ? json(b.history) : json::array()}};
}

void from_json(const json& j, Battle& b) {
    b = Battle{};
    b.id = j.at("id").get<std::int64_t>();
    b.campaign = j.value("campaign", std::int64_t{0});
    b.name = j.value("name", std::string());
    b.ruleset = j.value("ruleset", std::string());
    b.table = j.at("table").get<Table>();
    if (auto it = j.find("terrain"); it != j.end()) b.terrain = it->get<std::vector<TerrainFeature>>();
    if (auto it = j.find("sides"); it != j.end()) b.sides = it->get<std::vector<Side>>();
    if (auto it = j.find("units"); it != j.end())
        for (const auto& u : *it) {
            Unit unit = u.get<Unit>();
            b.units[unit.id] = std::move(unit);
        }
    if (auto it = j.find("leaders"); it != j.end())
        for (const auto& l : *it) {
            Leader leader = l.get<Leader>();
            b.leaders[leader.id] = std::move(leader);
        }
    b.turn = j.value("turn", 0);
    b.phase = j.value("phase", std::string());
    if (auto it = j.find("boxes"); it != j.end())
        for (const auto& [name, box] : it->items()) b.boxes[name] = box.get<SealedBox>();
    b.ruleset_state = object_or_empty(j, "ruleset_state");
    if (auto it = j.find("log"); it != j.end()) b.log = it->get<std::vector<LogEntry>>();
    if (auto it = j.find("history"); it != j.end()) b.history = it->get<std::vector<TurnFrame>>();
}

namespace {

bool finite(double v) { return std::isfinite(v); }
bool finite(const Point& p) { return finite(p.x) && finite(p.y); }

template <typename T>
std::optional<Error> read_checked(const json& j, T& out, const char* what) {
    try {
        out = j.get<T>();
    } catch (const json::exception& e) {
        return bad_request(std::string("That ") + what + " is not valid: " + e.what());
    }
    return std::nullopt;
}

}  // namespace

std::optional<Error> validate(const Unit& unit) {
    if (unit.id < 1) return bad_request("A unit's id must be 1 or more.");
    if (unit.side.empty()) return bad_request("A unit must belong to a side.");
    if (unit.troop_type.empty()) return bad_request("A unit must have a troop type.");
    if (unit.bases < 1 || unit.bases > 100) return bad_request("A unit has 1 to 100 bases.");
    if (!finite(unit.base_width) || !finite(unit.base_depth) || unit.base_width <= 0 || unit.base_depth <= 0)
        return bad_request("A base's width and depth must be more than 0.");
    if (!finite(unit.position) || !finite(unit.facing)) return bad_request("A unit's position and facing must be numbers.");
    return std::nullopt;
}

std::optional<Error> validate(const TerrainFeature& feature) {
    if (feature.kind.empty()) return bad_request("A terrain feature must have a kind.");
    const Shape& s = feature.shape;
    switch (s.kind) {
        case Shape::Kind::circle:
            if (!finite(s.centre) || !finite(s.radius) || s.radius <= 0)
                return bad_request("A circle needs a centre and a radius more than 0.");
            break;
        case Shape::Kind::polygon:
            if (s.points.size() < 3) return bad_request("A polygon needs at least 3 points.");
            break;
        case Shape::Kind::polyline:
            if (s.points.size() < 2) return bad_request("A line needs at least 2 points.");
            if (!finite(s.width) || s.width < 0) return bad_request("A line's width must be 0 or more.");
            break;
    }
    for (const auto& p : s.points)
        if (!finite(p)) return bad_request("A terrain point must be numbers.");
    return std::nullopt;
}

template <class Piece>
std::optional<Error> read_valid(const json& j, Piece& out, const char* what) {
    Piece piece;
    if (auto e = read_checked(j, piece, what)) return e;
    if (auto e = validate(piece)) return e;
    out = std::move(piece);
    return std::nullopt;
}

std::optional<Error> read_unit(const json& j, Unit& out) { return read_valid(j, out, "unit"); }
std::optional<Error> read_terrain(const json& j, TerrainFeature& out) { return read_valid(j, out, "terrain feature"); }

std::optional<Error> read_battle(const json& j, Battle& out) {
    Battle b;
    if (auto e = read_checked(j, b, "battle")) return e;
    if (!finite(b.table.width) || !finite(b.table.depth) || b.table.width <= 0 || b.table.depth <= 0 ||
        !finite(b.table.paces_per_inch) || b.table.paces_per_inch <= 0)
        return bad_request("The table's width and depth must be more than 0.");
    if (j.contains("units") && j.at("units").size() != b.units.size())
        return bad_request("Two units have the same id.");
    if (j.contains("leaders") && j.at("leaders").size() != b.leaders.size())
        return bad_request("Two leaders have the same id.");
    for (const auto& [id, u] : b.units)
        if (auto e = validate(u)) return e;
    for (const auto& t : b.terrain)
        if (auto e = validate(t)) return e;
    out = std::move(b);
    return std::nullopt;
}

}  // namespace muster::battle
