#pragma once
// Random play of a whole campaign (test_whole_campaign.cpp): an umpire, five colonels, an observer and an outsider
// play a year (the auction, diaries, standing orders, leave, months resolved and undone, losses), the committee and
// expeditions, and battles of every book inside it (one on an expedition), with talk, sealed boxes, concealed pieces,
// secret terrain and the umpire's overrides. Every command's events reach the views through the server's own patch
// path (campaign::ViewPatcher), and after every command, for every member:
//   - the view he keeps by his patches equals a fresh view of him, and he got a patch only if that view changed;
//   - no canary planted in a secret field is in his patch, his live or whole view (the chronicle, the battles'
//     records) or an error he was given, unless he may know it;
//   - a refused command changed nobody's view; a vote changed nobody's but the voter's and the umpires';
// and a player's command naming a piece hidden from him is answered exactly as one naming no piece at all.
#include <cstdlib>
#include <functional>
#include <iostream>
#include <set>

#include "battle_play.h"
#include "expedition_play.h"
#include "shared/campaign/colonel.h"
#include "shared/campaign/view_patches.h"

namespace year_test {

// A secret's text and who may read it: umpires always; "*" everyone; else the users named, and in a battle the
// players of `side`. A concealed piece's canary (piece: a unit's id, a leader's negated) is public once revealed.
struct Secret {
    // Built from the leading fields only (the rest default), without -Wextra's missing-initializer warning.
    Secret(std::string text_, std::int64_t battle_ = 0, std::string side_ = "", std::set<std::int64_t> users_ = {},
           std::int64_t piece_ = 0, std::int64_t unit_ = 0)
        : text(std::move(text_)), battle(battle_), side(std::move(side_)), users(std::move(users_)), piece(piece_), unit(unit_) {}
    std::string text;
    std::int64_t battle = 0;
    std::string side;
    std::set<std::int64_t> users;
    std::int64_t piece = 0;
    std::int64_t unit = 0;  // a unit's values: its side's, whichever side holds it now (a herd taken)
    std::set<std::string> held_by;  // and the sides that held it before, who saw its values in the replay's frames
};

// A battle of the campaign and the book it is fought under.
struct Fought {
    std::int64_t id = 0;
    std::string book;
    bool on_expedition = false;
};

struct CampaignPlay {
    Play p;  // the expedition walk, whose table is the campaign's
    YearTable& t = p.t;
    Viewer gina{7, "gina", Role::player}, hal{8, "hal", Role::player};
    SequenceDice r;
    SequenceDice dice;
    campaign::ViewPatcher patcher;
    std::vector<Viewer> members;
    std::vector<json> live;  // each member's view as his patches keep it
    std::vector<Secret> secrets;
    std::vector<Fought> battles;
    int made = 0;  // battles set up: the next is of the next book
    int reason_n = 0, n = 0;
    std::vector<Event> last;  // the last accepted command's events
    // What the play reached.
    int accepted = 0, refused = 0, probes = 0, resolved = 0, undone = 0, expedition_battles = 0;
    std::set<std::string> books_fought;

    explicit CampaignPlay(std::uint64_t seed) : r(seed), dice(seed * 31 + 7), made(static_cast<int>(seed % 4)) { p.checks = false; }

    std::vector<Viewer> players() const { return {t.bob, t.carol, t.dave, gina, hal}; }
    std::vector<Viewer> not_umpires() const { return {t.bob, t.carol, t.dave, gina, hal, t.observer}; }

    // Colonels, two more regiments at auction and the year begun; every member's view as subscribed.
    void setup() {
        t.join(gina, "player");
        t.join(hal, "player");
        t.ready();
        t.create(gina, "Howe", 40);
        t.create(hal, "Cope", 10);
        t.auction(5, gina, 200);
        t.auction(3, hal, 200);
        for (const auto& v : players()) t.ok(v, "objective.choose", {{"kind", "glory"}});
        members = {t.umpire, t.bob, t.carol, t.dave, gina, hal, t.observer};
        for (const auto& m : members) live.push_back(view(t.state, m));
    }

    bool may_see(const Secret& s, const Viewer& v, const json& whole) const {
        if (v.is_umpire() || s.side == "*" || s.users.count(v.user)) return true;
        if (!s.battle || s.side.empty()) return false;
        const json& b = whole["battles"].value(std::to_string(s.battle), json::object());
        const std::string side = b.value("viewer_side", "");
        return side == s.side || s.held_by.count(side);
    }

