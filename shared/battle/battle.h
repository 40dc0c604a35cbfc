#pragma once
// The shared battle model: what every battle rule set (Over the Hill, Chosen Men, Loose Files, Border
// Reivers) builds on. A Battle belongs to a campaign; it has a table, terrain, sides, units, leaders,
// a turn and a phase (named by the rule set), sealed submission boxes and a log.
// Rule-set particulars live in each unit's `values` (a JSON object) and `markers` (name -> int), and in
// the battle's `ruleset_state`; nothing here knows what they mean.
// Every type has JSON to / from so that events can carry it and replay is exact (doubles are written with
// nlohmann's round-trip precision).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/secret_orders.h"
#include "shared/battle/shape.h"
#include "shared/battle/table.h"
#include "shared/core/error.h"

namespace muster::battle {

// A terrain feature: a shape with a kind ("wood", "hill", "river", "road", "town", "marsh", "wall",
// "hedge", "field", ... the rule set reads the kinds it knows) and optional rule-set values.
struct TerrainFeature {
    std::int64_t id = 0;
    std::string kind;
    std::string name;  // "Hougoumont wood", may be empty
    Shape shape;
    nlohmann::json values = nlohmann::json::object();
    // The sides that know what this feature is (a secret terrain roll is its side's until another side's
    // piece enters it); "*": every side. Other sides see its shape only.
    std::vector<std::string> known_to = {"*"};
    bool operator==(const TerrainFeature&) const = default;
};

struct Side {
    std::string id;    // "british", "french": stable, used by units and leaders
    std::string name;  // for a person
    bool operator==(const Side&) const = default;
};

// The formations every rule set knows, and a named other ("skirmish", "open order", "mob", ...) whose
// footprint is that of a line.
enum class Formation { line, column, square, other };

// An order a unit acts on: its name as the rule set spells it ("ADVANCE"), the turns it still needs to
// be digested before the unit acts on it, and any details (a target, a direction).
struct Order {
    std::string name;
    int digest = 0;
    nlohmann::json details = nlohmann::json::object();
    bool operator==(const Order&) const = default;
};

struct Unit {
    std::int64_t id = 0;
    std::string side;
    std::int64_t owner = 0;  // the player's user id; 0 for a unit the umpire controls
    std::string name;        // "33rd Foot", a reiver's name
    std::string troop_type;  // defined by the rule set: "formed_infantry", "horse", "gunners"...
    int bases = 4;
    double base_width = 4;  // table units
    double base_depth = 2;  // table units
    Formation formation = Formation::line;
    std::string formation_name;  // for Formation::other
    Point position;              // the centre of its front edge
    double facing = 0;           // degrees, clockwise from +y (see shape.h)
    nlohmann::json values = nlohmann::json::object();  // rule-set values: drill, musketry...
    std::map<std::string, int> markers;                // tension_points, disorder_points, shaken...
    std::optional<Order> order;                        // the order it acts on now
    std::optional<Order> pending_order;                // an order still being digested
    bool concealed = false;                            // hidden from the other side (an ambush, a hidden name)
    bool removed = false;                              // off the table (routed away, destroyed)
    bool operator==(const Unit&) const = default;

