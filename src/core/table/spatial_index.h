// A uniform-grid spatial index over footprints, so that "who is within 12 inches" or "who
// is in this corridor" does not scan every stand (design.md, core/table).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore {

class SpatialIndex {
 public:
  // `cell` is the grid cell size in mm; pick about the size of a typical query.
  explicit SpatialIndex(double cell = 150.0) : cell_(cell) {}

  void clear();
  // Registers footprint `r` under `id` (ids need not be dense). Re-inserting an id
  // replaces its old footprint.
  void insert(int id, const Rect& r);
  void remove(int id);
  // Ids whose bounding boxes meet `box`, sorted ascending and unique (deterministic).
  std::vector<int> query(const Box& box) const;
  // Ids whose footprints lie within `range` mm (edge to edge) of `r`, sorted ascending.
  std::vector<int> within(const Rect& r, double range) const;
  std::size_t size() const { return entries_.size(); }

 private:
  // Implementation detail; free to change. Cells are keyed sparsely, so the index needs
  // no table size and footprints may lie anywhere, even off the table.
  struct Entry {
    Rect rect;
    Box box;
  };
  using CellKey = std::int64_t;
  CellKey key(std::int64_t cx, std::int64_t cy) const;
  std::int64_t cell_of(double v) const;
  void for_cells(const Box& b, const std::function<void(CellKey)>& f) const;

  double cell_;
  std::map<int, Entry> entries_;                        // id -> footprint
  std::unordered_map<CellKey, std::vector<int>> grid_;  // cell -> ids (unsorted)
};

}  // namespace smoothbore
