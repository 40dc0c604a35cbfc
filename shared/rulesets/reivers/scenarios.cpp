// Three set-ups from the book's March law (border-reivers.txt, "the March Law gives some opportunities for
// scenario building"): a foray driving a herd home with a hot trod behind it ("The hot trod was a hot pursuit
// by the wronged party after a band of reivers"); a day of truce that turns to blows ("some members of the
// entourages came with murder in mind. As the Redeswire Raid shows, fighting could and did break out"); and
// an ambush of a returning raid ("They were often laid to deter pursuers of a successful foray"). Each is a
// battle.create body; the umpire seats the players on its heidmen by name.
#include "shared/rulesets/reivers/ruleset.h"

#include <nlohmann/json.hpp>

namespace muster::reivers {

using nlohmann::json;

namespace {

const char* const foray = R"json({
  "id": "reivers-foray", "name": "A foray and the hot trod",
  "description": "The Armstrongs drive the Bewcastle kine north for the border (the top edge); the Musgraves ride a hot trod after them from the south. The English know their own ground: their rolls for every area are made before play.",
  "battle": {
    "table": {"width": 1500, "depth": 1000, "measure": "paces"},
    "sides": [{"id": "scots", "name": "Scots"}, {"id": "english", "name": "English"}],
    "settings": {"first_side": "scots", "local_knowledge": "english"},
    "terrain": [
      {"id": 1, "kind": "wood", "name": "Kershope Wood", "shape": "circle", "centre": [400, 550], "radius": 150},
      {"id": 2, "kind": "broken", "name": "Bewcastle Waste", "shape": "polygon", "points": [[900, 400], [1300, 400], [1300, 650], [900, 650]]},
      {"id": 3, "kind": "stream", "name": "Black Lyne", "shape": "polyline", "points": [[0, 750], [700, 720], [1500, 780]], "width": 0},
      {"id": 4, "kind": "field", "name": "Askerton infield", "shape": "polygon", "points": [[600, 100], [1000, 100], [1000, 300], [600, 300]]},
      {"id": 5, "kind": "road", "name": "The Maiden Way", "shape": "polyline", "points": [[750, 0], [750, 1000]], "width": 30}
    ],
    "leaders": [
      {"id": 1, "side": "scots", "user": 0, "name": "Kinmont Willie", "position": [700, 640], "values": {"fyrebrand": 1, "craft": "good"}},
      {"id": 2, "side": "scots", "user": 0, "name": "Jock o' the Side", "position": [850, 640], "values": {"fyrebrand": 2, "craft": "average"}},
      {"id": 3, "side": "english", "user": 0, "name": "Thomas Musgrave", "position": [700, 130], "values": {"fyrebrand": 2, "craft": "average"}},
      {"id": 4, "side": "english", "user": 0, "name": "The Land Sergeant", "position": [900, 130], "values": {"fyrebrand": 3, "craft": "poor"}}
    ],
    "units": [
      {"side": "scots", "name": "Armstrongs", "troop_type": "rider", "position": [700, 650], "facing": 0, "values": {"mounted": true, "heidman": 1}},
      {"side": "scots", "name": "Kine", "troop_type": "herd", "position": [780, 620], "facing": 0, "values": {"heidman": 2}},
      {"side": "scots", "name": "Elliots", "troop_type": "lowne", "position": [850, 650], "facing": 0, "values": {"mounted": true, "heidman": 2}},
      {"side": "english", "name": "Musgraves", "troop_type": "demi_lance", "position": [700, 150], "facing": 0, "values": {"mounted": true, "heidman": 3}},
      {"side": "english", "name": "Carletons", "troop_type": "rider", "position": [560, 150], "facing": 0, "values": {"mounted": true, "heidman": 3}},
      {"side": "english", "name": "Bewcastle bows", "troop_type": "bow", "position": [900, 150], "facing": 0, "values": {"mounted": false, "heidman": 4, "military": true}}
    ]
  }
})json";

