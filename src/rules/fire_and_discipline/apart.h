// Cheap tests that two footprints lie farther apart than a limit (issue 9), or within it
// (round 14): every point of a footprint lies within its half diagonal of its centre, so
// the edge-to-edge distance is at least the centres' distance less both half diagonals,
// and at most the centres' distance. Contact and cascade checks ask distance(a, b) <= limit
// of many pairs of stands far apart; this answers most of them without the exact distance
// (two frames, four sines, 32 corner-to-edge estimates).
#pragma once

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/checks.h"

namespace smoothbore::fire_and_discipline {

// Whether distance(a, b) > limit surely holds by the centres alone (slack far above the
// rounding of table coordinates); false says nothing. Under shortcut_checks every true
// answer is compared with the exact distance.
inline bool surely_beyond(const Rect& a, const Rect& b, double limit) {
  const double apart = (a.centre - b.centre).length() - half_diagonal(a) - half_diagonal(b);
  const bool beyond = apart > limit * (1 + 1e-9) + 1e-3;
  if (beyond && shortcut_checks()) {
    SB_CHECK(distance(a, b) > limit, "stands judged apart by their centres are within reach");
  }
  return beyond;
}

// Whether distance(a, b) <= limit surely holds by the centres alone: each centre lies in
// its footprint, so the edge-to-edge distance is at most the centres' distance (slack far
// above rounding); false says nothing. Under shortcut_checks every true answer is compared
// with the exact distance.
inline bool surely_within(const Rect& a, const Rect& b, double limit) {
  const bool within = (a.centre - b.centre).length() < limit * (1 - 1e-9) - 1e-3;
  if (within && shortcut_checks()) {
    SB_CHECK(distance(a, b) <= limit, "stands judged within reach by their centres are not");
  }
  return within;
}

}  // namespace smoothbore::fire_and_discipline
