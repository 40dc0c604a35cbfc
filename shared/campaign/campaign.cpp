#include "shared/campaign/campaign.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "shared/core/fields.h"

namespace muster::campaign {

using nlohmann::json;

Role CampaignState::role_of(std::int64_t user) const {
    auto it = members.find(user);
    return it == members.end() ? Role::none : it->second.role;
}

Event created_event(std::int64_t id, const std::string& name, const Viewer& umpire, const std::string& seed_sha256) {
    Event e;
    e.type = "campaign.created";
    e.actor = umpire.user;
    e.body = {{"id", id}, {"name", name}, {"umpire", {{"user", umpire.user}, {"name", umpire.name}}},
              {"seed_sha256", seed_sha256}};
    return e;
}

namespace {

std::vector<Event> one(Event e) { return {std::move(e)}; }

// The checks every command after creation shares: membership, then an open campaign.
std::optional<Error> member_of_open_campaign(const CampaignState& state, const Viewer& viewer) {
    if (!viewer.is_member()) return forbidden("You are not a member of this campaign.");
    if (state.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

std::optional<Error> umpire_of_open_campaign(const CampaignState& state, const Viewer& viewer, const char* what) {
    if (!viewer.is_member()) return forbidden("You are not a member of this campaign.");
    if (!viewer.is_umpire()) return forbidden(std::string("Only an umpire may ") + what + ".");
    if (state.closed) return conflict("This campaign is closed.");
    return std::nullopt;
}

Decision decide_invite(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied& s) {
    if (auto e = umpire_of_open_campaign(state, v, "create invite codes")) return *e;
    std::string role_text;
    if (auto e = read_string(c.body, "role", 1, 16, role_text)) return *e;
    auto role = role_from_string(role_text);
    if (!role) return bad_request("The role must be \"player\", \"observer\" or \"umpire\".");
    if (s.invite_code.empty()) return Error{"internal", "No invite code was supplied."};
    return one(make_event("invite.created", v, {{"code", s.invite_code}, {"role", role_text}}));
}

Decision decide_revoke_invite(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_of_open_campaign(state, v, "revoke invite codes")) return *e;
    std::string code;
    if (auto e = read_string(c.body, "code", 1, 64, code)) return *e;
    if (!state.invites.count(code)) return not_found("No active invite has that code.");
    return one(make_event("invite.revoked", v, {{"code", code}}));
}

Decision decide_join(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    std::string code;
    if (auto e = read_string(c.body, "code", 1, 64, code)) return *e;
    code = invite_code_as_made(code);
    auto it = state.invites.find(code);
    if (it == state.invites.end()) return not_found("That invite code is not valid.");
    if (v.is_member()) return conflict("You are already a member of this campaign.");
    if (state.closed) return conflict("This campaign is closed.");
    return one(make_event("member.joined", v,
                          {{"user", v.user}, {"name", v.name}, {"role", to_string(it->second.role)}, {"code", code}}));
}

Decision decide_close(const CampaignState& state, const Command&, const Viewer& v, Dice&, const Supplied& s) {
    if (auto e = umpire_of_open_campaign(state, v, "close the campaign")) return *e;
    if (s.seed_hex.empty()) return Error{"internal", "The dice seed was not supplied."};
    return one(make_event("campaign.closed", v, {{"seed", s.seed_hex}}));
}

// The campaign's webhook: an http(s) URL a chat service gave the club for incoming posts, or "" for none.
Decision decide_webhook(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_of_open_campaign(state, v, "set the campaign's webhook")) return *e;
    std::string url;
    if (auto e = read_string(c.body, "url", 0, 500, url)) return *e;
    if (!url.empty() && url.rfind("https://", 0) != 0 && url.rfind("http://", 0) != 0)
        return bad_request("url: a webhook is an http:// or https:// address.");
    if (url.find_first_of(" \t\r\n") != std::string::npos) return bad_request("url: a webhook address has no spaces.");
    return one(make_event("campaign.webhook_set", v, {{"url", url}}));
}

Decision decide_chat(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = member_of_open_campaign(state, v)) return *e;
    if (battles::chat_closed_for(state, v.user))
        return forbidden("The table chat is closed to you while your battle is fought; use the battle's talk.");
    std::string text;
    if (auto e = read_string(c.body, "text", 1, chat_max, text)) return *e;
    return one(make_event("chat.said", v, {{"text", text}}));
}

Decision decide_notice(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = umpire_of_open_campaign(state, v, "post notices")) return *e;
    std::string text;
    bool is_private = false;
    if (auto e = read_string(c.body, "text", 1, notice_max, text)) return *e;
    if (auto e = read_optional_bool(c.body, "private", is_private)) return *e;
    return one(make_event("notice.posted", v, {{"text", text}, {"private", is_private}}));
}

