#include "shared/campaign/month_resolution.h"

#include <algorithm>

namespace muster::campaign::year {

using nlohmann::json;

namespace {

std::string pounds(std::int64_t amount) { return "£" + std::to_string(amount); }

std::string companies_text(int n) { return std::to_string(n) + (n == 1 ? " company" : " companies"); }

// One colonel's month while it is being worked out.
struct Month {
    const Colonel* colonel = nullptr;
    int rolled = 0;  // the colonel's rolls so far this month: each roll's index in his dice stream's records
    Diary diary;
    bool is_default = false;
    bool standing = false;  // the default was his standing orders
    std::string activity;
    std::int64_t fortune = 0;
    std::int64_t pip = 0;
    std::optional<Regiment> regiment;
    json money = json::array();
    json pip_lines = json::array();
    json rolls = json::array();
    json cut = json::array();
    json flags = json::array();

    void add_money(const char* item, std::int64_t amount, std::string text) {
        fortune += amount;
        money.push_back({{"item", item}, {"amount", amount}, {"text", std::move(text)}});
    }
    void add_pip(const char* item, std::int64_t amount, std::string text) {
        pip += amount;
        pip_lines.push_back({{"item", item}, {"amount", amount}, {"text", std::move(text)}});
    }
    // Pays a cost if the money is there; false (and the reason in `cut`) when it is not.
    bool pay(const char* item, std::int64_t amount, const std::string& text, const std::string& what) {
        if (amount > fortune) {
            cut.push_back(what + ": not enough money (" + pounds(amount) + " needed, " + pounds(fortune) + " left)");
            return false;
        }
        add_money(item, -amount, text);
        return true;
    }
};

struct Improvement {
    const char* order;      // the order and the name to supervise: drill | musketry | manoeuvres
    const char* attribute;  // drill | musketry | effectiveness
    const char* passage;
    int HouseRules::*cost;
    int HouseRules::*decline_months;
    int HouseRules::*decline_on;
    int Regiment::*value;
    int Regiment::*without;
    bool Orders::*ordered;
};

// over-the-hills.txt, "Improving Drill", "Improving Musketry", "Improving Effectiveness", in this order.
const Improvement improvements[] = {
    {"drill", "drill", "Extra drill", &HouseRules::drill_cost, &HouseRules::drill_decline_months,
     &HouseRules::drill_decline_on, &Regiment::drill, &Regiment::without_drill, &Orders::drill},
    {"musketry", "musketry", "Musketry training", &HouseRules::musketry_cost, &HouseRules::musketry_decline_months,
     &HouseRules::musketry_decline_on, &Regiment::musketry, &Regiment::without_musketry, &Orders::musketry},
    {"manoeuvres", "effectiveness", "Battalion manoeuvres", &HouseRules::manoeuvres_cost,
     &HouseRules::effectiveness_decline_months, &HouseRules::effectiveness_decline_on, &Regiment::effectiveness,
     &Regiment::without_effectiveness, &Orders::manoeuvres},
};

// Companies raised back above the regiment's strength (after battle or disease) are recruited at
// recruit_cost each (a reading: the book prices no recruiting; docs/rules-notes.md, "Recruiting"), as many
// as the money allows, before the month's pay. Returns the companies maintained this month.
int recruit(Month& m, const Regiment& r, int maintained, const HouseRules& rules) {
    if (maintained <= r.companies || rules.recruit_cost <= 0) return maintained;
    const int wanted = maintained - r.companies;
    const int affordable = static_cast<int>(std::max<std::int64_t>(0, m.fortune / rules.recruit_cost));
    const int raised = std::min(wanted, affordable);
    if (raised > 0)
        m.add_money("recruiting", -static_cast<std::int64_t>(raised) * rules.recruit_cost,
                    "Recruiting " + companies_text(raised));
    if (raised < wanted)
        m.cut.push_back("Recruiting: not enough money for " + companies_text(wanted - raised) + " (" +
                        pounds(static_cast<std::int64_t>(wanted - raised) * rules.recruit_cost) + ")");
    return r.companies + raised;
}

void resolve_regiment(Month& m, const HouseRules& rules, Dice& dice) {
    Regiment& r = *m.regiment;
    Orders o = m.diary.orders.value_or(quiet_diary(&r, rules).orders.value_or(Orders{}));
    o.maintained = std::clamp(o.maintained, 0, rules.companies_per_regiment);
    o.declared = std::clamp(o.declared, 0, rules.companies_per_regiment);

    // 2. Income. over-the-hills.txt, "Income": "The government will pay for ten companies unless informed by
    // the colonel that he is maintaining less than 10. The colonel also receives the equivalent of the pay
    // of two companies for his own expenses."
    m.add_money("government_pay", static_cast<std::int64_t>(o.declared) * rules.government_pay,
                "Government pay for " + companies_text(o.declared) + " declared");
    m.add_money("allowance", static_cast<std::int64_t>(rules.allowance_companies) * rules.government_pay,
                "The colonel's allowance (the pay of " + companies_text(rules.allowance_companies) + ")");
    o.maintained = recruit(m, r, o.maintained, rules);
    change_strength(r, o.maintained);
    r.declared = o.declared;

    // 3. Pay. over-the-hills.txt, "Pay": "This costs £10 per company per month. It is possible to refrain
    // from paying them for a few months, so long as back pay is forthcoming at some point."
    const std::int64_t wages = static_cast<std::int64_t>(o.maintained) * rules.wage;
    std::string pay = o.pay;
    if (pay == "pay_arrears" && r.arrears > 0) {
        if (r.arrears + wages <= m.fortune) {
            m.add_money("back_pay", -r.arrears,
                        "Back pay: " + std::to_string(r.arrears_months) + " months of arrears");
            r.arrears = 0;
            r.arrears_months = 0;
        } else {
            m.cut.push_back("Back pay: not enough money (" + pounds(r.arrears + wages) + " needed with this month's pay, " +
                            pounds(m.fortune) + " left)");
        }
        pay = "pay";
    }
    if (pay == "pay_arrears") pay = "pay";
    if (pay == "pay" && !m.pay("wages", wages, "Pay for " + companies_text(o.maintained), "Pay")) pay = "arrears";
    if (pay == "arrears" && wages > 0) {
        r.arrears += wages;
        r.arrears_months += 1;
    }

    // 4. The costs of the improvements ordered. "Concurrent Improvements": "If you can afford it you can do
    // all three types of improvements in a month".
    bool done[3] = {false, false, false};
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& imp = improvements[i];
        if (!(o.*imp.ordered)) continue;
        const std::int64_t cost = rules.*imp.cost;
        done[i] = m.pay(imp.order, cost, std::string(imp.passage) + " for the regiment", imp.passage);
    }

