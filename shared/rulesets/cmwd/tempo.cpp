#include "shared/rulesets/cmwd/tempo.h"

namespace muster::cmwd {

using nlohmann::json;

void roll_tempo_points(BattleEntry& e, Dice& dice) {
    const CmwdSettings s = settings_from(e.settings);
    json tempo = json::object();
    for (const auto& side : e.battle.sides) {
        int points = s.tempo_bonus;
        json faces = json::array();
        for (int i = 0; i < s.tempo_dice; ++i) {
            const int d = dice.roll(6);
            faces.push_back(d);
            points += d;
        }
        tempo[side.id] = {{"points", points}, {"left", points}, {"dice", faces}};
    }
    e.data["tempo"] = tempo;
    e.data["bids"] = json::object();
}

int points_left(const BattleEntry& e, const std::string& side) {
    if (!e.data.contains("tempo") || !e.data["tempo"].contains(side)) return 0;
    return e.data["tempo"][side].value("left", 0);
}

battle::ItemCheck read_bid(const BattleEntry& e, const Leader& me, const json& body) {
    if (!is_commander(e.battle, me)) return Error{"not_now", "Only the commander of the " + me.side + " bids for the tempo."};
    const int points = points_left(e, me.side);
    auto bid = body.find("bid");
    if (bid == body.end() || !bid->is_number_integer() || bid->get<long long>() < 0 || bid->get<long long>() > points)
        return bad_request("A bid is a whole number of tempo points from 0 to " + std::to_string(points) + ".");
    return json{{"bid", bid->get<int>()}};
}

json reveal_bids(const BattleEntry& e, const json& items) {
    const CmwdSettings s = settings_from(e.settings);
    json bids = json::object();
    for (const auto& side : e.battle.sides) bids[side.id] = 0;  // no bid in when the umpire closes: nothing bid
    for (const auto& it : items) {
        const std::string side = it.value("side", "");
        if (bids.contains(side) && it.contains("item") && it["item"].contains("bid")) bids[side] = it["item"]["bid"];
    }
    const std::string a = first_side(e.battle, s), b = other_side(e.battle, a);
    const std::string last = e.data.value("tempo_side", a);  // before the first game turn: first_tempo holds it
    std::string winner;
    const int ba = bids.value(a, 0), bb = b.empty() ? -1 : bids.value(b, 0);
    if (ba != bb) winner = ba > bb ? a : b;
    else winner = s.tempo_tie == "keeps" || e.data.value("tempo_side", "").empty() ? last : other_side(e.battle, last);
    const auto* sd = e.battle.side(winner);
    std::string line = "Game turn " + std::to_string(game_turn_of(e.battle.turn)) + ": the tempo bids are ";
    bool first = true;
    for (const auto& side : e.battle.sides) {
        line += (first ? "" : ", ") + side.name + " " + std::to_string(bids.value(side.id, 0));
        first = false;
    }
    line += (ba == bb ? "; a tie, and the " : "; the ") + (sd ? sd->name : winner) + " have the tempo.";
    return {{"line", line}, {"tempo_side", winner}, {"bids", bids}};
}

void apply_bids(BattleEntry& e, const json& body) {
    const CmwdSettings s = settings_from(e.settings);
    const std::string winner = body.value("tempo_side", "");
    e.data["tempo_side"] = winner;
    e.data["bids"] = body.value("bids", json::object());
    for (const auto& [side, bid] : e.data["bids"].items()) {
        if (s.bid_paid_by == "winner" && side != winner) continue;
        json& t = e.data["tempo"][side];
        t["left"] = std::max(0, t.value("left", 0) - bid.get<int>());
    }
}

}  // namespace muster::cmwd
