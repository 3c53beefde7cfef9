// A uniform-grid spatial index over footprints, so that "who is within 12 inches" or "who
// is in this corridor" does not scan every stand (design.md, core/table).
//
// Flat storage: one entry per id in a vector (ids are small non-negative integers, e.g.
// unit indices) and one id list per grid cell in a vector of cells. The grid grows to
// cover what is inserted (up to kMaxCells cells; beyond that, far footprints share the
// border cells, which stays exact because every candidate is checked against its box).
// Queries allocate nothing beyond the caller's output vector, report each id once
// without sorting sets, and return ids ascending (deterministic).
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore {

class SpatialIndex {
 public:
  // `cell` is the grid cell size in mm; pick about the size of a typical query.
  explicit SpatialIndex(double cell = 150.0) : cell_(cell) {}

  void clear();
  // Registers footprint `r` under `id` (ids are >= 0 and need not be dense, but the
  // storage grows to the largest id). Re-inserting an id replaces its old footprint.
  void insert(int id, const Rect& r);
  void remove(int id);
  bool contains(int id) const;
  // Ids whose bounding boxes meet `box`, ascending and unique (deterministic).
  std::vector<int> query(const Box& box) const;
  // The same into `out` (cleared first), reusing its storage.
  void query(const Box& box, std::vector<int>& out) const;
  // Ids whose footprints lie within `range` mm (edge to edge) of `r`, ascending.
  std::vector<int> within(const Rect& r, double range) const;
  std::size_t size() const { return count_; }

  static constexpr std::int64_t kMaxCells = std::int64_t{1} << 22;

 private:
  struct CellRange {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive, clamped to the grid
  };
  struct Entry {
    Rect rect;
    Box box;
    CellRange cells;
    bool present = false;
  };
  CellRange cells_of(const Box& b) const;
  void add_to_cells(int id, const CellRange& c);
  // Grows the grid (re-filing every entry) so that it covers `b`, if the cap allows.
  void cover(const Box& b);

  double cell_;
  std::vector<Entry> entries_;  // by id
  std::size_t count_ = 0;
  // The grid: cols_ x rows_ cells from cell (ox_, oy_); cell (cx, cy) is at
  // cells_[(cy - oy_) * cols_ + (cx - ox_)]. Empty until the first insert.
  std::int64_t ox_ = 0, oy_ = 0;
  int cols_ = 0, rows_ = 0;
  std::vector<std::vector<int>> cells_;
};

// `b` grown by `margin` mm on every side.
Box grown(const Box& b, double margin);

}  // namespace smoothbore
