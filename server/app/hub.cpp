#include "server/app/hub.h"

#include <chrono>
#include <iostream>

#include <boost/asio/post.hpp>

#include "server/app/frames.h"
#include "server/app/tokens.h"
#include "server/app/verifiable_dice.h"

namespace muster {

namespace {

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// What a successful command's reply carries (docs/protocol.md, "Commands").
nlohmann::json result_of(const campaign::CampaignState& state, const std::vector<Event>& events) {
    const Event& e = events.front();
    if (e.type == "invite.created") return {{"code", e.body.at("code")}};
    if (e.type == "member.joined") return {{"campaign", state.id}, {"role", e.body.at("role")}};
    if (e.type == "campaign.closed") return {{"seed", e.body.at("seed")}};
    if (e.type == "dice.rolled") return {{"seq", e.seq}, {"faces", e.body.at("faces")}, {"total", e.body.at("total")}};
    if (e.type == "invite.revoked") return nlohmann::json::object();
    return {{"seq", e.seq}};
}

void send_to(const std::weak_ptr<Client>& weak, frames::Frame frame) {
    if (auto client = weak.lock()) client->send(std::move(frame));
}

}  // namespace

Hub::Hub(boost::asio::io_context& ioc, DbWorker& db, Directory& directory, std::int64_t id, std::string seed,
         const std::vector<Event>& log)
    : strand_(boost::asio::make_strand(ioc)),
      db_(db),
      directory_(directory),
      id_(id),
      seed_(std::move(seed)),
      alarm_(strand_) {
    for (const auto& e : log) campaign::apply(state_, e);
    directory_.update(state_);
}

void Hub::start() {
    boost::asio::post(strand_, [self = shared_from_this()] { self->arm_alarm(); });
}

void Hub::stop() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->alarm_at_.reset();
        self->alarm_.cancel();
    });
}

void Hub::arm_alarm() {
    if (stopped_) return;
    auto next = campaign::year::next_alarm(state_);
    if (next && next == refused_alarm_) next.reset();
    if (next == alarm_at_) return;
    alarm_at_ = next;
    alarm_.cancel();
    if (!next) return;
    alarm_.expires_at(std::chrono::system_clock::time_point(std::chrono::milliseconds(*next)));
    alarm_.async_wait([self = shared_from_this(), at = *next](const boost::system::error_code& ec) {
        if (ec || self->alarm_at_ != at) return;
        self->alarm_at_.reset();
        HubRequest request;
        request.command = campaign::year::alarm_command(self->state_, now_ms());
        request.from_clock = true;
        request.clock_at = at;
        self->queue_.push_back(std::move(request));
        self->pump();
    });
}

