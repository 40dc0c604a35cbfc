// The cap on HTTP connections from one address that wait on their client (server/net/address_slots.h).
#include <catch2/catch.hpp>

#include <vector>

#include "server/net/address_slots.h"

using namespace muster::net;

namespace {
asio::ip::address ip(const char* text) { return asio::ip::make_address(text); }
}  // namespace

TEST_CASE("an address at its cap gets no more slots until one is given back", "[http]") {
    auto slots = std::make_shared<AddressSlots>(3);
    std::vector<AddressSlots::Slot> held;
    for (int i = 0; i < 3; ++i) {
        auto s = slots->admit(ip("192.0.2.7"));
        REQUIRE(s);
        held.push_back(std::move(*s));
    }
    CHECK_FALSE(slots->admit(ip("192.0.2.7")));
    CHECK(slots->admit(ip("192.0.2.8")));  // another address has its own count (and gives its slot back at once)
    CHECK(slots->count(ip("192.0.2.8")) == 0);

    held[0].release();  // the server works for that one: it does not count
    CHECK(slots->count(ip("192.0.2.7")) == 2);
    auto again = slots->admit(ip("192.0.2.7"));
    REQUIRE(again);
    held[0].hold();  // waiting on its client again: counted past the cap, as it is open already
    CHECK(slots->count(ip("192.0.2.7")) == 4);
    held.clear();
    again.reset();
    CHECK(slots->count(ip("192.0.2.7")) == 0);
}

TEST_CASE("a moved slot is counted once; IPv6 is counted by /64", "[http]") {
    auto slots = std::make_shared<AddressSlots>(2);
    auto a = slots->admit(ip("2001:db8:1:2::1"));
    REQUIRE(a);
    AddressSlots::Slot moved = std::move(*a);
    a.reset();
    CHECK(slots->count(ip("2001:db8:1:2::ffff")) == 1);  // the same /64
    CHECK(slots->admit(ip("2001:db8:1:2:aaaa::9")));
    CHECK(slots->admit(ip("2001:db8:1:3::1")));  // the next /64
    CHECK(AddressSlots::key_of(ip("::ffff:192.0.2.7")) == "192.0.2.7");
    moved.release();
    moved.release();
    CHECK(slots->count(ip("2001:db8:1:2::1")) == 0);
}

TEST_CASE("a cap of 0 counts nothing", "[http]") {
    auto slots = std::make_shared<AddressSlots>(0);
    std::vector<AddressSlots::Slot> held;
    for (int i = 0; i < 100; ++i) held.push_back(std::move(*slots->admit(ip("127.0.0.1"))));
    CHECK(slots->count(ip("127.0.0.1")) == 0);
}
