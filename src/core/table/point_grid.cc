#include "core/table/point_grid.h"

#include <algorithm>
#include <cmath>

namespace smoothbore {

void PointGrid::build(const std::vector<Vec2>& points, double cell) {
  points_ = points;
  ids_.clear();
  start_.clear();
  cols_ = rows_ = 0;
  if (points_.empty()) return;
  double x0 = points_[0].x, x1 = x0, y0 = points_[0].y, y1 = y0;
  for (const Vec2& p : points_) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  // At most about 4 cells per point (and never a zero cell).
  const double area = std::max(x1 - x0, 1.0) * std::max(y1 - y0, 1.0);
  const double min_cell = std::sqrt(area / (4.0 * static_cast<double>(points_.size())));
  cell_ = std::max({cell, min_cell, 1e-3});
  ox_ = x0;
  oy_ = y0;
  cols_ = static_cast<int>((x1 - x0) / cell_) + 1;
  rows_ = static_cast<int>((y1 - y0) / cell_) + 1;
  const std::size_t cells = static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_);
  start_.assign(cells + 1, 0);
  std::vector<int> cell_of(points_.size());
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const int c = row(points_[i].y) * cols_ + col(points_[i].x);
    cell_of[i] = c;
    ++start_[static_cast<std::size_t>(c) + 1];
  }
  for (std::size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
  ids_.resize(points_.size());
  std::vector<int> fill(start_.begin(), start_.end() - 1);
  for (std::size_t i = 0; i < points_.size(); ++i) {
    ids_[static_cast<std::size_t>(fill[static_cast<std::size_t>(cell_of[i])]++)] =
        static_cast<int>(i);
  }
}

int PointGrid::col(double x) const {
  const double c = std::floor((x - ox_) / cell_);
  return static_cast<int>(std::clamp(c, 0.0, static_cast<double>(cols_ - 1)));
}

int PointGrid::row(double y) const {
  const double r = std::floor((y - oy_) / cell_);
  return static_cast<int>(std::clamp(r, 0.0, static_cast<double>(rows_ - 1)));
}

}  // namespace smoothbore
