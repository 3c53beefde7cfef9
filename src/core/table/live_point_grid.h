// A bucket grid of points that stay filed while they move (issue 9): PointGrid rebuilt
// after every change cost a whole scan per move, so a battle of n stands moving one unit
// at a time grew as n². Here a point is inserted, moved or erased in O(1), each cell
// holding a doubly linked list of ids in flat arrays (no per-cell vectors, so a copy is a
// few block copies). The cells are laid out once, by `build`, over the points then given;
// a point outside that extent is filed in the nearest border cell, so every query stays
// exact, only slower, if the points later spread far beyond it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/geometry/vec2.h"

namespace smoothbore {

class LivePointGrid {
 public:
  // Lays the cells out over `points` (as PointGrid::build: `cell` mm wanted, grown to keep
  // about four cells per point) and files `points[i]` under id i.
  void build(const std::vector<Vec2>& points, double cell);
  // Files `p` under `id` (not filed now; any id >= 0).
  void insert(int id, Vec2 p);
  // Takes `id` (filed now) out.
  void erase(int id);
  bool contains(int id) const {
    return id >= 0 && static_cast<std::size_t>(id) < cell_of_.size() &&
           cell_of_[static_cast<std::size_t>(id)] >= 0;
  }
  // Calls `visit(id)` once for each filed point inside `[lo, hi]` (inclusive), in no set
  // order.
  template <typename Visit>
  void visit(Vec2 lo, Vec2 hi, Visit visit) const;

 private:
  int col(double x) const;
  int row(double y) const;

  double ox_ = 0, oy_ = 0, cell_ = 1;
  int cols_ = 1, rows_ = 1;
  std::vector<int> head_{-1};  // per cell, its first id (-1: empty)
  // Per id: its point, cell (-1: not filed), and neighbours in the cell's list.
  std::vector<Vec2> points_;
  std::vector<int> cell_of_, next_, prev_;
};

// Inline: every query and every filing asks them. Clamped first to [0, last], a whole
// number, then truncated: the floor clamped (issue 9: no floor taken).
inline int LivePointGrid::col(double x) const {
  return static_cast<int>(std::clamp((x - ox_) / cell_, 0.0, static_cast<double>(cols_ - 1)));
}

inline int LivePointGrid::row(double y) const {
  return static_cast<int>(std::clamp((y - oy_) / cell_, 0.0, static_cast<double>(rows_ - 1)));
}

template <typename Visit>
void LivePointGrid::visit(Vec2 lo, Vec2 hi, Visit visit) const {
  if (hi.x < lo.x || hi.y < lo.y) return;
  const int x0 = col(lo.x), x1 = col(hi.x), y0 = row(lo.y), y1 = row(hi.y);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      int id = head_[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                     static_cast<std::size_t>(x)];
      while (id >= 0) {
        const std::size_t i = static_cast<std::size_t>(id);
        const Vec2 p = points_[i];
        const int next = next_[i];
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) visit(id);
        id = next;
      }
    }
  }
}

}  // namespace smoothbore
