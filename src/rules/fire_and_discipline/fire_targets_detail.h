// Internals shared by the fire target files (not part of the public API): a unit's
// firearm, open order, and the rounding that makes near-equal expected values ties.
#pragma once

#include <cmath>
#include <optional>

#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::fire_targets_detail {

inline bool open_order(const Unit& u) { return u.formation == "open-order"; }

inline std::optional<Firearm> firearm_of(const Unit& u) {
  return parse_firearm(u.attribute_string("firearm", "flintlock"));
}

// Differences below this are ties (rounding of the closed forms).
inline constexpr double kTie = 1e-9;
inline double snap(double x) { return std::round(x / kTie) * kTie; }

}  // namespace smoothbore::fire_and_discipline::fire_targets_detail