    int marker(const std::string& name) const;  // 0 when absent
};

struct Leader {
    std::int64_t id = 0;
    std::string side;
    std::int64_t user = 0;  // the player who is this leader; 0 for an umpire's leader
    std::string name;
    Point position;
    nlohmann::json values = nlohmann::json::object();  // rule-set values: wounded, killed...
    bool concealed = false;
    bool operator==(const Leader&) const = default;
};

// One line of the battle's log. Who may read it: everyone, one side, one user, or umpires only
// (a blind umpire roll).
struct LogEntry {
    enum class Audience { all, side, user, umpire };
    int turn = 0;
    std::string phase;
    std::string text;
    nlohmann::json details = nlohmann::json::object();  // rolls, units, results
    Audience audience = Audience::all;
    std::string side;       // Audience::side
    std::int64_t user = 0;  // Audience::user
    bool operator==(const LogEntry&) const = default;
};

// Where every piece stood when a turn opened (or, with `end`, when the battle ended): the replay redraws
// the table from these, each filtered for its viewer like the live pieces.
struct TurnFrame {
    int turn = 0;
    bool end = false;
    std::map<std::int64_t, Unit> units;
    std::map<std::int64_t, Leader> leaders;
    bool operator==(const TurnFrame&) const = default;
};

struct Battle {
    std::int64_t id = 0;
    std::int64_t campaign = 0;
    std::string name;
    std::string ruleset;  // "oth", "cmwd", "lfas", "reivers"
    Table table;
    std::vector<TerrainFeature> terrain;
    std::vector<Side> sides;
    std::map<std::int64_t, Unit> units;
    std::map<std::int64_t, Leader> leaders;
    int turn = 0;
    std::string phase;  // defined by the rule set
    std::map<std::string, SealedBox> boxes;  // sealed submissions by purpose: "cards", "tempo"...
    nlohmann::json ruleset_state = nlohmann::json::object();  // umpire-only state of the rule set
    std::vector<LogEntry> log;
    std::vector<TurnFrame> history;
    bool operator==(const Battle&) const = default;

    // Records where the pieces stand now as the frame of `turn`.
    void record_frame(int turn, bool end = false);
    // Appends a line to the log at the turn and phase now: for everyone, or (`side` given) that side only.
    void add_line(const std::string& text, nlohmann::json details = nlohmann::json::object(), const std::string& side = "");

    const Unit* unit(std::int64_t id) const;
    const Leader* leader(std::int64_t id) const;
    const Leader* leader_of(std::int64_t user) const;  // the leader figure a player is
    const Side* side(const std::string& id) const;
    // The side a player belongs to: the side of the player's leader, else of a unit the player owns; empty.
    std::string side_of(std::int64_t user) const;
};

std::string to_string(Formation f, const std::string& other_name = "");
// "line" | "column" | "square" | anything else (Formation::other with that name); false for "".
bool formation_from_string(const std::string& text, Formation& f, std::string& other_name);
std::string to_string(LogEntry::Audience a);

void to_json(nlohmann::json& j, const TerrainFeature& t);
void from_json(const nlohmann::json& j, TerrainFeature& t);
void to_json(nlohmann::json& j, const Side& s);
void from_json(const nlohmann::json& j, Side& s);
void to_json(nlohmann::json& j, const Order& o);
void from_json(const nlohmann::json& j, Order& o);
void to_json(nlohmann::json& j, const Unit& u);
// The fields of a unit that anyone who sees it sees (its place, shape and kind): to_json adds the rest, the
// view of an enemy's unit what its book shows (battle_view.cpp, public_unit).
nlohmann::json unit_as_seen(const Unit& u);
void from_json(const nlohmann::json& j, Unit& u);
void to_json(nlohmann::json& j, const Leader& l);
void from_json(const nlohmann::json& j, Leader& l);
void to_json(nlohmann::json& j, const LogEntry& e);
void from_json(const nlohmann::json& j, LogEntry& e);
void to_json(nlohmann::json& j, const TurnFrame& f);
void from_json(const nlohmann::json& j, TurnFrame& f);
void to_json(nlohmann::json& j, const Battle& b);
// The battle's JSON, with its log and history as empty lists unless `with_log_and_history`.
nlohmann::json battle_json(const Battle& b, bool with_log_and_history);
void from_json(const nlohmann::json& j, Battle& b);

// Reading a unit, a terrain feature or a whole battle from a command body (the umpire's set-up editor):
// the checked version of from_json, giving a bad_request a person can read instead of an exception.
std::optional<Error> read_unit(const nlohmann::json& j, Unit& out);
std::optional<Error> read_terrain(const nlohmann::json& j, TerrainFeature& out);
std::optional<Error> read_battle(const nlohmann::json& j, Battle& out);

// The checks read_unit makes: at least one base, positive finite base sizes, finite position and facing.
std::optional<Error> validate(const Unit& unit);
std::optional<Error> validate(const TerrainFeature& feature);

}  // namespace muster::battle
