#include "shared/campaign/colonel.h"

#include <regex>

#include "shared/campaign/year_fields.h"
#include "shared/core/fields.h"

namespace muster::campaign::year {

using nlohmann::json;

std::string objective_wording(const std::string& kind) {
    // over-the-hills.txt, "Personal Objectives".
    if (kind == "glory") return "To achieve military glory through successful campaigns";
    if (kind == "prestige") return "To increase their social prestige";
    if (kind == "wealth") return "To increase their wealth";
    if (kind == "smartest") return "To have the smartest regiment in the army";
    if (kind == "duty")
        return "To fulfil their social obligations by maintaining a good regiment, serving their country abroad "
               "without thought for personal gain";
    return "";
}

std::variant<Error, Profile> read_profile(const json& j) {
    if (!j.is_object()) return bad_request("The field \"profile\" must be an object.");
    Profile p;
    std::int64_t age = 0;
    if (j.contains("age") && !j.at("age").is_null()) {
        if (auto e = read_int(j, "age", 16, 99, age)) return *e;
        p.age = static_cast<int>(age);
    }
    if (auto e = read_optional_string(j, "social_status", 200, p.social_status)) return *e;
    if (auto e = read_optional_string(j, "marital_status", 200, p.marital_status)) return *e;
    if (auto e = read_optional_string(j, "background", 2000, p.background)) return *e;
    if (auto e = read_optional_string(j, "experience", 2000, p.experience)) return *e;
    return p;
}

json to_json(const Profile& p) {
    return {{"age", p.age ? json(*p.age) : json(nullptr)},
            {"social_status", p.social_status},
            {"marital_status", p.marital_status},
            {"background", p.background},
            {"experience", p.experience}};
}

Profile profile_from_json(const json& j) {
    Profile p;
    if (j.contains("age") && j.at("age").is_number_integer()) p.age = j.at("age").get<int>();
    p.social_status = j.value("social_status", "");
    p.marital_status = j.value("marital_status", "");
    p.background = j.value("background", "");
    p.experience = j.value("experience", "");
    return p;
}

json to_json(const Objective& o) {
    return {{"kind", o.kind}, {"text", o.text}, {"status", o.status}, {"note", o.note}};
}

json to_json(const Adjustment& a) {
    return {{"field", a.field},   {"before", a.before},
            {"value", a.value},   {"reason", a.reason}, {"at", a.at}};
}

std::string colonel_title(const std::string& name) {
    static const std::regex rank_first(
        R"(^(colonel|col\.?|lieutenant[- ]?(colonel|general)|lt\.?[- ]?col\.?|general|major|captain)([\s.,-]|$))",
        std::regex::icase);
    return std::regex_search(name, rank_first) ? name : "Colonel " + name;
}

std::string absence(const Colonel& c, int turn) {
    if (c.laid_up == "killed" || (!c.laid_up.empty() && turn < c.laid_up_until)) return c.laid_up;
    if (!c.away.empty()) return c.away;
    return c.leave.count(turn) ? "leave" : "";
}

int missed_in_a_row(const Colonel& c) {
    int n = 0;
    for (auto it = c.reports.rbegin(); it != c.reports.rend(); ++it) {
        // A month away or on leave owes no diary: it neither counts nor breaks the run.
        if (!is_chosen_activity(it->second.value("activity", ""))) continue;
        if (!it->second.value("default", false)) break;
        ++n;
    }
    return n;
}

json history_point(const Colonel& c, int turn, const std::string& label) {
    json point = {{"turn", turn}, {"label", label}, {"fortune", c.fortune}, {"pip", c.pip}};
    if (c.regiment) {
        point["drill"] = c.regiment->drill;
        point["musketry"] = c.regiment->musketry;
        point["effectiveness"] = c.regiment->effectiveness;
        point["companies"] = c.regiment->companies;
    } else {
        point["drill"] = point["musketry"] = point["effectiveness"] = point["companies"] = nullptr;
    }
    return point;
}

}  // namespace muster::campaign::year
