#include "core/table/terrain_grid.h"

#include <algorithm>
#include <cmath>

namespace smoothbore {

namespace {

constexpr int kMaxCells = 256;     // a side of the grid, at most
constexpr double kMinCell = 50.0;  // mm; finer cells only cost memory

}  // namespace

TerrainGrid::TerrainGrid(double width, double height) {
  const double span = std::max({width, height, kMinCell});
  size_ = std::max(kMinCell, span / kMaxCells);
  nx_ = std::clamp(static_cast<int>(std::ceil(width / size_)), 1, kMaxCells);
  ny_ = std::clamp(static_cast<int>(std::ceil(height / size_)), 1, kMaxCells);
  cells_.assign(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_), {});
}

int TerrainGrid::cell_x(double x) const {
  if (!(x > 0)) return 0;  // also NaN
  return std::min(nx_ - 1, static_cast<int>(x / size_));
}

int TerrainGrid::cell_y(double y) const {
  if (!(y > 0)) return 0;
  return std::min(ny_ - 1, static_cast<int>(y / size_));
}

void TerrainGrid::add(int index, const Box& box) {
  boxes_.resize(static_cast<std::size_t>(index) + 1);
  boxes_[static_cast<std::size_t>(index)] = box;
  ids_.push_back(index);
  for (int cy = cell_y(box.min.y); cy <= cell_y(box.max.y); ++cy) {
    for (int cx = cell_x(box.min.x); cx <= cell_x(box.max.x); ++cx) cell(cx, cy).push_back(index);
  }
}

const std::vector<int>& TerrainGrid::at(Vec2 p) const { return cell(cell_x(p.x), cell_y(p.y)); }

std::vector<int> TerrainGrid::near(const Box& box) const {
  std::vector<int> out;
  near(box, &out);
  return out;
}

void TerrainGrid::near(const Box& box, std::vector<int>* out_ptr) const {
  std::vector<int>& out = *out_ptr;
  out.clear();
  const int x0 = cell_x(box.min.x), x1 = cell_x(box.max.x);
  const int y0 = cell_y(box.min.y), y1 = cell_y(box.max.y);
  // A box over more cells than there are features (a long sight line across a table of
  // a few woods): testing each feature's box once, in order, finds the same ones, without
  // visiting the cells or sorting out the features met in several.
  if (static_cast<std::size_t>(x1 - x0 + 1) * static_cast<std::size_t>(y1 - y0 + 1) > ids_.size()) {
    for (int i : ids_) {
      if (boxes_[static_cast<std::size_t>(i)].intersects(box)) out.push_back(i);
    }
    return;
  }
  for (int cy = y0; cy <= y1; ++cy) {
    for (int cx = x0; cx <= x1; ++cx) {
      for (int i : cell(cx, cy)) {
        if (boxes_[static_cast<std::size_t>(i)].intersects(box)) out.push_back(i);
      }
    }
  }
  if (x0 != x1 || y0 != y1) {
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
}

}  // namespace smoothbore
