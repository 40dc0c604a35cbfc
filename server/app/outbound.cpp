#include "server/app/outbound.h"

#include <ctime>

#include "server/app/reply_address.h"
#include "shared/campaign/diary_mail.h"
#include "shared/campaign/year.h"

namespace muster {

std::string utc_format(std::int64_t ms, const char* format) {
    std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

std::string utc_words(std::int64_t ms) { return utc_format(ms, "%Y-%m-%d %H:%M UTC"); }

std::string link_base_of(const Config& config) {
    std::string base = config.public_url;
    if (base.empty()) base = (config.tls() ? "https://" : "http://") + config.listen;
    if (base.back() != '/') base += "/";
    return base;
}

namespace {

constexpr std::int64_t day_ms = 24 * 3600 * 1000;

// A player's notice that asks for his month's diary (the month's first asking, its reminders) invites a reply
// with it: its reply address, and the words that say how with his choices as they stand.
void invite_reply(const campaign::Notice& n, const campaign::CampaignState& state, std::int64_t campaign,
                  const Outbound& out, std::int64_t now_ms, store::OutboxItem& mail) {
    if (out.reply_base.empty()) return;
    if (n.kind == "talk" && n.about.is_object()) {
        // The channel closes with the turn, which talk.say itself checks; the address lasts a week at most.
        ReplyPurpose p{campaign, n.user, "talk", n.about.value("turn", std::int64_t{0}), now_ms + 7 * day_ms,
                       n.about.value("battle", std::int64_t{0}), n.about.value("to", std::int64_t{0})};
        mail.reply_to = reply_address(out.reply_base, out.reply_secret, p);
        mail.reply_text = "\nOr reply to this e-mail: what you write goes back to him as your words, while the two of "
                          "you may talk this turn.\n";
        return;
    }
    if (n.kind == "notice" && n.about.is_object() && state.year.rules.notice_answers && state.role_of(n.user) == Role::player) {
        ReplyPurpose p{campaign, n.user, "notice", 0, now_ms + 30 * day_ms};
        p.message = n.about.value("notice", std::int64_t{0});
        mail.reply_to = reply_address(out.reply_base, out.reply_secret, p);
        mail.reply_text = "\nOr reply to this e-mail: your answer goes to the umpires alone.\n";
        return;
    }
    if (n.tab != "diary" || (n.kind != "needs_you" && n.kind != "reminder")) return;
    const std::string lines = campaign::year::diary_lines(state, n.user);
    if (lines.empty()) return;
    const auto& cal = state.year.calendar;
    // Without a deadline the month asks until it is resolved; a reply after that is refused as stale anyway.
    const std::int64_t expires = cal.deadline ? *cal.deadline : now_ms + 60 * day_ms;
    mail.reply_to = reply_address(out.reply_base, out.reply_secret, {campaign, n.user, "diary", cal.turn, expires});
    mail.reply_text = "\nOr reply to this e-mail with your diary for " + campaign::year::label(cal) +
                      ": what you write becomes its text. Your choices for the month stand as below; to change one, "
                      "write its line in your reply (\"Pay: arrears\").\n\n" + lines;
}

}  // namespace

std::vector<store::OutboxItem> outbox_items(const std::vector<campaign::Notice>& notices, const campaign::CampaignState& state,
                                            std::int64_t campaign, const Outbound& out, std::int64_t now_ms) {
    const std::string& campaign_name = state.name;
    const std::string& webhook = state.webhook;
    std::vector<store::OutboxItem> items;
    for (const auto& n : notices) {
        const std::optional<std::int64_t> due =
            n.due.is_number_integer() ? std::optional<std::int64_t>(n.due.get<std::int64_t>()) : std::nullopt;
        const std::string link = out.link_base + "#/campaign/" + std::to_string(campaign) + (n.tab.empty() ? "" : "/" + n.tab);
        if (n.user == 0) {
            // A shared channel: the deadline in UTC, since its readers are in every zone.
            if (webhook.empty()) continue;
            items.push_back({campaign, 0, "webhook", webhook, campaign_name + ": " + n.text,
                             (due ? "Due: " + utc_words(*due) + ".\n" : "") + link});
            continue;
        }
        store::OutboxItem page{campaign, n.user, "page", "", n.text, "", due};
        page.tab = n.tab;
        items.push_back(std::move(page));
        // The e-mail's deadline line and its footer are written when it is sent, in the reader's time zone and with
        // his unsubscribe link (server/app/notifier.cpp).
        store::OutboxItem mail{campaign, n.user, "email", "", campaign_name + ": " + n.text, n.text + "\n\nOpen it: " + link + "\n", due};
        mail.cap = out.cap;
        mail.tab = n.tab;
        invite_reply(n, state, campaign, out, now_ms, mail);
        items.push_back(std::move(mail));
    }
    return items;
}

}  // namespace muster
