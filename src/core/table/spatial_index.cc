#include "core/table/spatial_index.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace smoothbore {

namespace {

// Cell coordinates of a value, clamped so that extreme values (or NaN) cannot overflow.
constexpr double kFar = 1e9;

// floor(v / cell) by truncation, one less below zero when it truncated upwards: the same
// integer as std::floor (exact below 2^53) without a call into libm, four times a query.
std::int64_t floor_cell(double v, double cell) {
  const double c = v / cell;
  if (!(c > -kFar)) return static_cast<std::int64_t>(-kFar);  // also NaN
  if (c > kFar) return static_cast<std::int64_t>(kFar);
  const std::int64_t t = static_cast<std::int64_t>(c);
  return static_cast<double>(t) > c ? t - 1 : t;
}

// Ascending order for the few ids a query usually finds (none or one most of the time),
// without std::sort's set-up; the same order as std::sort (the ids are distinct).
void sort_ids(std::vector<int>& ids) {
  const std::size_t n = ids.size();
  if (n < 2) return;
  if (n > 16) {
    std::sort(ids.begin(), ids.end());
    return;
  }
  for (std::size_t i = 1; i < n; ++i) {
    const int v = ids[i];
    std::size_t j = i;
    for (; j > 0 && ids[j - 1] > v; --j) ids[j] = ids[j - 1];
    ids[j] = v;
  }
}

// A cell coordinate's place in a grid of `count` cells from `origin`, clamped to the grid.
int clamp_cell(std::int64_t c, std::int64_t origin, int count) {
  return static_cast<int>(std::clamp<std::int64_t>(c - origin, 0, count - 1));
}

}  // namespace

Box grown(const Box& b, double margin) {
  return {b.min - Vec2{margin, margin}, b.max + Vec2{margin, margin}};
}

void SpatialIndex::clear() {
  entries_.clear();
  cells_.clear();
  cell_bounds_.clear();
  col_count_.clear();
  row_count_.clear();
  occupied_ = {};
  count_ = 0;
  cols_ = rows_ = 0;
}

void SpatialIndex::reserve(const Box& area, std::size_t ids) {
  entries_.reserve(ids);
  cover(area);
}

bool SpatialIndex::contains(int id) const {
  return id >= 0 && static_cast<std::size_t>(id) < entries_.size() &&
         entries_[static_cast<std::size_t>(id)].present;
}

SpatialIndex::CellRange SpatialIndex::cells_of(const Box& b) const {
  return {clamp_cell(floor_cell(b.min.x, cell_), ox_, cols_),
          clamp_cell(floor_cell(b.min.y, cell_), oy_, rows_),
          clamp_cell(floor_cell(b.max.x, cell_), ox_, cols_),
          clamp_cell(floor_cell(b.max.y, cell_), oy_, rows_)};
}

void SpatialIndex::count_cells(const CellRange& c, int step) {
  for (int x = c.x0; x <= c.x1; ++x) col_count_[static_cast<std::size_t>(x)] += step;
  for (int y = c.y0; y <= c.y1; ++y) row_count_[static_cast<std::size_t>(y)] += step;
  CellRange& o = occupied_;
  if (step > 0) {
    if (o.x1 < o.x0) {
      o = c;
      return;
    }
    o = {std::min(o.x0, c.x0), std::min(o.y0, c.y0), std::max(o.x1, c.x1), std::max(o.y1, c.y1)};
    return;
  }
  while (o.x0 <= o.x1 && col_count_[static_cast<std::size_t>(o.x0)] == 0) ++o.x0;
  while (o.x0 <= o.x1 && col_count_[static_cast<std::size_t>(o.x1)] == 0) --o.x1;
  while (o.y0 <= o.y1 && row_count_[static_cast<std::size_t>(o.y0)] == 0) ++o.y0;
  while (o.y0 <= o.y1 && row_count_[static_cast<std::size_t>(o.y1)] == 0) --o.y1;
  if (o.x1 < o.x0 || o.y1 < o.y0) o = {};
}

