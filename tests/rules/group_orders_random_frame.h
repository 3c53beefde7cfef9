// The random footprints of group-orders' geometry tests (the clearance and surely_farther
// bounds, each checked against distance() on random pairs).
#pragma once

#include <random>

#include "core/geometry/rect_frame.h"

namespace smoothbore::group_orders::test_support {

// A footprint anywhere on a 3 m table, of any facing, its sides from `min_side` to 30 cm.
inline RectFrame random_frame(std::mt19937& g, double min_side) {
  std::uniform_real_distribution<double> at(0, 3000), size(min_side, 300), angle(0, 360);
  Rect r;
  r.centre = {at(g), at(g)};
  r.facing = angle(g);
  r.width = size(g);
  r.depth = size(g);
  return RectFrame(r);
}

}  // namespace smoothbore::group_orders::test_support
