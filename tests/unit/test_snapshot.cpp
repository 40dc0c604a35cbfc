// A campaign's snapshot (shared/campaign/snapshot.h) holds its whole state. The logs of random play of every part
// (each battle book, the year, expeditions, the table and its clock) are replayed; after each event (or every k-th
// in the longest logs) S is the state so far and R = restore(parse(dump(snapshot(S)))). R must equal S field by field
// (the state's operator==: a field the snapshot leaves out shows here even when no view reads it), snapshot(R) must
// equal snapshot(S), and so must every viewer's live and whole view (the umpire, each player, the observer, an
// outsider). R then takes the events after it beside S, and at the next snapshot the two must still be equal
// (what the snapshot lost but a later event needs shows there); a few restored states are carried to the log's end.
// MUSTER_SNAPSHOT_SEEDS sets the number of seeds of each play (the suite runs a short run).
#include <cstdlib>
#include <stdexcept>

#include "battle_play.h"
#include "expedition_play.h"
#include "shared/campaign/snapshot.h"
#include "table_play.h"
#include "year_play.h"

using namespace year_test;

namespace {

int snapshot_seeds_to_run(int short_run) {
    const char* n = std::getenv("MUSTER_SNAPSHOT_SEEDS");
    return n ? std::max(1, std::atoi(n)) : short_run;
}

const Viewer outsider{999, "outsider", Role::none};

// Where two states differ, for a failure's message.
std::string difference(const CampaignState& a, const CampaignState& b) {
    const json patch = json::diff(snapshot(a), snapshot(b));
    if (patch.empty()) return "equal snapshots: a field the snapshot does not hold differs";
    return patch.dump().substr(0, 3000);
}

struct Proof {
    std::vector<Viewer> viewers;  // empty: every member of the state and an outsider
    int every = 1;                // a snapshot after every `every` events, and after the last
    int views_every = 1;          // the views compared at every `views_every`-th snapshot, and at the last
    std::function<void(const CampaignState&)> seen;  // called with S at each snapshot
    std::size_t largest = 0;      // bytes of the largest snapshot's dump()
    int snapshots = 0;

    std::vector<Viewer> viewers_of(const CampaignState& s) const {
        if (!viewers.empty()) return viewers;
        std::vector<Viewer> out;
        for (const auto& [user, m] : s.members) out.push_back(Viewer{user, m.name, m.role});
        out.push_back(outsider);
        return out;
    }

    // Each viewer's live view (and `whole`: the whole view too) of the restored states equals that of S.
    void same_views(const std::vector<const CampaignState*>& restored, const CampaignState& s, bool whole) const {
        for (const auto& v : viewers_of(s)) {
            INFO("viewer " << v.name);
            const json live = view(s, v);
            for (const CampaignState* a : restored) CHECK(view(*a, v) == live);
            if (!whole) continue;
            const json all = view(s, v, true);
            for (const CampaignState* a : restored) CHECK(view(*a, v, true) == all);
        }
    }

    void check(const std::vector<Event>& log) {
        CampaignState s, r;  // S, and R restored at the last snapshot with the events since
        std::vector<CampaignState> forks;  // restored at a quarter, a half and three quarters of the log
        for (std::size_t i = 0; i < log.size(); ++i) {
            apply(s, log[i]);
            apply(r, log[i]);
            for (auto& f : forks) apply(f, log[i]);
            const bool last = i + 1 == log.size();
            if ((i + 1) % every != 0 && !last) continue;
            INFO("after event " << i + 1 << " of " << log.size() << " (" << log[i].type << ")");
            if (!(r == s)) FAIL("restored, then the events since applied: " << difference(r, s));
            const json snap = snapshot(s);
            const std::string text = snap.dump();
            largest = std::max(largest, text.size());
            CampaignState back = restore(json::parse(text));
            if (!(back == s)) FAIL("restored: " << difference(back, s));
            // Equal states give equal snapshots and views (both are functions of the state alone): checked now and
            // then, the states' equality after every snapshot.
            if (++snapshots % views_every == 0 || last) {
                CHECK(snapshot(back) == snap);
                CHECK(snapshot(r) == snap);
                same_views({&back, &r}, s, last);
            }
            if (seen) seen(s);
            r = std::move(back);
            if (forks.size() < 3 && (i + 1) * 4 >= log.size() * (forks.size() + 1)) forks.push_back(r);
        }
        INFO("restored part way, then every event after it applied");
        std::vector<const CampaignState*> carried;
        for (const auto& f : forks) {
            if (!(f == s)) FAIL(difference(f, s));
            CHECK(snapshot(f) == snapshot(s));
            carried.push_back(&f);
        }
        same_views(carried, s, true);
        if (std::getenv("MUSTER_SNAPSHOT_SEEDS"))  // a long run says what it proved on
            WARN(log.size() << " events, " << snapshots << " snapshots, the largest " << largest << " bytes");
    }
};

// What the table's random play reached, so that the proof is known to cover it.
struct Reached {
    std::map<std::string, bool> what;
    void note(const std::string& name, bool now) { what[name] = what[name] || now; }
    void at(const CampaignState& s) {
        note("chat evicted", s.chat_evicted.has_value());
        note("roll evicted", s.roll_evicted.has_value());
        note("blind rolls", !s.blind_rolls.empty());
        note("invites", !s.invites.empty());
        note("newcomers", s.members.size() > 5);
        note("notices and notes", !s.notices.empty() && !s.umpire_notes.empty());
        note("webhook", !s.webhook.empty());
        note("paused", s.year.paused_since.has_value());
        note("repeating deadline", s.year.deadline_rule.has_value());
        note("reminders", !s.year.calendar.reminders.empty());
        note("extensions", !s.year.calendar.extensions.empty());
        note("lot countdown", s.year.auction.open && s.year.auction.open->closes_at && s.year.auction.open->remind_at);
        note("undo point", s.year.undo.has_value());
        note("battle seed revealed", !s.battle_seeds.empty() && !s.battle_seeds.rbegin()->second.revealed.empty());
        note("scenarios", !s.battles.scenarios.empty());
        note("closed", s.closed);
        for (const auto& [user, c] : s.year.colonels) {
            note("adjustments", !c.adjustments.empty());
            note("standing orders", c.standing.has_value());
            note("leave", !c.leave.empty());
            note("profile age", c.profile.age.has_value());
            note("custom objective", c.objective && c.objective->kind == "custom");
            note("away", !c.away.empty());
        }
    }
};

}  // namespace