    // Where a text stands in a view, for a check's message.
    static std::string where(const json& j, const std::string& text, const std::string& at = "") {
        if (j.is_string()) return j.get<std::string>().find(text) != std::string::npos ? at : "";
        if (j.is_object())
            for (const auto& [k, v] : j.items())
                if (auto found = where(v, text, at + "/" + k); !found.empty()) return found;
        if (j.is_array())
            for (std::size_t i = 0; i < j.size(); ++i)
                if (auto found = where(j[i], text, at + "/" + std::to_string(i)); !found.empty()) return found;
        return "";
    }

    // Every secret this viewer may not read that is in `text`, for a check's message.
    std::string leaked(const std::string& text, const Viewer& v, const json& whole) const {
        std::string out;
        for (const auto& s : secrets)
            if (!may_see(s, v, whole) && text.find(s.text) != std::string::npos) out += s.text + " (at " + where(whole, s.text) + ") ";
        return out;
    }

    // A concealed piece revealed is public now; a unit's values follow its side.
    void retire_revealed() {
        for (const auto& f : battles) {
            const json b = battle_of(t, t.umpire, f.id);
            std::set<std::int64_t> hidden;
            for (const auto& u : b["units"])
                if (u["concealed"] == true) hidden.insert(u["id"].get<std::int64_t>());
            for (const auto& l : b["leaders"])
                if (l["concealed"] == true) hidden.insert(-l["id"].get<std::int64_t>());
            for (auto& s : secrets) {
                if (s.battle != f.id) continue;
                if (s.piece && !hidden.count(s.piece)) s.piece = 0, s.side = "*";
                for (const auto& u : b["units"])
                    if (s.unit && u["id"] == s.unit && s.side != u["side"]) s.held_by.insert(s.side), s.side = u["side"];
            }
        }
    }

    Decision decide(const Viewer& who, const Command& c) { return t.run(who, c.type, c.body, dice); }

    // Commits the events as the server does, and checks every member's patch against a fresh view.
    void commit(std::vector<Event> events, const Viewer& who, const std::string& type, const std::vector<json>& before) {
        const auto patches = t.patch_through(std::move(events), members, patcher);
        retire_revealed();
        for (std::size_t i = 0; i < members.size(); ++i) {
            const Viewer& m = members[i];
            const json& patch = patches[i];
            const json fresh = view(t.state, m), whole = view(t.state, m, true);
            INFO(type << " by " << who.name << ", seen by " << m.name << ": " << patch.dump().substr(0, 600));
            live[i] = live[i].patch(patch);
            if (live[i] != fresh) {
                const json drift = json::diff(live[i], fresh);
                FAIL_CHECK("the live view drifted from a fresh one: " << drift.dump().substr(0, 800));
                live[i] = fresh;
            }
            if (before[i] == fresh) CHECK(patch.empty());  // no frame when nothing he may see changed
            if (type == "motion.vote" && !m.is_umpire() && m.user != who.user) CHECK(before[i] == fresh);
            CHECK(leaked(patch.dump() + whole.dump(), m, whole) == "");  // the whole view holds all the live one does
        }
    }

    // Runs a command: an error changes nobody's view and tells its sender nothing he may not know.
    bool run(const Viewer& who, Command c) {
        std::vector<json> before;
        for (const auto& m : members) before.push_back(view(t.state, m));
        auto d = decide(who, c);
        dice.take_log();
        if (auto* e = std::get_if<Error>(&d)) {
            ++refused;
            if (std::getenv("MUSTER_PROPERTY_DEBUG")) std::cerr << c.type << " " << c.body.dump().substr(0, 200) << " by " << who.name << ": " << e->code << ": " << e->message << "\n";
            INFO(c.type << " " << c.body.dump() << " by " << who.name << " refused: " << e->code << ": " << e->message);
            CHECK(e->code != "internal");
            for (std::size_t i = 0; i < members.size(); ++i) CHECK(view(t.state, members[i]) == before[i]);
            if (!who.is_umpire() && who.role != Role::none) CHECK(leaked(e->message, who, view(t.state, who, true)) == "");
            if (who.role == Role::none) CHECK(e->message.find("Flanders") == std::string::npos);
            return false;
        }
        ++accepted;
        last = std::get<std::vector<Event>>(d);
        commit(last, who, c.type, before);
        return true;
    }

