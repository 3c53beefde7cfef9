// A static bucket grid of points (issue 9): built once from a list of points in O(n), it
// answers "which points lie in this box" by visiting only the cells the box covers. It
// suits a short-lived snapshot (one unit's move against every other stand's centre),
// where keeping a SpatialIndex up to date would cost more than building this.
//
// Flat storage (compressed rows: a start offset per cell and the point ids cell by cell),
// no per-cell vectors. The number of cells is capped at about four per point, so a sparse
// spread never costs more memory than the points themselves.
#pragma once

#include <cstddef>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {

class PointGrid {
 public:
  // Files `points[i]` under id i; `cell` (mm) is the wanted cell size, grown if needed to
  // keep the cell count near the point count.
  void build(const std::vector<Vec2>& points, double cell);
  // Calls `visit(id)` once for each point inside `[lo, hi]` (inclusive), cell by cell (ids
  // ascending within a cell, not across cells).
  template <typename Visit>
  void visit(Vec2 lo, Vec2 hi, Visit visit) const;

 private:
  int col(double x) const;
  int row(double y) const;

  std::vector<Vec2> points_;
  double ox_ = 0, oy_ = 0, cell_ = 1;
  int cols_ = 0, rows_ = 0;
  std::vector<int> start_;  // cols_ * rows_ + 1 offsets into ids_
  std::vector<int> ids_;
};

template <typename Visit>
void PointGrid::visit(Vec2 lo, Vec2 hi, Visit visit) const {
  if (ids_.empty() || hi.x < lo.x || hi.y < lo.y) return;
  const int x0 = col(lo.x), x1 = col(hi.x), y0 = row(lo.y), y1 = row(hi.y);
  for (int y = y0; y <= y1; ++y) {
    const std::size_t r = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_);
    const int b = start_[r + static_cast<std::size_t>(x0)];
    const int e = start_[r + static_cast<std::size_t>(x1) + 1];
    for (int k = b; k < e; ++k) {
      const int id = ids_[static_cast<std::size_t>(k)];
      const Vec2 p = points_[static_cast<std::size_t>(id)];
      if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) visit(id);
    }
  }
}

}  // namespace smoothbore
