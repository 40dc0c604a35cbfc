#include "server/app/hub.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <span>

#include <boost/asio/post.hpp>

#include "server/app/clock.h"
#include "server/app/frames.h"
#include "server/app/time_zones.h"
#include "server/app/tokens.h"
#include "server/app/verifiable_dice.h"
#include "server/store/event_store.h"
#include "shared/campaign/battles.h"
#include "shared/core/fields.h"
#include "shared/campaign/view_patches.h"

namespace muster {

namespace {

// How long a clock's command whose events could not be stored waits before it is tried again.
constexpr std::int64_t clock_retry_ms = 10'000;

void send_to(const std::weak_ptr<Client>& weak, frames::Frame frame) {
    if (auto client = weak.lock()) client->send(std::move(frame));
}

// A committed command's pushes, then its reply; the sender's socket gets its own push and the reply as one
// frame (the last push to it, should it have more than one), which saves a write per command. That frame goes
// after every other push, as the reply always did: a client that has the reply and then asks anything on another
// socket is answered behind the pushes of what it was told is committed.
void send_with_reply(std::vector<std::pair<std::weak_ptr<Client>, frames::Frame>>& sends, const HubRequest& request,
                     const nlohmann::json& result) {
    // The same socket, compared by owner: no lock here, send_to locks each once.
    const auto same = [&](const std::weak_ptr<Client>& c) {
        return !c.owner_before(request.client) && !request.client.owner_before(c);
    };
    std::size_t last = sends.size();
    for (std::size_t i = 0; i < sends.size(); ++i)
        if (same(sends[i].first)) last = i;
    for (std::size_t i = 0; i < sends.size(); ++i)
        if (i != last) send_to(sends[i].first, std::move(sends[i].second));
    if (last == sends.size()) send_to(request.client, frames::reply_ok(request.id, result));
    else send_to(request.client, frames::push_with_reply(*sends[last].second, request.id, result));
}

// The seed a stream rolls with when it is not the campaign's: a battle's own, for a battle whose creation
// committed to one (docs/dice.md, "Battles' own seeds"). Battles from before keep the campaign's seed.
std::optional<std::string> battle_key(const campaign::CampaignState& state, const std::string& campaign_seed,
                                      const std::string& stream) {
    const auto battle = battle_of_stream(stream);
    if (!battle || !state.battle_seeds.count(*battle)) return std::nullopt;
    return battle_seed(campaign_seed, *battle);
}

}  // namespace

Hub::Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, std::string seed,
         const std::vector<Event>& log, Outbound outbound)
    : strand_(boost::asio::make_strand(ioc)),
      db_(db),
      outbound_(std::move(outbound)),
      directory_(directory),
      id_(id),
      seed_(std::move(seed)),
      first_version_(unix_ms() * 1000),
      alarm_(strand_),
      idle_timer_(strand_),
      reload_timer_(strand_) {
    for (const auto& e : log) campaign::apply(state_, e);
    index_ = index_now();
    directory_.put(id_, index_->directory, index_->needs);
}

void Hub::start() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->arm_alarm();
        self->arm_idle_check();
    });
}

void Hub::stop() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->alarm_at_.reset();
        self->alarm_.cancel();
        self->idle_timer_.cancel();
        self->reload_timer_.cancel();
    });
}

void Hub::clock_changed() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->alarm_at_.reset();
        self->alarm_.cancel();
        self->arm_alarm();
    });
}

void Hub::arm_alarm() {
    if (stopped_) return;
    auto next = campaign::next_alarm(state_);
    if (next && next == refused_alarm_) next.reset();
    if (next && clock_held_until_ && *next < *clock_held_until_) next = clock_held_until_;
    if (next == alarm_at_) return;
    alarm_at_ = next;
    alarm_.cancel();
    if (!next) return;
    // Relative to unix_ms(), not the system clock, so that a test's clock moves it (server/app/clock.h).
    alarm_.expires_after(wait_until_ms(*next, unix_ms()));
    alarm_.async_wait([self = shared_from_this(), at = *next](const boost::system::error_code& ec) {
        // While retiring, the clock is the server's to keep: it wakes the campaign again if it is unloaded.
        if (ec || self->alarm_at_ != at || self->stopped_ || self->retiring_) return;
        self->alarm_at_.reset();
        if (unix_ms() < at) return self->arm_alarm();  // one day's step of a longer wait
        HubRequest request;
        request.command = campaign::alarm_command(self->state_, unix_ms());
        request.from_clock = true;
        request.clock_at = at;
        self->queue_.push_back(std::move(request));
        self->pump();
    });
}

