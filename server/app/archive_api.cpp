// GET /api/campaigns/{id}/export (an umpire's): the campaign's archive to download (server/app/archive.h). The
// dice seed is in it only once the campaign is closed: while it runs, the seed stays the server's.
// GET /api/campaigns/{id}/chronicle (any member's): what he saw, his whole view, to keep or print.
// GET /api/campaigns/{id}/battles/{battle} (any member's): one battle as his whole view holds it, log and history
// included (an ended battle's are not in the live view).
// GET /api/campaigns/{id}/battles/{battle}/dice (any member's, once the battle ended): the battle's dice file,
// its revealed seed and every roll of its stream, for `muster verify-dice` (docs/dice.md, "Checking a battle").
#include <iostream>
#include <regex>

#include "server/app/app.h"
#include "server/app/archive.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/store/event_store.h"

namespace muster {

namespace {

void battle_dice(DbWorker& db, std::int64_t campaign, std::int64_t battle, std::function<void(ApiResponse)> done) {
    db.run([campaign, battle, done = std::move(done)](store::Database& db) {
        try {
            auto dice = battle_dice_file(store::load_events(db, campaign), campaign, battle);
            using Status = BattleDice::Status;
            if (dice.status == Status::no_battle) return done(api_error(404, "not_found", "There is no such battle."));
            if (dice.status == Status::not_ended)
                return done(api_error(409, "conflict", "The battle's dice seed is revealed when the battle ends."));
            if (dice.status == Status::campaign_seeded)
                return done(api_error(409, "conflict", "This battle rolled from the campaign's seed, which is revealed when "
                                                       "the umpire closes the campaign: check it with the campaign's archive."));
            done(ApiResponse{200, std::move(dice.file)});
        } catch (const std::exception& e) {
            std::cerr << "muster: battle dice: " << e.what() << "\n";
            done(api_unsaved(db, e, "The server could not do that; try again."));
        }
    });
}

}  // namespace

void App::archive_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    static const std::regex route("^/api/campaigns/([0-9]{1,15})/(export|chronicle|mail|battles/([0-9]{1,15})(/dice)?)$");
    std::smatch m;
    if (!std::regex_match(request.path, m, route)) return done(api_error(404, "not_found", "No such API."));
    if (request.method != "GET") return done(api_error(405, "bad_request", "Download it with GET."));
    const std::int64_t campaign = std::stoll(m[1].str());
    if (m[3].matched && !m[4].matched) return battle_record(request, campaign, std::stoll(m[3].str()), std::move(done));
    if (m[3].matched) {
        const std::int64_t battle = std::stoll(m[3].str());
        return authenticate(request.token, [this, campaign, battle, done = std::move(done)](std::optional<SessionInfo> who) {
            if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
            if (directory_->role_of(campaign, who->user) == Role::none)
                return done(api_error(404, "not_found", "There is no such campaign."));
            battle_dice(*db_, campaign, battle, done);
        });
    }
    if (m[2].str() == "chronicle") return chronicle(request, campaign, std::move(done));
    if (m[2].str() == "mail") return campaign_mail(request, campaign, std::move(done));
    authenticate(request.token, [this, campaign, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const Role role = directory_->role_of(campaign, who->user);
        if (role == Role::none) return done(api_error(404, "not_found", "There is no such campaign."));
        if (role != Role::umpire) return done(api_error(403, "forbidden", "Only the campaign's umpires download its archive."));
        db_->run([campaign, done](store::Database& db) {
            try {
                auto archive = export_campaign(db, campaign, /*with_seed=*/false);
                if (!archive) return done(api_error(404, "not_found", "There is no such campaign."));
                done(ApiResponse{200, std::move(*archive)});
            } catch (const std::exception& e) {
                std::cerr << "muster: export: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not do that; try again."));
            }
        });
    });
}

void App::battle_record(const ApiRequest& request, std::int64_t campaign, std::int64_t battle,
                        std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, campaign, battle, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        auto request = Hub::battle_request(who->user, battle, [done](std::optional<nlohmann::json> record) {
            if (!record) return done(api_error(404, "not_found", "There is no such battle."));
            done(ApiResponse{200, {{"battle", std::move(*record)}}});
        });
        if (!submit_to(campaign, std::move(request))) done(api_error(404, "not_found", "There is no such battle."));
    });
}

void App::chronicle(const ApiRequest& request, std::int64_t campaign, std::function<void(ApiResponse)> done) {
    authenticate(request.token, [this, campaign, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        // The view is made by the campaign's own hub, from the one filter every view goes through.
        auto request = Hub::view_request(who->user, [campaign, me = *who, done](std::optional<nlohmann::json> view) {
            if (!view) return done(api_error(404, "not_found", "There is no such campaign."));
            done(ApiResponse{200, {{"format", "muster-chronicle"}, {"campaign", campaign}, {"user", me.user},
                                   {"username", me.username}, {"view", std::move(*view)}}});
        });
        if (!submit_to(campaign, std::move(request))) done(api_error(404, "not_found", "There is no such campaign."));
    });
}

}  // namespace muster
