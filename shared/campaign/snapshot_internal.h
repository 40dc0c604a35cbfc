#pragma once
// What the snapshot's files share (shared/campaign/snapshot.h): the encoding of maps and optionals, and each
// part's writer and reader. Readers throw nlohmann::json::exception on a bad field; restore turns it into
// std::invalid_argument.
#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "shared/campaign/snapshot.h"

namespace muster::campaign::snapshot_detail {

using nlohmann::json;

// A map's key as a JSON object's key, and back: numbers as decimal strings.
template <class K>
std::string key_text(const K& key) {
    if constexpr (std::is_same_v<K, std::string>) return key;
    else return std::to_string(key);
}
template <class K>
K key_value(const std::string& text) {
    if constexpr (std::is_same_v<K, std::string>) {
        return text;
    } else {
        K out{};
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
        if (error != std::errc() || end != text.data() + text.size())
            throw json::type_error::create(302, "a map's key \"" + text + "\" is not a number", nullptr);
        return out;
    }
}

// A map as an object {key: write(value)}; read back with read(json) -> V.
template <class K, class V, class Write>
json map_json(const std::map<K, V>& m, Write write) {
    json out = json::object();
    for (const auto& [k, v] : m) out[key_text(k)] = write(v);
    return out;
}
template <class K, class V>
json map_json(const std::map<K, V>& m) {
    return map_json(m, [](const V& v) { return json(v); });
}
template <class K, class V, class Read>
std::map<K, V> map_from(const json& j, Read read) {
    if (!j.is_object()) throw json::type_error::create(302, "a map must be an object", &j);
    std::map<K, V> out;
    for (const auto& [k, v] : j.items()) out.emplace(key_value<K>(k), read(v));
    return out;
}
template <class K, class V>
std::map<K, V> map_from(const json& j) {
    return map_from<K, V>(j, [](const json& v) { return v.get<V>(); });
}

// An optional as a key present or absent: exact even for an optional json holding null.
template <class T, class Write>
void put(json& j, const char* key, const std::optional<T>& o, Write write) {
    if (o) j[key] = write(*o);
}
template <class T>
void put(json& j, const char* key, const std::optional<T>& o) {
    if (o) j[key] = json(*o);
}
template <class T, class Read>
std::optional<T> take(const json& j, const char* key, Read read) {
    auto it = j.find(key);
    if (it == j.end()) return std::nullopt;
    return read(*it);
}
template <class T>
std::optional<T> take(const json& j, const char* key) {
    return take<T>(j, key, [](const json& v) { return v.get<T>(); });
}

// The parts, each in its own file.
json year_json(const year::YearState& year);                      // snapshot_year.cpp
year::YearState year_from(const json& j);
json colonel_json(const year::Colonel& colonel);                  // snapshot_colonels.cpp
year::Colonel colonel_from(const json& j);
json diary_json(const year::Diary& diary);
year::Diary diary_from(const json& j);
json battles_json(const battles::BattlesState& battles);          // snapshot_battles.cpp
battles::BattlesState battles_from(const json& j);
json expeditions_json(const expeditions::ExpeditionsState& state);  // snapshot_expeditions.cpp
expeditions::ExpeditionsState expeditions_from(const json& j);

}  // namespace muster::campaign::snapshot_detail
