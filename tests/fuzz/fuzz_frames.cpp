// libFuzzer target: one WebSocket text frame, from the bytes the session reads to what the server makes of it
// (docs/reliability.md, "Fuzzing"): frames::read_frame, which App::on_frame calls on every text frame (the JSON, the
// envelope's id, type, body and campaign, the fields read before a hub sees the command), then the reply frame a
// refusal gets. Frames over ws_max_message never reach it (Beast closes with 1009), so neither do such inputs.
// read_frame must not throw, a reply must be JSON whose "reply" is the frame's id, and an accepted command must be
// what its route promises; nothing may trip AddressSanitizer or UndefinedBehaviorSanitizer.
//   scripts/fuzz.sh frames 600      (builds with clang-14 in build-fuzz/, runs 600 s on tests/fuzz/corpus/frames)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "server/app/config.h"
#include "server/app/frame_reader.h"
#include "server/app/frames.h"

using namespace muster;
using nlohmann::json;

namespace {

void check(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz_frames: %s\n", what);
    std::abort();
}

// The reply a client gets must be JSON he can read, answering his id as JSON writes it.
void check_reply(const frames::Frame& reply, const json& id) {
    const auto back = json::parse(*reply, nullptr, false);
    check(back.is_object() && back.contains("reply") && back.contains("ok"), "a reply that is not a reply");
    check(back["reply"] == json::parse(id.dump()), "a reply to another id");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Config config;
    if (size > config.ws_max_message) return 0;
    const std::string text(reinterpret_cast<const char*>(data), size);
    auto in = frames::read_frame(text);

    if (in.unreadable) {
        check(in.id.is_null() && !in.refusal, "an unreadable frame with an id or a second refusal");
        check_reply(frames::reply_error(nullptr, *in.unreadable), nullptr);
        return 0;
    }
    check(in.id.is_null() || in.id.is_number() || in.id.is_string(), "an id neither number nor string");
    if (in.refusal) {
        check(!in.refusal->code.empty() && !in.refusal->message.empty(), "a refusal without code or words");
        check_reply(frames::reply_error(in.id, *in.refusal), in.id);
        return 0;
    }
    check(in.command.body.is_object(), "a command whose body is not an object");
    using Route = frames::Incoming::Route;
    switch (in.route) {
        case Route::create:
            check(in.command.type == "campaign.create" && !in.name.empty(), "campaign.create without a name");
            check_reply(frames::reply_ok(in.id, {{"campaign", 1}}), in.id);
            break;
        case Route::list:
            check(in.command.type == "campaign.list", "campaign.list routed wrongly");
            break;
        case Route::join:
            check(in.command.type == "campaign.join", "campaign.join routed wrongly");
            check(in.code.find_first_of(" -\t") == std::string::npos, "an invite code not as the server makes them");
            break;
        case Route::campaign:
            check(in.campaign >= 1 && in.command.body["campaign"] == in.campaign, "a campaign command without its campaign");
            break;
    }
    // What a hub is handed, and would log when the command is decided.
    (void)in.command.body.dump();
    return 0;
}