    // --- the year -------------------------------------------------------------------------------------------
    json diary_for(const Viewer& v) {
        static const char* activities[] = {"socialise", "business", "politics", "supervise"};
        json d = {{"activity", activities[r.pick(4)]}};
        if (d["activity"] == "supervise") d["supervise"] = "drill";
        const auto* c = t.state.year.colonel(v.user);
        if (c && c->regiment)
            d["orders"] = orders(d["activity"] == "supervise", false, false, 8 + static_cast<int>(r.pick(3)), 10,
                                 r.pick(3) ? "pay" : "arrears");
        if (r.pick(5) == 0) {
            d["publish"] = true;
            d["text"] = "An open letter " + std::to_string(++n);
        } else {
            d["text"] = "DIARY-" + std::to_string(++n) + "-SECRET";
            secrets.push_back({d["text"], 0, "", {v.user}});
        }
        return d;
    }

    void year_command() {
        const auto who = players()[r.pick(5)];
        const int turn = t.state.year.calendar.turn;
        switch (r.pick(15)) {
            case 0: case 1: case 2: case 3: run(who, {"diary.submit", diary_for(who)}); break;
            case 4: if (run(t.umpire, {"month.resolve", json::object()})) ++resolved; break;
            case 5: if (r.pick(3) == 0 && run(t.umpire, {"month.undo", json::object()})) ++undone; break;
            case 6: run(who, {"diary.standing", diary_for(who)}); break;
            case 7: run(who, {"leave.declare", {{"from", turn + static_cast<int>(r.pick(3))}, {"months", 1}}}); break;
            case 8: run(who, {"leave.cancel", {{"turn", turn + static_cast<int>(r.pick(3))}}}); break;
            case 9: run(t.umpire, {"regiment.losses", {{"colonel", who.user}, {"companies", static_cast<int>(r.pick(3))},
                                                        {"reason", "Fever in quarters"}}}); break;
            case 10: run(who, {"chat.say", {{"text", "Huzzah " + std::to_string(++n)}}}); break;
            case 11: {
                if (r.pick(3) == 0) {
                    // An answer to a notice: its author's and the umpires' alone (house rule notice_answers).
                    if (!t.state.year.rules.notice_answers) run(t.umpire, {"rules.set", {{"settings", {{"notice_answers", true}}}}});
                    std::string text = "ANSWER-" + std::to_string(++n) + "-SECRET";
                    secrets.push_back({text, 0, "", {who.user}});
                    run(who, {"notice.answer", {{"notice", 1 + static_cast<int>(r.pick(3))}, {"text", text}}});
                    break;
                }
                const bool note = r.pick(2) == 0;
                std::string text = note ? "NOTE-" + std::to_string(++n) + "-SECRET" : "Orders of the day " + std::to_string(++n);
                if (note) secrets.push_back({text, 0, "", {}});
                run(t.umpire, {"notice.post", {{"text", text}, {"private", note}}});
                break;
            }
            case 12: {
                const bool blind = r.pick(2) == 0;
                std::string reason = blind ? "BLIND-" + std::to_string(++n) + "-SECRET" : "For the table";
                if (blind) secrets.push_back({reason, 0, "", {}});
                run(blind ? t.umpire : who, {"dice.roll", {{"dice", "2d6"}, {"reason", reason}, {"private", blind}}});
                break;
            }
            case 13: {
                // The umpire's hand on a colonel: an adjustment (its reason the owner's and the umpires'), a note on
                // his report, a diary published.
                const std::string secret = "ADJUST-" + std::to_string(++n) + "-SECRET";
                switch (r.pick(4)) {
                    case 0:
                        secrets.push_back({secret, 0, "", {who.user}});
                        run(t.umpire, {"colonel.adjust", {{"colonel", who.user}, {"field", r.pick(2) ? "pip" : "fortune"},
                                                          {"value", static_cast<int>(r.pick(500))}, {"reason", secret}}});
                        break;
                    case 1:
                        secrets.push_back({secret, 0, "", {who.user}});
                        run(t.umpire, {"report.note", {{"colonel", who.user}, {"text", secret}}});
                        break;
                    case 2: run(t.umpire, {"colonel.away", {{"colonel", who.user}, {"away", r.pick(2) ? json("sea") : json()}}}); break;
                    default: {
                        // Its text is the gazette's once published; still his own if refused.
                        const int month = std::max(1, turn - static_cast<int>(r.pick(2)));
                        const auto& diaries = t.state.year.colonel(who.user)->diaries;
                        const std::string text = diaries.count(month) ? diaries.at(month).text : "";
                        std::vector<std::pair<Secret*, std::string>> its;  // and who might read it before
                        for (auto& s : secrets)
                            if (s.text == text) its.push_back({&s, s.side}), s.side = "*";
                        if (!run(who, {"diary.publish", {{"turn", month}}}))
                            for (auto& [s, side] : its) s->side = side;
                        break;
                    }
                }
                break;
            }
            default: run(t.stranger, {"chat.say", {{"text", "Let me in"}}}); break;
        }
    }

