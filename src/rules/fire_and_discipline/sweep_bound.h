// How far along a straight sweep (movement_detail.h Mover::sweep) a stand's tests surely
// pass again, from what one step's test saw (issue 9 round 20). The stand's centre at t
// along the sweep is c + dir * (t - now); every bound is padded (kBoundPadMm, kGapPadMm)
// far above the rounding of coordinates up to 1e6 mm (1e-10), so the floating-point tests
// a step makes agree with the exact ones below it.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/geometry/axis_gaps.h"
#include "core/geometry/vec2.h"

namespace smoothbore::fire_and_discipline::movement_detail {

inline constexpr double kBoundPadMm = 1e-3;
inline constexpr double kNeverMm = std::numeric_limits<double>::infinity();

// The least t >= now at which the centres `gap` apart now (the stand's less the other's)
// may come within `reach` of each other: +infinity if never. The gap's component along the
// sweep grows by |dir| a mm of t (a sweep's dir need not be a unit vector: plan_move's
// probe scales it) and its component across stays, and either exceeds reach while the
// whole gap does (the circle test gap·gap > reach² passes); `now` when they are within
// reach now.
inline double circles_apart_until(Vec2 gap, double reach, Vec2 dir, double now) {
  const double limit = reach + kBoundPadMm;
  const double len = dir.length();
  if (std::fabs(gap.x * dir.y - gap.y * dir.x) / len > limit) return kNeverMm;
  const double along = gap.dot(dir) / len;
  if (along > limit) return kNeverMm;  // moving apart
  if (along < -limit) return now + (-along - limit) / len;
  return now;
}

// The least t >= now at which a centre `c` may leave the box [in, w - in] x [in, h - in]
// (the stand test's "well inside the table"), `c` inside it now: +infinity if never.
inline double inside_until(Vec2 c, double in, double w, double h, Vec2 dir, double now) {
  double run = kNeverMm;
  if (dir.x > 0) run = std::min(run, (w - in - kBoundPadMm - c.x) / dir.x);
  if (dir.x < 0) run = std::min(run, (c.x - in - kBoundPadMm) / -dir.x);
  if (dir.y > 0) run = std::min(run, (h - in - kBoundPadMm - c.y) / dir.y);
  if (dir.y < 0) run = std::min(run, (c.y - in - kBoundPadMm) / -dir.y);
  return now + std::max(run, 0.0);
}

// The least t >= now at which a pair whose shadows lie `gaps` apart now (axis_gaps) may
// come nearer than `floor` (>= 0): while some shadow gap exceeds it, so does the pair's
// distance, and they do not overlap; a gap on axis a changes by at most |dir·a| a mm. Padded
// by kGapPadMm, far under the 1e-6 mm by which a sweep's neighbour counts as closing.
inline constexpr double kGapPadMm = 1e-8;
inline double shadows_apart_until(const std::array<AxisGap, 4>& gaps, double floor, Vec2 dir,
                                  double now) {
  double run = 0;
  for (const AxisGap& g : gaps) {
    if (g.gap > floor + kGapPadMm) {
      run = std::max(run, (g.gap - floor - kGapPadMm) / (std::fabs(dir.dot(g.axis)) + 1e-12));
    }
  }
  return now + run;
}

}  // namespace smoothbore::fire_and_discipline::movement_detail
