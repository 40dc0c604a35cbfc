#include "shared/campaign/view_patches.h"

#include <algorithm>
#include <string>

#include "shared/campaign/view_parts.h"

namespace muster::campaign {

using nlohmann::json;

namespace {

// The end of the run of events that begins at `begin` and is patched alike (a battle's section or whole views):
// one patch for the run (a turn's reveal and steps come together).
std::size_t run_end(const std::vector<Event>& events, std::size_t begin) {
    const auto section = only_section_changed(events[begin]);
    std::size_t end = begin + 1;
    while (end < events.size() && !has_view_patch(events[end].type) && !parts_changed(events[end]) &&
           only_section_changed(events[end]) == section)
        ++end;
    return end;
}

// The end of the run of the year's events that begins at `begin` (a month's resolution and the falls it brings
// share one patch); adds the parts they change to `parts`.
std::size_t parts_run_end(const std::vector<Event>& events, std::size_t begin, std::vector<std::string>& parts) {
    std::size_t end = begin + 1;
    for (; end < events.size(); ++end) {
        auto more = parts_changed(events[end]);
        if (!more) break;
        for (auto& part : *more)
            if (std::find(parts.begin(), parts.end(), part) == parts.end()) parts.push_back(std::move(part));
    }
    return end;
}

}  // namespace

std::vector<std::vector<ViewPatcher::Piece>> ViewPatcher::apply(CampaignState& state, const std::vector<Event>& events,
                                                                const std::vector<Viewer>& viewers) {
    Pieces pieces(viewers.size());
    for (std::size_t i = 0; i < events.size();) {
        if (has_view_patch(events[i].type)) {
            by_role(state, events[i], viewers, pieces);
            ++i;
            continue;
        }
        if (auto changed = parts_changed(events[i])) {
            const std::size_t end = parts_run_end(events, i, *changed);
            parts(state, std::span<const Event>(events.data() + i, end - i), std::move(*changed), viewers, pieces);
            i = end;
            continue;
        }
        const std::size_t end = run_end(events, i);
        const std::span<const Event> run(events.data() + i, end - i);
        if (only_section_changed(events[i])) section(state, run, viewers, pieces);
        else whole_views(state, run, viewers, pieces);
        i = end;
    }
    return pieces;
}

void ViewPatcher::forget() {
    light_kept_.clear();
    light_seq_ = -1;
}

void ViewPatcher::by_role(CampaignState& state, const Event& e, const std::vector<Viewer>& viewers, Pieces& pieces) {
    // The common events: one patch per role, shared by every viewer of that role (one each where the patch is not
    // the role's alone: view_patch_by_role).
    campaign::apply(state, e);
    Piece by_role[4];
    Piece for_all;  // the patch view_patch said every viewer gets alike (a chat line)
    const bool shared = view_patch_by_role(e.type);
    for (std::size_t i = 0; i < viewers.size(); ++i) {
        Piece own;
        auto& patch = shared ? by_role[static_cast<int>(viewers[i].role)] : own;
        if (!patch && for_all) patch = for_all;
        if (!patch) {
            bool alike = false;
            auto made = std::make_shared<const json>(*view_patch(state, e, viewers[i], &alike));
            // Roles that see the event alike share one patch, and so one serialization.
            for (const auto& other : by_role)
                if (other && *other == *made) made = other;
            patch = made;
            if (alike) for_all = made;
        }
        pieces[i].push_back(patch);
    }
}

void ViewPatcher::section(CampaignState& state, std::span<const Event> run, const std::vector<Viewer>& viewers,
                          Pieces& pieces) {
    // A battle's events: light battles sections diffed, the log and history appended. Each user's section as the
    // last run left it is his `before` when no event came between (a battle's steps follow one another): one view
    // of the battle per user and step, not two. Only the battles the run changes are made and diffed: a
    // campaign's old battles stand beside the one fought.
    const auto changed = battles_changed(run);
    const bool kept = light_seq_ == state.seq;
    std::vector<SectionMark> before;
    for (const auto& viewer : viewers) {
        auto it = kept ? light_kept_.find(viewer.user) : light_kept_.end();
        before.push_back(mark_section(state, viewer, changed, it != light_kept_.end() ? std::move(it->second) : json(nullptr)));
    }
    light_kept_.clear();
    for (const auto& e : run) campaign::apply(state, e);
    for (std::size_t i = 0; i < viewers.size(); ++i) {
        json light;
        pieces[i].push_back(std::make_shared<const json>(section_patch(before[i], state, viewers[i], changed, &light)));
        light_kept_[viewers[i].user] = std::move(light);
    }
    light_seq_ = state.seq;
}

void ViewPatcher::parts(CampaignState& state, std::span<const Event> run, std::vector<std::string> parts,
                        const std::vector<Viewer>& viewers, Pieces& pieces) {
    // The year's events: only the parts they change, each made once for the viewers who see it alike.
    PartsPatch patch(std::move(parts), state, viewers);
    for (const auto& e : run) campaign::apply(state, e);
    auto out = patch.patches(state, viewers);
    for (std::size_t i = 0; i < viewers.size(); ++i) pieces[i].push_back(std::make_shared<const json>(std::move(out[i])));
}

void ViewPatcher::whole_views(CampaignState& state, std::span<const Event> run, const std::vector<Viewer>& viewers,
                              Pieces& pieces) {
    // The rest: diff each viewer's whole view.
    std::vector<json> before;
    for (const auto& viewer : viewers) before.push_back(view(state, viewer));
    for (const auto& e : run) campaign::apply(state, e);
    for (std::size_t i = 0; i < viewers.size(); ++i)
        pieces[i].push_back(std::make_shared<const json>(json::diff(before[i], view(state, viewers[i]))));
}

ViewPatcher::Piece joined(const std::vector<ViewPatcher::Piece>& pieces) {
    if (pieces.size() == 1) return pieces.front();
    auto all = std::make_shared<json>(json::array());
    for (const auto& piece : pieces)
        for (const auto& op : *piece) all->push_back(op);
    return all;
}

}  // namespace muster::campaign
