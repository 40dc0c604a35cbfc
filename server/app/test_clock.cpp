// POST /api/test/clock {"advance_ms": n}: moves the server's clock forward, on a server started with
// test_clock only (docs/operations.md, "Tests"). A month's reminders, deadline and digests are then played
// through in seconds: every hub re-arms its alarm against the new time and the sender looks at its outbox.
#include "server/app/app.h"
#include "server/app/hub.h"
#include "server/app/notifier.h"

namespace muster {

void App::test_clock_api(const ApiRequest& request, std::function<void(ApiResponse)> done) {
    using nlohmann::json;
    auto refuse = [&](int status, const char* code, const char* message) {
        done(ApiResponse{status, {{"error", {{"code", code}, {"message", message}}}}});
    };
    if (!config_.test_clock) return refuse(404, "not_found", "No such API.");
    if (request.method != "POST") return refuse(405, "bad_request", "That method is not allowed here.");
    auto body = json::parse(request.body, nullptr, false);
    if (!body.is_object() || !body.contains("advance_ms") || !body["advance_ms"].is_number_integer() ||
        body["advance_ms"].get<std::int64_t>() < 0)
        return refuse(400, "bad_request", "The body must be {\"advance_ms\": a whole number >= 0}.");
    clock_offset_ms() += body["advance_ms"].get<std::int64_t>();
    {
        std::lock_guard lock(hubs_mutex_);
        for (auto& [id, hub] : hubs_) hub->clock_changed();
        wakeup_armed_.reset();  // re-armed against the new time
        arm_wakeup();
    }
    if (notifier_) notifier_->poke();
    done(ApiResponse{200, {{"now", unix_ms()}}});
}

}  // namespace muster