// A player's answer to the umpire's notice, to the umpires alone (house rule notice_answers; not in the book: a
// campaign played by post, where a player writes back to the umpire's circular).
Decision decide_notice_answer(const CampaignState& state, const Command& c, const Viewer& v, Dice&, const Supplied&) {
    if (auto e = member_of_open_campaign(state, v)) return *e;
    if (v.role != Role::player) return forbidden("Only a player answers the umpire's notices.");
    if (!state.year.rules.notice_answers) return forbidden("The umpire takes no answers to his notices in this campaign.");
    std::int64_t notice = 0;
    if (auto e = read_id(c.body, "notice", notice)) return *e;
    if (!state.notices.count(notice)) return not_found("There is no notice " + std::to_string(notice) + ".");
    std::string text;
    if (auto e = read_string(c.body, "text", 1, chat_max, text)) return *e;
    return one(make_event("notice.answered", v, {{"notice", notice}, {"text", text}}));
}

Decision decide_roll(const CampaignState& state, const Command& c, const Viewer& v, Dice& all_dice, const Supplied&) {
    if (auto e = member_of_open_campaign(state, v)) return *e;
    if (v.role == Role::observer) return forbidden("Observers may not roll dice.");
    std::string notation, reason;
    bool is_private = false;
    if (auto e = read_string(c.body, "dice", 1, 16, notation)) return *e;
    if (auto e = read_optional_string(c.body, "reason", reason_max, reason)) return *e;
    if (auto e = read_optional_bool(c.body, "private", is_private)) return *e;
    if (is_private && !v.is_umpire()) return forbidden("Only an umpire may roll blind.");
    DiceSpec spec;
    if (!parse_dice_spec(notation, spec) || spec.count > 20)
        return bad_request("Dice are written like 2d6, d100 or dAv, at most 20 dice.");
    // Blind rolls have their own stream, so the open rolls' counters do not show how many were made.
    Dice& dice = all_dice.stream(is_private ? "umpire" : "table");
    json faces = json::array();
    int total = 0;
    for (int i = 0; i < spec.count; ++i) {
        int face = spec.average ? dice.average() : dice.roll(spec.sides);
        faces.push_back(face);
        total += face;
    }
    Event e = make_event("dice.rolled", v,
                         {{"dice", notation}, {"faces", faces}, {"total", total}, {"reason", reason},
                          {"private", is_private}});
    e.dice = dice.take_log();
    return one(std::move(e));
}

using Decider = std::function<Decision(const CampaignState&, const Command&, const Viewer&, Dice&, const Supplied&)>;

const std::unordered_map<std::string, Decider>& deciders() {
    static const std::unordered_map<std::string, Decider> table = {
        {"campaign.invite", decide_invite}, {"campaign.revoke_invite", decide_revoke_invite},
        {"campaign.join", decide_join},     {"campaign.close", decide_close},
        {"campaign.webhook", decide_webhook},
        {"chat.say", decide_chat},          {"notice.post", decide_notice}, {"notice.answer", decide_notice_answer},
        {"dice.roll", decide_roll},
    };
    return table;
}

