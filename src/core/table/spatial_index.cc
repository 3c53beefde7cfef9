#include "core/table/spatial_index.h"

#include <algorithm>
#include <cmath>

namespace smoothbore {

namespace {

// Cell coordinates are clamped so that a footprint far off the table (or a huge query
// box) cannot overflow the key; such extremes simply share the border cells.
constexpr std::int64_t kMaxCell = std::int64_t{1} << 30;

}  // namespace

SpatialIndex::CellKey SpatialIndex::key(std::int64_t cx, std::int64_t cy) const {
  return static_cast<CellKey>((static_cast<std::uint64_t>(cx + kMaxCell) << 32) |
                              static_cast<std::uint64_t>(cy + kMaxCell));
}

std::int64_t SpatialIndex::cell_of(double v) const {
  const double c = std::floor(v / cell_);
  if (!(c > -static_cast<double>(kMaxCell))) return -kMaxCell;  // also NaN
  if (c > static_cast<double>(kMaxCell)) return kMaxCell;
  return static_cast<std::int64_t>(c);
}

void SpatialIndex::for_cells(const Box& b, const std::function<void(CellKey)>& f) const {
  const std::int64_t x0 = cell_of(b.min.x), x1 = cell_of(b.max.x);
  const std::int64_t y0 = cell_of(b.min.y), y1 = cell_of(b.max.y);
  for (std::int64_t cx = x0; cx <= x1; ++cx) {
    for (std::int64_t cy = y0; cy <= y1; ++cy) f(key(cx, cy));
  }
}

void SpatialIndex::clear() {
  entries_.clear();
  grid_.clear();
}

void SpatialIndex::insert(int id, const Rect& r) {
  remove(id);
  const Box box = r.bounds();
  entries_[id] = {r, box};
  for_cells(box, [&](CellKey k) { grid_[k].push_back(id); });
}

void SpatialIndex::remove(int id) {
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  for_cells(it->second.box, [&](CellKey k) {
    auto cell = grid_.find(k);
    if (cell == grid_.end()) return;
    std::erase(cell->second, id);
    if (cell->second.empty()) grid_.erase(cell);
  });
  entries_.erase(it);
}

std::vector<int> SpatialIndex::query(const Box& box) const {
  std::vector<int> out;
  const double cols = static_cast<double>(cell_of(box.max.x) - cell_of(box.min.x) + 1);
  const double rows = static_cast<double>(cell_of(box.max.y) - cell_of(box.min.y) + 1);
  if (cols * rows > 4.0 * static_cast<double>(entries_.size()) + 64.0) {
    // A query wider than the population: a scan is cheaper than visiting empty cells.
    for (const auto& [id, e] : entries_) {
      if (e.box.intersects(box)) out.push_back(id);
    }
    return out;  // std::map iterates in ascending id order
  }
  for_cells(box, [&](CellKey k) {
    auto cell = grid_.find(k);
    if (cell == grid_.end()) return;
    for (int id : cell->second) {
      if (entries_.at(id).box.intersects(box)) out.push_back(id);
    }
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<int> SpatialIndex::within(const Rect& r, double range) const {
  Box box = r.bounds();
  box.min = box.min - Vec2{range, range};
  box.max = box.max + Vec2{range, range};
  std::vector<int> out;
  for (int id : query(box)) {
    if (distance(entries_.at(id).rect, r) <= range) out.push_back(id);
  }
  return out;
}

}  // namespace smoothbore
