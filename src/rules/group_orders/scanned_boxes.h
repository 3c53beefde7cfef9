// The filed boxes of a few units, answered by a scan (issue 9): in a battle of a few dozen
// units a scan of the boxes costs less than a spatial index's walk of its cells, and a
// battle that needs no index files none. The answers are SpatialIndex::query's: the ids whose
// boxes meet a box, ascending (tests/rules/group_orders_scanned_boxes_test.cc). The boxes
// are kept side by side as well, so that a question about the enemy scans only the enemy.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore::group_orders {

class ScannedBoxes {
 public:
  // Files `box` under `id` (>= 0), of `side` (>= 0), replacing what it had.
  void file(int id, int side, const Box& box) {
    const std::size_t k = static_cast<std::size_t>(id);
    if (side_of_.size() <= k) side_of_.resize(k + 1, -1);
    const int old = side_of_[k];
    if (old >= 0 && old != side) erase(sides_[static_cast<std::size_t>(old)], id);
    if (sides_.size() <= static_cast<std::size_t>(side)) sides_.resize(side + 1);
    side_of_[k] = side;
    put(all_, id, box);
    put(sides_[static_cast<std::size_t>(side)], id, box);
  }
  // How many ids are filed.
  std::size_t size() const { return all_.size(); }
  // The ids whose boxes meet `box`, ascending, into `out` (cleared first).
  void query(const Box& box, std::vector<int>& out) const {
    out.clear();
    for (const Filed& f : all_) {
      if (f.box.intersects(box)) out.push_back(f.id);
    }
  }
  // The same of the ids of every side but `side`.
  void query_others(const Box& box, int side, std::vector<int>& out) const {
    out.clear();
    bool several = false;
    for (std::size_t s = 0; s < sides_.size(); ++s) {
      if (static_cast<int>(s) == side) continue;
      const std::size_t before = out.size();
      for (const Filed& f : sides_[s]) {
        if (f.box.intersects(box)) out.push_back(f.id);
      }
      several = several || (before > 0 && out.size() > before);
    }
    if (several) std::sort(out.begin(), out.end());  // the sides' answers, merged
  }
  // Calls visit(id, box) for every id filed of another side than `side` (side by side, each
  // side's ascending).
  template <typename Visit>
  void each_other(int side, Visit visit) const {
    for (std::size_t s = 0; s < sides_.size(); ++s) {
      if (static_cast<int>(s) == side) continue;
      for (const Filed& f : sides_[s]) visit(f.id, f.box);
    }
  }

 private:
  struct Filed {
    Box box;
    int id = -1;
  };
  // Files (id, box) in `v`, ascending by id: in place if there, else inserted.
  static void put(std::vector<Filed>& v, int id, const Box& box) {
    auto it =
        std::lower_bound(v.begin(), v.end(), id, [](const Filed& f, int i) { return f.id < i; });
    if (it != v.end() && it->id == id) {
      it->box = box;
    } else {
      v.insert(it, Filed{box, id});
    }
  }
  static void erase(std::vector<Filed>& v, int id) {
    std::erase_if(v, [id](const Filed& f) { return f.id == id; });
  }
  std::vector<int> side_of_;               // by id: its side, -1 where none is filed
  std::vector<Filed> all_;                 // every id filed, ascending
  std::vector<std::vector<Filed>> sides_;  // by side: its ids, ascending
};

}  // namespace smoothbore::group_orders