Post post_from(const CampaignState& state, const Event& e, std::int64_t id) {
    auto it = state.members.find(e.actor);
    return Post{id, e.actor, it == state.members.end() ? std::string("?") : it->second.name,
                e.body.value("text", ""), e.at};
}

// Built field by field: nlohmann's nested initializer lists cost several times more, and these run for
// every chat message.
json post_json(const Post& p) {
    json j = json::object();
    j["id"] = p.id;
    j["author"] = p.author;
    j["author_id"] = p.author_id;
    j["text"] = p.text;
    j["at"] = p.at;
    if (p.notice) j["notice"] = p.notice;
    return j;
}

// An answer's key in the views, "<author>-<his number>": a player's own answers are numbered among his own, so
// that their keys tell him nothing of how many others wrote.
std::string answer_key(const Post& p) { return std::to_string(p.author_id) + "-" + std::to_string(p.id); }

json roll_json(const Roll& r) {
    json j = json::object();
    j["id"] = r.id;
    j["author"] = r.author;
    j["author_id"] = r.author_id;
    j["dice"] = r.dice;
    j["faces"] = r.faces;
    j["stream"] = r.stream;
    j["counters"] = r.counters;
    j["total"] = r.total;
    j["reason"] = r.reason;
    j["private"] = r.is_private;
    j["at"] = r.at;
    return j;
}

json op(const char* name, std::string path) {
    json j = json::object();
    j["op"] = name;
    j["path"] = std::move(path);
    return j;
}

json add_op(std::string path, json value) {
    json j = op("add", std::move(path));
    j["value"] = std::move(value);
    return j;
}

json remove_op(std::string path) { return op("remove", std::move(path)); }

}  // namespace

bool handles(const std::string& command_type) {
    return deciders().count(command_type) > 0 || year::handles(command_type) || battles::handles(command_type) ||
           expeditions::handles(command_type);
}

Decision decide(const CampaignState& state, const Command& command, const Viewer& viewer, Dice& dice,
                const Supplied& supplied) {
    if (!command.body.is_object()) return bad_request("The command's body must be an object.");
    try {
        auto it = deciders().find(command.type);
        if (it != deciders().end()) return it->second(state, command, viewer, dice, supplied);
        if (year::handles(command.type)) return year::decide(state, command, viewer, dice, supplied);
        if (battles::handles(command.type)) return battles::decide(state, command, viewer, dice, supplied);
        if (expeditions::handles(command.type)) return expeditions::decide(state, command, viewer, dice, supplied);
    } catch (const json::type_error& e) {
        // A field of the command of the wrong type that a decider read without checking ("fate": 3).
        // The reader's words without its "[json.exception.type_error.302] " tag: they say which type, not which field.
        const std::string what = e.what();
        const auto tag_end = what.find("] ");
        return bad_request("A field has the wrong type (" + (tag_end == std::string::npos ? what : what.substr(tag_end + 2)) + ").");
    }
    return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
}

json reply_body(const CampaignState& after, const std::vector<Event>& events) {
    // Never the event seq: it would tell the sender how many events he did not see came before his.
    const Event& e = events.front();
    if (e.type == "invite.created") return {{"code", e.body.at("code")}};
    if (e.type == "member.joined") return {{"campaign", after.id}, {"role", e.body.at("role")}};
    if (e.type == "campaign.closed") return {{"seed", e.body.at("seed")}};
    if (e.type == "chat.said") return {{"id", after.chat_made}};
    if (e.type == "notice.posted") return {{"id", e.body.value("private", false) ? after.notes_made : after.notices_made}};
    if (e.type == "notice.answered") return {{"id", answer_key(after.notice_answers.back())}};
    if (e.type == "dice.rolled") {
        const bool blind = e.body.value("private", false);
        return {{"id", blind ? after.blind_rolls_made : after.rolls_made}, {"faces", e.body.at("faces")},
                {"total", e.body.at("total")}};
    }
    if (auto battle = battles::reply_body(events); !battle.is_null()) return battle;
    if (e.type == "expedition.briefed") return {{"expedition", e.body.at("expedition")}};
    if (e.type == "motion.put") return {{"motion", e.body.at("motion")}};
    return json::object();
}

