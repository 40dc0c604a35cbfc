#include "shared/campaign/diary_mail.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <vector>

#include "shared/campaign/colonel.h"
#include "shared/campaign/diary.h"
#include "shared/campaign/year.h"

namespace muster::campaign::year {

using nlohmann::json;

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The diary that stands for the month: the one he sent, else his standing orders, else the one he would get.
std::optional<Diary> standing_diary(const CampaignState& state, const Colonel& c) {
    const auto& y = state.year;
    auto sent = c.diaries.find(y.calendar.turn);
    if (sent != c.diaries.end()) return sent->second;
    const Regiment* regiment = c.regiment ? &*c.regiment : nullptr;
    Diary d = missed_diary(c.standing, c.last_diary, regiment, y.rules);
    d.text.clear();
    d.publish = false;
    return d;
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

std::string pay_words(const std::string& pay) { return pay == "pay_arrears" ? "pay arrears" : pay; }

std::string activity_words(const json& body) {
    const std::string a = body.value("activity", "");
    if (a == "supervise" && body.value("supervise", json()).is_string()) return "supervise " + body["supervise"].get<std::string>();
    return a;
}

// "yes"/"no" (and their usual spellings) as a bool; nothing for other words.
std::optional<bool> read_yes_no(const std::string& value) {
    const std::string v = lower(value);
    if (v == "yes" || v == "y" || v == "true" || v == "on") return true;
    if (v == "no" || v == "n" || v == "false" || v == "off") return false;
    return std::nullopt;
}

// One line "Name: value" into the body (an order's only where the body has orders); false and `error` when the value
// is not one the choice takes.
bool read_line(const std::string& name, const std::string& value, json& body, std::string& error) {
    const std::string v = lower(value);
    if (name == "activity") {
        std::istringstream words(v);
        std::string first, second;
        words >> first >> second;
        if (first == "socialise" || first == "socialize") first = "socialise";
        if (first != "supervise" && first != "socialise" && first != "business" && first != "politics") {
            error = "\"Activity: " + value + "\": the activity is one of supervise drill, supervise musketry, "
                    "supervise manoeuvres, socialise, business or politics.";
            return false;
        }
        body["activity"] = first;
        if (first == "supervise") {
            if (second == "maneuvers") second = "manoeuvres";
            if (second != "drill" && second != "musketry" && second != "manoeuvres") {
                error = "\"Activity: " + value + "\": say what he supervises: drill, musketry or manoeuvres.";
                return false;
            }
            body["supervise"] = second;
        } else {
            body.erase("supervise");
        }
        return true;
    }
    if (name == "drill" || name == "musketry" || name == "manoeuvres" || name == "maneuvers") {
        auto b = read_yes_no(v);
        if (!b) {
            error = "\"" + name + ": " + value + "\": say yes or no.";
            return false;
        }
        body["orders"][name == "maneuvers" ? "manoeuvres" : name] = *b;
        return true;
    }
    if (name == "companies maintained" || name == "companies declared") {
        if (v.empty() || v.size() > 3 || !std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
            error = "\"" + name + ": " + value + "\": give a number of companies.";
            return false;
        }
        body["orders"][name == "companies maintained" ? "maintained" : "declared"] = std::stoi(v);
        return true;
    }
    if (name == "pay") {
        const std::string p = v == "pay arrears" || v == "pay_arrears" || v == "pay off arrears" ? "pay_arrears" : v;
        if (p != "pay" && p != "arrears" && p != "pay_arrears") {
            error = "\"Pay: " + value + "\": pay is one of pay, arrears or pay arrears.";
            return false;
        }
        body["orders"]["pay"] = p;
        return true;
    }
    auto b = read_yes_no(v);  // publish
    if (!b) {
        error = "\"Publish: " + value + "\": say yes or no.";
        return false;
    }
    body["publish"] = *b;
    return true;
}

// The name of a choice line ("Companies maintained: 8" -> "companies maintained"), or "" for a line of text.
std::string choice_of(const std::string& line, std::string& value) {
    const auto colon = line.find(':');
    if (colon == std::string::npos || colon > 24) return "";
    const std::string name = lower(trimmed(line.substr(0, colon)));
    static const std::vector<std::string> names = {"activity", "drill", "musketry", "manoeuvres", "maneuvers",
                                                   "companies maintained", "companies declared", "pay", "publish"};
    if (std::find(names.begin(), names.end(), name) == names.end()) return "";
    value = trimmed(line.substr(colon + 1));
    return name;
}

}  // namespace

std::string diary_lines(const CampaignState& state, std::int64_t user) {
    const Colonel* c = state.year.colonel(user);
    if (!c) return "";
    const auto d = standing_diary(state, *c);
    if (!d) return "";
    json body = to_json(*d);
    std::string out;
    if (absence(*c, state.year.calendar.turn).empty()) out += "Activity: " + activity_words(body) + "\n";
    if (d->orders) {
        const auto& o = *d->orders;
        out += "Drill: " + yes_no(o.drill) + "\nMusketry: " + yes_no(o.musketry) + "\nManoeuvres: " + yes_no(o.manoeuvres) + "\n";
        out += "Companies maintained: " + std::to_string(o.maintained) + "\nCompanies declared: " + std::to_string(o.declared) + "\n";
        out += "Pay: " + pay_words(o.pay) + "\n";
    }
    out += "Publish: " + yes_no(d->publish) + "\n";
    return out;
}

json diary_from_reply(const CampaignState& state, std::int64_t user, const std::string& written, std::string& error) {
    const Colonel* c = state.year.colonel(user);
    if (!c) {
        error = "You have no colonel in this campaign.";
        return nullptr;
    }
    const auto d = standing_diary(state, *c);
    json body = to_json(*d);
    for (const char* k : {"at", "label", "turn"}) body.erase(k);
    if (body["supervise"].is_null()) body.erase("supervise");
    if (!d->orders) body.erase("orders");
    if (!absence(*c, state.year.calendar.turn).empty()) body.erase("activity");
    std::string text;
    std::istringstream lines(written);
    for (std::string line; std::getline(lines, line);) {
        std::string value;
        const std::string name = choice_of(line, value);
        if (name.empty()) {
            text += line + "\n";
            continue;
        }
        if ((name != "activity" && name != "publish") && !d->orders) {
            error = "\"" + trimmed(line) + "\": your colonel has no regiment to give orders to.";
            return nullptr;
        }
        if (!read_line(name, value, body, error)) return nullptr;
    }
    text = trimmed(text);
    if (!text.empty()) body["text"] = text;
    body["colonel"] = user;
    body["turn"] = state.year.calendar.turn;
    return body;
}

std::string diary_words(const json& body) {
    std::string out;
    if (body.contains("activity")) out += "Activity: " + activity_words(body) + "\n";
    if (body.value("orders", json()).is_object()) {
        const auto& o = body["orders"];
        out += "Drill: " + yes_no(o.value("drill", false)) + "\nMusketry: " + yes_no(o.value("musketry", false)) +
               "\nManoeuvres: " + yes_no(o.value("manoeuvres", false)) + "\n";
        out += "Companies maintained: " + std::to_string(o.value("maintained", 0)) +
               "\nCompanies declared: " + std::to_string(o.value("declared", 0)) + "\n";
        out += "Pay: " + pay_words(o.value("pay", "")) + "\n";
    }
    out += "Publish: " + yes_no(body.value("publish", false)) + "\n";
    return out;
}

}  // namespace muster::campaign::year
