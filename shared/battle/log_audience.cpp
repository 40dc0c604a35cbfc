// The one place a log line's audience is narrowed for concealment: a line the rules wrote for everyone (or
// for one side) that names a piece hidden from another side goes to the piece's side only, and to umpires
// only when it names hidden pieces of two sides. A line names a piece by its id in the details or by its
// name in the text (a name of three letters or more: shorter ones would hide lines by accident).
#include <set>

#include "shared/battle/lifecycle_internal.h"

namespace muster::battle::detail {

using nlohmann::json;

namespace {

void ids_in(const json& j, const char* const* keys, std::set<std::int64_t>& out) {
    if (!j.is_object()) return;
    for (const char* const* k = keys; *k; ++k) {
        auto it = j.find(*k);
        if (it == j.end()) continue;
        if (it->is_number_integer()) out.insert(it->get<std::int64_t>());
        if (it->is_array())
            for (const auto& x : *it)
                if (x.is_number_integer()) out.insert(x.get<std::int64_t>());
    }
}

bool named(const std::string& text, const std::string& name) { return name.size() >= 3 && text.find(name) != std::string::npos; }

}  // namespace

void seal_lines(Battle& b, std::size_t from, const RuleSet& rules) {
    static const char* const unit_keys[] = {"unit", "units", "target", "enemy", "charged", "shooter", nullptr};
    static const char* const leader_keys[] = {"leader", "leaders", nullptr};
    for (std::size_t i = from; i < b.log.size(); ++i) {
        LogEntry& l = b.log[i];
        if (l.audience == LogEntry::Audience::umpire || l.audience == LogEntry::Audience::user) continue;
        std::set<std::int64_t> units, leaders;
        ids_in(l.details, unit_keys, units);
        ids_in(l.details, leader_keys, leaders);
        std::set<std::string> hidden_sides;
        for (const auto& [id, u] : b.units)
            if (u.concealed && (units.count(id) || named(l.text, rules.unit_label(u)) || named(l.text, u.name)))
                hidden_sides.insert(u.side);
        for (const auto& [id, ld] : b.leaders)
            if (ld.concealed && (leaders.count(id) || named(l.text, ld.name))) hidden_sides.insert(ld.side);
        if (hidden_sides.empty()) continue;
        if (hidden_sides.size() > 1 || (l.audience == LogEntry::Audience::side && l.side != *hidden_sides.begin())) {
            l.audience = LogEntry::Audience::umpire;
            continue;
        }
        l.audience = LogEntry::Audience::side;
        l.side = *hidden_sides.begin();
    }
}

}  // namespace muster::battle::detail
