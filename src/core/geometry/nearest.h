// The least edge-to-edge distance from one rectangle to many (issue 9), exact but cheap:
// a first pass bounds the answer from above by the centre distances plus both half
// diagonals; a second computes the exact distance only for rectangles whose lower bound
// (centre distance less both half diagonals) does not exceed it. The rectangle nearest
// always passes, so the answer is the minimum of the same exact distances a full scan
// takes, bit for bit.
#pragma once

#include <algorithm>
#include <limits>

#include "core/geometry/shapes.h"

namespace smoothbore {

inline double half_diagonal(const Rect& r) { return Vec2{r.width, r.depth}.length() / 2; }

// `for_each(f)` calls `f(rect)` for every candidate, the same ones in both passes; the
// result is `none` when there is none.
template <typename ForEach>
double nearest_distance(const Rect& r, ForEach for_each,
                        double none = std::numeric_limits<double>::infinity()) {
  const double rr = half_diagonal(r);
  double upper = std::numeric_limits<double>::infinity();
  for_each([&](const Rect& o) {
    upper = std::min(upper, (r.centre - o.centre).length() + rr + half_diagonal(o));
  });
  if (upper == std::numeric_limits<double>::infinity()) return none;
  // Slack for rounding, so that the bounds hold for the computed distances too.
  const double cut = upper * (1 + 1e-9) + 1e-6;
  double best = none;
  for_each([&](const Rect& o) {
    if ((r.centre - o.centre).length() - rr - half_diagonal(o) > cut) return;
    best = std::min(best, distance(r, o));
  });
  return best;
}

}  // namespace smoothbore