HubRequest Hub::view_request(std::int64_t user, std::function<void(std::optional<nlohmann::json>)> done) {
    HubRequest request;
    request.command.type = "campaign.view";
    request.who.user = user;
    request.view_answer = std::move(done);
    return request;
}

HubRequest Hub::battle_request(std::int64_t user, std::int64_t battle,
                               std::function<void(std::optional<nlohmann::json>)> done) {
    HubRequest request = view_request(user, std::move(done));
    request.battle = battle;
    return request;
}

void Hub::submit(HubRequest request) {
    ++submitted_;
    boost::asio::post(strand_, [self = shared_from_this(), request = std::move(request)]() mutable {
        ++self->received_;
        self->queue_.push_back(std::move(request));
        self->pump();
    });
}

Viewer Hub::viewer_of(const SessionInfo& who) const { return Viewer{who.user, who.username, state_.role_of(who.user)}; }

Viewer Hub::viewer_of(std::int64_t user) const {
    auto it = state_.members.find(user);
    if (it == state_.members.end()) return Viewer{user, "", Role::none};
    return Viewer{user, it->second.name, it->second.role};
}

void Hub::pump() {
    // Commands are decided one after another without waiting for each commit, so that one campaign's
    // commands share group commits; a subscribe waits until every decided event is committed, so that no
    // view ever shows an event that is not yet on disk.
    if (gone_) return let_go();  // a request that came after the campaign moved to another node
    if (missing_) return answer_missing();
    if (!loaded_ || retiring_ || stopped_) return;
    if (reload_waiting_) return refuse_queue();
    last_busy_ = std::chrono::steady_clock::now();
    while (!queue_.empty() && !reloading_ && in_flight_ < max_in_flight) {
        const auto& type = queue_.front().command.type;
        if ((type == "campaign.subscribe" || type == "campaign.unsubscribe" || type == "campaign.view") && in_flight_ > 0) return;
        // A send again whose first is still being committed is answered once that commit has come back (or failed).
        if (in_flight_ > 0 && is_repeat(queue_.front())) return;
        HubRequest request = std::move(queue_.front());
        queue_.pop_front();
        try {
            handle(request);
        } catch (const std::exception& e) {
            handle_failed(request, e);
        }
    }
}

bool Hub::is_repeat(const HubRequest& request) const {
    return !request.key.empty() && !request.from_clock && sent_keys_.count({request.who.user, request.key}) > 0;
}

void Hub::handle_failed(HubRequest& request, const std::exception& e) {
    // A fault of the server's, not the sender's: this campaign goes on. The throw may have come after some of the
    // command's events were applied, never after their append was queued, so nothing of it is stored; the state is
    // rebuilt from the log, and every subscriber sent a whole view.
    std::cerr << "muster: campaign " << id_ << ": " << request.command.type << " failed: " << e.what() << "\n";
    if (request.view_answer) request.view_answer(std::nullopt);
    else send_to(request.client, frames::reply_error(request.id, {"internal", "The server failed on that; nothing was changed."}));
    reload();
}