void apply(CampaignState& state, const Event& e) {
    state.seq = e.seq;
    state.chat_evicted.reset();
    state.roll_evicted.reset();
    // Every roll advances its own stream, whichever event consumed it (umpire-given faces have no stream).
    std::vector<std::int64_t> counters;
    std::string stream;
    for (const auto& record : e.dice) {
        if (!record.contains("stream") || !record.contains("counter")) continue;
        const auto counter = record.at("counter").get<std::int64_t>();
        stream = record.at("stream").get<std::string>();
        counters.push_back(counter);
        auto& next = state.dice_counters[stream];
        next = std::max(next, counter + 1);
    }

    const auto& b = e.body;
    if (e.type == "campaign.created") {
        state.id = b.at("id").get<std::int64_t>();
        state.name = b.at("name").get<std::string>();
        state.created = e.at;
        state.seed_sha256 = b.at("seed_sha256").get<std::string>();
        const auto& u = b.at("umpire");
        auto user = u.at("user").get<std::int64_t>();
        state.members[user] = Member{user, u.at("name").get<std::string>(), Role::umpire, e.at};
    } else if (e.type == "invite.created") {
        auto code = b.at("code").get<std::string>();
        auto by = state.members.count(e.actor) ? state.members[e.actor].name : std::string("?");
        state.invites[code] = Invite{code, role_from_string(b.at("role").get<std::string>()).value_or(Role::observer),
                                     by, e.at};
    } else if (e.type == "invite.revoked") {
        state.invites.erase(b.at("code").get<std::string>());
    } else if (e.type == "member.joined") {
        auto user = b.at("user").get<std::int64_t>();
        state.members[user] = Member{user, b.at("name").get<std::string>(),
                                     role_from_string(b.at("role").get<std::string>()).value_or(Role::observer), e.at};
    } else if (e.type == "campaign.webhook_set") {
        state.webhook = b.at("url").get<std::string>();
    } else if (e.type == "campaign.closed") {
        state.closed = true;
        state.seed_hex = b.at("seed").get<std::string>();
    } else if (e.type == "chat.said") {
        state.chat.push_back(post_from(state, e, ++state.chat_made));
        if (state.chat.size() > chat_kept) {
            state.chat_evicted = std::move(state.chat.front());
            state.chat.pop_front();
        }
    } else if (e.type == "notice.posted") {
        const bool note = b.value("private", false);
        const auto id = note ? ++state.notes_made : ++state.notices_made;
        (note ? state.umpire_notes : state.notices)[id] = post_from(state, e, id);
    } else if (e.type == "notice.answered") {
        const auto mine = std::count_if(state.notice_answers.begin(), state.notice_answers.end(),
                                        [&](const Post& p) { return p.author_id == e.actor; });
        Post p = post_from(state, e, mine + 1);
        p.notice = b.at("notice").get<std::int64_t>();
        state.notice_answers.push_back(std::move(p));
    } else if (e.type == "dice.rolled") {
        Roll r;
        r.author_id = e.actor;
        r.author = post_from(state, e, 0).author;
        r.dice = b.at("dice").get<std::string>();
        r.faces = b.at("faces").get<std::vector<int>>();
        r.stream = stream;
        r.counters = counters;
        r.total = b.at("total").get<int>();
        r.reason = b.value("reason", "");
        r.is_private = b.value("private", false);
        r.at = e.at;
        r.id = r.is_private ? ++state.blind_rolls_made : ++state.rolls_made;
        auto& list = r.is_private ? state.blind_rolls : state.rolls;
        list.push_back(std::move(r));
        if (list.size() > rolls_kept) {
            state.roll_evicted = std::move(list.front());
            list.pop_front();
        }
    } else {
        year::apply(state, e);
        battles::apply(state, e);
        expeditions::apply(state, e);  // after the year: it follows the calendar the year moved
    }
}