    // 5. Improvement rolls: "Roll 1d6 and score 6 to gain 1 ... point, up to a maximum of 6. If the colonel
    // himself is present during the process, you can add one to the die roll".
    for (std::size_t i = 0; i < 3; ++i) {
        if (!done[i]) continue;
        const auto& imp = improvements[i];
        const bool supervised = m.activity == "supervise" && m.diary.supervise == imp.order;
        const int modifier = supervised ? rules.supervise_bonus : 0;
        const int die = dice.d6();
        const int total = die + modifier;
        const int before = r.*imp.value;
        std::string result = "no change";
        if (total >= rules.improve_on) {
            if (before < rules.attribute_max) {
                r.*imp.value = before + 1;
                result = "gained";
            } else {
                result = "at maximum";
            }
        }
        r.*imp.without = 0;
        m.rolls.push_back({{"index", m.rolled++},
                           {"roll", std::string(imp.attribute) + " improvement"},
                           {"attribute", imp.attribute},
                           {"die", die},
                           {"modifier", modifier},
                           {"total", total},
                           {"needed", std::to_string(rules.improve_on) + " or more"},
                           {"result", result},
                           {"before", before},
                           {"after", r.*imp.value}});
    }

    // 6. Decline rolls. "For every month spent not doing extra drill roll 1d6 and score 1 to lose one drill
    // point." "If no musketry training is conducted for 6 months, roll 1d6 and score 1 or 2 to lose one
    // musketry point." (and the same for effectiveness). Reading: a roll each time a decline period of
    // months without the improvement is complete; the count then starts again (docs/rules-notes.md).
    for (std::size_t i = 0; i < 3; ++i) {
        if (done[i]) continue;
        const auto& imp = improvements[i];
        r.*imp.without += 1;
        if (r.*imp.without < rules.*imp.decline_months) continue;
        r.*imp.without = 0;
        const int die = dice.d6();
        const int before = r.*imp.value;
        std::string result = "no change";
        if (die <= rules.*imp.decline_on) {
            if (before > rules.attribute_min) {
                r.*imp.value = before - 1;
                result = "lost";
            } else {
                result = "at minimum";
            }
        }
        m.rolls.push_back({{"index", m.rolled++},
                           {"roll", std::string(imp.attribute) + " decline"},
                           {"attribute", imp.attribute},
                           {"die", die},
                           {"modifier", 0},
                           {"total", die},
                           {"needed", std::to_string(rules.*imp.decline_on) + " or less"},
                           {"result", result},
                           {"before", before},
                           {"after", r.*imp.value}});
    }
}

json regiment_changes(const std::optional<Regiment>& before, const std::optional<Regiment>& after) {
    json out = json::object();
    if (!before || !after) return out;
    auto field = [&out](const char* name, std::int64_t b, std::int64_t a) {
        if (a != b) out[name] = {{"before", b}, {"after", a}};
    };
    field("companies", before->companies, after->companies);
    field("declared", before->declared, after->declared);
    field("drill", before->drill, after->drill);
    field("musketry", before->musketry, after->musketry);
    field("effectiveness", before->effectiveness, after->effectiveness);
    field("arrears", before->arrears, after->arrears);
    field("arrears_months", before->arrears_months, after->arrears_months);
    return out;
}

json report_diary(const Diary& d) {
    json out = to_json(d);
    out.erase("text");
    out.erase("at");
    out.erase("publish");
    return out;
}

// Each roll's stream and counter, so anyone can recompute it once the seed is out. A roll's index is its
// place among its colonel's records; in logs from before the streams, among all of the month's records.
void attach_counters(json& rolls, const json& dice, const std::string& stream) {
    json own = json::array();
    bool streams = false;
    for (const auto& record : dice) {
        const auto name = record.value("stream", "");
        streams = streams || name.rfind("colonel:", 0) == 0;
        if (name == stream) own.push_back(record);
    }
    const json& records = streams ? own : dice;
    int place = 0;
    for (auto& roll : rolls) {
        const auto index = roll.value("index", -1);
        roll["index"] = place++;
        if (index < 0 || static_cast<std::size_t>(index) >= records.size()) continue;
        const auto& record = records[static_cast<std::size_t>(index)];
        if (!record.contains("counter") || !record.contains("stream")) continue;
        roll["stream"] = record["stream"];
        roll["counter"] = record["counter"];
    }
}

}  // namespace

