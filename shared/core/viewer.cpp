#include "shared/core/viewer.h"

namespace muster {

std::string to_string(Role role) {
    switch (role) {
        case Role::umpire: return "umpire";
        case Role::player: return "player";
        case Role::observer: return "observer";
        case Role::none: break;
    }
    return "none";
}

std::optional<Role> role_from_string(const std::string& text) {
    if (text == "umpire") return Role::umpire;
    if (text == "player") return Role::player;
    if (text == "observer") return Role::observer;
    return std::nullopt;
}

}  // namespace muster
