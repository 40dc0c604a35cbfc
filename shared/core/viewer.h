#pragma once
// Who is looking: the one input every view(state, viewer) filters by.
#include <cstdint>
#include <optional>
#include <string>

namespace muster {

enum class Role { none, observer, player, umpire };

std::string to_string(Role role);
std::optional<Role> role_from_string(const std::string& text);  // "umpire" | "player" | "observer"

struct Viewer {
    std::int64_t user = 0;
    std::string name;        // the account's username, shown to others
    Role role = Role::none;  // none: not a member of this campaign

    bool is_umpire() const { return role == Role::umpire; }
    bool is_member() const { return role != Role::none; }
};

}  // namespace muster
