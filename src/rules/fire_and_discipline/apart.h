// Cheap tests that two footprints lie farther apart than a limit (issue 9), or within it
// (round 14): every point of a footprint lies within its half diagonal of its centre, so
// the edge-to-edge distance is at least the centres' distance less both half diagonals,
// and at most the centres' distance. Contact and cascade checks ask distance(a, b) <= limit
// of many pairs of stands far apart; this answers most of them without the exact distance
// (two frames, four sines, 32 corner-to-edge estimates).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "core/geometry/rect_frame.h"
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

// A lower bound of distance(a, b) from the frames' axes alone (issue 9 round 22): b's
// shadow on each of a's two axes lies beyond a's by `gu` and `gv` (0 where they overlap),
// and every point of b lies at least that far outside a along each axis, so at least
// sqrt(gu² + gv²) from a. For footprints that face the same way or opposite ways it is the
// distance itself but for rounding (some 1e-12 of the coordinates), so a search that
// measures exactly only the stands whose bound may beat the best so far measures about one;
// the centres' distance less the half-diagonals passed every stand of a line whose centre
// lay within half a stand's diagonal of the best. Callers pad it far above rounding.
inline double frame_gap(const RectFrame& a, const RectFrame& b) {
  const Vec2 d = b.rect.centre - a.rect.centre;
  const double eu = b.hw * std::fabs(b.r.dot(a.r)) + b.hd * std::fabs(b.f.dot(a.r));
  const double ev = b.hw * std::fabs(b.r.dot(a.f)) + b.hd * std::fabs(b.f.dot(a.f));
  const double gu = std::max(std::fabs(d.dot(a.r)) - a.hw - eu, 0.0);
  const double gv = std::max(std::fabs(d.dot(a.f)) - a.hd - ev, 0.0);
  return std::sqrt(gu * gu + gv * gv);
}

}  // namespace smoothbore::fire_and_discipline
