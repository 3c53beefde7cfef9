// Footprints facing 0 built by hand, shared by the tests that need them (one definition, so
// the unity build may batch those tests together).
#pragma once

#include "core/geometry/shapes.h"

namespace smoothbore::testing_geometry {

inline Rect make_rect(double x, double y, double width, double depth) {
  Rect r;
  r.centre = {x, y};
  r.width = width;
  r.depth = depth;
  return r;
}

// The footprint facing 0 whose bounds are `box`.
inline Rect rect_of_box(const Box& box) {
  return make_rect((box.min.x + box.max.x) * 0.5, (box.min.y + box.max.y) * 0.5,
                   box.max.x - box.min.x, box.max.y - box.min.y);
}

}  // namespace smoothbore::testing_geometry
