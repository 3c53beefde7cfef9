// A cheap lower bound of the edge-to-edge distance of two footprints (issue 9): their gap
// along the line joining the centres. Each rectangle reaches half its width times |right·u|
// plus half its depth times |forward·u| along a unit direction u, so the footprints are at
// least |centre distance| less both reaches apart (a separating-axis bound). For lines
// facing each other it is nearly exact, where centre distance less both half diagonals
// (core/geometry/nearest.h) is short by most of a frontage.
#pragma once

#include <cmath>

#include "core/geometry/shapes.h"

namespace smoothbore {

// A rectangle with its forward axis worked out once (one sine and cosine).
struct RectAxes {
  explicit RectAxes(const Rect& r)
      : centre(r.centre), forward(r.forward()), half_width(r.width / 2), half_depth(r.depth / 2) {}
  // How far the rectangle reaches from its centre along unit direction `u`.
  double reach(Vec2 u) const {
    return half_width * std::fabs(forward.cross(u)) + half_depth * std::fabs(forward.dot(u));
  }
  Vec2 centre, forward;
  double half_width, half_depth;
};

// At most distance(a, b), up to rounding (callers allow a slack); may be negative.
inline double gap_lower_bound(const RectAxes& a, const RectAxes& b) {
  const Vec2 d = b.centre - a.centre;
  const double len = d.length();
  if (!(len > 0)) return 0;
  const Vec2 u = d * (1.0 / len);
  return len - a.reach(u) - b.reach(u);
}

}  // namespace smoothbore