std::string dice_stream(std::int64_t colonel) { return "colonel:" + std::to_string(colonel); }

json resolve_month(const YearState& year, Dice& dice) {
    const HouseRules& rules = year.rules;
    const int turn = year.calendar.turn;
    std::vector<Month> months;
    months.reserve(year.colonels.size());

    // Colonels in order of user id: each one's steps 1 to 7.
    for (const auto& [user, c] : year.colonels) {
        Month m;
        m.colonel = &c;
        m.fortune = c.fortune;
        m.pip = c.pip;
        m.regiment = c.regiment;
        const Regiment* regiment = c.regiment ? &*c.regiment : nullptr;
        // 1. The diary: the one submitted, else the campaign's default diary (setting "default_diary").
        auto it = c.diaries.find(turn);
        if (it != c.diaries.end()) {
            m.diary = it->second;
        } else {
            // His standing orders if he wrote some, else the campaign's default (docs/rules-notes.md,
            // "A campaign played by post").
            m.diary = missed_diary(c.standing, c.last_diary, regiment, rules);
            m.is_default = true;
            m.standing = c.standing.has_value();
        }
        m.diary.turn = turn;
        if (!regiment) m.diary.orders.reset();
        // "a colonel away on an expedition or a long sea voyage has that activity set for him".
        // A colonel laid up by his wounds, a prisoner or dead is as absent (docs/rules-notes.md).
        const std::string absent = absence(c, turn);
        m.activity = absent.empty() ? m.diary.activity : absent;
        if (!absent.empty()) {
            m.diary.activity = absent;
            m.diary.supervise.clear();
            // "Going on Campaign": the colonel serves with his regiment; it drills at home only by house rule.
            if (m.diary.orders && !rules.away_regiments_train)
                m.diary.orders->drill = m.diary.orders->musketry = m.diary.orders->manoeuvres = false;
        }
        if (m.activity == "supervise" && !regiment) m.activity = m.diary.activity = "business";

        // Each colonel rolls in his own stream: his counters say nothing of how many dice the others used.
        if (m.regiment) resolve_regiment(m, rules, dice.stream(dice_stream(user)));

        // 7. Activities. over-the-hills.txt, "Personal Activities".
        if (m.activity == "socialise") m.add_pip("socialise", rules.socialise_pip, "Socialising");
        if (m.activity == "business")
            m.add_money("business", rules.business_money, "Personal business on the colonel's lands");
        if (m.activity == "politics") m.add_pip("politics", rules.politics_pip, "Politics");
        months.push_back(std::move(m));
    }

    // 8. The socialising penalty. "Should a player be the only person present not to be socialising that month
    // (unless he is away on campaign) he loses 10 PIP." Who is present is the setting "present".
    std::vector<Month*> present;
    for (auto& m : months) {
        if (!absence(*m.colonel, turn).empty()) continue;
        if (rules.present == "submitted" && m.is_default) continue;
        present.push_back(&m);
    }
    if (present.size() >= 2) {
        std::vector<Month*> not_socialising;
        for (auto* m : present)
            if (m->activity != "socialise") not_socialising.push_back(m);
        if (not_socialising.size() == 1) {
            Month& m = *not_socialising.front();
            const std::int64_t loss = std::min<std::int64_t>(rules.lone_absentee_penalty, std::max<std::int64_t>(m.pip, 0));
            m.add_pip("lone_absentee", -loss, "The only colonel present not socialising this month");
        }
    }

    json colonels = json::object();
    const std::string month_label = label(year.calendar);
    for (auto& m : months) {
        const Colonel& c = *m.colonel;
        // 9. Arrears: "Ultimately, failure to pay can result in soldiery looting and becoming troublesome."
        if (m.regiment && m.regiment->arrears_months > rules.arrears_risk_months) m.flags.push_back("arrears_risk");
        json report = {{"turn", turn},
                       {"label", month_label},
                       {"diary", report_diary(m.diary)},
                       {"default", m.is_default},
                       {"standing", m.standing},
                       {"activity", m.activity},
                       {"money", m.money},
                       {"pip", m.pip_lines},
                       {"rolls", m.rolls},
                       {"regiment", regiment_changes(c.regiment, m.regiment)},
                       {"fortune", {{"before", c.fortune}, {"after", m.fortune}}},
                       {"pip_total", {{"before", c.pip}, {"after", m.pip}}},
                       {"cut", m.cut},
                       {"flags", m.flags},
                       {"notes", json::array()}};
        Diary used = m.diary;
        used.text.clear();
        used.publish = false;
        colonels[std::to_string(c.user)] = {{"fortune", m.fortune},
                                            {"pip", m.pip},
                                            {"regiment", m.regiment ? to_json(*m.regiment) : json(nullptr)},
                                            {"diary", to_json(used)},
                                            {"default", m.is_default},
                                            {"report", std::move(report)}};
    }
    return {{"turn", turn}, {"label", month_label}, {"calendar", to_json(advanced(year.calendar))},
            {"colonels", std::move(colonels)}};
}

