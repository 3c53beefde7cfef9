// Nine points of a footprint: its centre, its four corners and its four edge midpoints, in
// that order. Sight takes them as a target's sight points, Table::all_in / any_in test the
// terrain under them, and fire-and-discipline's objective zones sample a target by them.
#pragma once

#include <array>

#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"

namespace smoothbore {

// From a kept frame (its corners are the footprint's, bit for bit).
inline std::array<Vec2, 9> nine_points(const RectFrame& f) {
  const auto& c = f.corners;
  return {f.rect.centre,
          c[0],
          c[1],
          c[2],
          c[3],
          (c[0] + c[1]) * 0.5,
          (c[1] + c[2]) * 0.5,
          (c[2] + c[3]) * 0.5,
          (c[3] + c[0]) * 0.5};
}

inline std::array<Vec2, 9> nine_points(const Rect& r) { return nine_points(RectFrame(r)); }

}  // namespace smoothbore
