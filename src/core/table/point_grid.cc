#include "core/table/point_grid.h"

#include "core/table/grid_extent.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace smoothbore {

void PointGrid::build(const std::vector<Vec2>& points, double cell) {
  points_ = points;
  file(cell);
}

void PointGrid::build(std::vector<Vec2>&& points, double cell) {
  points_ = std::move(points);
  file(cell);
}

void PointGrid::file(double cell) {
  ids_.clear();
  start_.clear();
  cols_ = rows_ = 0;
  if (points_.empty()) return;
  const GridExtent g = grid_extent(points_, cell);
  ox_ = g.ox;
  oy_ = g.oy;
  cell_ = g.cell;
  cols_ = g.cols;
  rows_ = g.rows;
  slack_ = 1e-9 * (std::fabs(ox_) + std::fabs(oy_) + cell_ * (cols_ + rows_)) + 1e-9;
  const std::size_t cells = static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_);
  start_.assign(cells + 1, 0);
  std::vector<int> cell_of(points_.size());
  for (std::size_t i = 0; i < points_.size(); ++i) {
    // col() and row() of a filed point: no offset is negative (ox_, oy_ are the least
    // coordinates) nor, divided by cell_, passes the last column or row (grid_extent's
    // count, by the same sum), so truncation is their floor and clamp (issue 9).
    const int cx = std::min(static_cast<int>((points_[i].x - ox_) / cell_), cols_ - 1);
    const int cy = std::min(static_cast<int>((points_[i].y - oy_) / cell_), rows_ - 1);
    const int c = cy * cols_ + cx;
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

}  // namespace smoothbore
