// How far along a straight sweep (movement_detail.h Mover::sweep) a stand's tests surely
// pass again, from what one step's test saw (issue 9 round 20). The stand's centre at t
// along the sweep is c + dir * (t - now); every bound is padded (kBoundPadMm, kGapPadMm)
// far above the rounding of coordinates up to 1e6 mm (1e-10), so the floating-point tests
// a step makes agree with the exact ones below it. Round 23: and the corner distance that
// decides most of a near pair's 1 yd tests without the exact distance.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/geometry/axis_gaps.h"
#include "core/geometry/rect_frame.h"
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

// Round 23: footprints whose shadows lie more than kApartMm apart on an axis (axis_gaps) are
// disjoint, and the distance of two disjoint rectangles is the least distance of a corner of
// either to the other. corner_distance2 is the square of that least (each corner's distance
// to the other footprint as distance(RectFrame, Vec2) works it out: from the edge, 0
// inside), or the first square found under `stop` (the caller needs no more; 0: all eight).
// Its root and distance() (corners to edges) differ by rounding only, far under
// kCornerPadMm; stand_ok then measures exactly only a pair whose corner distance lies that
// near its limit.
inline constexpr double kApartMm = 1e-6;
inline constexpr double kCornerPadMm = 1e-6;
inline double corner_distance2(const RectFrame& a, const RectFrame& b, double stop) {
  double least = std::numeric_limits<double>::infinity();
  auto from = [&least, stop](const RectFrame& fr, const std::array<Vec2, 4>& corners) {
    for (const Vec2 p : corners) {
      const Vec2 d = p - fr.rect.centre;
      const double dx = std::max(std::fabs(d.dot(fr.r)) - fr.hw, 0.0);
      const double dy = std::max(std::fabs(d.dot(fr.f)) - fr.hd, 0.0);
      least = std::min(least, dx * dx + dy * dy);
      if (least < stop) return true;
    }
    return false;
  };
  if (!from(b, a.corners)) from(a, b.corners);
  return least;
}

}  // namespace smoothbore::fire_and_discipline::movement_detail
