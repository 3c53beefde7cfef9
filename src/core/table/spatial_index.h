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

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore {

class SpatialIndex {
 public:
  // `cell` is the grid cell size in mm; pick about the size of a typical query.
  // `bound_cells`: keep each cell's content bounds, for around_pruned to skip cells whose
  // ids all lie beyond its bound (a cost at every filing, paid only by an index that is
  // searched that way).
  explicit SpatialIndex(double cell = 150.0, bool bound_cells = false)
      : cell_(cell), bound_cells_(bound_cells) {}

  void clear();
  // Sizes the storage once for ids below `ids` and the grid for footprints inside `area`
  // (issue 9: a population filed one by one otherwise re-files itself as the grid grows,
  // and ends on a larger grid). Changes no answer; footprints outside still grow the grid.
  void reserve(const Box& area, std::size_t ids);
  // Registers footprint `r` under `id` (ids are >= 0 and need not be dense, but the
  // storage grows to the largest id). Re-inserting an id replaces its old footprint.
  void insert(int id, const Rect& r);
  // The same with the footprint's bounds already worked out (`bounds` must be r.bounds()): a
  // caller filing one footprint in several indexes, or many footprints of one facing, works
  // out the corners (a sine and a cosine) once.
  void insert(int id, const Rect& r, const Box& bounds);
  void remove(int id);
  bool contains(int id) const;
  // Ids whose bounding boxes meet `box`, ascending and unique (deterministic).
  std::vector<int> query(const Box& box) const;
  // The same into `out` (cleared first), reusing its storage.
  void query(const Box& box, std::vector<int>& out) const;
  // Ids whose footprints lie within `range` mm (edge to edge) of `r`, ascending.
  std::vector<int> within(const Rect& r, double range) const;
  std::size_t size() const { return count_; }
  // Nearest-first search: visits the ids filed in the cells around `box`, ring by ring
  // outward (`visit(id)`; an id filed in several cells may come more than once). Before
  // each ring it asks `more(bound)`, where every id not yet visited lies more than `bound`
  // mm from `box`; the search stops when that returns false or every cell was visited.
  // Cells outside the occupied range (the cells any id is filed in) are not walked: the
  // rings wholly inside or outside it hold no id (issue 9: a search from one army for the
  // other crossed every empty ring between them), and `more` is asked nothing there that
  // a ring could change (the same ids visited, in the same order).
  template <typename Visit, typename More>
  void around(const Box& box, Visit visit, More more) const;
  // around() that also skips, within each ring, the cells that cannot hold anything the
  // caller still wants, and measures from `box` itself rather than from its cells: before
  // each ring `more` is asked the least gap from `box` to the ring's sides that may hold an
  // id (a side beyond the occupied range, moving away from it, never will); each side,
  // nearest first, is walked outward from the cells facing `box`, and before the ids of
  // each filed cell `more` is asked that cell's own bound (the gap from `box` to the cell);
  // on false the rest of that side, that way, (no nearer) is skipped (issue 9: a nearest
  // search met the far ends of each ring, and the bound by whole cells, up to a cell short
  // of the gap, walked a ring more). An id is left unvisited only when `more` said false
  // for a bound its gap to `box` exceeds, so a caller whose `more(bound)` asks "can an id
  // farther than bound still matter?" (once false for a bound, false for any larger one
  // asked later) meets every id that matters; the ids come in another order than around()'s.
  // With kBounded (an index made with bound_cells), beyond the cells facing `box` a filed cell
  // is also skipped when `more` refuses the gap from `box` to the box holding its ids' boxes,
  // and a bound at or above one `more` refused is refused without asking it again (issue 9: a
  // nearest search met every unit of the cells along the enemy's front, most of them far
  // beyond the nearest). Without, the walk is the plain one (a caller's visit stays inlined).
  template <bool kBounded = false, typename Visit, typename More>
  void around_pruned(const Box& box, Visit visit, More more) const;

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
  // Files `id`, whose box is `box`, in the cells `c`, growing their content bounds where the
  // index keeps them: file() picks the add_to_cells for the index (issue 9: the filing of an
  // index that keeps no bounds pays no test for them per cell), as insert() picks refile()'s
  // and remove() remove_from_cells()'s.
  void file(int id, const CellRange& c, const Box& box);
  template <bool kBound>
  void add_to_cells(int id, const CellRange& c, const Box& box);
  // Re-files `id`, now `box`, in the cells `c` it is filed in (each cell's ids reordered).
  template <bool kBound>
  void refile(int id, const CellRange& c, const Box& box);
  // Takes `id` out of the cells `c`, the bounds of the cells left made least again.
  template <bool kBound>
  void remove_from_cells(int id, const CellRange& c);
  // The least box holding the boxes of every id filed in cell `cell` (cells_ order).
  void bound_cell(std::size_t cell);
  // Counts the filed cells of an entry in its columns and rows (`step` +1 or -1) and keeps
  // occupied_ the least range of cells holding every filed id.
  void count_cells(const CellRange& c, int step);
  // Grows the grid (re-filing every entry) so that it covers `b`, if the cap allows.
  void cover(const Box& b);

  double cell_;
  bool bound_cells_;            // cell_bounds_ kept
  std::vector<Entry> entries_;  // by id
  std::size_t count_ = 0;
  // The grid: cols_ x rows_ cells from cell (ox_, oy_); cell (cx, cy) is at
  // cells_[(cy - oy_) * cols_ + (cx - ox_)]. Empty until the first insert.
  std::int64_t ox_ = 0, oy_ = 0;
  int cols_ = 0, rows_ = 0;
  std::vector<std::vector<int>> cells_;
  // Per cell (cells_ order), where bound_cells_, a box holding the boxes of every id filed
  // in it, as min x, min y, max x, max y: around_pruned's bound of a cell's ids. The least
  // such box after a removal; a re-filing in the same cells only grows it. An empty cell's
  // is never read (a plain array of numbers, sized by zeroing: issue 9, a grid of a million
  // cells).
  using CellBounds = std::array<double, 4>;
  std::vector<CellBounds> cell_bounds_;
  // Per column and per row of the grid, how many entries are filed in it; occupied_ spans
  // the columns and rows whose count is not zero (empty: x1 < x0).
  std::vector<int> col_count_, row_count_;
  CellRange occupied_;
};

template <typename Visit, typename More>
void SpatialIndex::around(const Box& box, Visit visit, More more) const {
  if (count_ == 0) return;
  const CellRange q = cells_of(box);
  const CellRange& o = occupied_;
  auto cell = [&](int x, int y) {
    for (int id : cells_[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                         static_cast<std::size_t>(x)]) {
      visit(id);
    }
  };
  for (int y = std::max(q.y0, o.y0); y <= std::min(q.y1, o.y1); ++y) {
    for (int x = std::max(q.x0, o.x0); x <= std::min(q.x1, o.x1); ++x) cell(x, y);
  }
  // Ring k meets the occupied range from the first ring on (its Chebyshev gap in cells to
  // the query's) to the last; the rings before hold no id, so asking `more` only before
  // the first of them changes nothing (a larger bound with nothing visited in between),
  // and after the last one the search asks once more (as the next ring would) and ends.
  const int first = std::max({1, o.x0 - q.x1, q.x0 - o.x1, o.y0 - q.y1, q.y0 - o.y1});
  const int last = std::max({q.x0 - o.x0, o.x1 - q.x1, q.y0 - o.y0, o.y1 - q.y1});
  for (int k = first;; ++k) {
    const int x0 = q.x0 - k, x1 = q.x1 + k, y0 = q.y0 - k, y1 = q.y1 + k;
    if (x0 < 0 && y0 < 0 && x1 >= cols_ && y1 >= rows_) return;  // every cell visited
    // Unvisited ids lie wholly in cells more than k - 1 away from the query's on some axis,
    // so more than (k - 1) cells from `box` on that axis (a box filed by the cells its
    // corners fall in, clamped to the grid, lies within its cells on every unclamped side,
    // and a clamped side only lies farther out). A micron off for floor()'s rounding of a
    // coordinate a hair below a cell's edge (far above it on a table; it was a whole cell
    // until issue 9's eighth round, which made every search walk one ring more).
    constexpr double kEdgeRounding = 1e-3;  // mm
    if (!more(static_cast<double>(k - 1) * cell_ - kEdgeRounding) || k > last) return;
    const int cx0 = std::max(x0, o.x0), cx1 = std::min(x1, o.x1);
    if (y0 >= o.y0) {
      for (int x = cx0; x <= cx1; ++x) cell(x, y0);
    }
    if (y1 <= o.y1) {
      for (int x = cx0; x <= cx1; ++x) cell(x, y1);
    }
    for (int y = std::max(y0 + 1, o.y0); y <= std::min(y1 - 1, o.y1); ++y) {
      if (x0 >= o.x0) cell(x0, y);
      if (x1 <= o.x1) cell(x1, y);
    }
  }
}

template <bool kBounded, typename Visit, typename More>
void SpatialIndex::around_pruned(const Box& box, Visit visit, More more) const {
  if (count_ == 0) return;
  const CellRange q = cells_of(box);
  const CellRange& o = occupied_;
  auto at = [&](int x, int y) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
           static_cast<std::size_t>(x);
  };
  auto ids_at = [&](int x, int y) -> const std::vector<int>& { return cells_[at(x, y)]; };
  for (int y = std::max(q.y0, o.y0); y <= std::min(q.y1, o.y1); ++y) {
    for (int x = std::max(q.x0, o.x0); x <= std::min(q.x1, o.x1); ++x) {
      for (int id : ids_at(x, y)) visit(id);
    }
  }
  // As around(): the rings before `first` and after `last` hold no id.
  const int first = std::max({1, o.x0 - q.x1, q.x0 - o.x1, o.y0 - q.y1, q.y0 - o.y1});
  const int last = std::max({q.x0 - o.x0, o.x1 - q.x1, q.y0 - o.y0, o.y1 - q.y1});
  constexpr double kEdgeRounding = 1e-3;  // mm, as around()
  // The gap on each axis from `box` to the cells of a column (row) beside the query's: an
  // id whose nearest filed column is that one lies no nearer on that axis (a box lies within
  // its cells but for floor()'s rounding, and the border's cells also hold what lies
  // beyond them, farther out). An id lies at least as far from `box` as its nearest filed
  // cell, whose bound is the hypotenuse of its two gaps less the rounding.
  auto gap_x = [&](int x) {
    if (x > q.x1) return std::max(0.0, static_cast<double>(ox_ + x) * cell_ - box.max.x);
    if (x < q.x0) return std::max(0.0, box.min.x - static_cast<double>(ox_ + x + 1) * cell_);
    return 0.0;
  };
  auto gap_y = [&](int y) {
    if (y > q.y1) return std::max(0.0, static_cast<double>(oy_ + y) * cell_ - box.max.y);
    if (y < q.y0) return std::max(0.0, box.min.y - static_cast<double>(oy_ + y + 1) * cell_);
    return 0.0;
  };
  auto bound_of = [](double gx, double gy) { return std::sqrt(gx * gx + gy * gy) - kEdgeRounding; };
  // The gap from `box` to a cell's content bounds (cell_bounds_), less the rounding: every id
  // filed in the cell lies at least that far away.
  auto content_gap = [&](std::size_t cell) {
    const CellBounds& c = cell_bounds_[cell];
    const double gx = std::max({0.0, c[0] - box.max.x, box.min.x - c[2]});
    const double gy = std::max({0.0, c[1] - box.max.y, box.min.y - c[3]});
    return bound_of(gx, gy);
  };
  // One side of a ring: its cells `line` (a row or column) from `lo` to `hi` along it, those
  // facing the query's (`near_lo` to `near_hi`) first, then outward each way. The bound
  // grows outward, so a refusal ends that way (every cell beyond is no nearer).
  // The least bound `more` refused (kBounded).
  [[maybe_unused]] double refused = std::numeric_limits<double>::infinity();
  auto side = [&](bool row, int line, double across, int lo, int hi, int near_lo, int near_hi) {
    auto cell = [&](int along) { return row ? at(along, line) : at(line, along); };
    auto gap_along = [&](int along) { return row ? gap_x(along) : gap_y(along); };
    // Beyond the cells facing `box` (all visited once `more` accepts the side), a cell's ids
    // are visited unless `more` refuses the greater of the cell's bound and its content's
    // (content_gap, where the index bounds its cells): an id it holds lies beyond both, or is filed
    // in a nearer cell too, met there or refused by a bound below its gap. Returns false where
    // `more` refuses the cell's own bound: the rest of that side, that way, is no nearer. A bound
    // at or above one `more` refused in this search is refused without asking (`more` refuses any
    // larger bound once it refused one, as the caller promises).
    auto offer = [&](std::size_t c, double bound) {
      if (bound >= refused) return false;
      const double content = bound_cells_ ? std::max(bound, content_gap(c)) : bound;
      if (content >= refused) return true;
      if (!more(content)) {
        refused = content;
        if (content == bound || !more(bound)) {
          refused = bound;
          return false;
        }
        return true;
      }
      for (int id : cells_[c]) visit(id);
      return true;
    };
    bool asked = false;
    for (int a = std::max(lo, near_lo); a <= std::min(hi, near_hi); ++a) {
      const std::vector<int>& v = cells_[cell(a)];
      if (v.empty()) continue;
      if (!asked) {
        if (!more(across - kEdgeRounding)) return;  // the nearest of the side
        asked = true;
      }
      for (int id : v) visit(id);
    }
    for (int a = std::max(lo, near_hi + 1); a <= hi; ++a) {
      const std::size_t c = cell(a);
      const std::vector<int>& v = cells_[c];
      if (v.empty()) continue;
      if constexpr (kBounded) {
        if (!offer(c, bound_of(gap_along(a), across))) break;
      } else {  // the plain walk (issue 9: an unbounded index's search pays nothing for offer)
        if (!more(bound_of(gap_along(a), across))) break;
        for (int id : v) visit(id);
      }
    }
    for (int a = std::min(hi, near_lo - 1); a >= lo; --a) {
      const std::size_t c = cell(a);
      const std::vector<int>& v = cells_[c];
      if (v.empty()) continue;
      if constexpr (kBounded) {
        if (!offer(c, bound_of(gap_along(a), across))) break;
      } else {
        if (!more(bound_of(gap_along(a), across))) break;
        for (int id : v) visit(id);
      }
    }
  };
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int k = first;; ++k) {
    const int x0 = q.x0 - k, x1 = q.x1 + k, y0 = q.y0 - k, y1 = q.y1 + k;
    if (x0 < 0 && y0 < 0 && x1 >= cols_ && y1 >= rows_) return;  // every cell visited
    // The sides that hold an id now or may in a later ring (a side beyond the occupied
    // range, moving away from it, never will), each with its gap across; every cell of this
    // ring and the next lies at least the least of them away.
    const double g_y0 = y0 >= o.y0 ? gap_y(y0) : kInf;
    const double g_y1 = y1 <= o.y1 ? gap_y(y1) : kInf;
    const double g_x0 = x0 >= o.x0 ? gap_x(x0) : kInf;
    const double g_x1 = x1 <= o.x1 ? gap_x(x1) : kInf;
    const double ring = std::min({g_y0, g_y1, g_x0, g_x1});
    if (k > last || !more(ring - kEdgeRounding)) return;
    // The nearer sides first: what they meet may refuse the farther ones.
    std::array<std::pair<double, int>, 4> sides = {{{g_y0, 0}, {g_y1, 1}, {g_x0, 2}, {g_x1, 3}}};
    std::sort(sides.begin(), sides.end());
    for (const auto& [across, which] : sides) {
      if (across == kInf) break;
      switch (which) {
        case 0:
          if (y0 <= o.y1)
            side(true, y0, across, std::max(x0, o.x0), std::min(x1, o.x1), q.x0, q.x1);
          break;
        case 1:
          if (y1 >= o.y0)
            side(true, y1, across, std::max(x0, o.x0), std::min(x1, o.x1), q.x0, q.x1);
          break;
        case 2:
          if (x0 <= o.x1) {
            side(false, x0, across, std::max(y0 + 1, o.y0), std::min(y1 - 1, o.y1), q.y0, q.y1);
          }
          break;
        default:
          if (x1 >= o.x0) {
            side(false, x1, across, std::max(y0 + 1, o.y0), std::min(y1 - 1, o.y1), q.y0, q.y1);
          }
          break;
      }
    }
  }
}

// `b` grown by `margin` mm on every side.
Box grown(const Box& b, double margin);

}  // namespace smoothbore
