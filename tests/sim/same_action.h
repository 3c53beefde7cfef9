// Two candidate actions alike field for field, their coordinates and facing bit for bit:
// what a rule set's settled move (settle_facing) must be against its fully faced list
// (the move-facing tests, issue 9).
#pragma once

#include "core/geometry/same_bits.h"
#include "rules/battle.h"

namespace smoothbore::testing_actions {

inline bool same_action(const Action& a, const Action& b) {
  return a.kind == b.kind && a.unit == b.unit && a.target == b.target && a.moves == b.moves &&
         same_bits(a.destination.x, b.destination.x) &&
         same_bits(a.destination.y, b.destination.y) && same_bits(a.facing, b.facing) &&
         a.formation == b.formation && a.rate == b.rate && a.shot == b.shot &&
         a.unchecked == b.unchecked;
}

}  // namespace smoothbore::testing_actions
