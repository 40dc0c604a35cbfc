// WebSocket commands: read the frame, then route it: campaign.create / campaign.list / campaign.join here,
// every other campaign command to its campaign's hub (docs/protocol.md, "Commands").
#include <iostream>
#include <mutex>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/app/hub.h"
#include "server/app/frames.h"
#include "server/app/tokens.h"
#include "server/store/event_store.h"
#include "shared/core/fields.h"

namespace muster {

using nlohmann::json;

std::shared_ptr<Hub> App::hub(std::int64_t campaign) {
    std::lock_guard lock(hubs_mutex_);
    auto it = hubs_.find(campaign);
    return it == hubs_.end() ? nullptr : it->second;
}

void App::on_frame(const std::shared_ptr<Client>& client, const std::string& text) {
    auto fail = [&](const json& id, Error error) { client->send(frames::reply_error(id, error)); };

    auto frame = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (frame.is_discarded()) return fail(nullptr, bad_request("The frame is not valid JSON."));
    if (!frame.is_object()) return fail(nullptr, bad_request("A frame must be a JSON object."));
    json id = frame.contains("id") ? frame["id"] : json(nullptr);
    if (!id.is_null() && !id.is_number() && !id.is_string()) return fail(nullptr, bad_request("\"id\" must be a number or a string."));

    if (!client->take_token(config_.ws_rate, config_.ws_burst))
        return fail(id, {"rate_limited", "Too many messages; slow down."});
    {
        std::lock_guard lock(clients_mutex_);
        active_sessions_[client->who().session] = unix_ms();
    }

    auto type_it = frame.find("type");
    if (type_it == frame.end() || !type_it->is_string()) return fail(id, bad_request("\"type\" must be a command name."));
    Command command{type_it->get<std::string>(), json::object()};
    if (auto b = frame.find("body"); b != frame.end()) {
        if (!b->is_object()) return fail(id, bad_request("\"body\" must be an object."));
        command.body = std::move(*b);
    }
    // The campaign may be named at the top level or in the body; if both, they must agree.
    if (auto c = frame.find("campaign"); c != frame.end()) {
        if (command.body.contains("campaign") && command.body["campaign"] != *c)
            return fail(id, bad_request("\"campaign\" differs between the frame and its body."));
        command.body["campaign"] = *c;
    }

    const auto& type = command.type;
    if (type == "campaign.create") return create_campaign(client, id, command.body);
    if (type == "campaign.list") return list_campaigns(client, id);

    std::int64_t campaign = 0;
    if (type == "campaign.join") {
        std::string code;
        if (auto e = read_string(command.body, "code", 1, 64, code)) return fail(id, *e);
        auto found = directory_->campaign_for_code(campaign::invite_code_as_made(code));
        if (!found) return fail(id, not_found("That invite code is not valid."));
        campaign = *found;
    } else if (type == "campaign.subscribe" || type == "campaign.unsubscribe" || campaign::handles(type)) {
        if (auto e = read_id(command.body, "campaign", campaign)) return fail(id, *e);
        // A campaign that does not exist and one of others get the same answer, here and in the hub.
        if (!directory_->is_member(campaign, client->who().user)) return fail(id, frames::no_campaign(campaign));
    } else {
        return fail(id, {"unknown_command", "There is no command \"" + type + "\"."});
    }
    auto target = hub(campaign);
    if (!target) return fail(id, frames::no_campaign(campaign));
    HubRequest request;
    request.command = std::move(command);
    request.id = id;
    request.who = client->who();
    request.client = client;
    target->submit(std::move(request));
}

void App::create_campaign(const std::shared_ptr<Client>& client, const json& id, const json& body) {
    std::string name;
    if (auto e = read_string(body, "name", 1, campaign::name_max, name)) return client->send(frames::reply_error(id, *e));
    auto seed = from_hex(random_hex(32));
    Viewer umpire{client->who().user, client->who().username, Role::umpire};
    std::weak_ptr<Client> weak = client;
    db_->run([this, name, seed, umpire, id, weak](store::Database& db) {
        std::optional<Event> created;
        std::int64_t campaign = 0;
        try {
            store::Transaction tx(db);
            auto now = unix_ms();
            campaign = store::create_campaign(db, name, to_hex(seed), now);
            Event e = campaign::created_event(campaign, name, umpire, sha256_hex(seed));
            e.seq = 1;
            e.at = now;
            store::append_events(db, campaign, {e});
            tx.commit();
            created = std::move(e);
        } catch (const std::exception& e) {
            std::cerr << "muster: campaign.create failed: " << e.what() << "\n";
        }
        boost::asio::post(ioc_, [this, created = std::move(created), campaign, seed, id, weak] {
            auto client = weak.lock();
            if (!created) {
                if (client) client->send(frames::reply_error(id, {"internal", "The server could not create the campaign."}));
                return;
            }
            auto h = std::make_shared<Hub>(ioc_, *db_, *directory_, campaign, seed, std::vector<Event>{*created}, outbound());
            h->start();
            {
                std::lock_guard lock(hubs_mutex_);
                hubs_[campaign] = h;
            }
            if (client) client->send(frames::reply_ok(id, {{"campaign", campaign}}));
        });
    });
}

namespace {

// How many things need the user in one campaign, and the soonest of their deadlines (null when none has one).
void count_needs(json& entry, const std::optional<json>& needs) {
    entry["needs_you"] = 0;
    entry["due"] = nullptr;
    if (!needs || !needs->is_array()) return;
    entry["needs_you"] = needs->size();
    for (const auto& n : *needs) {
        if (!n.contains("due") || !n["due"].is_number()) continue;
        if (entry["due"].is_null() || n["due"].get<std::int64_t>() < entry["due"].get<std::int64_t>()) entry["due"] = n["due"];
    }
}

}  // namespace

// The user's campaigns, each with what needs him there (docs/protocol.md, "campaign.list"): each hub is asked on
// its own strand, and the reply goes when the last has answered.
void App::list_campaigns(const std::shared_ptr<Client>& client, const json& id) {
    struct Gather {
        std::mutex mutex;
        json list = json::array();
        std::size_t waiting = 0;
    };
    auto gather = std::make_shared<Gather>();
    const auto listings = directory_->campaigns_of(client->who().user);
    std::vector<std::pair<std::size_t, std::shared_ptr<Hub>>> ask;
    for (const auto& c : listings) {
        gather->list.push_back({{"id", c.id}, {"name", c.name}, {"role", to_string(c.role)}, {"closed", c.closed},
                                {"needs_you", 0}, {"due", nullptr}});
        if (auto h = hub(c.id); h && !c.closed) ask.emplace_back(gather->list.size() - 1, std::move(h));
    }
    if (ask.empty()) return client->send(frames::reply_ok(id, {{"campaigns", gather->list}}));
    gather->waiting = ask.size();
    std::weak_ptr<Client> weak = client;
    for (auto& [index, h] : ask) {
        h->needs_for(client->who().user, [gather, index = index, weak, id](std::optional<json> needs) {
            std::lock_guard lock(gather->mutex);
            count_needs(gather->list[index], needs);
            if (--gather->waiting > 0) return;
            if (auto c = weak.lock()) c->send(frames::reply_ok(id, {{"campaigns", gather->list}}));
        });
    }
}

}  // namespace muster
