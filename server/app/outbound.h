#pragma once
// How a campaign's notices become messages in the outbox (docs/protocol.md, "Notifications"): an e-mail to each
// member told (his verified address, if any), a post to the campaign's webhook for the public facts. The words come
// from shared/campaign/notices.h, built from what each recipient may see.
#include <functional>
#include <string>
#include <vector>

#include "server/app/config.h"
#include "server/store/outbox.h"
#include "shared/campaign/campaign.h"
#include "shared/campaign/notices.h"

namespace muster {

// What a hub needs to write and send notifications: the address players reach the server at, for links, and a
// poke for the sender once something is written.
struct Outbound {
    std::string link_base;  // "https://club.example/" (ends in /)
    std::function<void()> poke;
    int cap = 0;  // e-mails a user gets in a day before the rest wait for his digest (notify_cap_per_day)
    // Replies by e-mail (mail_reply_to, mail_secret): none when the reply address is empty.
    std::string reply_base;
    std::string reply_secret;
};

// The address players reach the server at, ending in /: public_url, else the address it listens on.
std::string link_base_of(const Config& config);

// Each member's notice goes to his page's list and to his e-mail (as he chose: docs/protocol.md, "Notifications");
// the public facts to the webhook.
// An e-mail asking a player for his month's diary invites his reply with it (docs/protocol.md, "A diary by
// e-mail"): its reply address, and its choices as they stand in `state` (now_ms: when it is written).
std::vector<store::OutboxItem> outbox_items(const std::vector<campaign::Notice>& notices, const campaign::CampaignState& state,
                                            std::int64_t campaign, const Outbound& out, std::int64_t now_ms);
// "2026-12-05 20:00 UTC": a deadline written for a reader whose time zone the server does not know.
std::string utc_words(std::int64_t ms);
// A time in UTC as strftime's `format` writes it (an e-mail's Date header, utc_words).
std::string utc_format(std::int64_t ms, const char* format);

}  // namespace muster