    // --- expeditions and the committee -------------------------------------------------------------------------
    // The umpire moves the first expedition on towards its battles; or a random command of the expedition walk.
    void expedition_command() {
        if (r.pick(3) == 0) {
            const auto type = p.pick(2) ? "motion.vote" : "expedition.edit";
            const Viewer who = std::string(type) == "motion.vote" ? players()[r.pick(3)] : t.umpire;
            json body = p.random_body(type);
            if (body.contains("field") && body["value"].get<std::string>().rfind("MARK-", 0) == 0)
                secrets.push_back({body["value"].get<std::string>(), 0, "", {}});
            run(who, {type, body});
            return;
        }
        auto it = t.state.expeditions.list.find(1);
        const std::string status = it != t.state.expeditions.list.end() ? it->second.status
                                   : t.state.expeditions.draft ? "draft" : "";
        if (status.empty()) run(t.umpire, {"expedition.create", {{"generate", true}}});
        else if (status == "draft") {
            std::string mark = "MARK-" + std::to_string(++n);
            secrets.push_back({mark, 0, "", {}});
            run(t.umpire, {"expedition.edit", {{"field", "notes"}, {"value", mark}}});
            run(t.umpire, {"expedition.brief", json::object()});
        } else if (status == "briefed") {
            json present = json::array();
            for (const auto& v : players())
                if (year::absence(*t.state.year.colonel(v.user), t.state.year.calendar.turn).empty()) present.push_back(v.user);
            run(t.umpire, {"committee.attendance", {{"expedition", 1}, {"present", present}}});
            json force = json::array();
            for (const auto& user : present)
                if (const auto* c = t.state.year.colonel(user.get<std::int64_t>()); c->regiment && force.size() < 2)
                    force.push_back(c->regiment->number);
            run(t.umpire, {"expedition.force", {{"expedition", 1}, {"regiments", force}}});
            run(t.umpire, {"expedition.depart", {{"expedition", 1}}});
        } else if (status == "departed" && !expedition_battles) {
            create_battle(true);
        } else {
            static const char* const later[] = {"expedition.outcome", "expedition.reckon", "crisis.roll", "month.resolve"};
            const std::string type = later[r.pick(4)];
            json body = p.random_body(type);
            if (type != "crisis.roll" && type != "month.resolve") body["expedition"] = 1;
            run(t.umpire, {type, body});
        }
    }

    // --- battles -------------------------------------------------------------------------------------------------
    // A canary of battle `id`: the fixtures' texts made the battle's own, so one battle's revealed piece is not
    // taken for another's hidden one.
    static void own_texts(json& j, const std::string& suffix) {
        if (j.is_string()) {
            const auto s = j.get<std::string>();
            if (s.rfind("HIDDEN-", 0) == 0 || s.rfind("VALUE-", 0) == 0 || s == "TERRAIN-A-ONLY") j = s + suffix;
        } else if (j.is_structured()) {
            for (auto& child : j) own_texts(child, suffix);
        }
    }

    void create_battle(bool on_expedition) {
        const auto& all = fixtures();
        // each book in turn
        auto it = std::next(all.begin(), static_cast<long>(made++ % all.size()));
        const std::string suffix = "~B" + std::to_string(++n) + "~";  // closed, so ~B1~ is no part of ~B13~
        json body = it->second.create(t);
        own_texts(body, suffix);
        if (on_expedition) body["expedition"] = 1;
        if (!run(t.umpire, {"battle.create", body})) return;
        const std::int64_t id = last.at(0).body.at("battle").at("id").get<std::int64_t>();
        if (on_expedition) ++expedition_battles;
        battles.push_back({id, it->first, on_expedition});
        books_fought.insert(it->first);
        const json b = battle_of(t, t.umpire, id);
        for (const auto& u : b["units"]) {
            const std::string side = u["side"], name = u["name"], uid = std::to_string(u["id"].get<std::int64_t>());
            const json note = u["values"].value("note", json());
            if (note.is_string()) secrets.push_back({note.get<std::string>(), id, side, {}, 0, u["id"].get<std::int64_t>()});
            if (u["concealed"] == true) secrets.push_back({name, id, side, {}, u["id"].get<std::int64_t>()});
        }
        for (const auto& l : b["leaders"])
            if (l["concealed"] == true) secrets.push_back({l["name"], id, l["side"], {}, -l["id"].get<std::int64_t>()});
        secrets.push_back({"TERRAIN-A-ONLY" + suffix, id, "a"});
        run(t.umpire, {"battle.start", {{"battle", id}}});
    }

