#include "server/app/archive.h"

#include <initializer_list>
#include <map>
#include <set>

#include <openssl/evp.h>

#include "server/app/tokens.h"
#include "server/app/verifiable_dice.h"
#include "server/store/accounts.h"
#include "server/store/event_store.h"
#include "server/store/images.h"
#include "shared/campaign/campaign.h"

namespace muster {

using nlohmann::json;

namespace {

json event_json(const Event& e) {
    return {{"seq", e.seq}, {"type", e.type}, {"actor", e.actor}, {"at", e.at}, {"body", e.body}, {"dice", e.dice}};
}

// The archive's events, checked in shape and order; the words of what is wrong, or "".
std::string read_events(const json& archive, std::vector<Event>& out) {
    if (!archive.contains("events") || !archive["events"].is_array() || archive["events"].empty()) return "it has no event log";
    for (const auto& j : archive["events"]) {
        if (!j.is_object() || !j.contains("seq") || !j["seq"].is_number_integer() || !j.contains("type") || !j["type"].is_string() ||
            !j.contains("actor") || !j["actor"].is_number_integer() || !j.contains("at") || !j["at"].is_number_integer() ||
            !j.contains("body") || !j["body"].is_object() || !j.contains("dice") || !j["dice"].is_array())
            return "event " + std::to_string(out.size() + 1) + " is malformed";
        Event e;
        e.seq = j["seq"].get<std::int64_t>();
        e.type = j["type"].get<std::string>();
        e.actor = j["actor"].get<std::int64_t>();
        e.at = j["at"].get<std::int64_t>();
        e.body = j["body"];
        e.dice = j["dice"];
        if (e.seq != static_cast<std::int64_t>(out.size()) + 1) return "event " + std::to_string(out.size() + 1) + " is out of order";
        out.push_back(std::move(e));
    }
    if (out.front().type != "campaign.created") return "its log does not begin with the campaign's creation";
    return "";
}

}  // namespace

std::optional<json> export_campaign(store::Database& db, std::int64_t campaign, bool with_seed) {
    const auto row = store::find_campaign(db, campaign);
    if (!row) return std::nullopt;
    const auto events = store::load_events(db, campaign);
    campaign::CampaignState state;
    for (const auto& e : events) campaign::apply(state, e);
    json members = json::array();
    for (const auto& [user, m] : state.members) members.push_back({{"user", user}, {"username", m.name}});
    json images = json::array();
    for (const auto& i : store::images_of(db, campaign))
        images.push_back({{"token", i.token}, {"type", i.type}, {"uploaded_by", i.uploaded_by}, {"created", i.created},
                          {"bytes_base64", to_base64(i.bytes)}});
    json log = json::array();
    for (const auto& e : events) log.push_back(event_json(e));
    return json{{"format", "muster-campaign"},
                {"version", archive_version},
                {"campaign", {{"id", campaign},
                              {"name", row->name},
                              {"created", row->created},
                              {"closed", state.closed},
                              {"seed_sha256", state.seed_sha256},
                              {"seed", state.closed || with_seed ? json(row->seed_hex) : json(nullptr)}}},
                {"members", std::move(members)},
                {"images", std::move(images)},
                {"events", std::move(log)}};
}

namespace {
ImportResult import_checked(store::Database& db, const json& archive, std::int64_t now_ms);
std::string replay_checked(const std::vector<Event>& events, const std::string& seed, campaign::CampaignState& state);
}  // namespace

ImportResult import_campaign(store::Database& db, const json& archive, std::int64_t now_ms) {
    // A field of the wrong type is a damaged archive: refused, and the transaction below rolls back on the way out.
    try {
        return import_checked(db, archive, now_ms);
    } catch (const json::exception& e) {
        return ImportResult{0, std::string("This archive cannot be imported: a field has the wrong type (") + e.what() +
                                   "); nothing was written."};
    }
}

namespace {

ImportResult import_checked(store::Database& db, const json& archive, std::int64_t now_ms) {
    auto refuse = [](std::string why) { return ImportResult{0, "This archive cannot be imported: " + why + "; nothing was written."}; };
    if (!archive.is_object() || archive.value("format", "") != "muster-campaign") return refuse("it is not a Muster campaign archive");
    if (!archive.contains("version") || !archive["version"].is_number_integer()) return refuse("it has no format version");
    if (archive["version"].get<int>() > archive_version)
        return refuse("it is from a newer Muster (format " + std::to_string(archive["version"].get<int>()) +
                      "; this server reads up to " + std::to_string(archive_version) + ")");
    std::vector<Event> events;
    if (auto why = read_events(archive, events); !why.empty()) return refuse(why);
    const json c = archive.value("campaign", json::object());
    const std::string seed_hex = c.value("seed", json(nullptr)).is_string() ? c["seed"].get<std::string>() : "";
    if (seed_hex.empty()) return refuse("it has no dice seed (an open campaign moves with the administrator's 'muster export')");
    const std::string seed = from_hex(seed_hex);
    if (seed.size() != 32 || !events.front().body.contains("seed_sha256") || sha256_hex(seed) != events.front().body["seed_sha256"])
        return refuse("its dice seed does not match the commitment in its log");
    // Every event replayed as the live server would have made it (log_problem): a damaged log is refused whole.
    campaign::CampaignState state;
    if (auto why = replay_checked(events, seed, state); !why.empty()) return refuse("its log is damaged: " + why);
    const std::int64_t id = state.id;

    store::Transaction tx(db);
    if (!store::create_campaign_with_id(db, id, c.value("name", state.name), seed_hex, c.value("created", now_ms)))
        return refuse("campaign " + std::to_string(id) + " already exists on this server");
    for (const auto& [user, m] : state.members) {
        if (auto here = store::find_user_by_id(db, user)) {
            const auto named = store::find_user(db, m.name);
            if (!named || named->id != user)
                return refuse("user " + std::to_string(user) + " is \"" + here->username + "\" here but \"" + m.name + "\" in the archive");
            continue;
        }
        // "!" is no hash of any password: the account cannot log in until its password is set.
        if (!store::create_user_with_id(db, user, m.name, "!", now_ms))
            return refuse("the username \"" + m.name + "\" belongs to another account here");
    }
    store::append_events(db, id, events);
    for (const auto& i : archive.value("images", json::array())) {
        auto bytes = from_base64(i.value("bytes_base64", ""));
        if (!bytes) return refuse("a picture is not valid base64");
        store::add_image(db, i.value("token", ""), id, i.value("type", ""), *bytes, i.value("uploaded_by", std::int64_t{0}),
                         i.value("created", now_ms));
    }
    tx.commit();
    return ImportResult{id, ""};
}

}  // namespace

namespace {

// A face the umpire gave in place of a die (a battle's step or override with "dice"): {"sides", "value",
// "umpire": true}, in no stream; the seed has nothing to say about it.
bool umpire_given(const json& r) {
    return r.is_object() && r.contains("umpire") && r["umpire"] == true && !r.contains("stream") && !r.contains("counter");
}

std::string stream_of(const json& r) {
    return r.is_object() && r.contains("stream") && r["stream"].is_string() ? r["stream"].get<std::string>() : "campaign";
}

// Why a logged roll does not match its seed, or nothing. A damaged record's fields read as missing, so it fails
// the check rather than the checker.
std::optional<std::string> roll_problem(const std::string& seed, const json& r) {
    auto integer = [&](const char* key, std::int64_t missing) {
        return r.is_object() && r.contains(key) && r[key].is_number_integer() ? r[key].get<std::int64_t>() : missing;
    };
    const std::string stream = stream_of(r);
    const auto counter = integer("counter", -1);
    const int sides = static_cast<int>(integer("sides", 0)), value = static_cast<int>(integer("value", 0));
    const bool readable = counter >= 0 && sides >= 2;
    if (readable && recompute_roll(seed, stream, counter, sides) == value) return std::nullopt;
    return "roll " + std::to_string(counter) + " of \"" + stream + "\" is logged as " + std::to_string(value) + " on a d" +
           std::to_string(sides) + "; the seed gives " +
           (readable ? std::to_string(recompute_roll(seed, stream, counter, sides)) : "nothing");
}

bool has_own_seed(const Event& created) {
    return created.type == "battle.created" && created.body.value("seed_scheme", "") == campaign::battles::battle_seed_scheme;
}

std::int64_t battle_id_of(const Event& e) {
    const json& b = e.body.contains("battle") ? e.body["battle"] : json();
    if (b.is_number_integer()) return b.get<std::int64_t>();
    return b.is_object() && b.contains("id") && b["id"].is_number_integer() ? b["id"].get<std::int64_t>() : -1;
}

// The seed of each battle that rolls with one of its own, by its stream, each checked against the commitment
// in the battle's creation event; the words of the first that does not match, or "".
std::string battle_keys(const std::vector<Event>& events, const std::string& campaign_seed, std::map<std::string, std::string>& out) {
    for (const auto& e : events) {
        if (!has_own_seed(e)) continue;
        const std::int64_t battle = battle_id_of(e);
        const std::string seed = battle_seed(campaign_seed, battle);
        const std::string committed = e.body.value("seed_sha256", "");
        if (battle < 0 || sha256_hex(seed) != committed)
            return "event " + std::to_string(e.seq) + " (battle.created): battle " + std::to_string(battle) +
                   "'s seed, derived from the campaign's, does not match its commitment (" + committed + ")";
        out[battle_stream(battle)] = seed;
    }
    return "";
}

// A battle's dice file: its revealed seed against its commitment, then its rolls.
DiceCheck verify_battle_dice(const json& file) {
    if (!file.value("seed", json(nullptr)).is_string()) return {false, 0, "the battle's seed is not revealed: it is revealed when the battle ends"};
    const std::string seed = from_hex(file["seed"].get<std::string>());
    const std::string committed = file.value("seed_sha256", json(nullptr)).is_string() ? file["seed_sha256"].get<std::string>() : "";
    if (seed.size() != 32 || sha256_hex(seed) != committed)
        return {false, 0, "the battle's seed does not match the commitment shown from its creation (" + committed + ")"};
    if (!file.contains("rolls") || !file["rolls"].is_array()) return {false, 0, "the file is not readable: it has no list of rolls"};
    const std::string stream = battle_stream(file.value("battle", json(nullptr)).is_number_integer() ? file["battle"].get<std::int64_t>() : -1);
    DiceCheck out{true, 0, ""};
    for (const auto& r : file["rolls"]) {
        if (stream_of(r) != stream) return {false, out.rolls, "a roll of \"" + stream_of(r) + "\" is not of this battle's stream \"" + stream + "\""};
        if (auto problem = roll_problem(seed, r)) return {false, out.rolls, *problem};
        ++out.rolls;
    }
    return out;
}

}  // namespace

DiceCheck verify_dice(const json& archive) {
    if (archive.is_object() && archive.value("format", "") == "muster-battle-dice") return verify_battle_dice(archive);
    std::vector<Event> events;
    if (auto why = read_events(archive, events); !why.empty()) return {false, 0, "the archive is not readable: " + why};
    const json c = archive.value("campaign", json::object());
    if (!c.value("seed", json(nullptr)).is_string()) return {false, 0, "the seed is not revealed yet: the umpire reveals it by closing the campaign"};
    const std::string seed = from_hex(c["seed"].get<std::string>());
    const std::string committed = events.front().body.value("seed_sha256", "");
    if (seed.size() != 32 || sha256_hex(seed) != committed)
        return {false, 0, "the seed does not match the commitment shown from the start (" + committed + ")"};
    // A battle's stream rolls with the battle's own seed when its creation committed to one (docs/dice.md).
    std::map<std::string, std::string> own;
    if (auto why = battle_keys(events, seed, own); !why.empty()) return {false, 0, why};
    DiceCheck out{true, 0, ""};
    for (const auto& e : events)
        for (const auto& r : e.dice) {
            if (umpire_given(r)) continue;
            auto key = own.find(stream_of(r));
            if (auto problem = roll_problem(key == own.end() ? seed : key->second, r))
                return {false, out.rolls, "event " + std::to_string(e.seq) + " (" + e.type + "): " + *problem};
            ++out.rolls;
        }
    return out;
}

BattleDice battle_dice_file(const std::vector<Event>& log, std::int64_t campaign, std::int64_t battle) {
    const Event *created = nullptr, *ended = nullptr;
    for (const auto& e : log) {
        if (e.type == "battle.created" && battle_id_of(e) == battle) created = &e;
        if (e.type == "battle.ended" && battle_id_of(e) == battle) ended = &e;
    }
    BattleDice out;
    if (!created) return out;
    out.status = !ended ? BattleDice::Status::not_ended
                 : !has_own_seed(*created) ? BattleDice::Status::campaign_seeded
                                           : BattleDice::Status::ok;
    if (out.status != BattleDice::Status::ok) return out;
    const std::string stream = battle_stream(battle);
    json rolls = json::array();
    for (const auto& e : log)
        for (const auto& r : e.dice)
            if (stream_of(r) == stream)
                rolls.push_back({{"stream", stream}, {"counter", r.value("counter", std::int64_t{-1})},
                                 {"sides", r.value("sides", 0)}, {"value", r.value("value", 0)}});
    out.file = {{"format", "muster-battle-dice"},
                {"campaign", campaign},
                {"battle", battle},
                {"seed_sha256", created->body.value("seed_sha256", "")},
                {"seed", ended->body.value("seed", "")},
                {"rolls", std::move(rolls)}};
    return out;
}

namespace {

const std::set<std::string>& table_and_other_event_types() {
    // The table's own (shared/campaign/campaign.cpp), a battle's (shared/battle/lifecycle_apply.cpp, with the
    // card.* of logs from before the rule-set seam) and the expeditions' and committee's
    // (shared/campaign/expedition_apply.cpp). The year's are the year's own table (year::handles_event).
    static const std::set<std::string> types = {
        "campaign.created", "invite.created", "invite.revoked", "member.joined", "campaign.webhook_set",
        "campaign.closed", "chat.said", "notice.posted", "notice.answered", "dice.rolled",
        "battle.created", "battle.scenario_saved", "battle.placed", "battle.removed", "battle.overridden",
        "battle.acted", "battle.generated", "battle.settings_changed", "battle.started", "battle.submitted",
        "card.played", "battle.withdrawn", "card.withdrawn", "battle.turn_closed", "battle.step_resolved",
        "talk.said", "battle.ended",
        "crisis.rolled", "expedition.created", "expedition.generated", "expedition.discarded", "expedition.edited",
        "expedition.briefed", "committee.attendance_set", "motion.put", "motion.voted", "motion.closed",
        "expedition.force_set", "expedition.roles_set", "expedition.departed", "expedition.outcome_set",
        "expedition.reckoned",
    };
    return types;
}

// The command a table event answers, read back from the event; nothing for an event whose command cannot be
// read back from it (the year's, a battle's, an expedition's carry what the rules computed, not what was asked).
std::optional<Command> command_of(const Event& e) {
    const json& b = e.body;
    auto pick = [&](std::initializer_list<const char*> keys) {
        json out = json::object();
        for (const char* k : keys)
            if (b.contains(k)) out[k] = b[k];
        return out;
    };
    if (e.type == "chat.said") return Command{"chat.say", pick({"text"})};
    if (e.type == "notice.posted") return Command{"notice.post", pick({"text", "private"})};
    if (e.type == "notice.answered") return Command{"notice.answer", pick({"notice", "text"})};
    if (e.type == "invite.created") return Command{"campaign.invite", pick({"role"})};
    if (e.type == "invite.revoked") return Command{"campaign.revoke_invite", pick({"code"})};
    if (e.type == "campaign.webhook_set") return Command{"campaign.webhook", pick({"url"})};
    if (e.type == "member.joined") return Command{"campaign.join", pick({"code"})};
    if (e.type == "campaign.closed") return Command{"campaign.close", json::object()};
    if (e.type == "dice.rolled") return Command{"dice.roll", pick({"dice", "reason", "private"})};
    return std::nullopt;
}

std::string who(const campaign::CampaignState& state, std::int64_t user) {
    const Role role = state.role_of(user);
    return "user " + std::to_string(user) + (role == Role::none ? " (not a member of the campaign then)" : " (" + to_string(role) + ")");
}

// A table event decided again as the command that makes it, by its author as the state knew him: "" when the
// rules allow it and give this very event.
std::string redecided(const campaign::CampaignState& state, const Event& e, const Command& command) {
    const json& b = e.body;
    Viewer v{e.actor, "", state.role_of(e.actor)};
    if (auto m = state.members.find(e.actor); m != state.members.end()) v.name = m->second.name;
    if (e.type == "member.joined" && b.contains("name") && b["name"].is_string()) v.name = b["name"].get<std::string>();
    campaign::Supplied supplied;
    supplied.now = e.at;
    if (e.type == "invite.created" && b.contains("code") && b["code"].is_string()) supplied.invite_code = b["code"].get<std::string>();
    if (e.type == "campaign.closed" && b.contains("seed") && b["seed"].is_string()) supplied.seed_hex = b["seed"].get<std::string>();
    // The roll's faces are its logged dice (checked against the seed apart): the rules must read them as logged.
    std::vector<int> faces;
    if (e.type == "dice.rolled")
        for (const auto& r : e.dice) faces.push_back(r.is_object() && r.contains("value") && r["value"].is_number_integer() ? r["value"].get<int>() : 0);
    ScriptedDice dice(std::move(faces));
    campaign::Decision d;
    try {
        d = campaign::decide(state, command, v, dice, supplied);
    } catch (const std::exception& x) {
        return "the rules cannot make it again from its dice (" + std::string(x.what()) + ")";
    }
    if (auto* error = std::get_if<Error>(&d)) return "the rules refuse it to its author, " + who(state, e.actor) + ": " + error->message;
    const auto& made = std::get<std::vector<Event>>(d);
    if (made.size() != 1 || made.front().type != e.type || made.front().actor != e.actor || made.front().body != b ||
        dice.remaining() != 0)
        return e.type == "dice.rolled" ? "its faces or total are not those of its dice" : "it is not the event the rules make of it";
    return "";
}

}  // namespace

bool known_event_type(const std::string& type) {
    return table_and_other_event_types().count(type) > 0 || campaign::year::handles_event(type);
}

namespace {

std::string replay_checked(const std::vector<Event>& events, const std::string& seed, campaign::CampaignState& state) {
    std::map<std::string, std::string> own;  // battles' own seeds, by stream
    if (auto why = battle_keys(events, seed, own); !why.empty()) return why;
    std::map<std::string, std::int64_t> next_roll;  // each stream's next counter
    for (const auto& e : events) {
        const std::string at = "event " + std::to_string(e.seq) + " (" + e.type + "): ";
        if (!known_event_type(e.type)) return at + "no version of Muster writes an event of this type";
        if (e.type == "campaign.created") {
            if (e.seq != 1) return at + "a campaign is created once, by its first event";
        } else if (auto command = command_of(e)) {
            if (auto why = redecided(state, e, *command); !why.empty()) return at + why;
            if (e.type == "campaign.closed" && from_hex(e.body.value("seed", "")) != seed)
                return at + "the seed it reveals is not the archive's";
        } else if (e.actor != 0 && state.role_of(e.actor) == Role::none) {
            return at + "its author, user " + std::to_string(e.actor) + ", is not a member of the campaign then";
        }
        for (const auto& r : e.dice) {
            if (umpire_given(r)) {
                if (state.role_of(e.actor) != Role::umpire)
                    return at + "a face given by hand (\"umpire\": true) in an event by " + who(state, e.actor) + ", not an umpire";
                continue;
            }
            const std::string stream = stream_of(r);
            auto& next = next_roll[stream];
            const bool counted = r.is_object() && r.contains("counter") && r["counter"].is_number_integer();
            if (counted && r["counter"].get<std::int64_t>() != next)
                return at + "roll " + std::to_string(r["counter"].get<std::int64_t>()) + " of \"" + stream +
                       "\" is out of turn: that stream's next roll is " + std::to_string(next);
            auto key = own.find(stream);
            if (auto problem = roll_problem(key == own.end() ? seed : key->second, r)) return at + *problem;
            ++next;
        }
        try {
            campaign::apply(state, e);
        } catch (const std::exception& x) {
            return at + "it does not replay (" + x.what() + ")";
        }
    }
    return "";
}

}  // namespace

std::string log_problem(const std::vector<Event>& events, const std::string& seed) {
    campaign::CampaignState state;
    return replay_checked(events, seed, state);
}

}  // namespace muster
