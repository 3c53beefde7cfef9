// The filed boxes of a few units, answered by a scan (issue 9): in a battle of a few dozen
// units a scan of every box costs less than a spatial index's walk of its cells, and a
// battle that needs no index files none. The answers are SpatialIndex::query's: the ids whose
// boxes meet a box, ascending (tests/rules/group_orders_scanned_boxes_test.cc).
#pragma once

#include <cstddef>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore::group_orders {

class ScannedBoxes {
 public:
  // Files `box` under `id` (>= 0), of `side` (>= 0), replacing what it had.
  void file(int id, int side, const Box& box) {
    const std::size_t k = static_cast<std::size_t>(id);
    if (side_.size() <= k) {
      side_.resize(k + 1, -1);
      boxes_.resize(k + 1);
    }
    count_ += side_[k] < 0 ? 1 : 0;
    side_[k] = side;
    boxes_[k] = box;
  }
  // How many ids are filed.
  std::size_t size() const { return count_; }
  // The ids whose boxes meet `box`, ascending, into `out` (cleared first).
  void query(const Box& box, std::vector<int>& out) const {
    out.clear();
    for (std::size_t k = 0; k < side_.size(); ++k) {
      if (side_[k] >= 0 && boxes_[k].intersects(box)) out.push_back(static_cast<int>(k));
    }
  }
  // The same of the ids of every side but `side`.
  void query_others(const Box& box, int side, std::vector<int>& out) const {
    out.clear();
    for (std::size_t k = 0; k < side_.size(); ++k) {
      if (side_[k] >= 0 && side_[k] != side && boxes_[k].intersects(box)) {
        out.push_back(static_cast<int>(k));
      }
    }
  }
  // Calls visit(id) for every id filed of another side than `side`, ascending.
  template <typename Visit>
  void each_other(int side, Visit visit) const {
    for (std::size_t k = 0; k < side_.size(); ++k) {
      if (side_[k] >= 0 && side_[k] != side) visit(static_cast<int>(k));
    }
  }

 private:
  std::vector<int> side_;  // by id: its side, -1 where none is filed
  std::vector<Box> boxes_;
  std::size_t count_ = 0;
};

}  // namespace smoothbore::group_orders