void Hub::handle(HubRequest& request) {
    if (request.view_answer) {
        const Viewer v = viewer_of(request.who.user);
        if (!v.is_member()) return request.view_answer(std::nullopt);
        if (request.battle) return request.view_answer(campaign::battles::battle_record(state_, v, *request.battle));
        return request.view_answer(campaign::view(state_, v, true));  // the chronicle: every month
    }
    Viewer viewer = request.from_clock ? campaign::server_clock() : viewer_of(request.who);
    const auto& type = request.command.type;
    // Only campaign.join is for outsiders, and everything else answers them as if there were no campaign.
    if (!viewer.is_member() && type != "campaign.join") {
        send_to(request.client, frames::reply_error(request.id, frames::no_campaign(id_)));
        return;
    }
    if (type == "campaign.subscribe") return subscribe(request, viewer);
    if (type == "campaign.unsubscribe") return unsubscribe(request);
    // Its reply was lost with the line and the page sends it again: done already, so not done twice, nor refused
    // for a turn or month it closed itself (docs/protocol.md, "A send sent twice").
    if (is_repeat(request)) return send_to(request.client, frames::reply_ok(request.id, {{"repeated", true}}));
    if (request.prepare) {
        if (auto error = request.prepare(state_, request.command)) return send_to(request.client, frames::reply_error(request.id, *error));
    }

    campaign::Supplied supplied;
    supplied.now = unix_ms();
    supplied.by_mail = request.by_mail;
    supplied.next_weekly = next_weekly_time;
    if (type == "campaign.invite") supplied.invite_code = new_invite_code();
    if (type == "campaign.close") supplied.seed_hex = to_hex(seed_);
    // A battle's own seed: its hash for its creation, the seed for its end (the rules never see seed_).
    supplied.battle_seed_sha256 = [this](std::int64_t battle) { return sha256_hex(battle_seed(seed_, battle)); };
    supplied.battle_seed_hex = [this](std::int64_t battle) { return to_hex(battle_seed(seed_, battle)); };
    // Ids of battle pieces placed concealed: from OpenSSL, never the dice (whose seed is revealed).
    if (type.rfind("battle.", 0) == 0) supplied.nonce = std::stoull(random_hex(8), nullptr, 16);
    // Rolls made on `dice` itself go to the "campaign" stream (the one stream before there were streams);
    // the rules take the stream of each purpose with dice.stream(name).
    VerifiableDice dice(seed_, "campaign", state_.dice_counters);
    dice.key_streams([this](const std::string& stream) { return battle_key(state_, seed_, stream); });

    // decide() reports a player's mistakes as values; an exception here is a bug in the rules, and must cost
    // the one command (nothing changed: state_ is only read), not the server.
    campaign::Decision decision = Error{"internal", "The server could not handle that; nothing was changed."};
    try {
        decision = campaign::decide(state_, request.command, viewer, dice, supplied);
    } catch (const std::exception& e) {
        std::cerr << "muster: campaign " << id_ << ": " << type << " failed: " << e.what() << "\n";
    }
    if (auto* error = std::get_if<Error>(&decision)) {
        if (request.from_clock) {
            std::cerr << "muster: campaign " << id_ << ": " << type << " at its time was refused: " << error->message
                      << "\n";
            refused_alarm_ = request.clock_at;
        }
        send_to(request.client, frames::reply_error(request.id, *error));
        arm_alarm();
        return;
    }
    auto events = std::get<std::vector<Event>>(std::move(decision));
    if (events.empty()) {
        send_to(request.client, frames::reply_ok(request.id, nlohmann::json::object()));
        return;
    }
    auto leftover = dice.take_all_logs();  // rolls a decider did not attach (any stream) stay with the last event
    for (auto& roll : leftover) events.back().dice.push_back(roll);
    auto at = unix_ms();
    for (std::size_t i = 0; i < events.size(); ++i) {
        events[i].seq = state_.seq + 1 + static_cast<std::int64_t>(i);
        events[i].at = at;
    }

    // Applied now, so the next command is decided on top of it; replied to and pushed only once committed. What
    // newly needs each member is told by e-mail and webhook, written with the events (docs/protocol.md,
    // "Notifications").
    std::optional<campaign::Needs> needs_before;  // chat, notices and rolls change nobody's needs
    if (!campaign::changes_no_needs(events)) needs_before = campaign::needs_of_members(state_);
    auto sends = apply_events(events);
    std::optional<store::SentKey> sent;
    if (!request.key.empty()) {
        sent = store::SentKey{request.who.user, request.key};
        sent_keys_.emplace(request.who.user, request.key);
    }
    auto result = campaign::reply_body(state_, events);
    auto outbox = outbox_items(campaign::notices(needs_before, state_, events), state_, id_, outbound_, unix_ms());
    auto index = index_change(events);
    const bool wrote = !outbox.empty();
    ++in_flight_;
    db_.append(id_, events, [self = shared_from_this(), request = std::move(request), sends = std::move(sends),
                             result = std::move(result), wrote](std::optional<AppendError> error) mutable {
        if (!error && wrote && self->outbound_.poke) self->outbound_.poke();
        boost::asio::post(self->strand_, [self, request = std::move(request), sends = std::move(sends),
                                          result = std::move(result), error = std::move(error)]() mutable {
            --self->in_flight_;
            if (error) {
                self->append_failed(request, *error);
            } else if (!self->reloading_) {
                send_with_reply(sends, request, result);
            } else {
                // Committed, but after an event that failed: the reload's whole views will show it.
                send_to(request.client, frames::reply_ok(request.id, result));
            }
            self->arm_alarm();
            self->pump();
        });
    }, std::move(outbox), std::move(index), std::move(sent));
    // After the append, on the same worker: kept only once the events are (store::put_snapshot).
    if (snapshot_every_ > 0 && (events.front().seq - 1) / snapshot_every_ != state_.seq / snapshot_every_)
        take_snapshot(events.back());
}