const char* const truce = R"json({
  "id": "reivers-truce", "name": "A day of truce turns to blows",
  "description": "The wardens meet at the Reidswire with their followers, protected until sunrise; each side has brought more men than it should, lying out of sight. Who strikes first is for the players.",
  "battle": {
    "table": {"width": 1500, "depth": 1000, "measure": "paces"},
    "sides": [{"id": "english", "name": "English"}, {"id": "scots", "name": "Scots"}],
    "settings": {"first_side": "english", "weather": "overcast"},
    "terrain": [
      {"id": 1, "kind": "field", "name": "The Reidswire", "shape": "polygon", "points": [[550, 350], [950, 350], [950, 650], [550, 650]]},
      {"id": 2, "kind": "wood", "name": "Carter Fell wood", "shape": "circle", "centre": [250, 300], "radius": 120},
      {"id": 3, "kind": "wood", "name": "Catcleugh wood", "shape": "circle", "centre": [1250, 700], "radius": 120},
      {"id": 4, "kind": "marsh", "name": "Redesdale moss", "shape": "circle", "centre": [750, 850], "radius": 90}
    ],
    "leaders": [
      {"id": 1, "side": "english", "user": 0, "name": "Sir John Forster", "position": [750, 420], "values": {"fyrebrand": 3, "craft": "average"}},
      {"id": 2, "side": "english", "user": 0, "name": "Fenwick of Wallington", "position": [300, 330], "values": {"fyrebrand": 2, "craft": "average"}},
      {"id": 3, "side": "scots", "user": 0, "name": "Sir John Carmichael", "position": [750, 580], "values": {"fyrebrand": 3, "craft": "average"}},
      {"id": 4, "side": "scots", "user": 0, "name": "Jedburgh's provost", "position": [1200, 670], "values": {"fyrebrand": 2, "craft": "poor"}}
    ],
    "units": [
      {"side": "english", "name": "Forster's men", "troop_type": "rider", "position": [750, 450], "facing": 0, "values": {"mounted": true, "heidman": 1}},
      {"side": "english", "name": "Tynedale bows", "troop_type": "bow", "position": [620, 450], "facing": 0, "values": {"mounted": false, "heidman": 1}},
      {"side": "english", "name": "Fenwicks", "troop_type": "demi_lance", "position": [250, 300], "facing": 90, "values": {"mounted": true, "heidman": 2}, "concealed": true, "markers": {"concealment": 4}},
      {"side": "scots", "name": "Carmichael's men", "troop_type": "rider", "position": [750, 550], "facing": 180, "values": {"mounted": true, "heidman": 3}},
      {"side": "scots", "name": "Liddesdale lances", "troop_type": "lowne", "position": [880, 550], "facing": 180, "values": {"mounted": true, "heidman": 3}},
      {"side": "scots", "name": "Jedburgh men", "troop_type": "blade", "position": [1250, 700], "facing": 270, "values": {"mounted": false, "heidman": 4}, "concealed": true, "markers": {"concealment": 6}}
    ]
  }
})json";

const char* const ambush = R"json({
  "id": "reivers-ambush", "name": "The ambush of a returning raid",
  "description": "The Grahams come home up the road with Scottish cattle; the Scots they robbed have ridden round them and lie in wait where the road runs between the wood and the moss. The Scots know the ground and have gone to ground before play.",
  "battle": {
    "table": {"width": 1500, "depth": 1000, "measure": "paces"},
    "sides": [{"id": "raiders", "name": "Grahams"}, {"id": "avengers", "name": "Scots"}],
    "settings": {"first_side": "raiders", "local_knowledge": "avengers"},
    "terrain": [
      {"id": 1, "kind": "road", "name": "The drove road", "shape": "polyline", "points": [[750, 0], [750, 1000]], "width": 30},
      {"id": 2, "kind": "wood", "name": "Tarras Wood", "shape": "circle", "centre": [560, 550], "radius": 140},
      {"id": 3, "kind": "marsh", "name": "Tarras Moss", "shape": "circle", "centre": [960, 520], "radius": 150},
      {"id": 4, "kind": "wall", "name": "Head dyke", "shape": "polyline", "points": [[0, 250], [700, 240]], "width": 0}
    ],
    "leaders": [
      {"id": 1, "side": "raiders", "user": 0, "name": "Richie Graham", "position": [750, 120], "values": {"fyrebrand": 1, "craft": "average"}},
      {"id": 2, "side": "raiders", "user": 0, "name": "Wat Graham", "position": [820, 60], "values": {"fyrebrand": 2, "craft": "poor"}},
      {"id": 3, "side": "avengers", "user": 0, "name": "Wat Scott of Harden", "position": [560, 600], "values": {"fyrebrand": 2, "craft": "good"}}
    ],
    "units": [
      {"side": "raiders", "name": "Grahams of Netherby", "troop_type": "rider", "position": [750, 150], "facing": 0, "values": {"mounted": true, "heidman": 1}},
      {"side": "raiders", "name": "Stolen kine", "troop_type": "herd", "position": [750, 80], "facing": 0, "values": {"heidman": 2}},
      {"side": "raiders", "name": "Grahams of Esk", "troop_type": "lowne", "position": [850, 80], "facing": 0, "values": {"mounted": true, "heidman": 2}},
      {"side": "avengers", "name": "Scotts", "troop_type": "rider", "position": [600, 560], "facing": 90, "values": {"mounted": false, "heidman": 3}, "concealed": true, "markers": {"concealment": 6}},
      {"side": "avengers", "name": "Harden's bows", "troop_type": "bow", "position": [930, 470], "facing": 270, "values": {"mounted": false, "heidman": 3}, "concealed": true, "markers": {"concealment": 4}}
    ]
  }
})json";

}  // namespace

json scenarios() {
    static const json all = {json::parse(foray), json::parse(truce), json::parse(ambush)};
    return all;
}

}  // namespace muster::reivers
