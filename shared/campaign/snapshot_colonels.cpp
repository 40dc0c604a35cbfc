// A colonel in a campaign's snapshot (shared/campaign/snapshot.h): his sheet, objective, regiment, diaries,
// reports, history and the umpire's adjustments.
#include "shared/campaign/snapshot_internal.h"

namespace muster::campaign::snapshot_detail {

using namespace muster::campaign::year;

namespace {

json objective_json(const Objective& o) { return to_json(o); }
Objective objective_from(const json& j) {
    return Objective{j.at("kind").get<std::string>(), j.at("text").get<std::string>(), j.at("status").get<std::string>(),
                     j.at("note").get<std::string>()};
}

// colonel.h's to_json leaves out the event that made it.
json adjustment_json(const Adjustment& a) {
    json out = to_json(a);
    out["seq"] = a.seq;
    return out;
}
Adjustment adjustment_from(const json& j) {
    Adjustment a;
    a.seq = j.at("seq").get<std::int64_t>();
    a.field = j.at("field").get<std::string>();
    a.before = j.at("before").get<std::int64_t>();
    a.value = j.at("value").get<std::int64_t>();
    a.reason = j.at("reason").get<std::string>();
    a.at = j.at("at").get<std::int64_t>();
    return a;
}

json regiment_json(const Regiment& r) { return to_json(r); }

}  // namespace

// diary.h's to_json leaves out the diary's number in the gazette (the view adds it where it is published).
json diary_json(const Diary& d) {
    json out = to_json(d);
    out["gazette_id"] = d.gazette_id;
    return out;
}
Diary diary_from(const json& j) {
    Diary d = diary_from_json(j);
    d.gazette_id = j.at("gazette_id").get<std::int64_t>();
    return d;
}

json colonel_json(const Colonel& c) {
    json adjustments = json::array();
    for (const auto& a : c.adjustments) adjustments.push_back(adjustment_json(a));
    json out = {{"user", c.user},
                {"player", c.player},
                {"name", c.name},
                {"profile", to_json(c.profile)},
                {"created_at", c.created_at},
                {"fortune", c.fortune},
                {"pip", c.pip},
                {"pip_bought", c.pip_bought},
                {"pip_price_paid", c.pip_price_paid},
                {"away", c.away},
                {"laid_up", c.laid_up},
                {"laid_up_until", c.laid_up_until},
                {"leave", c.leave},
                {"diaries", map_json(c.diaries, diary_json)},
                {"reports", map_json(c.reports)},
                {"history", c.history},
                {"adjustments", std::move(adjustments)}};
    put(out, "objective", c.objective, objective_json);
    put(out, "regiment", c.regiment, regiment_json);
    put(out, "standing", c.standing, diary_json);
    put(out, "last_diary", c.last_diary, diary_json);
    return out;
}

Colonel colonel_from(const json& j) {
    Colonel c;
    c.user = j.at("user").get<std::int64_t>();
    c.player = j.at("player").get<std::string>();
    c.name = j.at("name").get<std::string>();
    c.profile = profile_from_json(j.at("profile"));
    c.created_at = j.at("created_at").get<std::int64_t>();
    c.fortune = j.at("fortune").get<std::int64_t>();
    c.pip = j.at("pip").get<std::int64_t>();
    c.pip_bought = j.at("pip_bought").get<std::int64_t>();
    c.pip_price_paid = j.at("pip_price_paid").get<int>();
    c.objective = take<Objective>(j, "objective", objective_from);
    c.regiment = take<Regiment>(j, "regiment", regiment_from_json);
    c.away = j.at("away").get<std::string>();
    c.laid_up = j.at("laid_up").get<std::string>();
    c.laid_up_until = j.at("laid_up_until").get<int>();
    c.standing = take<Diary>(j, "standing", diary_from);
    c.leave = j.at("leave").get<std::set<int>>();
    c.diaries = map_from<int, Diary>(j.at("diaries"), diary_from);
    c.last_diary = take<Diary>(j, "last_diary", diary_from);
    c.reports = map_from<int, json>(j.at("reports"));
    c.history = j.at("history").get<std::vector<json>>();
    for (const auto& a : j.at("adjustments")) c.adjustments.push_back(adjustment_from(a));
    return c;
}

}  // namespace muster::campaign::snapshot_detail