void Hub::append_failed(const HubRequest& request, const AppendError& error) {
    std::cerr << "muster: campaign " << id_ << ": append failed: " << error.what << "\n";
    // Commands decided on top of one that failed fail with it (a gap in seq): they are told the first one's cause.
    if (!reloading_) reload_failure_ = error.failure;
    send_to(request.client, frames::reply_error(request.id, unsaved(reload_failure_)));
    if (error.failure == store::WriteFailure::lease_lost) return let_go();  // another node writes it now
    // Not at once: a disk that cannot be written would fail it again and again, each time reloading the log and
    // sending every subscriber a whole view.
    if (request.from_clock) clock_held_until_ = unix_ms() + clock_retry_ms;
    reload();
}

Hub::Pieces Hub::patch_pieces(const std::vector<Event>& events, const std::vector<std::int64_t>& users) {
    std::vector<Viewer> viewers;
    for (auto user : users) viewers.push_back(viewer_of(user));
    auto made = patcher_.apply(state_, events, viewers);
    Pieces pieces;
    for (std::size_t i = 0; i < users.size(); ++i) pieces[users[i]] = std::move(made[i]);
    return pieces;
}

std::vector<std::int64_t> Hub::followed_users() const {
    std::vector<std::int64_t> users;  // every member who subscribed, here or away
    for (const auto& [user, log] : logs_)
        if (viewer_of(user).is_member()) users.push_back(user);
    return users;
}

Hub::Frames Hub::log_and_frame(Pieces& pieces) {
    // A user whose view did not change gets nothing, and his version stays: the frames a user gets say
    // nothing of events he may not see.
    Frames frame_of;
    std::unordered_map<const nlohmann::json*, std::string> text_of;  // each patch serialized once
    for (auto& [user, list] : pieces) {
        std::erase_if(list, [](const auto& piece) { return piece->empty(); });
        if (list.empty()) continue;
        std::shared_ptr<const nlohmann::json> patch = campaign::joined(list);
        auto& log = logs_.at(user);
        const std::int64_t from = log.version++;
        log.entries.push_back({from, log.version, patch});
        auto& text = text_of[patch.get()];
        if (text.empty()) text = patch->dump();
        frame_of[user] = frames::push_text(id_, log.version, "patch", text);
    }
    return frame_of;
}

Hub::Sends Hub::sends_to_subscribers(const Frames& frame_of) const {
    Sends sends;
    for (const auto& s : subscribers_) {
        auto it = frame_of.find(s.user);
        if (it != frame_of.end()) sends.emplace_back(s.client, it->second);
    }
    return sends;
}

