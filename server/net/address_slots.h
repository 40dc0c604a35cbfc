#pragma once
// How many HTTP connections from each address are waiting on their client: for a request's header or body, or
// for it to take a response. A new connection from an address at the cap is closed at once, so that slowloris,
// slow bodies and slow reads from one address hold at most that many descriptors. A connection the server is
// working for (a login's scrypt, a WebSocket upgrade's session lookup) does not count, so neither a club behind
// one address logging in together nor a burst of upgrades meets the cap. Any thread.
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/net/beast.h"

namespace muster::net {

class AddressSlots : public std::enable_shared_from_this<AddressSlots> {
public:
    // One connection's place in its address's count, counted while held; released when destroyed.
    class Slot {
    public:
        Slot() = default;
        Slot(std::shared_ptr<AddressSlots> owner, std::string key);
        Slot(Slot&& other) noexcept;
        Slot& operator=(Slot&& other) noexcept;
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot() { release(); }

        void hold();     // waiting on the client again (past the cap, as the connection is already open)
        void release();  // the server is working for it, or it became a WebSocket
        bool held() const { return held_; }

    private:
        std::shared_ptr<AddressSlots> owner_;  // none: uncounted (no cap)
        std::string key_;
        bool held_ = false;
    };

    explicit AddressSlots(std::size_t cap) : cap_(cap) {}  // 0: no cap, nothing counted

    // A held slot for a new connection from `address`, or nothing when the address is at the cap.
    std::optional<Slot> admit(const asio::ip::address& address);
    std::size_t count(const asio::ip::address& address);

    // The key an address is counted under: itself, or for IPv6 its /64, which one host may hold whole.
    static std::string key_of(const asio::ip::address& address);

private:
    void add(const std::string& key);
    void remove(const std::string& key);

    const std::size_t cap_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::size_t> counts_;
};

}  // namespace muster::net
