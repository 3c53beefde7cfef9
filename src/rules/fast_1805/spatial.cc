// Proximity queries through the battle's spatial index (issue 9): the nearest enemy and
// the candidates for fire, charges, collisions and sight look only at units nearby. Each
// answers exactly what the scan of every unit answered, in the same order (ascending unit
// index, ties to the lower index).
#include <algorithm>
#include <limits>

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

namespace {

// The unit of another side on the table (and active, if asked) with the least `key`
// (a gap), ties to the lower index, and that gap. The search widens from 12" until the
// best gap found is inside the searched square: every unit outside it is farther (its box
// is more than the search distance away on some axis).
template <typename Key>
int nearest_of_other_side(const Force& force, const SpatialIndex& index, const Rect& me, int side,
                          bool active_only, double span, Key key, double* gap_mm) {
  std::vector<int> ids;
  for (double reach = 12.0 * kMm;; reach *= 2) {
    index.query(grown(me.bounds(), reach), ids);
    int best = -1;
    double best_key = 1e18, best_mm = 0;
    for (int i : ids) {
      const Unit& u = force.units[static_cast<std::size_t>(i)];
      if (u.side == side || !u.on_table()) continue;
      if (active_only && u.status != UnitStatus::kActive) continue;
      double mm = 0;
      const double k = key(i, &mm);
      if (k < best_key) {
        best_key = k;
        best_mm = mm;
        best = i;
      }
    }
    // Past the table's span the square covers every unit on it.
    if ((best >= 0 && best_mm <= reach * (1 - 1e-9)) || reach > span) {
      if (gap_mm) *gap_mm = best >= 0 ? best_mm : std::numeric_limits<double>::infinity();
      return best;
    }
  }
}

}  // namespace

// Ties compare the gap in inches, as the scan did.
int Battle1805::nearest_enemy(int unit, bool active_only) const {
  const Rect& me = rect_of(unit);
  return nearest_of_other_side(
      force_, index_, me, force_.units[unit].side, active_only,
      scenario_.table.width() + scenario_.table.height(),
      [&](int i, double* mm) {
        *mm = distance(me, rect_of(i));
        return *mm / kMm;  // gap_in(unit, i)
      },
      nullptr);
}

// The commanders' scan compared the gap in mm (sim/commander.cc).
int Battle1805::nearest_active_enemy(int unit, double* gap) const {
  const Rect& me = rect_of(unit);
  return nearest_of_other_side(
      force_, index_, me, force_.units[unit].side, true,
      scenario_.table.width() + scenario_.table.height(),
      [&](int i, double* mm) {
        *mm = distance(me, rect_of(i));
        return *mm;
      },
      gap);
}

}  // namespace smoothbore::fast_1805
