#include "core/table/live_point_grid.h"

#include "core/table/grid_extent.h"

#include <algorithm>
#include <cmath>

namespace smoothbore {

void LivePointGrid::build(const std::vector<Vec2>& points, double cell) {
  points_.clear();
  cell_of_.clear();
  next_.clear();
  prev_.clear();
  ox_ = oy_ = 0;
  cols_ = rows_ = 1;
  cell_ = std::max(cell, 1e-3);
  if (!points.empty()) {
    const GridExtent g = grid_extent(points, cell);
    ox_ = g.ox;
    oy_ = g.oy;
    cell_ = g.cell;
    cols_ = g.cols;
    rows_ = g.rows;
  }
  head_.assign(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_), -1);
  // Inserted last to first, so that each cell lists its ids ascending.
  for (std::size_t i = points.size(); i-- > 0;) insert(static_cast<int>(i), points[i]);
}

void LivePointGrid::insert(int id, Vec2 p) {
  const std::size_t i = static_cast<std::size_t>(id);
  if (i >= cell_of_.size()) {
    points_.resize(i + 1);
    cell_of_.resize(i + 1, -1);
    next_.resize(i + 1, -1);
    prev_.resize(i + 1, -1);
  }
  const int c = row(p.y) * cols_ + col(p.x);
  int& head = head_[static_cast<std::size_t>(c)];
  points_[i] = p;
  cell_of_[i] = c;
  prev_[i] = -1;
  next_[i] = head;
  if (head >= 0) prev_[static_cast<std::size_t>(head)] = id;
  head = id;
}

void LivePointGrid::erase(int id) {
  const std::size_t i = static_cast<std::size_t>(id);
  const int prev = prev_[i], next = next_[i];
  if (prev >= 0) {
    next_[static_cast<std::size_t>(prev)] = next;
  } else {
    head_[static_cast<std::size_t>(cell_of_[i])] = next;
  }
  if (next >= 0) prev_[static_cast<std::size_t>(next)] = prev;
  cell_of_[i] = -1;
  next_[i] = prev_[i] = -1;
}

}  // namespace smoothbore
