#include "rules/fire_and_discipline/unit_index.h"

#include <algorithm>

namespace smoothbore::fire_and_discipline {

void UnitIndex::build(const Force& force) {
  const std::size_t n = force.units.size();
  footprints_.resize(n);
  frames_.resize(n);
  boxes_.resize(n);
  double size = 0;
  for (std::size_t i = 0; i < n; ++i) {
    footprints_[i] = force.units[i].footprint();
    frames_[i] = RectFrame(footprints_[i]);
    boxes_[i] = footprints_[i].bounds();
    size += std::max(footprints_[i].width, footprints_[i].depth);
  }
  // Cells about a footprint across: a query looks a unit's reach around a unit.
  const double cell = std::max(50.0, n > 0 ? size / static_cast<double>(n) : 0.0);
  by_side_.assign(force.sides.size(), SpatialIndex(cell));
  for (std::size_t i = 0; i < n; ++i) {
    const int side = force.units[i].side;
    if (side < 0 || side >= sides()) continue;
    by_side_[static_cast<std::size_t>(side)].insert(static_cast<int>(i), footprints_[i]);
  }
}

void UnitIndex::near(int side, const Box& box, double reach, std::vector<int>& out) const {
  if (side < 0 || side >= sides()) return;
  std::vector<int> found;
  by_side_[static_cast<std::size_t>(side)].query(grown(box, reach + kSlackMm), found);
  for (int i : found) {
    if (box_gap(box, boxes_[static_cast<std::size_t>(i)]) <= reach + kSlackMm) out.push_back(i);
  }
}

}  // namespace smoothbore::fire_and_discipline
