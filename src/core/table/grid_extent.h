// The cells a bucket grid of points takes (PointGrid, LivePointGrid): the points' bounding
// box cut into square cells of at least `cell` mm, and never more than about 4 cells a
// point (nor a zero cell).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {

struct GridExtent {
  double ox = 0, oy = 0, cell = 1;
  int cols = 1, rows = 1;
};

// `points` must not be empty.
inline GridExtent grid_extent(const std::vector<Vec2>& points, double cell) {
  double x0 = points[0].x, x1 = x0, y0 = points[0].y, y1 = y0;
  for (const Vec2& p : points) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  const double area = std::max(x1 - x0, 1.0) * std::max(y1 - y0, 1.0);
  const double min_cell = std::sqrt(area / (4.0 * static_cast<double>(points.size())));
  GridExtent g;
  g.cell = std::max({cell, min_cell, 1e-3});
  g.ox = x0;
  g.oy = y0;
  g.cols = static_cast<int>((x1 - x0) / g.cell) + 1;
  g.rows = static_cast<int>((y1 - y0) / g.cell) + 1;
  return g;
}

}  // namespace smoothbore
