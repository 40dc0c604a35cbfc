#pragma once
// A book's settings as one list of named fields, each read and written in one place: the JSON the umpire sees
// and the checked change he sends (battle.settings) come from the same entry, so a new setting is one line.
// Used by books written after Over the Hill and Border Reivers (Chosen Men: shared/rulesets/cmwd/settings.cpp).
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/battle/table_settings.h"
#include "shared/core/error.h"

namespace muster::battle::fields {

template <class S>
struct Field {
    std::string name;
    std::function<nlohmann::json(const S&)> get;
    // Sets the field from a value, or says why not ("must be a whole number from 0 to 6").
    std::function<std::optional<std::string>(S&, const nlohmann::json&)> set;
};

inline std::string range_words(double lo, double hi) {
    auto w = [](double v) { return v == std::floor(v) ? std::to_string(static_cast<long long>(v)) : std::to_string(v); };
    return "from " + w(lo) + " to " + w(hi);
}

template <class S>
Field<S> number(const char* name, double S::*f, double lo, double hi) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < lo || v.get<double>() > hi)
                    return "must be a number " + range_words(lo, hi);
                s.*f = v.get<double>();
                return std::nullopt;
            }};
}

template <class S>
Field<S> whole(const char* name, int S::*f, int lo, int hi) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
                    return "must be a whole number " + range_words(lo, hi);
                s.*f = static_cast<int>(v.get<long long>());
                return std::nullopt;
            }};
}

template <class S>
Field<S> choice(const char* name, std::string S::*f, std::vector<std::string> allowed) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                if (const auto* w = v.get_ptr<const std::string*>())
                    for (const auto& a : allowed)
                        if (*w == a) {
                            s.*f = a;
                            return std::nullopt;
                        }
                std::string list;
                for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
                return "is one of " + list;
            }};
}

template <class S>
Field<S> flag(const char* name, bool S::*f) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                if (!v.is_boolean()) return "must be true or false";
                s.*f = v.get<bool>();
                return std::nullopt;
            }};
}

// A short word the book checks later against the battle (a side's id), "" for none.
template <class S>
Field<S> word(const char* name, std::string S::*f) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                const auto* w = v.get_ptr<const std::string*>();
                if (!w || w->size() > 40) return "must be a word of up to 40 letters, or \"\"";
                s.*f = *w;
                return std::nullopt;
            }};
}

// name -> whole number, only the names given (every one of them required).
template <class S>
Field<S> whole_map(const char* name, std::map<std::string, int> S::*f, int lo, int hi) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                auto why = [&] { return "must be an object of whole numbers " + range_words(lo, hi) + " by name"; };
                if (!v.is_object()) return why();
                std::map<std::string, int> out = s.*f;
                for (auto it = v.begin(); it != v.end(); ++it) {
                    const std::string k = it.key();
                    const nlohmann::json& n = it.value();
                    if (!out.count(k)) return "has no entry \"" + k + "\"";
                    if (!n.is_number_integer() || n.template get<long long>() < lo || n.template get<long long>() > hi)
                        return why();
                    out[k] = static_cast<int>(n.template get<long long>());
                }
                s.*f = out;
                return std::nullopt;
            }};
}

// name -> number, only the names given.
template <class S>
Field<S> number_map(const char* name, std::map<std::string, double> S::*f, double lo, double hi) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                auto why = [&] { return "must be an object of numbers " + range_words(lo, hi) + " by name"; };
                if (!v.is_object()) return why();
                std::map<std::string, double> out = s.*f;
                for (auto it = v.begin(); it != v.end(); ++it) {
                    const std::string k = it.key();
                    const nlohmann::json& n = it.value();
                    if (!out.count(k)) return "has no entry \"" + k + "\"";
                    if (!n.is_number() || !(n.template get<double>() >= lo && n.template get<double>() <= hi)) return why();
                    out[k] = n.template get<double>();
                }
                s.*f = out;
                return std::nullopt;
            }};
}

// A list of exactly `size` entries, each checked by `ok` (a die's faces, a d6 table).
template <class S, class T>
Field<S> list(const char* name, std::vector<T> S::*f, std::size_t size, std::function<bool(const nlohmann::json&)> ok,
              std::string words) {
    return {name, [=](const S& s) { return nlohmann::json(s.*f); },
            [=](S& s, const nlohmann::json& v) -> std::optional<std::string> {
                if (!v.is_array() || v.size() != size) return "must be a list of " + std::to_string(size) + " " + words;
                for (const auto& x : v)
                    if (!ok(x)) return "must be a list of " + std::to_string(size) + " " + words;
                s.*f = v.get<std::vector<T>>();
                return std::nullopt;
            }};
}

template <class S>
nlohmann::json to_json(const S& s, const std::vector<Field<S>>& all) {
    nlohmann::json j = nlohmann::json::object();
    add_to_json(j, static_cast<const TableSettings&>(s));
    for (const auto& f : all) j[f.name] = f.get(s);
    return j;
}

// The settings with `changes` made (the table's generic ones too), or a bad_request naming the first bad one.
template <class S>
std::variant<Error, S> merged(const S& s, const nlohmann::json& changes, const std::vector<Field<S>>& all,
                              const std::string& book) {
    if (!changes.is_object()) return bad_request("The settings must be an object.");
    S out = s;
    if (auto e = read_changes(static_cast<TableSettings&>(out), changes)) return *e;
    for (const auto& [key, value] : changes.items()) {
        if (is_table_setting(key)) continue;
        const Field<S>* f = nullptr;
        for (const auto& x : all)
            if (x.name == key) f = &x;
        if (!f) return bad_request("There is no setting \"" + key + "\" in " + book + ".");
        if (auto why = f->set(out, value)) return bad_request("The setting \"" + key + "\" " + *why + ".");
    }
    return out;
}

}  // namespace muster::battle::fields
