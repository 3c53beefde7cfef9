// Where a stand's centre may go during a wheel (movement_detail.h Mover::wheel_clear), from
// its start and end alone (issue 9 round 21). A wheel's step turns the centre's offset `v`
// from the pivot by a fraction of the turn (Turn::of, a clockwise compass turn: the offset's
// mathematical angle falls by the step's degrees), so every step's centre lies on the arc of
// radius |v| from v to `e` (the last step's offset) the short way round, up to rounding;
// every bound is padded (kArcPadMm, relative kArcPadRel) far above the rounding of
// coordinates up to 1e6 mm (1e-10).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "core/geometry/shapes.h"
#include "core/geometry/vec2.h"

namespace smoothbore::fire_and_discipline::movement_detail {

inline constexpr double kArcPadMm = 1e-3;
inline constexpr double kArcPadRel = 1e-9;
// Turns this near a half-turn or beyond are taken as the whole circle.
inline constexpr double kArcWholeDeg = 170;

// Whether direction `u` may lie on the arc from `v` to `e` turned by `turn` degrees
// (clockwise when positive; |turn| < kArcWholeDeg): true where unsure (within `tol` of an
// end's line), which only widens what a caller keeps.
inline bool arc_may_hold(Vec2 v, Vec2 e, double turn, Vec2 u, double tol) {
  const double a = v.cross(u);  // < 0 when u lies clockwise of v
  const double b = u.cross(e);
  return turn > 0 ? (a <= tol && b <= tol) : (a >= -tol && b >= -tol);
}

// The least box (about the pivot) holding every step's centre offset on the arc from `v` to
// `e` turned by `turn` degrees, padded.
inline Box arc_box(Vec2 v, Vec2 e, double turn) {
  const double r = v.length();
  const double pad = r * kArcPadRel + kArcPadMm;
  if (std::fabs(turn) >= kArcWholeDeg) return {{-r - pad, -r - pad}, {r + pad, r + pad}};
  Box b{{std::min(v.x, e.x), std::min(v.y, e.y)}, {std::max(v.x, e.x), std::max(v.y, e.y)}};
  const double tol = r * 1e-6 + kArcPadMm;
  if (arc_may_hold(v, e, turn, {1, 0}, tol)) b.max.x = r;
  if (arc_may_hold(v, e, turn, {-1, 0}, tol)) b.min.x = -r;
  if (arc_may_hold(v, e, turn, {0, 1}, tol)) b.max.y = r;
  if (arc_may_hold(v, e, turn, {0, -1}, tol)) b.min.y = -r;
  b.min = b.min - Vec2{pad, pad};
  b.max = b.max + Vec2{pad, pad};
  return b;
}

// A lower bound of the distance from `q` (about the pivot) to every step's centre offset
// on that arc: the distance to the circle of radius |v|, and, where `q` surely lies outside
// the arc's sector, to the nearer end (the distance to a point of the circle grows with the
// angle between them); less the pad.
inline double arc_distance_below(Vec2 v, Vec2 e, double turn, Vec2 q) {
  const double r = v.length();
  const double ql = q.length();
  double d = std::fabs(ql - r);
  if (std::fabs(turn) < kArcWholeDeg && ql > 0 &&
      !arc_may_hold(v, e, turn, q * (1.0 / ql), r * 1e-6 + kArcPadMm)) {
    d = std::max(d, std::min((q - v).length(), (q - e).length()));
  }
  return d - r * kArcPadRel - kArcPadMm;
}

// arc_distance_below(v, e, turn, q) <= reach, the circle's distance (cheap) asked first.
inline bool arc_may_come_within(Vec2 v, Vec2 e, double turn, Vec2 q, double reach) {
  const double r = v.length();
  if (std::fabs(q.length() - r) - r * kArcPadRel - kArcPadMm > reach) return false;
  return arc_distance_below(v, e, turn, q) <= reach;
}

}  // namespace smoothbore::fire_and_discipline::movement_detail
