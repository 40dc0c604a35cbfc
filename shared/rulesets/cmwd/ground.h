#pragma once
// Where bases stand to each other in the book's terms: beside (for support), point blank and close range, the
// straight line of a charge, a flank attack, and bases pushed back by a recoil or a break.
#include <optional>
#include <string>
#include <vector>

#include "shared/rulesets/cmwd/army.h"

namespace muster::cmwd {

// Side by side, touching, facing the same way: a base that may support the other's fire (the "Fire effect"
// diagram: "Base A may support base B").
bool beside(const Unit& a, const Unit& b, double bw);
// The fire's range band from the firer to the target ("point_blank": in contact front to front; "close": within
// close_bw; "long": artillery within artillery_long_bw), or nothing when out of range or not in front.
std::optional<std::string> fire_range(const CmwdSettings& s, const Battle& b, const Unit& firer, const Unit& target);
// chosen-men-well-disposed.txt, "A charge must be carried out in a straight line": the target lies straight ahead
// within the charge's reach.
bool chargeable(const CmwdSettings& s, const Battle& b, const Unit& charger, const Unit& target);
// "Flank Attacks": "the charging base must begin its move with at least part of its front behind a line projected
// out from the front edge of the target's base".
bool flank_attack(const Unit& charger, const Unit& target);
// "testing to charge infantry with two secure flanks": a friendly base beside it on each side.
bool secure_flanks(const Battle& b, const Unit& target, double bw);
// The bases of other sides than `u`'s, or every other base, that could stand in its way.
std::vector<const Unit*> others(const Battle& b, const Unit& u);
// Moves a base back `distance` (keeping its facing), stopping at the first base behind it.
void push_back(Battle& b, std::int64_t unit, double distance);
// Moves a base forward up to `distance`, stopping at contact; returns how far it went.
double go_forward(Battle& b, std::int64_t unit, double distance);
// The friendly standing base nearest a point, or nullptr.
const Unit* nearest_friend(const Battle& b, const std::string& side, battle::Point p);

}  // namespace muster::cmwd
