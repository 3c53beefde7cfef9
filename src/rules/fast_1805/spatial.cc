// Proximity queries through the battle's spatial index (issue 9): the nearest enemy and
// the candidates for fire, charges, collisions and sight look only at units nearby. Each
// answers exactly what the scan of every unit answered, in the same order (ascending unit
// index, ties to the lower index).
#include <algorithm>

#include "rules/fast_1805/battle_impl.h"

namespace smoothbore::fast_1805 {

void Battle1805::placed(int unit) {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (fp_.size() <= k) fp_.resize(k + 1);
  fp_[k] = force_.units[k].footprint();
  index_.insert(unit, fp_[k]);
}

std::vector<int> Battle1805::near(const Box& box) const {
  std::vector<int> out;
  index_.query(box, out);
  return out;
}

std::vector<int> Battle1805::near(const Rect& r, double reach) const {
  return near(grown(r.bounds(), reach));
}

// The nearest enemy by edge-to-edge gap, ties to the lower index. The search widens from
// 12" until the best gap found is inside the searched square: every unit outside it is
// farther (its box is more than the search distance away on some axis).
int Battle1805::nearest_enemy(int unit, bool active_only) const {
  const int side = force_.units[unit].side;
  const Rect& me = rect_of(unit);
  auto best_of = [&](const std::vector<int>& ids, double* gap) {
    int best = -1;
    double best_d = 1e18;
    for (int i : ids) {
      const Unit& u = force_.units[static_cast<std::size_t>(i)];
      if (u.side == side || !u.on_table()) continue;
      if (active_only && u.status != UnitStatus::kActive) continue;
      const double d = gap_in(unit, i);
      if (d < best_d) {
        best_d = d;
        best = i;
      }
    }
    *gap = best_d;
    return best;
  };
  const double span = scenario_.table.width() + scenario_.table.height();
  std::vector<int> ids;
  for (double reach = 12.0 * kMm;; reach *= 2) {
    const Box box = grown(me.bounds(), reach);
    index_.query(box, ids);
    double gap = 0;
    const int best = best_of(ids, &gap);
    if (best >= 0 && gap * kMm <= reach * (1 - 1e-9)) return best;
    if (reach > span) {
      // The square covers the table: every unit on it was a candidate.
      return best;
    }
  }
}

}  // namespace smoothbore::fast_1805