json view(const CampaignState& state, const Viewer& viewer, bool whole) {
    const bool umpire = viewer.is_umpire();
    json campaign = {{"id", state.id},        {"name", state.name},
                     {"created", state.created}, {"closed", state.closed},
                     {"seed_sha256", state.seed_sha256}};
    if (state.closed) campaign["seed"] = state.seed_hex;

    json members = json::object();
    for (const auto& [id, m] : state.members)
        members[std::to_string(id)] = {{"user", m.user}, {"name", m.name}, {"role", to_string(m.role)}, {"joined", m.joined}};

    json notices = json::object();
    for (const auto& [id, p] : state.notices) notices[std::to_string(id)] = post_json(p);
    json chat = json::object();
    for (const auto& p : state.chat) chat[std::to_string(p.id)] = post_json(p);
    json rolls = json::object();
    for (const auto& r : state.rolls) rolls[std::to_string(r.id)] = roll_json(r);

    // Answers to notices: the umpires' all, a player his own.
    json answers = json::object();
    for (const auto& p : state.notice_answers)
        if (umpire || p.author_id == viewer.user) answers[answer_key(p)] = post_json(p);

    json out = {{"campaign", std::move(campaign)},
                {"me", {{"user", viewer.user}, {"name", viewer.name}, {"role", to_string(viewer.role)}}},
                {"members", std::move(members)},
                {"notices", std::move(notices)},
                {"notice_answers", std::move(answers)},
                {"chat", std::move(chat)},
                {"rolls", std::move(rolls)}};
    if (umpire) {
        json notes = json::object();
        for (const auto& [id, p] : state.umpire_notes) notes[std::to_string(id)] = post_json(p);
        json blind = json::object();
        for (const auto& r : state.blind_rolls) blind[std::to_string(r.id)] = roll_json(r);
        json invites = json::object();
        for (const auto& [code, i] : state.invites)
            invites[code] = {{"code", code}, {"role", to_string(i.role)}, {"by", i.by}, {"at", i.at}};
        out["umpire_notes"] = std::move(notes);
        out["blind_rolls"] = std::move(blind);
        out["invites"] = std::move(invites);
        out["webhook"] = state.webhook;  // a shared channel's secret address: the umpires' only
    }
    year::add_to_view(out, state, viewer, whole);
    battles::add_to_view(out, state, viewer, whole);
    expeditions::add_to_view(out, state, viewer);
    return out;
}

}  // namespace muster::campaign

