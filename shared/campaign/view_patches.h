#pragma once
// How the server patches its members' views across a command's events (docs/architecture.md, "Patches"): the
// one path from events to each viewer's JSON Patch, shared by the hub and the tests that check it. Each run of
// events takes the cheapest way that is still exact: the common events (chat, notices, rolls) by role from the
// event alone (view_patch), the year's by the parts they change (PartsPatch), a battle's by the light battles
// section (mark_section, section_patch), and the rest by diffing whole views. Applied to a viewer's view before
// the events, his patches give his view after them (tests/unit/test_whole_campaign.cpp checks it over random
// play of a whole campaign).
#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/campaign.h"

namespace muster::campaign {

class ViewPatcher {
public:
    using Piece = std::shared_ptr<const nlohmann::json>;
    // Applies the events to `state` and returns, for each of `viewers` in order, his patches: one per event or
    // run of events, maybe empty. Viewers of one role may share a piece (and so its serialization).
    std::vector<std::vector<Piece>> apply(CampaignState& state, const std::vector<Event>& events,
                                          const std::vector<Viewer>& viewers);
    // The state was replaced (a load or a reload, which may go back to an earlier seq): nothing kept is valid.
    void forget();

private:
    using Pieces = std::vector<std::vector<Piece>>;
    void by_role(CampaignState& state, const Event& e, const std::vector<Viewer>& viewers, Pieces& pieces);
    void section(CampaignState& state, std::span<const Event> run, const std::vector<Viewer>& viewers, Pieces& pieces);
    void parts(CampaignState& state, std::span<const Event> run, std::vector<std::string> parts,
               const std::vector<Viewer>& viewers, Pieces& pieces);
    void whole_views(CampaignState& state, std::span<const Event> run, const std::vector<Viewer>& viewers,
                     Pieces& pieces);

    // Each user's light views of the battles the last battle run changed, valid while the state's seq is
    // light_seq_ (every event moves seq).
    std::unordered_map<std::int64_t, nlohmann::json> light_kept_;
    std::int64_t light_seq_ = -1;
};

// A viewer's pieces as one patch (the piece itself when there is only one).
ViewPatcher::Piece joined(const std::vector<ViewPatcher::Piece>& pieces);

}  // namespace muster::campaign
