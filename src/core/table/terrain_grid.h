// A uniform grid over the table that finds the terrain features near a point or a box
// without testing every feature (issue 9: a generated 10,000-stand battle has thousands of
// woods and villages). Features are registered by their bounding boxes; queries return
// feature indices in ascending order, so callers see features in the order they were
// added, as a scan of every feature would.
#pragma once

#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore {

class TerrainGrid {
 public:
  TerrainGrid() = default;
  // A grid over 0..width x 0..height mm; points and boxes outside are clamped to the
  // border cells, so features lying partly or wholly off the table are still found.
  TerrainGrid(double width, double height);

  // Registers feature `index` (indices must be added in ascending order) by its box.
  void add(int index, const Box& box);
  // Indices of the features registered in `p`'s cell, ascending: every feature whose box
  // contains `p`, and perhaps a few more (callers test the exact shape anyway).
  const std::vector<int>& at(Vec2 p) const;
  // Indices of the features whose boxes meet `box`, ascending and unique.
  std::vector<int> near(const Box& box) const;
  // The same into `out` (cleared first), for callers that keep a scratch vector.
  void near(const Box& box, std::vector<int>* out) const;
  // The box of feature `index` as registered.
  const Box& box(int index) const { return boxes_[static_cast<std::size_t>(index)]; }

 private:
  int cell_x(double x) const;
  int cell_y(double y) const;
  std::vector<int>& cell(int cx, int cy) {
    return cells_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(nx_) +
                  static_cast<std::size_t>(cx)];
  }
  const std::vector<int>& cell(int cx, int cy) const {
    return cells_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(nx_) +
                  static_cast<std::size_t>(cx)];
  }

  double size_ = 1;  // mm per cell
  int nx_ = 1, ny_ = 1;
  std::vector<std::vector<int>> cells_ = std::vector<std::vector<int>>(1);
  std::vector<Box> boxes_;
  std::vector<int> ids_;  // the features registered, ascending
};

}  // namespace smoothbore