    void battle_command(const Fought& f) {
        const Fixture& fx = fixtures().at(f.book);
        const std::size_t planted = secrets.size();
        auto [who, c] = random_battle_command(t, r, fx, f.id, reason_n, [&](Canary k) {
            std::set<std::int64_t> users;
            if (k.user_a) users = {k.user_a, k.user_b};
            secrets.push_back({k.text, f.id, k.side, users});
        });
        if (!run(who, c) && c.type == "battle.override" && secrets.size() > planted) secrets.back().side = "*";  // never written
    }

    // A player's command naming a piece hidden from him is answered as one naming a piece that does not exist.
    void probe_hidden(const Fought& f) {
        const json ub = battle_of(t, t.umpire, f.id);
        if (ub.value("status", "") == "ended") return;
        const Viewer who = std::vector<Viewer>{t.bob, t.carol, t.dave}[r.pick(3)];
        // Hidden from him: what the umpire's view holds and his does not (units and leaders are numbered apart).
        const json mine = battle_of(t, who, f.id);
        std::map<std::string, std::vector<std::int64_t>> hidden;
        for (const char* list : {"units", "leaders"}) {
            std::set<std::int64_t> seen;
            for (const auto& piece : mine[list]) seen.insert(piece["id"].get<std::int64_t>());
            for (const auto& piece : ub[list])
                if (!seen.count(piece["id"].get<std::int64_t>())) hidden[list].push_back(piece["id"].get<std::int64_t>());
        }
        Command c = fixtures().at(f.book).item(r, mine);
        c.body.merge_patch({{"battle", f.id}});
        std::vector<json::json_pointer> slots;
        ids_in(c.body, json::json_pointer(), slots);
        if (slots.empty()) return;
        const auto slot = slots[r.pick(slots.size())];
        const auto& candidates = hidden[slot.to_string().find("leader") != std::string::npos ? "leaders" : "units"];
        if (candidates.empty()) return;
        const std::int64_t secret = candidates[r.pick(candidates.size())], missing = (std::int64_t{1} << 50) + 12345;
        auto answer = [&](std::int64_t id) {
            Command probe = c;
            probe.body[slot] = id;
            SequenceDice quiet(5);
            auto d = t.run(who, probe.type, probe.body, quiet);
            if (!std::holds_alternative<Error>(d)) return std::string("accepted");
            const auto& e = std::get<Error>(d);
            return e.code + ": " + e.message;
        };
        ++probes;
        INFO(f.book << " " << c.type << " " << c.body.dump() << " by " << who.name << " with " << slot.to_string()
                    << " = hidden piece " << secret << " (his side " << mine.value("viewer_side", "") << ")");
        for (const char* list : {"units", "leaders"})
            for (const auto& piece : ub[list])
                if (piece["id"] == secret) UNSCOPED_INFO("the umpire sees it as " << piece.dump());
        // The very words a missing id gets, with the hidden id in its place.
        std::string expected = answer(missing);
        const std::string from = std::to_string(missing), to = std::to_string(secret);
        for (auto pos = expected.find(from); pos != std::string::npos; pos = expected.find(from, pos + to.size()))
            expected.replace(pos, from.size(), to);
        CHECK(answer(secret) == expected);
    }

    // The places in a command's body that name a piece.
    static void ids_in(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
        static const std::set<std::string> keys = {"unit", "target", "leader", "by", "against", "units"};
        if (j.is_object()) {
            for (const auto& [k, v] : j.items()) {
                if (keys.count(k) && v.is_number_integer()) out.push_back(at / k);
                else if (keys.count(k) && v.is_array() && !v.empty() && v[0].is_number_integer()) out.push_back(at / k / 0);
                else if (v.is_structured()) ids_in(v, at / k, out);
            }
        } else if (j.is_array()) {
            for (std::size_t i = 0; i < j.size(); ++i) ids_in(j[i], at / i, out);
        }
    }

    // One random command of the campaign.
    void step() {
        std::vector<const Fought*> open;
        for (const auto& f : battles)
            if (battle_of(t, t.umpire, f.id).value("status", "") != "ended") open.push_back(&f);
        const auto roll = r.pick(20);
        if (roll < 6) year_command();
        else if (roll < 9) expedition_command();
        else if (roll < 10 || (open.empty() && roll < 12)) {
            if (open.size() < 2) create_battle(false);
        } else if (!open.empty()) {
            const Fought& f = *open[r.pick(open.size())];
            if (r.pick(8) == 0) probe_hidden(f);
            else battle_command(f);
        } else {
            year_command();
        }
    }
};

}  // namespace year_test
