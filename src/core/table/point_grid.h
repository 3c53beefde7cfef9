// A static bucket grid of points (issue 9): built once from a list of points in O(n), it
// answers "which points lie in this box" by visiting only the cells the box covers. It
// suits a short-lived snapshot (one unit's move against every other stand's centre),
// where keeping a SpatialIndex up to date would cost more than building this.
//
// Flat storage (compressed rows: a start offset per cell and the point ids cell by cell),
// no per-cell vectors. The number of cells is capped at about four per point, so a sparse
// spread never costs more memory than the points themselves.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {

class PointGrid {
 public:
  // Files `points[i]` under id i; `cell` (mm) is the wanted cell size, grown if needed to
  // keep the cell count near the point count.
  void build(const std::vector<Vec2>& points, double cell);
  // Same, taking `points` over (issue 9: no copy of a list made to be filed).
  void build(std::vector<Vec2>&& points, double cell);
  // Calls `visit(id)` once for each point inside `[lo, hi]` (inclusive), cell by cell (ids
  // ascending within a cell, not across cells).
  template <typename Visit>
  void visit(Vec2 lo, Vec2 hi, Visit visit) const;
  // Calls `visit(id)` once for each point within `radius` of `centre` (the squared
  // distance at most radius squared), cell by cell as visit() (issue 9: a box's corners
  // hold about a fifth of its points; each row of cells is cut to the disc's span).
  template <typename Visit>
  void visit_disc(Vec2 centre, double radius, Visit visit) const;

 private:
  void file(double cell);  // lays out the cells over points_ and files them
  int col(double x) const;
  int row(double y) const;

  std::vector<Vec2> points_;
  double ox_ = 0, oy_ = 0, cell_ = 1;
  double slack_ = 0;  // visit_disc's slack for the grid's coordinates
  int cols_ = 0, rows_ = 0;
  std::vector<int> start_;  // cols_ * rows_ + 1 offsets into ids_
  std::vector<int> ids_;
};

// Inline (issue 9: every query calls them once or twice a row). Clamped first to
// [0, last], a whole number, then truncated: the floor clamped (no floor taken).
inline int PointGrid::col(double x) const {
  return static_cast<int>(std::clamp((x - ox_) / cell_, 0.0, static_cast<double>(cols_ - 1)));
}

inline int PointGrid::row(double y) const {
  return static_cast<int>(std::clamp((y - oy_) / cell_, 0.0, static_cast<double>(rows_ - 1)));
}

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

template <typename Visit>
void PointGrid::visit_disc(Vec2 centre, double radius, Visit visit) const {
  if (ids_.empty() || !(radius >= 0)) return;
  const double r2 = radius * radius;
  const int y0 = row(centre.y - radius), y1 = row(centre.y + radius);
  const int bx0 = col(centre.x - radius), bx1 = col(centre.x + radius);
  // Slack on a row's span, far above the rounding of filing a point by its cell and of
  // the squared distance (whose error moves a square root by about 1e-8 of the radius).
  const double slack = slack_ + 1e-9 * (std::fabs(centre.x) + std::fabs(centre.y)) + 1e-7 * radius;
  for (int y = y0; y <= y1; ++y) {
    // The least |dy| of a point filed in row y (rows are cell_ tall from oy_, and hold no
    // point beyond), and so the widest |dx| the disc allows there: the row's cells cut to
    // that span, within the box's.
    double lo = bx0, hi = bx1;
    const double top = oy_ + y * cell_;
    const double dy = std::max(top - centre.y, centre.y - (top + cell_)) - slack;
    if (dy > 0) {
      const double w = std::sqrt(std::max(0.0, r2 - dy * dy)) + slack;
      lo = std::clamp((centre.x - w - ox_) / cell_, lo, hi);
      hi = std::clamp((centre.x + w - ox_) / cell_, lo, hi);
    }
    // Both within [bx0, bx1], not negative: truncation is the floor (lo <= hi).
    const std::size_t r = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_);
    const int b = start_[r + static_cast<std::size_t>(static_cast<int>(lo))];
    const int e = start_[r + static_cast<std::size_t>(static_cast<int>(hi)) + 1];
    for (int k = b; k < e; ++k) {
      const int id = ids_[static_cast<std::size_t>(k)];
      const Vec2 d = points_[static_cast<std::size_t>(id)] - centre;
      if (d.x * d.x + d.y * d.y <= r2) visit(id);
    }
  }
}

}  // namespace smoothbore
