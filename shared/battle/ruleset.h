#pragma once
// The seam every battle book plugs into (docs/architecture.md, "Adding a battle book"). The generic life cycle
// (shared/battle/lifecycle.h: create, place, settings, start, submit, withdraw, close turn, step, override,
// act, end, the turn timer, talk) calls a RuleSet for everything a book decides: how a unit is read from the
// umpire's set-up, the secret boxes a side fills each turn, the steps of a turn, the umpire's overrides, free
// actions, what a viewer may see of the book's own fields, and the end of a battle as a neutral outcome.
// A book is one class in shared/rulesets/<id>/ listed in registry.cpp. Pure: no socket, file or clock.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/battle.h"
#include "shared/battle/battle_view.h"
#include "shared/battle/table_settings.h"
#include "shared/core/dice.h"
#include "shared/core/error.h"
#include "shared/core/viewer.h"

namespace muster::battle {

struct TalkMessage {
    std::int64_t number = 0;  // 1, 2, ... within the battle
    int turn = 0;
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::string text;
    std::int64_t at = 0;
    bool operator==(const TalkMessage&) const = default;
};

// One battle with its life cycle's state. `settings` is the whole settings object of the battle's rule set
// (the table's generic ones included: TableSettings reads those); `data` is the rule set's own bookkeeping
// (Over the Hill: tallies for the losses, this turn's facts), never shown but through the rule set's view.
struct BattleEntry {
    Battle battle;
    nlohmann::json settings = nlohmann::json::object();
    TableSettings table;           // the generic settings, read from `settings`
    std::string status = "setup";  // setup | cards (the turn is open for its boxes) | resolving | ended
    int next_step = 0;             // while resolving: the index of the next step in the rule set's steps()
    std::optional<std::int64_t> deadline;  // the turn timer
    std::map<std::int64_t, std::int64_t> regiment_of;  // unit id -> the colonel whose regiment it is (campaign)
    std::vector<TalkMessage> talk;
    std::vector<std::pair<std::int64_t, std::int64_t>> channels;  // open talk channels (users), this turn
    nlohmann::json data = nlohmann::json::object();
    nlohmann::json outcome = nullptr;  // once ended: {"losses": [...], "records": [...]}, rows naming a "unit"

    std::vector<std::int64_t> players() const;  // users with a leader figure, in order
    bool is_player(std::int64_t user) const;
    bool playing() const { return status == "cards" || status == "resolving"; }
    bool operator==(const BattleEntry&) const = default;
};

// What a side puts in a box, checked: the item to seal, or the error a player sees.
using ItemCheck = std::variant<Error, nlohmann::json>;

// The text an override or action writes to the log (the umpire's reason is added to it), or the error. An
// empty text: the book wrote its own lines, each to its audience; an override's reason then goes to umpires,
// unless the book put it in a line of its own (that line's details "reason": its audience reads it there).
using OverrideResult = std::variant<Error, std::string>;

class RuleSet {
public:
    virtual ~RuleSet() = default;

    virtual std::string id() const = 0;    // "oth", as battle.ruleset holds it
    virtual std::string name() const = 0;  // "Over the Hill", for a person

    // --- settings: every name the umpire may change, its default, its checks (docs/protocol.md) ---
    virtual nlohmann::json default_settings() const = 0;
    // The settings with `changes` made, or a bad_request naming the first bad one.
    virtual std::variant<Error, nlohmann::json> merge_settings(const nlohmann::json& current,
                                                               const nlohmann::json& changes) const = 0;

    // --- set-up: a unit or leader from the umpire's editor, the book's defaults filled in ---
    virtual std::optional<Error> read_unit(nlohmann::json j, const Battle& b, Unit& out) const = 0;
    virtual std::optional<Error> read_leader(nlohmann::json j, const Battle& b, Leader& out) const;
    // A campaign regiment as this book's unit (name, ratings by the year's names); the caller adds side,
    // owner, position, facing and formation.
    virtual nlohmann::json unit_from_regiment(const std::string& name, int number, int drill, int musketry,
                                              int effectiveness) const = 0;

    // What the book does as the battle starts, before the first turn opens (Border Reivers: the secret terrain
    // rolls of a side with local knowledge). Nothing by default.
    virtual void start(BattleEntry& e, Dice& dice) const { (void)e, (void)dice; }

