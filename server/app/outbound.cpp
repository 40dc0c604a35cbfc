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

std::vector<store::OutboxItem> outbox_items(const std::vector<campaign::Notice>& notices, std::int64_t campaign,
                                            const std::string& campaign_name, const std::string& webhook,
                                            const std::string& link_base) {
    std::vector<store::OutboxItem> out;
    for (const auto& n : notices) {
        const std::string due = n.due.is_number_integer() ? "Due: " + utc_words(n.due.get<std::int64_t>()) + ".\n" : "";
        const std::string link = link_base + "#/campaign/" + std::to_string(campaign) + (n.tab.empty() ? "" : "/" + n.tab);
        if (n.user == 0) {
            if (webhook.empty()) continue;
            out.push_back({campaign, 0, "webhook", webhook, campaign_name + ": " + n.text, due + link});
            continue;
        }
        out.push_back({campaign, n.user, "email", "", campaign_name + ": " + n.text,
                       n.text + "\n" + due + "\nOpen it: " + link +
                           "\n\nYou get this because your e-mail address is in your Muster account. To stop these "
                           "e-mails, remove it under Notifications on your campaigns page: " + link_base + "#/campaigns\n"});
    }
    return out;
}

}  // namespace muster