void Hub::mark_away(const std::vector<std::int64_t>& users) {
    // What an away user misses is counted from the version he had when his last socket went.
    for (auto user : users) {
        auto& log = logs_.at(user);
        if (!here(user)) {
            if (!log.away_since) log.away_since = log.version;
        } else {
            log.away_since.reset();
        }
    }
}

void Hub::trim_logs(const std::vector<std::int64_t>& users) {
    // Logs hold the last user_log_kept changes; an away user's is dropped once he has missed more than that, and
    // he is not followed.
    for (auto user : users) {
        auto& log = logs_.at(user);
        if (log.away_since && log.version - *log.away_since > static_cast<std::int64_t>(user_log_kept)) {
            dropped_[user] = log.version;
            logs_.erase(user);
            continue;
        }
        while (log.entries.size() > user_log_kept) log.entries.pop_front();
    }
}

bool Hub::here(std::int64_t user) const {
    return std::any_of(subscribers_.begin(), subscribers_.end(), [&](const Subscriber& s) { return s.user == user; });
}

Hub::Sends Hub::apply_events(const std::vector<Event>& events) {
    std::erase_if(subscribers_, [](const Subscriber& s) { return s.client.expired(); });
    last_view_ = {};
    const std::vector<std::int64_t> users = followed_users();  // whose views are followed
    mark_away(users);
    Pieces pieces = patch_pieces(events, users);
    Sends sends = sends_to_subscribers(log_and_frame(pieces));
    trim_logs(users);
    return sends;
}

Hub::UserLog& Hub::log_of(std::int64_t user) {
    auto it = logs_.find(user);
    if (it != logs_.end()) return it->second;
    UserLog log;
    auto dropped = dropped_.find(user);
    log.version = dropped == dropped_.end() ? first_version_ : dropped->second + 1;
    if (dropped != dropped_.end()) dropped_.erase(dropped);
    return logs_.emplace(user, std::move(log)).first->second;
}

void Hub::subscribe(HubRequest& request, const Viewer& viewer) {
    std::optional<std::int64_t> since;
    if (auto it = request.command.body.find("since"); it != request.command.body.end() && !it->is_null()) {
        since = int_value(*it);
        if (!since || *since < 0) {
            send_to(request.client, frames::reply_error(request.id, bad_request("\"since\" must be a view version (0 or more).")));
            return;
        }
    }
    auto client = request.client.lock();
    if (!client) return;
    std::erase_if(subscribers_, [&](const Subscriber& s) { return s.client.lock() == client; });
    const auto& log = log_of(viewer.user);
    client->send(frames::reply_ok(request.id, {{"version", log.version}}));

    // Catch up with the patches sent since `since`, when the log still holds them all; else a whole view.
    std::optional<nlohmann::json> catch_up;
    if (since && *since == log.version) catch_up = nlohmann::json::array();
    for (std::size_t i = 0; since && !catch_up && i < log.entries.size(); ++i) {
        if (log.entries[i].from != *since) continue;
        catch_up = nlohmann::json::array();
        for (; i < log.entries.size(); ++i)
            for (const auto& op : *log.entries[i].patch) catch_up->push_back(op);
    }
    if (catch_up) client->send(frames::push(id_, log.version, "patch", *catch_up));
    else client->send(view_frame(viewer, log.version));
    subscribers_.push_back(Subscriber{client, viewer.user});
}

std::shared_ptr<const std::string> Hub::view_frame(const Viewer& viewer, std::int64_t version) {
    if (last_view_.frame && last_view_.user == viewer.user && last_view_.version == version) return last_view_.frame;
    last_view_ = {viewer.user, version, frames::push(id_, version, "view", campaign::view(state_, viewer))};
    return last_view_.frame;
}

void Hub::unsubscribe(HubRequest& request) {
    auto client = request.client.lock();
    std::erase_if(subscribers_, [&](const Subscriber& s) {
        auto c = s.client.lock();
        return !c || c == client;
    });
    send_to(request.client, frames::reply_ok(request.id, nlohmann::json::object()));
}

}  // namespace muster
