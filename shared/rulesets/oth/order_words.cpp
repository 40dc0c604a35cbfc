#include "shared/rulesets/oth/order_words.h"

#include "shared/rulesets/oth/musketry.h"
#include "shared/rulesets/oth/order_card.h"

namespace muster::oth {

std::string order_card_name(std::string_view order) {
    if (auto o = order_from_name(order)) return std::string(card_for_order(*o).name);
    return std::string(order);
}

bool is_fire_order(std::string_view order) {
    return order == "fire" || order == "hold_your_fire" || order == "cease_fire";
}

// over-the-hills.txt, "Command & Control": "It takes one turn for a unit to digest a new order."
std::string digesting_line(const std::string& unit, std::string_view order, int from_turn, const std::string& carrying_on) {
    std::string s = order_card_name(order) + ": " + unit +
                    " are still digesting the order (\"It takes one turn for a unit to digest a new order\"): they act "
                    "on it from turn " + std::to_string(from_turn);
    if (!carrying_on.empty()) s += "; meanwhile they carry on with " + carrying_on;
    return s + ".";
}

// over-the-hills.txt, "Musketry": "firing range of 4+ MUS centimetres range or less".
std::string shooting_distance_words(int musketry) {
    return "effective shooting distance (4 + MUS " + std::to_string(musketry) + " = " +
           std::to_string(musketry_range_cm(musketry)) + " cm)";
}

// over-the-hills.txt, "Movement": the rows of the table, as it names them.
std::string move_rate_how(MoveAction action, TroopType type, int drill, int rate_cm) {
    std::string row, foot;
    switch (action) {
        case MoveAction::forward: row = "Forward movement (keeping formation)", foot = "8 + DRI " + std::to_string(drill) + " = "; break;
        case MoveAction::rush_to_contact: row = "Rush to contact (not bothering with formation)"; break;
        case MoveAction::backward: row = "Backward movement (in good order)", foot = "DRI "; break;
        case MoveAction::run_away: row = "Run away (back to enemy)"; break;
        case MoveAction::wheel: row = "Wheeling or other complex manoeuvre", foot = "DRI "; break;
    }
    if (type == TroopType::horse) return row + ": horse " + std::to_string(rate_cm) + " cm a turn.";
    if (foot == "DRI ") foot += std::to_string(drill) + " = ";
    return row + ": foot " + foot + std::to_string(rate_cm) + " cm a turn.";
}

}  // namespace muster::oth
