#include "server/net/address_slots.h"

namespace muster::net {

AddressSlots::Slot::Slot(std::shared_ptr<AddressSlots> owner, std::string key)
    : owner_(std::move(owner)), key_(std::move(key)), held_(owner_ != nullptr) {}

AddressSlots::Slot::Slot(Slot&& other) noexcept
    : owner_(std::move(other.owner_)), key_(std::move(other.key_)), held_(other.held_) {
    other.held_ = false;
}

AddressSlots::Slot& AddressSlots::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        release();
        owner_ = std::move(other.owner_);
        key_ = std::move(other.key_);
        held_ = other.held_;
        other.held_ = false;
    }
    return *this;
}

void AddressSlots::Slot::hold() {
    if (held_ || !owner_) return;
    owner_->add(key_);
    held_ = true;
}

void AddressSlots::Slot::release() {
    if (!held_) return;
    owner_->remove(key_);
    held_ = false;
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

std::optional<AddressSlots::Slot> AddressSlots::admit(const asio::ip::address& address) {
    if (cap_ == 0) return Slot{};
    std::string key = key_of(address);
    {
        std::lock_guard lock(mutex_);
        auto& n = counts_[key];
        if (n >= cap_) return std::nullopt;
        ++n;
    }
    return Slot{shared_from_this(), std::move(key)};
}

std::size_t AddressSlots::count(const asio::ip::address& address) {
    std::lock_guard lock(mutex_);
    auto it = counts_.find(key_of(address));
    return it == counts_.end() ? 0 : it->second;
}

void AddressSlots::add(const std::string& key) {
    std::lock_guard lock(mutex_);
    ++counts_[key];
}

void AddressSlots::remove(const std::string& key) {
    std::lock_guard lock(mutex_);
    auto it = counts_.find(key);
    if (it == counts_.end()) return;
    if (--it->second == 0) counts_.erase(it);
}

}  // namespace muster::net
