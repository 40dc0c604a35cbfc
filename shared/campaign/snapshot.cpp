// A campaign's snapshot (shared/campaign/snapshot.h): its own fields here; the year, battles and expeditions in
// their files.
#include <stdexcept>

#include "shared/campaign/snapshot_internal.h"

namespace muster::campaign {

namespace snapshot_detail {
namespace {

Role role_from(const json& j) {
    const auto text = j.get<std::string>();
    if (text == "none") return Role::none;  // role_from_string reads only a member's roles
    if (auto role = role_from_string(text)) return *role;
    throw json::type_error::create(302, "unknown role \"" + text + "\"", &j);
}

json member_json(const Member& m) {
    return {{"user", m.user}, {"name", m.name}, {"role", to_string(m.role)}, {"joined", m.joined}};
}
Member member_from(const json& j) {
    return Member{j.at("user").get<std::int64_t>(), j.at("name").get<std::string>(), role_from(j.at("role")),
                  j.at("joined").get<std::int64_t>()};
}

json post_json(const Post& p) {
    json j = {{"id", p.id}, {"author_id", p.author_id}, {"author", p.author}, {"text", p.text}, {"at", p.at}};
    if (p.notice) j["notice"] = p.notice;
    return j;
}
Post post_from(const json& j) {
    return Post{j.at("id").get<std::int64_t>(), j.at("author_id").get<std::int64_t>(), j.at("author").get<std::string>(),
                j.at("text").get<std::string>(), j.at("at").get<std::int64_t>(), j.value("notice", std::int64_t{0})};
}

json roll_json(const Roll& r) {
    return {{"id", r.id},         {"author_id", r.author_id}, {"author", r.author}, {"dice", r.dice},
            {"faces", r.faces},   {"stream", r.stream},       {"counters", r.counters}, {"total", r.total},
            {"reason", r.reason}, {"is_private", r.is_private}, {"at", r.at}};
}
Roll roll_from(const json& j) {
    Roll r;
    r.id = j.at("id").get<std::int64_t>();
    r.author_id = j.at("author_id").get<std::int64_t>();
    r.author = j.at("author").get<std::string>();
    r.dice = j.at("dice").get<std::string>();
    r.faces = j.at("faces").get<std::vector<int>>();
    r.stream = j.at("stream").get<std::string>();
    r.counters = j.at("counters").get<std::vector<std::int64_t>>();
    r.total = j.at("total").get<int>();
    r.reason = j.at("reason").get<std::string>();
    r.is_private = j.at("is_private").get<bool>();
    r.at = j.at("at").get<std::int64_t>();
    return r;
}

json invite_json(const Invite& i) {
    return {{"code", i.code}, {"role", to_string(i.role)}, {"by", i.by}, {"at", i.at}};
}
Invite invite_from(const json& j) {
    return Invite{j.at("code").get<std::string>(), role_from(j.at("role")), j.at("by").get<std::string>(),
                  j.at("at").get<std::int64_t>()};
}

template <class T, class Write>
json list_json(const std::deque<T>& items, Write write) {
    json out = json::array();
    for (const auto& item : items) out.push_back(write(item));
    return out;
}
template <class T, class Read>
std::deque<T> list_from(const json& j, Read read) {
    std::deque<T> out;
    for (const auto& item : j) out.push_back(read(item));
    return out;
}

json seed_json(const battles::BattleSeed& s) { return {{"sha256", s.sha256}, {"revealed", s.revealed}}; }
battles::BattleSeed seed_from(const json& j) {
    return battles::BattleSeed{j.at("sha256").get<std::string>(), j.at("revealed").get<std::string>()};
}

// The table's fields: members, invites, notices, notes, chat and rolls, with their counters.
void put_table(json& out, const CampaignState& s) {
    out["members"] = map_json(s.members, member_json);
    out["invites"] = map_json(s.invites, invite_json);
    out["notices"] = map_json(s.notices, post_json);
    out["umpire_notes"] = map_json(s.umpire_notes, post_json);
    out["notice_answers"] = list_json(s.notice_answers, post_json);
    out["chat"] = list_json(s.chat, post_json);
    out["rolls"] = list_json(s.rolls, roll_json);
    out["blind_rolls"] = list_json(s.blind_rolls, roll_json);
    out["made"] = {{"chat", s.chat_made}, {"notices", s.notices_made}, {"notes", s.notes_made},
                   {"rolls", s.rolls_made}, {"blind_rolls", s.blind_rolls_made}};
    // What the last event pushed out of a window: view_patch after it still needs them.
    put(out, "chat_evicted", s.chat_evicted, post_json);
    put(out, "roll_evicted", s.roll_evicted, roll_json);
}

void take_table(const json& j, CampaignState& s) {
    s.members = map_from<std::int64_t, Member>(j.at("members"), member_from);
    s.invites = map_from<std::string, Invite>(j.at("invites"), invite_from);
    s.notices = map_from<std::int64_t, Post>(j.at("notices"), post_from);
    s.umpire_notes = map_from<std::int64_t, Post>(j.at("umpire_notes"), post_from);
    // Kept by snapshots since players could answer notices; an older snapshot has none.
    if (j.contains("notice_answers")) s.notice_answers = list_from<Post>(j.at("notice_answers"), post_from);
    s.chat = list_from<Post>(j.at("chat"), post_from);
    s.rolls = list_from<Roll>(j.at("rolls"), roll_from);
    s.blind_rolls = list_from<Roll>(j.at("blind_rolls"), roll_from);
    const json& made = j.at("made");
    s.chat_made = made.at("chat").get<std::int64_t>();
    s.notices_made = made.at("notices").get<std::int64_t>();
    s.notes_made = made.at("notes").get<std::int64_t>();
    s.rolls_made = made.at("rolls").get<std::int64_t>();
    s.blind_rolls_made = made.at("blind_rolls").get<std::int64_t>();
    s.chat_evicted = take<Post>(j, "chat_evicted", post_from);
    s.roll_evicted = take<Roll>(j, "roll_evicted", roll_from);
}

CampaignState state_from(const json& j) {
    CampaignState s;
    s.id = j.at("id").get<std::int64_t>();
    s.name = j.at("name").get<std::string>();
    s.created = j.at("created").get<std::int64_t>();
    s.seed_sha256 = j.at("seed_sha256").get<std::string>();
    s.seed_hex = j.at("seed_hex").get<std::string>();
    s.closed = j.at("closed").get<bool>();
    s.seq = j.at("seq").get<std::int64_t>();
    s.dice_counters = map_from<std::string, std::int64_t>(j.at("dice_counters"));
    take_table(j, s);
    s.webhook = j.at("webhook").get<std::string>();
    s.year = year_from(j.at("year"));
    s.battles = battles_from(j.at("battles"));
    s.battle_seeds = map_from<std::int64_t, battles::BattleSeed>(j.at("battle_seeds"), seed_from);
    s.expeditions = expeditions_from(j.at("expeditions"));
    return s;
}

}  // namespace
}  // namespace snapshot_detail

nlohmann::json snapshot(const CampaignState& s) {
    using namespace snapshot_detail;
    json out = {{"format", snapshot_format},
                {"id", s.id},
                {"name", s.name},
                {"created", s.created},
                {"seed_sha256", s.seed_sha256},
                {"seed_hex", s.seed_hex},
                {"closed", s.closed},
                {"seq", s.seq},
                {"dice_counters", map_json(s.dice_counters)}};
    put_table(out, s);
    out["webhook"] = s.webhook;
    out["year"] = year_json(s.year);
    out["battles"] = battles_json(s.battles);
    out["battle_seeds"] = map_json(s.battle_seeds, seed_json);
    out["expeditions"] = expeditions_json(s.expeditions);
    return out;
}

CampaignState restore(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("format") || j.at("format") != snapshot_format)
        throw std::invalid_argument("not a campaign snapshot of format " + std::to_string(snapshot_format));
    try {
        return snapshot_detail::state_from(j);
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(std::string("a campaign snapshot that cannot be read: ") + e.what());
    }
}

}  // namespace muster::campaign
