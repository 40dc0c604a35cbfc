#include "server/net/address_slots.h"

namespace muster::net {

AddressSlots::Slot::Slot(std::shared_ptr<AddressSlots> owner, std::string key)
    : owner_(std::move(owner)), key_(std::move(key)), held_(owner_ != nullptr) {}

AddressSlots::Slot::Slot(Slot&& other) noexcept
    : owner_(std::move(other.owner_)), key_(std::move(other.key_)), held_(other.held_),
      waiting_(std::move(other.waiting_)) {
    other.held_ = false;
}

AddressSlots::Slot& AddressSlots::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        release();
        owner_ = std::move(other.owner_);
        key_ = std::move(other.key_);
        held_ = other.held_;
        waiting_ = std::move(other.waiting_);
        other.held_ = false;
    }
    return *this;
}

void AddressSlots::Slot::hold() {
    if (held_ || !owner_) return;
    std::function<void()> evict;
    {
        std::lock_guard lock(owner_->mutex_);
        evict = owner_->add(key_, waiting_);
    }
    held_ = true;
    if (evict) evict();
}

void AddressSlots::Slot::release() {
    if (!held_) return;
    owner_->remove(key_, waiting_);
    held_ = false;
}

void AddressSlots::Slot::on_evict(std::function<void()> evict) {
    if (!owner_) return;
    std::lock_guard lock(owner_->mutex_);
    waiting_->evict = std::move(evict);
}

std::string AddressSlots::key_of(const asio::ip::address& address) {
    if (address.is_v6() && !address.to_v6().is_v4_mapped()) {
        auto bytes = address.to_v6().to_bytes();
        for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
        return asio::ip::address_v6(bytes).to_string() + "/64";
    }
    if (address.is_v6()) return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).to_string();
    return address.to_string();
}

std::optional<AddressSlots::Slot> AddressSlots::admit(const asio::ip::address& address, bool capped) {
    if (cap_ == 0 && total_cap_ == 0) return Slot{};
    std::string key = key_of(address);
    auto waiting = std::make_shared<Waiting>();
    std::function<void()> evict;
    {
        std::lock_guard lock(mutex_);
        if (auto it = counts_.find(key); capped && cap_ != 0 && it != counts_.end() && it->second >= cap_) return std::nullopt;
        evict = add(key, waiting);
    }
    if (evict) evict();
    Slot slot{shared_from_this(), std::move(key)};
    slot.waiting_ = std::move(waiting);
    return slot;
}

// Counts a connection waiting; past the cap over all addresses, takes the one that has waited longest off the queue
// and gives back how to end it. Its address's count stays until its session lets go of the slot.
std::function<void()> AddressSlots::add(const std::string& key, const std::shared_ptr<Waiting>& waiting) {
    ++counts_[key];
    std::function<void()> evict;
    if (total_cap_ != 0 && queue_.size() >= total_cap_) {
        auto oldest = queue_.front();
        queue_.pop_front();
        oldest->queued = false;
        evict = oldest->evict;
    }
    if (total_cap_ != 0) {
        waiting->place = queue_.insert(queue_.end(), waiting);
        waiting->queued = true;
    }
    return evict;
}

void AddressSlots::remove(const std::string& key, const std::shared_ptr<Waiting>& waiting) {
    std::lock_guard lock(mutex_);
    if (waiting->queued) {
        queue_.erase(waiting->place);
        waiting->queued = false;
    }
    auto it = counts_.find(key);
    if (it == counts_.end()) return;
    if (--it->second == 0) counts_.erase(it);
}

std::size_t AddressSlots::count(const asio::ip::address& address) {
    std::lock_guard lock(mutex_);
    auto it = counts_.find(key_of(address));
    return it == counts_.end() ? 0 : it->second;
}

std::size_t AddressSlots::waiting() {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

}  // namespace muster::net
