#pragma once
// Patching members' views after the events that change few parts of them (the year's): the server diffs only
// the parts an event may change, each part made and diffed once for all the viewers who see it alike, instead
// of making and diffing every member's whole view (which grows with every month a campaign has played).
// Applied to a viewer's view before the events, the patch gives his view after them
// (tests/unit/test_year_property.cpp checks it over a generated campaign of 36 months).
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster::campaign {

// The parts of the view an event of this type may change: "year/<part>" (year::parts(), "year/colonels/<id>"
// for one colonel, "year/colonels" for every one) and "expeditions" (the expeditions' section, which reads the
// year's calendar and colonels). Nothing when it may change more: the caller diffs whole views.
std::optional<std::vector<std::string>> parts_changed(const Event& event);

class PartsPatch {
public:
    // Marks `parts` as each viewer sees them before the events.
    PartsPatch(std::vector<std::string> parts, const CampaignState& before, const std::vector<Viewer>& viewers);
    // Each viewer's patch (in the order of `viewers`, the same viewers as marked) from the marks to `after`.
    std::vector<nlohmann::json> patches(const CampaignState& after, const std::vector<Viewer>& viewers);

private:
    using Values = std::unordered_map<std::string, std::optional<nlohmann::json>>;  // by audience
    // The parts to diff: "year/colonels" stands for each colonel, those of `state` and those marked.
    std::vector<std::string> expanded(const CampaignState& state) const;
    const std::optional<nlohmann::json>& value(Values& values, const CampaignState& state, const Viewer& viewer,
                                               const std::string& part, std::string& audience) const;

    std::vector<std::string> parts_;
    std::unordered_map<std::string, Values> before_;                 // by part
    std::vector<std::unordered_map<std::string, std::string>> seen_;  // each viewer's audience of each part before
};

}  // namespace muster::campaign
