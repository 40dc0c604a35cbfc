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

TEST_CASE("past the cap over all addresses the connection that has waited longest is ended", "[http]") {
    auto slots = std::make_shared<AddressSlots>(2, 3);
    std::vector<int> ended;
    std::vector<AddressSlots::Slot> held;
    const char* addresses[] = {"192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"};
    for (int i = 0; i < 3; ++i) {
        auto s = slots->admit(ip(addresses[i]));
        REQUIRE(s);
        s->on_evict([&ended, i] { ended.push_back(i); });
        held.push_back(std::move(*s));
    }
    CHECK(slots->waiting() == 3);
    CHECK(ended.empty());

    held[0].release();  // the server works for the first: the second has waited longest now
    held[0].hold();     // and the first waits again, newest of all
    auto fourth = slots->admit(ip(addresses[3]));
    REQUIRE(fourth);  // a quick client still gets in
    CHECK(ended == std::vector<int>{1});
    CHECK(slots->waiting() == 3);
    CHECK(slots->count(ip(addresses[1])) == 1);  // counted by its address until its session lets go

    auto fifth = slots->admit(ip(addresses[4]));
    REQUIRE(fifth);
    CHECK(ended == std::vector<int>{1, 2});  // each eviction takes a different connection
    held[1].release();
    CHECK(slots->count(ip(addresses[1])) == 0);
    CHECK(slots->waiting() == 3);
    held.clear();
    fourth.reset();
    fifth.reset();
    CHECK(slots->waiting() == 0);
}

TEST_CASE("the cap over all addresses holds with no cap per address, as behind a proxy", "[http]") {
    auto slots = std::make_shared<AddressSlots>(0, 2);
    int ended = 0;
    std::vector<AddressSlots::Slot> held;
    for (int i = 0; i < 5; ++i) {
        auto s = slots->admit(ip("127.0.0.1"));
        REQUIRE(s);
        s->on_evict([&ended] { ++ended; });
        held.push_back(std::move(*s));
    }
    CHECK(ended == 3);
    CHECK(slots->waiting() == 2);
    CHECK(slots->count(ip("127.0.0.1")) == 5);  // the three ended are counted until their sessions end
}
