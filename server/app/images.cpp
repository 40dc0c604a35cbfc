// A campaign's pictures (docs/protocol.md, "Images"): the umpire uploads a sketch map for an expedition's
// briefing; members of the campaign fetch it. The type is read from the bytes (PNG, JPEG, GIF or WebP) and must
// be the one declared; the size is capped (setting image_max_bytes). Each picture is named by a random token,
// so its address is known only to those it was shown to: a map in a secret field is not found by guessing.
#include <iostream>
#include <optional>
#include <regex>

#include "server/app/app.h"
#include "server/app/clock.h"
#include "server/app/db_worker.h"
#include "server/app/directory.h"
#include "server/app/tokens.h"
#include "server/store/images.h"

namespace muster {

namespace {

// The picture's type from its first bytes ("magic numbers"); empty when it is none of the four.
std::string sniff(const std::string& b) {
    auto starts = [&](std::string_view magic, std::size_t at = 0) {
        return b.size() >= at + magic.size() && b.compare(at, magic.size(), magic) == 0;
    };
    if (starts("\x89PNG\r\n\x1a\n")) return "image/png";
    if (starts("\xff\xd8\xff")) return "image/jpeg";
    if (starts("GIF87a") || starts("GIF89a")) return "image/gif";
    if (starts("RIFF") && starts("WEBP", 8)) return "image/webp";
    return "";
}

}  // namespace

void App::images_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    static const std::regex route("^/api/campaigns/([0-9]{1,15})/images(?:/([0-9a-f]{32}))?$");
    std::smatch m;
    if (!std::regex_match(request.path, m, route)) return done(api_error(404, "not_found", "No such API."));
    const std::int64_t campaign = std::stoll(m[1].str());
    const std::string token = m[2].str();
    const bool upload = token.empty();
    if (upload && request.method != "POST") return done(api_error(405, "bad_request", "Upload a picture with POST."));
    if (!upload && request.method != "GET") return done(api_error(405, "bad_request", "Fetch a picture with GET."));
    authenticate(request.token, [this, request, campaign, token, upload, done = std::move(done)](std::optional<SessionInfo> who) {
        if (!who) return done(api_error(401, "unauthorized", "You are not logged in."));
        const Role role = directory_->role_of(campaign, who->user);
        // Not a member: as if there were no such campaign or picture.
        if (role == Role::none) return done(api_error(404, "not_found", "There is no such picture."));
        if (!upload) {
            return db_->run([campaign, token, done](store::Database& db) {
                try {
                    auto row = store::image(db, campaign, token);
                    if (!row) return done(api_error(404, "not_found", "There is no such picture."));
                    ApiResponse picture{200, nlohmann::json::object()};
                    picture.raw_type = row->type;
                    picture.raw = std::move(row->bytes);
                    done(std::move(picture));
                } catch (const std::exception& e) {
                    std::cerr << "muster: picture: " << e.what() << "\n";
                    done(api_unsaved(db, e, "The server could not do that; try again."));
                }
            });
        }
        if (role != Role::umpire) return done(api_error(403, "forbidden", "Only the campaign's umpires upload pictures."));
        if (request.body.empty()) return done(api_error(400, "bad_request", "Send the picture as the request's body."));
        const std::string type = sniff(request.body);
        if (type.empty()) return done(api_error(415, "unsupported_type", "A picture is a PNG, JPEG, GIF or WebP file."));
        const std::string declared = request.content_type.substr(0, request.content_type.find(';'));
        if (declared != type)
            return done(api_error(415, "unsupported_type", "The file is " + type + " but was sent as \"" + declared + "\"."));
        const std::string name = random_hex(16);
        db_->run([campaign, name, type, bytes = request.body, user = who->user, done](store::Database& db) {
            try {
                store::add_image(db, name, campaign, type, bytes, user, unix_ms());
                const std::string url = "/api/campaigns/" + std::to_string(campaign) + "/images/" + name;
                done(ApiResponse{201, {{"image", name}, {"url", url}, {"type", type}, {"bytes", bytes.size()}}});
            } catch (const std::exception& e) {
                std::cerr << "muster: picture upload: " << e.what() << "\n";
                done(api_unsaved(db, e, "The server could not store the picture; try again."));
            }
        });
    });
}

}  // namespace muster