void Hub::submit(HubRequest request) {
    boost::asio::post(strand_, [self = shared_from_this(), request = std::move(request)]() mutable {
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
    while (!busy_ && !queue_.empty()) {
        HubRequest request = std::move(queue_.front());
        queue_.pop_front();
        handle(request);
    }
}

void Hub::handle(HubRequest& request) {
    Viewer viewer = request.from_clock ? campaign::server_clock() : viewer_of(request.who);
    const auto& type = request.command.type;
    if (type == "campaign.subscribe") return subscribe(request, viewer);
    if (type == "campaign.unsubscribe") return unsubscribe(request);

    campaign::Supplied supplied;
    supplied.now = now_ms();
    if (type == "campaign.invite") supplied.invite_code = new_invite_code();
    if (type == "campaign.close") supplied.seed_hex = to_hex(seed_);
    VerifiableDice dice(seed_, "campaign", state_.dice_counter);

    auto decision = campaign::decide(state_, request.command, viewer, dice, supplied);
    if (auto* error = std::get_if<Error>(&decision)) {
        if (request.from_clock)
            std::cerr << "muster: campaign " << id_ << ": " << request.command.type << " at its time was refused: "
                      << error->message << "\n";
        if (request.from_clock) refused_alarm_ = request.clock_at;
        send_to(request.client, frames::reply_error(request.id, *error));
        arm_alarm();
        return;
    }
    auto events = std::get<std::vector<Event>>(std::move(decision));
    if (events.empty()) {
        send_to(request.client, frames::reply_ok(request.id, nlohmann::json::object()));
        return;
    }
    auto leftover = dice.take_log();  // rolls a decider did not attach stay with the last event
    for (auto& roll : leftover) events.back().dice.push_back(roll);
    auto at = now_ms();
    for (std::size_t i = 0; i < events.size(); ++i) {
        events[i].seq = state_.seq + 1 + static_cast<std::int64_t>(i);
        events[i].at = at;
    }

    busy_ = true;
    db_.append(id_, events, [self = shared_from_this(), request = std::move(request),
                             events](std::optional<std::string> error) mutable {
        boost::asio::post(self->strand_, [self, request = std::move(request), events = std::move(events),
                                          error = std::move(error)]() mutable {
            if (error) {
                std::cerr << "muster: campaign " << self->id_ << ": append failed: " << *error << "\n";
                send_to(request.client, frames::reply_error(request.id, {"internal", "The server could not save that; nothing was changed."}));
            } else {
                self->committed(request, std::move(events));
            }
            self->busy_ = false;
            self->arm_alarm();
            self->pump();
        });
    });
}

void Hub::committed(HubRequest& request, std::vector<Event> events) {
    apply_and_push(events);
    send_to(request.client, frames::reply_ok(request.id, result_of(state_, events)));
}

void Hub::apply_and_push(const std::vector<Event>& events) {
    std::erase_if(subscribers_, [](const Subscriber& s) { return s.client.expired(); });
    std::unordered_map<std::int64_t, nlohmann::json> patches;  // per subscribed user
    for (const auto& s : subscribers_) patches.emplace(s.user, nlohmann::json::array());

    bool directory_changed = false;
    for (const auto& e : events) {
        campaign::apply(state_, e);
        directory_changed = directory_changed || e.type.rfind("campaign.", 0) == 0 ||
                            e.type.rfind("invite.", 0) == 0 || e.type.rfind("member.", 0) == 0;
        for (auto& [user, ops] : patches) {
            auto& uv = views_[user];
            Viewer viewer = viewer_of(user);
            // The common events patch the view in place; the rest diff a freshly computed view.
            auto patch = campaign::view_patch(state_, e, viewer);
            if (patch) {
                uv.view.patch_inplace(*patch);
            } else {
                auto fresh = campaign::view(state_, viewer);
                patch = nlohmann::json::diff(uv.view, fresh);
                uv.view = std::move(fresh);
            }
            for (auto& op : *patch) ops.push_back(std::move(op));
            uv.seq = state_.seq;
        }
    }
    if (directory_changed) directory_.update(state_);

    std::unordered_map<std::int64_t, frames::Frame> frame_of;
    for (const auto& s : subscribers_) {
        auto client = s.client.lock();
        if (!client) continue;
        auto& frame = frame_of[s.user];
        if (!frame) frame = frames::push(id_, state_.seq, "patch", patches[s.user]);
        client->send(frame);
    }
}

void Hub::subscribe(HubRequest& request, const Viewer& viewer) {
    if (!viewer.is_member()) {
        send_to(request.client, frames::reply_error(request.id, forbidden("You are not a member of this campaign.")));
        return;
    }
    std::optional<std::int64_t> since;
    if (auto it = request.command.body.find("since"); it != request.command.body.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<std::int64_t>() < 0) {
            send_to(request.client, frames::reply_error(request.id, bad_request("\"since\" must be a seq number (0 or more).")));
            return;
        }
        since = it->get<std::int64_t>();
    }
    auto client = request.client.lock();
    if (!client) return;
    std::erase_if(subscribers_, [&](const Subscriber& s) { return s.client.lock() == client; });

    auto fresh = campaign::view(state_, viewer);
    client->send(frames::reply_ok(request.id, {{"seq", state_.seq}}));
    auto known = views_.find(viewer.user);
    if (since && known != views_.end() && known->second.seq == *since)
        client->send(frames::push(id_, state_.seq, "patch", nlohmann::json::diff(known->second.view, fresh)));
    else
        client->send(frames::push(id_, state_.seq, "view", fresh));
    views_[viewer.user] = UserView{std::move(fresh), state_.seq};
    subscribers_.push_back(Subscriber{client, viewer.user});
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
