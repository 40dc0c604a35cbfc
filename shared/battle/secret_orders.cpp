#include "shared/battle/secret_orders.h"

namespace muster::battle {

std::optional<Error> check_submit(const SealedBox& box, std::int64_t /*user*/, int turn) {
    if (turn != box.turn)
        return Error{"wrong_turn", "That is not the current turn (turn " + std::to_string(box.turn) + ")."};
    if (box.revealed) return Error{"turn_closed", "This turn's choices are already revealed."};
    return std::nullopt;
}

void submit(SealedBox& box, std::int64_t user, const std::string& side, nlohmann::json item) {
    if (box.revealed) return;
    box.items[user] = Submission{user, side, std::move(item)};
}

void withdraw(SealedBox& box, std::int64_t user) {
    if (!box.revealed) box.items.erase(user);
}

void reveal(SealedBox& box) { box.revealed = true; }

void open_turn(SealedBox& box, int turn) {
    box.turn = turn;
    box.revealed = false;
    box.items.clear();
}

std::vector<std::int64_t> submitted(const SealedBox& box) {
    std::vector<std::int64_t> users;
    for (const auto& [user, s] : box.items) users.push_back(user);
    return users;
}

bool all_submitted(const SealedBox& box, const std::vector<std::int64_t>& expected) {
    for (auto user : expected)
        if (!box.items.count(user)) return false;
    return true;
}

namespace {

nlohmann::json submission_json(const Submission& s) {
    return {{"user", s.user}, {"side", s.side}, {"item", s.item}};
}

bool may_see(const SealedBox& box, const Submission& s, const Viewer& viewer, const std::string& viewer_side,
             const BoxVisibility& visibility) {
    if (box.revealed || viewer.is_umpire()) return true;
    if (viewer.role != Role::player) return false;
    if (s.user == viewer.user) return true;
    return visibility.side_sees_side && !viewer_side.empty() && s.side == viewer_side;
}

}  // namespace

nlohmann::json view(const SealedBox& box, const Viewer& viewer, const std::string& viewer_side,
                    const BoxVisibility& visibility) {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& [user, s] : box.items)
        if (may_see(box, s, viewer, viewer_side, visibility)) items.push_back(submission_json(s));
    return {{"turn", box.turn}, {"revealed", box.revealed}, {"submitted", submitted(box)}, {"items", items}};
}

void to_json(nlohmann::json& j, const SealedBox& box) {
    nlohmann::json items = nlohmann::json::array();
    for (const auto& [user, s] : box.items) items.push_back(submission_json(s));
    j = {{"turn", box.turn}, {"revealed", box.revealed}, {"items", items}};
}

void from_json(const nlohmann::json& j, SealedBox& box) {
    box = SealedBox{};
    box.turn = j.at("turn").get<int>();
    box.revealed = j.at("revealed").get<bool>();
    for (const auto& s : j.at("items")) {
        Submission sub{s.at("user").get<std::int64_t>(), s.at("side").get<std::string>(), s.at("item")};
        box.items[sub.user] = std::move(sub);
    }
}

}  // namespace muster::battle
