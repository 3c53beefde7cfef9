// The Group-orders rules: an unidentified orders-driven, stand-based horse-and-musket rule
// set known only from a damaged summary (shared/seeds/004_*.txt; digest shared/rules/004.md;
// cited by line, "L93", and by the digest's ids, "H4-07").
//
// Summary of the rules. Units (Massed or Light) belong to Groups under a General; each Group
// holds one of five orders, Advance, Reserve, Stand, Retreat or Rout, which limit how it
// moves, shoots and fights (L1-L29). Shooting is one D6 per unit plus a stand per extra
// stand: 4 disorganises, 5 kills a stand, 7+ two, 10+ three (L92-L137). Melee is a D6 per
// unit in contact with the same kill bands (L145-L165). Morale is a D6 whose result, by
// class, keeps or changes the Group's orders, down to Rout (L169-L231). Distances in cm.
//
// The battle (battle_impl.h) plays the digest's proposed sequence (H4-01) with Groups under
// Generals; every table and resolution is also published for `smoothbore odds`.
#pragma once

#include <string_view>

#include "rules/ruleset.h"

namespace smoothbore::group_orders {

inline constexpr std::string_view kId = "group-orders";
inline constexpr std::string_view kStatus = "playable";

const Ruleset& ruleset();

// What the rule set's layout() lays a unit out as: one stand of laid_stands(unit) figures
// (its figures, at least one) whose rect is laid_rect: side by side in line, two wide in
// column, one wide in a deep column, a box in square (H4-18); `light` says whether its type's
// class is Light (units.types). A formation change of the battle asks the rect alone, with
// no vector and no table look-up (issue 9).
int laid_stands(const Unit& unit);
Rect laid_rect(const Unit& unit, Vec2 centre, double facing, bool light);

}  // namespace smoothbore::group_orders