    // --- the turn: sealed boxes each player fills, then steps ---
    virtual std::string box() const = 0;  // the box a player fills each turn ("cards")
    // The item `body` seals for the player whose leader is `me`, or the error (the box, turn and phase are
    // checked before this is called).
    virtual ItemCheck read_submission(const BattleEntry& e, const Leader& me, const nlohmann::json& body) const = 0;
    // What a player who must fill the box and has not is told he must do ("Choose your card for turn 3."): the
    // battle's `needs_you` (docs/protocol.md, "What needs you"), which names the battle before it ("At Fontenoy:
    // choose your card ...", its first letter lowered: begin with a common word, not a name); empty: nothing yet
    // (his turn has not come).
    virtual std::string due_words(const BattleEntry& e, const Leader& me) const;
    // Whether this player must fill the box before the turn closes by itself (a player whose leader is down
    // plays no cards).
    virtual bool must_submit(const BattleEntry& e, const Leader& leader) const = 0;
    // What the reveal does besides opening the box: talk channels opened, the turn's facts begun. `items` are
    // the revealed submissions [{"user", "side", "item"}]; returns the event body's extra fields.
    virtual nlohmann::json on_reveal(const BattleEntry& e, const nlohmann::json& items) const = 0;
    // The event body may carry "line": the log's words for the reveal (else "Turn N: the <box> are revealed.").
    virtual void apply_reveal(BattleEntry& e, const nlohmann::json& body) const = 0;
    virtual const std::vector<std::string>& steps() const = 0;
    // The steps of this turn, read as the reveal leaves the battle (Chosen Men: a turn of tempo bids has none,
    // and the next turn opens at once). Every step of the book by default.
    virtual std::vector<std::string> steps_of(const BattleEntry& e) const { (void)e; return steps(); }
    // Runs one step on `e` (a copy: the caller keeps it) with the dice given.
    virtual void run_step(BattleEntry& e, const std::string& step, Dice& dice) const = 0;
    // The umpire's overrides besides the generic "move" (a book that conceals has its own "reveal" and "conceal";
    // one that does not, the life cycle refuses them): `what` names one.
    virtual OverrideResult override_rule(BattleEntry& e, const std::string& what, const nlohmann::json& body,
                                         Dice& dice) const = 0;
    // Free actions a player may take during a turn (battle.act): none unless the book has them.
    virtual OverrideResult act(BattleEntry& e, const Leader& me, const nlohmann::json& body, Dice& dice) const;
    // Whether two players may talk this turn besides standing next to each other (Over the Hill: one of them
    // chose to, with a Talk card at the reveal; by default the channels the reveal opened).
    virtual bool talk_open(const BattleEntry& e, std::int64_t a, std::int64_t b) const;
    virtual bool leader_down(const Leader& l) const = 0;  // killed or incapacitated: gives no orders
    // What befell a leader, as the campaign reads it ("risk to the colonel in battle is risk to the player",
    // over-the-hills.txt, "Set Up"): "wounded", "killed", "captured" or "" (unhurt, or a scratch). By
    // default the leader's value "fate" when it is one of those.
    virtual std::string leader_fate(const Leader& l) const;
    virtual std::string unit_label(const Unit& u) const { return u.name; }
    // Whether the book has hidden troops: pieces placed `concealed` and the ways they show themselves (Over the
    // Hill's ambushes, Border Reivers' names in ambush). A book without them shows every piece to all, and the life
    // cycle refuses a piece made concealed (set-up, scenarios, army generators, the `conceal` override). False
    // unless the book says so: a new book never hides what it has no rule to reveal.
    virtual bool conceals() const { return false; }

    // --- the end: each unit's losses and the book's records, rows naming their "unit" ---
    virtual nlohmann::json end(const BattleEntry& e, Dice& dice) const = 0;

    // --- what a viewer sees (DESIGN.md, "Hidden information") ---
    virtual const BattleVisibility& visibility() const = 0;
    // A revealed box item as a viewer of `side` may read it, or null when he may see nothing of it.
    virtual nlohmann::json item_as_seen_by(const Battle& b, const nlohmann::json& item, const std::string& side) const;
    // The book's own fields of the view for this viewer (whitelisted: hints, tallies of his side...).
    virtual nlohmann::json view_fields(const BattleEntry& e, const Viewer& viewer, const std::string& side) const = 0;

    // An army generator of the book (Chosen Men: the French), for the umpire's set-up: the pieces it draws from the
    // dice as battle.place bodies without ids, and a log line per die {"text", "details"}: {"units": [...],
    // "leaders": [...], "lines": [...]}; or the error.
    virtual std::variant<Error, nlohmann::json> generate(const BattleEntry& e, const nlohmann::json& body, Dice& dice) const {
        (void)e, (void)body, (void)dice;
        return bad_request("This book has no army generators.");
    }

    // --- between battles ---
    // The book's own set-ups an umpire starts a battle from: [{"id", "name", "description", "battle": a
    // battle.create body whose leaders have ids and no users}] (docs/protocol.md, "Scenarios").
    virtual nlohmann::json scenarios() const { return nlohmann::json::array(); }
    // A new battle that carries on from an ended one of this book (a string of raids): what the pieces bring
    // from it, written into `to` after its set-up is read. Nothing by default.
    virtual void carry(const BattleEntry& from, BattleEntry& to) const { (void)from, (void)to; }
    // The book's page of the campaign for this viewer, from its ended battles; null for none.
    virtual nlohmann::json campaign_fields(const std::vector<const BattleEntry*>& battles, const Viewer& viewer) const {
        (void)battles, (void)viewer;
        return nullptr;
    }

    // Logs written before a field moved under `data`: a step event's body read into `data`.
    virtual void read_legacy(nlohmann::json& data, const nlohmann::json& body) const { (void)data, (void)body; }
};

}  // namespace muster::battle