void apply_resolution(YearState& year, const json& body, std::int64_t seq, const json& dice) {
    UndoPoint undo;
    undo.resolved_seq = seq;
    undo.turn = body.at("turn").get<int>();
    undo.calendar = year.calendar;
    const std::string month_label = body.at("label").get<std::string>();
    for (const auto& [key, outcome] : body.at("colonels").items()) {
        auto it = year.colonels.find(std::stoll(key));
        if (it == year.colonels.end()) continue;
        Colonel& c = it->second;
        undo.sheets[c.user] = UndoPoint::Sheet{c.fortune, c.pip, c.regiment, c.last_diary, c.history.size()};
        // The chart starts from the sheet before the first month the colonel lived through.
        if (c.history.empty()) c.history.push_back(history_point(c, undo.turn - 1, "Start"));
        c.fortune = outcome.at("fortune").get<std::int64_t>();
        c.pip = outcome.at("pip").get<std::int64_t>();
        if (outcome.at("regiment").is_object()) c.regiment = regiment_from_json(outcome.at("regiment"));
        else c.regiment.reset();
        c.last_diary = diary_from_json(outcome.at("diary"));
        json report = outcome.at("report");
        attach_counters(report["rolls"], dice, dice_stream(c.user));
        c.reports[undo.turn] = std::move(report);
        c.history.push_back(history_point(c, undo.turn, month_label));
    }
    Calendar next = calendar_from_json(body.at("calendar"));
    if (body.contains("next_deadline")) {
        next.deadline = body["next_deadline"].get<std::int64_t>();
        next.reminders = body.value("next_reminders", std::vector<std::int64_t>{});
    }
    year.calendar = next;
    year.undo = std::move(undo);
}

void apply_undo(YearState& year) {
    if (!year.undo) return;
    const UndoPoint& undo = *year.undo;
    for (const auto& [user, sheet] : undo.sheets) {
        auto it = year.colonels.find(user);
        if (it == year.colonels.end()) continue;
        Colonel& c = it->second;
        c.fortune = sheet.fortune;
        c.pip = sheet.pip;
        c.regiment = sheet.regiment;
        c.last_diary = sheet.last_diary;
        c.reports.erase(undo.turn);
        if (c.history.size() > sheet.history_size) c.history.resize(sheet.history_size);
    }
    year.calendar = undo.calendar;
    // The deadline that resolved the month has passed: the umpire sets a new one.
    year.calendar.deadline.reset();
    year.calendar.reminders.clear();
    year.undo.reset();
}

}  // namespace muster::campaign::year
