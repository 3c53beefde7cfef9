// How long a footprint moving in a straight line surely stays clear of another (issue 9):
// travel (movement.cc) places every step of a move as place_ok would, and asks the exact
// overlap of a unit beside the path only at the steps beyond what an earlier step learnt.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/geometry/axis_gaps.h"
#include "core/geometry/rect_frame.h"

namespace smoothbore::group_orders {

// How far (mm) the footprint `a`, of half diagonal `a_reach` (sqrt(hw² + hd²)), may move
// along `dir` (of unit length) while overlaps(moved a, b, 0.01) surely stays false; at
// most 0 where it may not at once. A move of d changes the centres' gap by at most d, and
// the gap of the two shadows on an axis by at most |d·axis| (axis_gaps.h); an overlap of
// more than the tolerance needs the circumscribed circles to meet and every shadow gap to
// be below minus the tolerance. A micron of margin, far above the rounding of the shadows,
// keeps the answer exact.
inline double apart_for(const RectFrame& a, const RectFrame& b, double a_reach, Vec2 dir) {
  constexpr double kTolerance = 0.01;  // mm, place_ok's
  constexpr double kMargin = 1e-3;     // mm
  const Vec2 gap = a.rect.centre - b.rect.centre;
  double run = std::sqrt(gap.dot(gap)) - a_reach - std::sqrt(b.hw * b.hw + b.hd * b.hd) - kMargin;
  for (const AxisGap& g : axis_gaps(a, b)) {
    const double slack = g.gap + kTolerance - kMargin;
    if (slack > 0) run = std::max(run, slack / (std::abs(dir.dot(g.axis)) + 1e-12));
  }
  return run;
}

}  // namespace smoothbore::group_orders
