// Every stand on the table filed by centre in a grid (issue 9), shared by the proximity
// queries of one unchanged state: the movement checks (movement_detail.h Mover) take it
// instead of copying and filing every other stand each time. It is not kept up to date
// by the many places that move stands; instead `StandCache::get` compares the state with
// the snapshot it was built from (a cheap walk, no allocation) and rebuilds it only when a
// stand moved, appeared or left. A snapshot handed out stays valid (shared) while a newer
// one replaces it.
#pragma once

#include <memory>
#include <vector>

#include "core/force/force.h"
#include "core/table/point_grid.h"

namespace smoothbore::fire_and_discipline {

struct StandEntry {
  int unit = -1;
  int side = -1;
  Rect rect;
  double radius = 0;  // half the diagonal, mm
};

struct StandSnapshot {
  std::vector<StandEntry> stands;  // unit by unit, stand by stand (the scan's order)
  PointGrid grid;                  // their centres, by index into `stands`
  double max_radius = 0;
};

class StandCache {
 public:
  StandCache() = default;
  // A copy of a state starts with no snapshot of its own.
  StandCache(const StandCache&) {}
  StandCache& operator=(const StandCache&) {
    snapshot_.reset();
    return *this;
  }
  // The snapshot of the stands of `force` on the table now (not removed, unit on table).
  std::shared_ptr<const StandSnapshot> get(const Force& force) const;

 private:
  mutable std::shared_ptr<StandSnapshot> snapshot_;
};

}  // namespace smoothbore::fire_and_discipline
