// A footprint facing 0 at (x, y), shared by the core tests that build them by hand (one
// definition, so the unity build may batch those tests together).
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

}  // namespace smoothbore::testing_geometry
