// RapidCheck generators of stand footprints, shared by the geometry property tests.
#pragma once

#include <rapidcheck.h>

#include "core/geometry/shapes.h"

namespace smoothbore::testing_geometry {

// Millimetre coordinates from lo_mm to hi_mm with 0.001 mm resolution.
inline rc::Gen<double> coord(int lo_mm, int hi_mm) {
  return rc::gen::map(rc::gen::inRange(lo_mm * 1000, hi_mm * 1000 + 1),
                      [](int v) { return v / 1000.0; });
}

// A footprint on a table-sized area (centre within ±500 mm, any facing) whose width and
// depth run from min_side_mm to 200 mm. 0 admits degenerate footprints (a segment or a
// point), which the cached geometry must still answer as the plain Rect does.
inline rc::Gen<Rect> arbitrary_rect(int min_side_mm) {
  return rc::gen::apply(
      [](double x, double y, double facing, double w, double d) {
        return Rect{{x, y}, facing, w, d};
      },
      coord(-500, 500), coord(-500, 500), coord(0, 359), coord(min_side_mm, 200),
      coord(min_side_mm, 200));
}

}  // namespace smoothbore::testing_geometry
