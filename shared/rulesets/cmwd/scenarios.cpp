// The book's own set-up: the "Example of Combat" (chosen-men-well-disposed.txt, pages 28-34) as a battle to play
// from its first game turn: Bennington's British foot and Spriggs' horse, on the move, against d'Hautfront's a
// prest foot and Malheureux's horse standing. A battle.create body; the umpire seats the players on the
// commanders by name (docs/protocol.md, "Scenarios and strings of battles").
//
// Placed so the example plays by its own moves alone, with no umpire move (cm, BW 6, BD 3; a position is the
// centre of a base's front edge, facing 0 is +y): the British foot A-D 2BW from P-S, Spriggs' horse F G H at
// x 60, 66, 72, 4BW short of where Malheureux's horse will stand. "Spriggs' cavalry receives 1TP and advances
// 2BW" puts F G H's fronts on y 50. Malheureux's X Y Z stand at facing 225, each turned an eighth of a turn away
// from facing the British, in an "awkward position" from which they reach no one straight ahead ("this has to be
// in a straight line from their present position"). "Malheureux decides to wheel instead, to face the approaching
// British": each wheels left by pi/4 BW (0.785 BW, within the horse's 2BW) about its front left corner, fixed at
// (63, 62), (69, 62), (75, 62), and so faces 180 with its front centred at x 60, 66, 72 on y 62: straight
// ahead of F, G and H, "only 2BW apart when the charge commenced", to charge "in a straight line" in the second
// game turn. Each position is that corner + 3 cm (half a BW) along facing 225's right, (-3/sqrt 2, +3/sqrt 2).
#include <nlohmann/json.hpp>

namespace muster::cmwd {

using nlohmann::json;

namespace {

const char* const example = R"json({
  "id": "cmwd-example", "name": "The Example of Combat",
  "description": "The book's worked example (pages 28-34): two British brigades advancing on two stationary French ones: d'Hautfront's foot 2BW from Bennington's, Malheureux's horse standing askew, to wheel to face Spriggs' horse. Bennington and d'Hautfront command; Spriggs and Malheureux are the umpire's unless seated.",
  "battle": {
    "table": {"width": 180, "depth": 120, "measure": "cm"},
    "sides": [{"id": "british", "name": "British"}, {"id": "french", "name": "French"}],
    "settings": {"first_tempo": "british"},
    "leaders": [
      {"id": 1, "side": "british", "user": 0, "name": "Brigadier Norbert Bennington", "position": [40, 40], "values": {"brigade": "bennington", "commander": true, "moving": true, "brigade_name": "Bennington's brigade"}},
      {"id": 2, "side": "british", "user": 0, "name": "Brigadier Wolverton Spriggs", "position": [66, 30], "values": {"brigade": "spriggs", "moving": true, "brigade_name": "Spriggs' brigade"}},
      {"id": 3, "side": "french", "user": 0, "name": "Brigadier the Comte d'Hautfront", "position": [40, 72], "values": {"brigade": "hautfront", "commander": true, "brigade_name": "d'Hautfront's brigade"}},
      {"id": 4, "side": "french", "user": 0, "name": "Brigadier Malheureux", "position": [66, 72], "values": {"brigade": "malheureux", "brigade_name": "Malheureux's brigade"}}
    ],
    "units": [
      {"side": "british", "name": "A", "troop_type": "infantry", "position": [30, 50], "facing": 0, "values": {"brigade": "bennington", "school": "dutch"}},
      {"side": "british", "name": "B", "troop_type": "infantry", "position": [36, 50], "facing": 0, "values": {"brigade": "bennington", "school": "dutch"}},
      {"side": "british", "name": "C", "troop_type": "infantry", "position": [42, 50], "facing": 0, "values": {"brigade": "bennington", "school": "dutch"}},
      {"side": "british", "name": "D", "troop_type": "infantry", "position": [48, 50], "facing": 0, "values": {"brigade": "bennington", "school": "dutch"}},
      {"side": "british", "name": "F", "troop_type": "horse", "position": [60, 38], "facing": 0, "values": {"brigade": "spriggs"}},
      {"side": "british", "name": "G", "troop_type": "horse", "position": [66, 38], "facing": 0, "values": {"brigade": "spriggs"}},
      {"side": "british", "name": "H", "troop_type": "horse", "position": [72, 38], "facing": 0, "values": {"brigade": "spriggs"}},
      {"side": "french", "name": "P", "troop_type": "infantry", "position": [30, 62], "facing": 180, "values": {"brigade": "hautfront", "school": "a_prest"}},
      {"side": "french", "name": "Q", "troop_type": "infantry", "position": [36, 62], "facing": 180, "values": {"brigade": "hautfront", "school": "a_prest"}},
      {"side": "french", "name": "R", "troop_type": "infantry", "position": [42, 62], "facing": 180, "values": {"brigade": "hautfront", "school": "a_prest"}},
      {"side": "french", "name": "S", "troop_type": "infantry", "position": [48, 62], "facing": 180, "values": {"brigade": "hautfront", "school": "a_prest"}},
      {"side": "french", "name": "X", "troop_type": "horse", "position": [60.878679656440355, 64.12132034355965], "facing": 225, "values": {"brigade": "malheureux", "pistols": true}},
      {"side": "french", "name": "Y", "troop_type": "horse", "position": [66.87867965644035, 64.12132034355965], "facing": 225, "values": {"brigade": "malheureux", "pistols": true}},
      {"side": "french", "name": "Z", "troop_type": "horse", "position": [72.87867965644035, 64.12132034355965], "facing": 225, "values": {"brigade": "malheureux", "pistols": true}}
    ]
  }
})json";

}  // namespace

json scenarios() { return json::array({json::parse(example)}); }

}  // namespace muster::cmwd
