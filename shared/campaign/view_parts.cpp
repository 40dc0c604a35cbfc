// Patching views part by part (shared/campaign/view_parts.h).
#include "shared/campaign/view_parts.h"

#include <set>

#include "shared/campaign/expedition.h"
#include "shared/campaign/year.h"

namespace muster::campaign {

using nlohmann::json;

namespace {

const std::string every_colonel = "year/colonels";

// The year's events that change one colonel, the umpire's console, what needs whom and the gazette, and
// nothing else: the ones a month is full of.
bool one_colonel_event(const std::string& type) {
    return type == "diary.submitted" || type == "diary.published" || type == "diary.standing_set" ||
           type == "report.noted";
}

std::optional<json> part_value(const CampaignState& state, const Viewer& viewer, const std::string& part) {
    if (part != "expeditions") return year::view_part(state, viewer, part.substr(5));
    json out = json::object();
    expeditions::add_to_view(out, state, viewer);
    return std::move(out["expeditions"]);
}

std::string audience(const Viewer& viewer, const std::string& part) {
    return part == "expeditions" ? "user " + std::to_string(viewer.user) : year::part_audience(viewer, part.substr(5));
}

std::string pointer(const std::string& part) { return "/" + part; }

json diff(const std::optional<json>& before, const std::optional<json>& after, const std::string& part) {
    if (!before && !after) return json::array();
    if (!before) return json::array({{{"op", "add"}, {"path", pointer(part)}, {"value", *after}}});
    if (!after) return json::array({{{"op", "remove"}, {"path", pointer(part)}}});
    return json::diff(*before, *after, pointer(part));
}

}  // namespace

std::optional<std::vector<std::string>> parts_changed(const Event& event) {
    if (!year::handles_event(event.type)) return std::nullopt;
    if (one_colonel_event(event.type)) {
        const auto colonel = event.body.find("colonel");
        if (colonel == event.body.end() || !colonel->is_number_integer()) return std::nullopt;
        return std::vector<std::string>{every_colonel + "/" + std::to_string(colonel->get<std::int64_t>()),
                                        "year/console", "year/needs_you", "year/gazette"};
    }
    std::vector<std::string> all;
    for (const auto& part : year::parts()) all.push_back("year/" + part);
    // The expeditions follow the year's calendar and colonels; the battles' section reads nothing of the year.
    all.push_back("expeditions");
    return all;
}

PartsPatch::PartsPatch(std::vector<std::string> parts, const CampaignState& before, const std::vector<Viewer>& viewers)
    : parts_(std::move(parts)), seen_(viewers.size()) {
    for (const auto& part : expanded(before))
        for (std::size_t i = 0; i < viewers.size(); ++i) value(before_[part], before, viewers[i], part, seen_[i][part]);
}

std::vector<std::string> PartsPatch::expanded(const CampaignState& state) const {
    std::set<std::string> out;
    for (const auto& part : parts_) {
        if (part != every_colonel) {
            out.insert(part);
            continue;
        }
        for (const auto& [user, c] : state.year.colonels) out.insert(every_colonel + "/" + std::to_string(user));
        for (const auto& [marked, values] : before_)
            if (marked.rfind(every_colonel + "/", 0) == 0) out.insert(marked);
    }
    return {out.begin(), out.end()};
}

const std::optional<json>& PartsPatch::value(Values& values, const CampaignState& state, const Viewer& viewer,
                                             const std::string& part, std::string& audience_of) const {
    audience_of = audience(viewer, part);
    auto it = values.find(audience_of);
    if (it == values.end()) it = values.emplace(audience_of, part_value(state, viewer, part)).first;
    return it->second;
}

std::vector<json> PartsPatch::patches(const CampaignState& after, const std::vector<Viewer>& viewers) {
    static const std::optional<json> absent;
    std::vector<json> out(viewers.size(), json::array());
    for (const auto& part : expanded(after)) {
        Values now;
        std::unordered_map<std::string, json> diffs;  // by the audiences before and after
        const auto marked = before_.find(part);
        for (std::size_t i = 0; i < viewers.size(); ++i) {
            std::string audience_after;
            const auto& value_after = value(now, after, viewers[i], part, audience_after);
            const auto seen = seen_[i].find(part);
            const bool was = marked != before_.end() && seen != seen_[i].end();
            const std::string key = (was ? seen->second : std::string("\n")) + "\n" + audience_after;
            auto d = diffs.find(key);
            if (d == diffs.end())
                d = diffs.emplace(key, diff(was ? marked->second.at(seen->second) : absent, value_after, part)).first;
            for (const auto& op : d->second) out[i].push_back(op);
        }
    }
    return out;
}

}  // namespace muster::campaign
