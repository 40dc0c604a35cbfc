#pragma once
// How many HTTP connections are waiting on their client: for a request's header or body, or for it to take a
// response. Two caps: per address, where a new connection from an address at its cap is closed at once, so that
// slowloris, slow bodies and slow reads from one address hold at most that many descriptors; and over all
// addresses, where a new connection past the cap ends the one that has waited longest, so that slow clients from
// many addresses hold a bounded number of descriptors while a quick client still gets in. A connection the server is
// working for (a login's scrypt, a WebSocket upgrade's session lookup) does not count, so neither a club behind one
// address logging in together nor a burst of upgrades meets a cap; nor does a WebSocket, whose user has logged in.
// Any thread.
#include <cstddef>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/net/beast.h"

namespace muster::net {

class AddressSlots : public std::enable_shared_from_this<AddressSlots> {
    struct Waiting;

public:
    // One connection's place in the counts, counted while held; released when destroyed.
    class Slot {
    public:
        Slot() = default;
        Slot(std::shared_ptr<AddressSlots> owner, std::string key);
        Slot(Slot&& other) noexcept;
        Slot& operator=(Slot&& other) noexcept;
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot() { release(); }

        void hold();     // waiting on the client again (past the caps, as the connection is already open)
        void release();  // the server is working for it, or it became a WebSocket
        bool held() const { return held_; }
        // How to end this connection when it is the one that has waited longest and the cap over all addresses is
        // met: called on the admitting thread, so it posts to the connection's strand. Kept while released.
        void on_evict(std::function<void()> evict);

    private:
        friend class AddressSlots;
        std::shared_ptr<AddressSlots> owner_;  // none: uncounted (no caps)
        std::string key_;
        bool held_ = false;
        std::shared_ptr<Waiting> waiting_;  // its entry in the owner's queue of waiting connections
    };

    // 0: no cap. With both 0 nothing is counted.
    explicit AddressSlots(std::size_t per_address, std::size_t total = 0) : cap_(per_address), total_cap_(total) {}

    // A held slot for a new connection from `address`, or nothing when the address is at its cap. Not `capped`: a
    // connection from a trusted proxy whose client is not known yet (X-Forwarded-For), counted but never refused.
    std::optional<Slot> admit(const asio::ip::address& address, bool capped = true);
    std::size_t count(const asio::ip::address& address);
    std::size_t waiting();  // connections waiting on their client, all addresses, not counting those evicted

    // The key an address is counted under: itself, or for IPv6 its /64, which one host may hold whole.
    static std::string key_of(const asio::ip::address& address);

private:
    struct Waiting {
        std::function<void()> evict;
        bool queued = false;
        std::list<std::shared_ptr<Waiting>>::iterator place;
    };

    std::function<void()> add(const std::string& key, const std::shared_ptr<Waiting>& waiting);  // under mutex_
    void remove(const std::string& key, const std::shared_ptr<Waiting>& waiting);

    const std::size_t cap_;
    const std::size_t total_cap_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::size_t> counts_;
    std::list<std::shared_ptr<Waiting>> queue_;  // oldest first
};

}  // namespace muster::net