namespace muster::campaign {

std::optional<std::int64_t> next_alarm(const CampaignState& state) {
    auto a = year::next_alarm(state), b = battles::next_alarm(state);
    if (a && b) return std::min(*a, *b);
    return a ? a : b;
}

Command alarm_command(const CampaignState& state, std::int64_t now) {
    auto a = year::next_alarm(state), b = battles::next_alarm(state);
    if (b && (!a || *b < *a)) return battles::alarm_command(state, now);
    return year::alarm_command(state, now);
}

bool view_patch_by_role(const std::string& event_type) { return event_type != "notice.answered"; }

bool has_view_patch(const std::string& event_type) {
    return event_type == "chat.said" || event_type == "notice.posted" || event_type == "notice.answered" ||
           event_type == "dice.rolled";
}

std::optional<std::string> only_section_changed(const Event& event) {
    // battle.ended changes the regiments (the year's section) and the books' campaign pages too; a scenario
    // saved changes the umpires' list of scenarios, beside the battles; a battle fought on an expedition joins
    // the expedition's list of battles.
    const std::string& type = event.type;
    if (type == "battle.ended" || type == "battle.scenario_saved" || !battles::handles_event(type) ||
        (type == "battle.created" && event.body.contains("expedition")))
        return std::nullopt;
    return std::string("battles");
}

std::set<std::int64_t> battles_changed(std::span<const Event> run) {
    std::set<std::int64_t> out;
    for (const auto& e : run)
        if (auto id = battle::battle_changed_by(e)) out.insert(*id);
    return out;
}

SectionMark mark_section(const CampaignState& state, const Viewer& viewer, const std::set<std::int64_t>& battles,
                         json kept) {
    std::set<std::int64_t> missing;
    json light = json::object();
    for (auto id : battles) {
        const std::string key = std::to_string(id);
        if (kept.is_object() && kept.contains(key)) light[key] = std::move(kept[key]);
        else missing.insert(id);
    }
    json made = battles::light_views(state, viewer, missing);  // a name: .items() of a temporary dangles
    for (auto& [key, one] : made.items()) light[key] = std::move(one);
    return SectionMark{std::move(light), battles::marks(state, battles)};
}

json section_patch(const SectionMark& before, const CampaignState& after, const Viewer& viewer,
                   const std::set<std::int64_t>& battles, json* light_after) {
    json light = battles::light_views(after, viewer, battles);
    json ops = json::array();
    for (auto id : battles) {
        const std::string key = std::to_string(id), path = "/battles/" + key;
        const auto was = before.light.find(key);
        const auto is = std::as_const(light).find(key);
        if (was != before.light.end() && is != light.end()) {
            for (auto& op : json::diff(*was, *is, path)) ops.push_back(std::move(op));
        } else if (is != light.end()) {
            ops.push_back(add_op(path, *is));
        } else if (was != before.light.end()) {
            ops.push_back(remove_op(path));
        }
    }
    for (auto& op : battles::appended_ops(after, viewer, before.marks, battles)) ops.push_back(std::move(op));
    if (light_after) *light_after = std::move(light);
    return ops;
}

std::optional<json> view_patch(const CampaignState& after, const Event& e, const Viewer& viewer, bool* alike) {
    // Empty when the viewer may not see the event: the view holds nothing that moves with every event.
    if (alike) *alike = false;
    if (!has_view_patch(e.type)) return std::nullopt;
    json ops = json::array();
    if (e.type == "chat.said") {
        if (alike) *alike = true;  // every member reads the table talk
        ops.push_back(add_op("/chat/" + std::to_string(after.chat.back().id), post_json(after.chat.back())));
        if (after.chat_evicted) ops.push_back(remove_op("/chat/" + std::to_string(after.chat_evicted->id)));
        return ops;
    }
    if (e.type == "notice.posted") {
        if (!e.body.value("private", false)) {
            if (alike) *alike = true;
            ops.push_back(add_op("/notices/" + std::to_string(after.notices_made), post_json(after.notices.at(after.notices_made))));
        } else if (viewer.is_umpire())
            ops.push_back(add_op("/umpire_notes/" + std::to_string(after.notes_made), post_json(after.umpire_notes.at(after.notes_made))));
        return ops;
    }
    if (e.type == "notice.answered") {
        const Post& p = after.notice_answers.back();
        if (viewer.is_umpire() || viewer.user == p.author_id) ops.push_back(add_op("/notice_answers/" + answer_key(p), post_json(p)));
        return ops;
    }
    if (e.type == "dice.rolled") {
        const bool blind = e.body.value("private", false);
        if (alike) *alike = !blind;
        if (blind && !viewer.is_umpire()) return ops;
        const std::string list = blind ? "/blind_rolls/" : "/rolls/";
        const Roll& r = blind ? after.blind_rolls.back() : after.rolls.back();
        ops.push_back(add_op(list + std::to_string(r.id), roll_json(r)));
        if (after.roll_evicted) ops.push_back(remove_op(list + std::to_string(after.roll_evicted->id)));
        return ops;
    }
    return std::nullopt;
}

std::string invite_code_as_made(const std::string& typed) {
    std::string out;
    for (char ch : typed) {
        if (ch == ' ' || ch == '-' || ch == '\t') continue;
        out += (ch >= 'a' && ch <= 'z') ? static_cast<char>(ch - 'a' + 'A') : ch;
    }
    return out;
}

}  // namespace muster::campaign
