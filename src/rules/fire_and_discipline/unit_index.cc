#include "rules/fire_and_discipline/unit_index.h"

#include <algorithm>

namespace smoothbore::fire_and_discipline {

void UnitIndex::build(const Force& force) {
  const std::size_t n = force.units.size();
  footprints_.resize(n);
  frames_.resize(n);
  boxes_.resize(n);
  frames_at_.assign(n, -1);
  frames_count_.assign(n, 0);
  stand_frames_.clear();
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

std::span<const RectFrame> UnitIndex::stand_frames(const Force& force, int u) const {
  const std::size_t i = static_cast<std::size_t>(u);
  if (frames_at_[i] < 0) {
    frames_at_[i] = static_cast<int>(stand_frames_.size());
    for (const Stand& st : force.units[i].stands) {
      if (!st.removed) stand_frames_.emplace_back(st.rect);
    }
    frames_count_[i] = static_cast<int>(stand_frames_.size()) - frames_at_[i];
  }
  return {stand_frames_.data() + frames_at_[i], static_cast<std::size_t>(frames_count_[i])};
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
