// Drafts (docs/protocol.md, "Drafts"): what a player composes and has not sent, saved as he writes it, so that he
// can go on with it on another device or after his phone slept: his diary ("diary") or his choice for a battle's
// turn ("battle-<id>"). Only its writer reads it; it is not a command and not an event (nobody else learns that he
// is writing, and the campaign's log does not grow with every keystroke).
#include <iostream>
#include <regex>

#include <nlohmann/json.hpp>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/store/drafts.h"

namespace muster {

using nlohmann::json;

namespace {

constexpr std::size_t draft_max_bytes = 64 * 1024;

ApiResponse draft_internal_error(const store::Database& db, const std::exception& e) {
    std::cerr << "muster: draft: " << e.what() << "\n";
    return api_unsaved(db, e, "The server could not do that; try again.");
}

// {"turn", "draft"} from a save's body, or the words of what is wrong with it.
std::string read_draft(const std::string& text, store::Draft& out) {
    if (text.size() > draft_max_bytes) return "A draft is at most 64 KB.";
    const json body = json::parse(text, nullptr, false);
    if (!body.is_object()) return "Send {\"turn\", \"draft\"} as JSON.";
    if (!body.contains("turn") || !body["turn"].is_number_integer() || body["turn"].get<std::int64_t>() < 0 ||
        body["turn"].get<std::int64_t>() > 100000)
        return "\"turn\" must be the month's or the battle's turn number.";
    if (!body.contains("draft") || !body["draft"].is_object()) return "\"draft\" must be an object.";
    out.turn = body["turn"].get<std::int64_t>();
    out.body = body["draft"].dump();
    return "";
}

}  // namespace

void App::drafts_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    static const std::regex route("^/api/campaigns/([0-9]{1,15})/drafts/(diary|battle-[1-9][0-9]{0,14})$");
    std::smatch m;
    if (!std::regex_match(request.path, m, route))
        return done(api_error(404, "not_found", "No such draft: a draft is \"diary\" or \"battle-<id>\"."));
    const std::int64_t campaign = std::stoll(m[1].str());
    const std::string kind = m[2].str();
    const std::string method = request.method;
    if (method != "GET" && method != "POST" && method != "DELETE")
        return done(api_error(405, "bad_request", "Read a draft with GET, save it with POST, drop it with DELETE."));
    store::Draft draft;
    if (method == "POST") {
        if (auto why = read_draft(request.body, draft); !why.empty()) return done(api_error(400, "bad_request", why));
    }
    authenticate(request.token, [this, campaign, kind, method, draft, done = std::move(done)](std::optional<SessionInfo> who) mutable {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const Role role = directory_->role_of(campaign, who->user);
        // Not a member: as if there were no such campaign.
        if (role == Role::none) return done(api_error(404, "not_found", "There is no such campaign."));
        if (role != Role::player) return done(api_error(403, "forbidden", "Only a player keeps drafts."));
        draft.saved = unix_ms();
        db_->run([campaign, kind, user = who->user, method, draft, done](store::Database& db) {
            try {
                if (method == "POST") {
                    store::save_draft(db, campaign, user, kind, draft);
                    return done(ApiResponse{200, {{"saved", draft.saved}}});
                }
                if (method == "DELETE") {
                    store::drop_draft(db, campaign, user, kind);
                    return done(ApiResponse{200, json::object()});
                }
                auto found = store::draft_of(db, campaign, user, kind);
                if (!found) return done(ApiResponse{200, {{"turn", nullptr}}});
                done(ApiResponse{200, {{"turn", found->turn}, {"draft", json::parse(found->body)}, {"saved", found->saved}}});
            } catch (const std::exception& e) {
                done(draft_internal_error(db, e));
            }
        });
    });
}

}  // namespace muster
