#include "server/app/outbound.h"

#include <ctime>

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

std::vector<store::OutboxItem> outbox_items(const std::vector<campaign::Notice>& notices, std::int64_t campaign,
                                            const std::string& campaign_name, const std::string& webhook,
                                            const Outbound& out) {
    std::vector<store::OutboxItem> items;
    for (const auto& n : notices) {
        const std::optional<std::int64_t> due =
            n.due.is_number_integer() ? std::optional<std::int64_t>(n.due.get<std::int64_t>()) : std::nullopt;
        // A digest reads the tab back from this link: a diary or colonels one is on the month's clock (notifier.cpp).
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
        items.push_back(std::move(mail));
    }
    return items;
}

}  // namespace muster
