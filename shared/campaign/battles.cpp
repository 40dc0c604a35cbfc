#include "shared/campaign/battles.h"

#include "shared/campaign/campaign.h"

namespace muster::campaign::battles {

// No battle commands yet: the commands, turn sequence and views of issue 4 come next.
bool handles(const std::string&) { return false; }

std::variant<Error, std::vector<Event>> decide(const CampaignState&, const Command& command, const Viewer&, Dice&,
                                               const Supplied&) {
    return Error{"unknown_command", "There is no command \"" + command.type + "\"."};
}

void apply(CampaignState&, const Event&) {}

void add_to_view(nlohmann::json&, const CampaignState&, const Viewer&) {}

bool chat_closed_for(const CampaignState&, std::int64_t) { return false; }

std::optional<std::int64_t> next_alarm(const CampaignState&) { return std::nullopt; }

Command alarm_command(const CampaignState&, std::int64_t) { return Command{}; }

}  // namespace muster::campaign::battles
