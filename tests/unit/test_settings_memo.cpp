// A book's settings read once while the battle's settings JSON stays the same (shared/battle/settings_memo.h):
// the memo gives what a fresh read gives, and reads again whenever the JSON differs, even only in a type.
#include <catch2/catch.hpp>

#include "shared/battle/settings_memo.h"

using nlohmann::json;
using muster::battle::read_once;
using muster::battle::same_json;

namespace {

struct Read {
    int* reads;
    int operator()(const json& j) const {
        ++*reads;
        return j.value("n", 0) * 10 + (j.contains("n") && j["n"].is_number_integer() ? 1 : 0);
    }
};

}  // namespace

TEST_CASE("The settings memo reads a battle's settings once and again only when they change", "[battle]") {
    int reads = 0;
    const json a = {{"n", 2}, {"kinds", {"wood", "town"}}};
    CHECK(read_once<int>(a, Read{&reads}) == 21);
    CHECK(read_once<int>(json(a), Read{&reads}) == 21);  // an equal copy: no read
    CHECK(reads == 1);
    CHECK(read_once<int>(json{{"n", 3}, {"kinds", {"wood", "town"}}}, Read{&reads}) == 31);
    CHECK(reads == 2);
    CHECK(read_once<int>(json{{"n", 3}, {"kinds", {"wood"}}}, Read{&reads}) == 31);
    CHECK(reads == 3);
    // 3 and 3.0 are equal JSON, but a whole-number setting takes only the first: read again.
    CHECK(read_once<int>(json{{"n", 3.0}, {"kinds", {"wood"}}}, Read{&reads}) == 30);
    CHECK(reads == 4);
}

TEST_CASE("same_json: equal values of the same types throughout", "[battle]") {
    CHECK(same_json(json{{"a", {1, 2}}, {"b", "x"}}, json{{"a", {1, 2}}, {"b", "x"}}));
    CHECK_FALSE(same_json(json{{"a", 1}}, json{{"a", 1.0}}));
    CHECK_FALSE(same_json(json{{"a", 1}}, json{{"b", 1}}));
    CHECK_FALSE(same_json(json{{"a", {1, 2}}}, json{{"a", {1, 2, 3}}}));
    CHECK_FALSE(same_json(json{{"a", true}}, json{{"a", 1}}));
    CHECK_FALSE(same_json(json::object(), json::array()));
}