namespace {

// A cell's bounds (SpatialIndex::cell_bounds_) grown to hold `b`.
void grow(std::array<double, 4>& c, const Box& b) {
  c = {std::min(c[0], b.min.x), std::min(c[1], b.min.y), std::max(c[2], b.max.x),
       std::max(c[3], b.max.y)};
}

}  // namespace

template <bool kBound>
void SpatialIndex::add_to_cells(int id, const CellRange& c, const Box& box) {
  count_cells(c, +1);
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      const std::size_t cell = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                               static_cast<std::size_t>(x);
      std::vector<int>& v = cells_[cell];
      // An empty cell's bound is left as it was (never read): the first id's box is its own.
      if constexpr (kBound) {
        if (v.empty()) {
          cell_bounds_[cell] = {box.min.x, box.min.y, box.max.x, box.max.y};
        } else {
          grow(cell_bounds_[cell], box);
        }
      }
      v.push_back(id);
    }
  }
}

void SpatialIndex::file(int id, const CellRange& c, const Box& box) {
  if (bound_cells_) {
    add_to_cells<true>(id, c, box);
  } else {
    add_to_cells<false>(id, c, box);
  }
}

void SpatialIndex::bound_cell(std::size_t cell) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  CellBounds& c = cell_bounds_[cell];
  c = {kInf, kInf, -kInf, -kInf};
  for (int id : cells_[cell]) grow(c, entries_[static_cast<std::size_t>(id)].box);
}

void SpatialIndex::cover(const Box& b) {
  std::int64_t x0 = floor_cell(b.min.x, cell_), x1 = floor_cell(b.max.x, cell_);
  std::int64_t y0 = floor_cell(b.min.y, cell_), y1 = floor_cell(b.max.y, cell_);
  if (cols_ > 0) {
    if (x0 >= ox_ && y0 >= oy_ && x1 < ox_ + cols_ && y1 < oy_ + rows_) return;
    x0 = std::min(x0, ox_);
    y0 = std::min(y0, oy_);
    x1 = std::max(x1, ox_ + cols_ - 1);
    y1 = std::max(y1, oy_ + rows_ - 1);
  }
  // Grow with a margin of half the span, so that a moving population re-files rarely.
  const std::int64_t mx = (x1 - x0 + 1) / 2 + 1, my = (y1 - y0 + 1) / 2 + 1;
  std::int64_t cols = x1 - x0 + 1 + 2 * mx, rows = y1 - y0 + 1 + 2 * my;
  if (cols * rows > kMaxCells) {
    if (cols_ > 0) return;  // at the cap: far footprints share the border cells
    // A first footprint too large for the cap: a coarse grid around it.
    cols = std::min<std::int64_t>(cols, 2048);
    rows = std::min<std::int64_t>(rows, 2048);
  }
  ox_ = x0 - mx;
  oy_ = y0 - my;
  cols_ = static_cast<int>(cols);
  rows_ = static_cast<int>(rows);
  cells_.assign(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_), {});
  // Not filled: an empty cell's bounds are never read (add_to_cells sets the first id's).
  if (bound_cells_) cell_bounds_.resize(cells_.size());
  col_count_.assign(static_cast<std::size_t>(cols_), 0);
  row_count_.assign(static_cast<std::size_t>(rows_), 0);
  occupied_ = {};
  for (std::size_t id = 0; id < entries_.size(); ++id) {
    Entry& e = entries_[id];
    if (!e.present) continue;
    e.cells = cells_of(e.box);
    file(static_cast<int>(id), e.cells, e.box);
  }
}

template <bool kBound>
void SpatialIndex::refile(int id, const CellRange& c, const Box& box) {
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      const std::size_t cell = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                               static_cast<std::size_t>(x);
      std::vector<int>& v = cells_[cell];
      std::swap(*std::find(v.begin(), v.end(), id), v.back());
      if constexpr (kBound) grow(cell_bounds_[cell], box);
    }
  }
}

template <bool kBound>
void SpatialIndex::remove_from_cells(int id, const CellRange& c) {
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      const std::size_t cell = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                               static_cast<std::size_t>(x);
      std::vector<int>& v = cells_[cell];
      auto it = std::find(v.begin(), v.end(), id);
      if (it != v.end()) {
        *it = v.back();
        v.pop_back();
      }
      if constexpr (kBound) {
        if (!v.empty()) bound_cell(cell);
      }
    }
  }
}

