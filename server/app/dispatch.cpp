// WebSocket commands: read the frame (frame_reader.cpp), then route it: campaign.create / campaign.list /
// campaign.join here, every other campaign command to its campaign's hub (docs/protocol.md, "Commands").
#include <iostream>
#include <mutex>

#include <boost/asio/post.hpp>

#include "server/app/app.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/app/hub.h"
#include "server/app/frame_reader.h"
#include "server/app/frames.h"
#include "server/app/tokens.h"
#include "server/store/campaign_index.h"
#include "server/store/event_store.h"

namespace muster {

using nlohmann::json;


void App::on_frame(const std::shared_ptr<Client>& client, const std::string& text) {
    auto fail = [&](const json& id, Error error) { client->send(frames::reply_error(id, error)); };

    auto in = frames::read_frame(text);
    if (in.unreadable) return fail(nullptr, *in.unreadable);
    if (!client->take_token(config_.ws_rate, config_.ws_burst))
        return fail(in.id, {"rate_limited", "Too many messages; slow down."});
    {
        std::lock_guard lock(clients_mutex_);
        active_sessions_[client->who().session] = unix_ms();
    }
    if (in.refusal) return fail(in.id, *in.refusal);

    using Route = frames::Incoming::Route;
    if (in.route == Route::create) return create_campaign(client, in.id, in.name);
    if (in.route == Route::list && shared_store_) {
        // What other nodes wrote since this one last looked: a campaign made or joined there since.
        return refresh_directory([this, client, id = in.id] { list_campaigns(client, id); });
    }
    if (in.route == Route::list) return list_campaigns(client, in.id);
    std::int64_t campaign = in.campaign;
    if (in.route == Route::join) return join_by_code(client, std::move(in), shared_store_);
    if (!directory_->is_member(campaign, client->who().user) && !shared_store_) {
        // A campaign that does not exist and one of others get the same answer, here and in the hub. With a store
        // other nodes write, this node's directory may not know of a campaign or a member yet: the hub decides.
        return fail(in.id, frames::no_campaign(campaign));
    }
    submit_command(client, std::move(in), campaign);
}

// campaign.join: the campaign the code opens. With a store other nodes write, a code this node does not know may
// have been made there since it last looked: it looks again, once.
void App::join_by_code(const std::shared_ptr<Client>& client, frames::Incoming in, bool may_look_again) {
    auto found = directory_->campaign_for_code(in.code);
    if (!found && may_look_again) {
        return refresh_directory([this, client, in = std::move(in)]() mutable { join_by_code(client, std::move(in), false); });
    }
    if (!found) return client->send(frames::reply_error(in.id, not_found("That invite code is not valid.")));
    submit_command(client, std::move(in), *found);
}

void App::submit_command(const std::shared_ptr<Client>& client, frames::Incoming in, std::int64_t campaign) {
    HubRequest request;
    request.command = std::move(in.command);
    request.id = in.id;
    request.key = std::move(in.key);
    request.who = client->who();
    request.client = client;
    if (!submit_to(campaign, std::move(request))) client->send(frames::reply_error(in.id, frames::no_campaign(campaign)));
}

void App::create_campaign(const std::shared_ptr<Client>& client, const json& id, const std::string& name) {
    auto seed = from_hex(random_hex(32));
    Viewer umpire{client->who().user, client->who().username, Role::umpire};
    std::weak_ptr<Client> weak = client;
    db_->run([this, name, seed, umpire, id, weak](store::Database& db) {
        std::optional<Event> created;
        std::int64_t campaign = 0;
        auto failure = store::WriteFailure::other;
        try {
            store::Transaction tx(db);
            auto now = unix_ms();
            campaign = store::create_campaign(db, name, to_hex(seed), now);
            Event e = campaign::created_event(campaign, name, umpire, sha256_hex(seed));
            e.seq = 1;
            e.at = now;
            store::append_events(db, campaign, {e});
            campaign::CampaignState state;
            campaign::apply(state, e);
            store::put_index(db, {campaign, Directory::entry_of(state), Directory::needs_of(state), campaign::next_alarm(state)});
            tx.commit();
            created = std::move(e);
            // Kept here from its first moment (and the proxy told so); should this fail, its first append takes it.
            try {
                db_->lease(db, campaign);
            } catch (const std::exception& e) {
                std::cerr << "muster: campaign " << campaign << ": cannot take its lease yet: " << e.what() << "\n";
            }
        } catch (const std::exception& e) {
            // A full disk, a read-only file or an I/O error ends the transaction inside SQLite, so tx's destructor
            // ran no ROLLBACK over the error code; where one did, this reads `other` and the reply is `internal`.
            failure = store::last_write_failure(db, e.what()).kind;
            std::cerr << "muster: campaign.create failed: " << e.what() << "\n";
        }
        boost::asio::post(ioc_, [this, created = std::move(created), campaign, seed, id, weak, failure] {
            auto client = weak.lock();
            if (!created) {
                Error error = failure == store::WriteFailure::other
                                  ? Error{"internal", "The server could not create the campaign."}
                                  : unsaved(failure);
                if (client) client->send(frames::reply_error(id, error));
                return;
            }
            auto h = std::make_shared<Hub>(ioc_, *db_, *directory_, campaign, seed, std::vector<Event>{*created}, outbound());
            add_hub(h);
            h->start();
            if (client) client->send(frames::reply_ok(id, {{"campaign", campaign}}));
        });
    });
}

// The user's campaigns, each with what needs him there (docs/protocol.md, "campaign.list"), from the directory:
// a campaign not in memory is listed as its index row left it.
void App::list_campaigns(const std::shared_ptr<Client>& client, const json& id) {
    json list = json::array();
    for (const auto& c : directory_->campaigns_of(client->who().user))
        list.push_back({{"id", c.id}, {"name", c.name}, {"role", to_string(c.role)}, {"closed", c.closed},
                        {"needs_you", c.needs_you}, {"due", c.due ? json(*c.due) : json(nullptr)}});
    client->send(frames::reply_ok(id, {{"campaigns", std::move(list)}}));
}

}  // namespace muster
