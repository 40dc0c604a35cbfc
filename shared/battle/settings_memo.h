#pragma once
// A book's settings read from a battle's JSON once and kept while that JSON stays the same. A command asks for
// them for each leader and each viewer (must_submit, due_words, the view), and reading them anew each time was a
// tenth of a Border Reivers turn's work (docs/performance.md, "Battles"). One copy per thread, so hubs on
// different threads never share it.
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

namespace muster::battle {

// Equal and of the same types throughout: 1 and 1.0 are equal JSON but not the same setting (a whole number is
// checked as one), so the memo never answers for a value it did not read.
inline bool same_json(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type()) return false;
    if (a.is_object()) {
        if (a.size() != b.size()) return false;
        for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
            if (x.key() != y.key() || !same_json(x.value(), y.value())) return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same_json(a[i], b[i])) return false;
        return true;
    }
    return a == b;
}

template <class S, class Read>
S read_once(const nlohmann::json& j, Read read) {
    thread_local std::optional<std::pair<nlohmann::json, S>> last;
    if (!last || !same_json(last->first, j)) last.emplace(j, read(j));
    return last->second;
}

}  // namespace muster::battle