TEST_CASE("snapshot: random battles of every book restore exactly, after every event", "[snapshot]") {
    for (const battle::RuleSet* rules : battle::rulesets()) {
        INFO("rule set " << rules->id());
        const Fixture& fx = fixtures().at(rules->id());
        for (int seed = 1; seed <= snapshot_seeds_to_run(2); ++seed) {
            INFO("seed " << seed);
            Run run(static_cast<std::uint64_t>(seed) * 2654435761u + 17, fx);
            if (seed % 2 == 1) run.t.battle_seed_sha256 = [](std::int64_t) { return std::string(64, 'e'); };
            if (seed % 2 == 1) run.t.battle_seed_hex = [](std::int64_t) { return std::string(64, 'f'); };
            run.setup();
            run.play(120, false);
            Proof proof;
            proof.views_every = 10;
            proof.check(run.t.log);
            CHECK(proof.snapshots == static_cast<int>(run.t.log.size()));
        }
    }
}

TEST_CASE("snapshot: a generated year restores exactly", "[snapshot]") {
    for (int seed = 1; seed <= snapshot_seeds_to_run(1); ++seed) {
        INFO("seed " << seed);
        Game g;
        g.patched = false;
        g.chooser = SequenceDice(20240229 + seed);
        g.dice = SequenceDice(1745 + seed);
        g.setup();
        const int months = std::getenv("MUSTER_SNAPSHOT_SEEDS") ? 36 : 12;
        for (int month = 1; month <= months; ++month) g.play_month(month);
        Proof proof;
        proof.viewers = {g.t.umpire, g.players[0], g.players[7], g.players[19], g.t.observer, outsider};
        proof.every = 5;
        proof.views_every = 10;
        proof.check(g.t.log);
        CHECK(proof.snapshots >= 50);
    }
}

TEST_CASE("snapshot: random expeditions restore exactly, after every event", "[snapshot]") {
    int reckoned = 0;
    for (int seed = 1; seed <= snapshot_seeds_to_run(2); ++seed) {
        INFO("seed " << seed);
        Play p;  // seed 1 walks as test_expedition_property.cpp does
        p.checks = false;
        p.chooser = SequenceDice(90210 + seed - 1);
        p.dice = SequenceDice(1707 + seed - 1);
        p.t.ready();
        p.walk(1000);
        reckoned += p.reckoned;
        Proof proof;
        proof.views_every = 4;
        proof.check(p.t.log);
    }
    CHECK(reckoned > 0);
}

TEST_CASE("snapshot: random play of the table and its clock restores exactly, after every other event", "[snapshot]") {
    Reached reached;
    for (int seed = 1; seed <= snapshot_seeds_to_run(1); ++seed) {
        INFO("seed " << seed);
        TablePlay play(static_cast<std::uint64_t>(seed) * 7777);
        play.play(1000);
        Proof proof;
        proof.viewers = {play.t.umpire, play.t.bob, play.t.dave, play.t.observer, play.people.back(), outsider};
        proof.every = 2;
        proof.views_every = 40;
        proof.seen = [&](const CampaignState& s) { reached.at(s); };
        proof.check(play.t.log);
    }
    for (const auto& [what, yes] : reached.what) {
        INFO("the play reached: " << what);
        CHECK(yes);
    }
}

TEST_CASE("snapshot: format 1, the same state gives the same JSON, restore refuses what it cannot read", "[snapshot]") {
    CHECK(snapshot(CampaignState{})["format"] == 1);
    CHECK(restore(snapshot(CampaignState{})) == CampaignState{});

    TablePlay play(4242);
    play.play(300);
    CampaignState again;
    for (const auto& e : play.t.log) apply(again, e);
    const json snap = snapshot(play.t.state);
    CHECK(snapshot(again).dump() == snap.dump());  // no clock, no dice: the state alone

    auto refused = [](json j) { CHECK_THROWS_AS(restore(j), std::invalid_argument); };
    json other = snap;
    other["format"] = 2;
    refused(other);
    other["format"] = "1";
    refused(other);
    other.erase("format");
    refused(other);
    refused(json::array());
    refused(nullptr);
    json broken = snap;
    broken.erase("year");
    refused(broken);
    broken = snap;
    broken["members"]["not a number"] = broken["members"].begin().value();
    refused(broken);
    broken = snap;
    broken["year"]["rules"]["wage"] = "ten";
    refused(broken);
    broken = snap;
    broken["year"]["rules"]["no_such_rule"] = 1;
    refused(broken);
}