void SpatialIndex::insert(int id, const Rect& r) { insert(id, r, r.bounds()); }

void SpatialIndex::insert(int id, const Rect& r, const Box& box) {
  if (id < 0) return;
  const std::size_t k = static_cast<std::size_t>(id);
  // The corners' cells worked out once, for the grid's cover and the entry's cells (issue 9:
  // cover() and cells_of() each worked them out): cover() only when the grid must grow.
  const std::int64_t x0 = floor_cell(box.min.x, cell_), x1 = floor_cell(box.max.x, cell_);
  const std::int64_t y0 = floor_cell(box.min.y, cell_), y1 = floor_cell(box.max.y, cell_);
  const bool inside = cols_ > 0 && x0 >= ox_ && y0 >= oy_ && x1 < ox_ + cols_ && y1 < oy_ + rows_;
  if (inside && contains(id)) {
    Entry& e = entries_[k];
    const CellRange& c = e.cells;
    if (c.x0 == x0 - ox_ && c.y0 == y0 - oy_ && c.x1 == x1 - ox_ && c.y1 == y1 - oy_) {
      // Re-filed in the very cells it was in (a unit that moved within its cells, turned or
      // formed; issue 9): the counts and the occupied range stay, and in each cell the id
      // trades places with the last, as remove() then add_to_cells() would leave them.
      e.rect = r;
      e.box = box;
      if (bound_cells_) {
        refile<true>(id, c, box);
      } else {
        refile<false>(id, c, box);
      }
      return;
    }
  }
  remove(id);
  if (k >= entries_.size()) entries_.resize(k + 1);
  if (!inside) cover(box);
  Entry& e = entries_[k];
  e.rect = r;
  e.box = box;
  e.cells = {clamp_cell(x0, ox_, cols_), clamp_cell(y0, oy_, rows_), clamp_cell(x1, ox_, cols_),
             clamp_cell(y1, oy_, rows_)};
  e.present = true;
  ++count_;
  file(id, e.cells, box);
}

void SpatialIndex::remove(int id) {
  if (!contains(id)) return;
  Entry& e = entries_[static_cast<std::size_t>(id)];
  if (bound_cells_) {
    remove_from_cells<true>(id, e.cells);
  } else {
    remove_from_cells<false>(id, e.cells);
  }
  count_cells(e.cells, -1);
  e.present = false;
  --count_;
}

void SpatialIndex::query(const Box& box, std::vector<int>& out) const {
  out.clear();
  if (count_ == 0) return;
  const CellRange q = cells_of(box);
  const std::int64_t visited = static_cast<std::int64_t>(q.x1 - q.x0 + 1) * (q.y1 - q.y0 + 1);
  if (visited > 4 * static_cast<std::int64_t>(count_) + 64) {
    // A query wider than the population: a scan is cheaper than visiting empty cells.
    for (std::size_t id = 0; id < entries_.size(); ++id) {
      const Entry& e = entries_[id];
      if (e.present && e.box.intersects(box)) out.push_back(static_cast<int>(id));
    }
    return;  // ascending by construction
  }
  for (int y = q.y0; y <= q.y1; ++y) {
    for (int x = q.x0; x <= q.x1; ++x) {
      for (int id : cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                           static_cast<std::size_t>(x)]) {
        const Entry& e = entries_[static_cast<std::size_t>(id)];
        // Report an entry only in the first cell it shares with the query (no duplicates).
        if (x != std::max(e.cells.x0, q.x0) || y != std::max(e.cells.y0, q.y0)) continue;
        if (e.box.intersects(box)) out.push_back(id);
      }
    }
  }
  sort_ids(out);
}

std::vector<int> SpatialIndex::query(const Box& box) const {
  std::vector<int> out;
  query(box, out);
  return out;
}

std::vector<int> SpatialIndex::within(const Rect& r, double range) const {
  std::vector<int> out;
  query(grown(r.bounds(), range), out);
  std::erase_if(out, [&](int id) {
    return !(distance(entries_[static_cast<std::size_t>(id)].rect, r) <= range);
  });
  return out;
}

}  // namespace smoothbore
