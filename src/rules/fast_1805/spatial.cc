// Proximity queries through the battle's spatial index (issue 9): the nearest enemy and
// the candidates for fire, charges, collisions and sight look only at units nearby. Each
// answers exactly what the scan of every unit answered, in the same order (ascending unit
// index, ties to the lower index).
#include <algorithm>
#include <cmath>
#include <limits>

#include "rules/fast_1805/battle_impl.h"

namespace smoothbore::fast_1805 {

void Battle1805::placed(int unit) {
  const std::size_t k = static_cast<std::size_t>(unit);
  if (fp_.size() <= k) fp_.resize(k + 1);
  if (index_box_.size() <= k) index_box_.resize(k + 1);
  if (nearest_hint_.size() <= k) nearest_hint_.resize(k + 1, -1);
  fp_[k] = force_.units[k].footprint();
  index_box_[k] = fp_[k].bounds();
  index_.insert(unit, fp_[k]);
  const std::size_t side = static_cast<std::size_t>(force_.units[k].side);
  if (side_index_.size() <= side) side_index_.resize(side + 1);
  side_index_[side].insert(unit, fp_[k]);
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

// A lower bound of the edge-to-edge distance of two footprints: the gap between their
// bounding boxes.
double box_gap(const Box& a, const Box& b) {
  const double dx = std::max({0.0, a.min.x - b.max.x, b.min.x - a.max.x});
  const double dy = std::max({0.0, a.min.y - b.max.y, b.min.y - a.max.y});
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace

// The unit of another side on the table (and active, if asked) with the least `key`
// (a gap), ties to the lower index, and its gap in mm. The search starts at the gap to the
// last answer for this unit (or 12") and doubles until the best gap found is inside the
// searched square: every unit outside it is farther (its box is more than the search
// distance away on some axis). Units whose boxes are clearly farther than the best so far
// are skipped without the exact distance.
template <typename Key>
int Battle1805::nearest_of_other_side(int unit, bool active_only, Key key, double* gap_mm) const {
  const Rect& me = rect_of(unit);
  const Box my_box = me.bounds();
  const int side = force_.units[unit].side;
  auto eligible = [&](int i) {
    const Unit& u = force_.units[static_cast<std::size_t>(i)];
    if (u.side == side || !u.on_table()) return false;
    return !active_only || u.status == UnitStatus::kActive;
  };
  const double span = scenario_.table.width() + scenario_.table.height();
  int& hint = nearest_hint_[static_cast<std::size_t>(unit)];
  double reach = 12.0 * kMm;
  if (hint >= 0 && eligible(hint)) reach = distance(me, rect_of(hint)) * (1 + 1e-6) + 1.0;
  std::vector<int> ids;
  for (;; reach *= 2) {
    int best = -1;
    double best_key = 1e18, best_mm = 1e18;
    for (std::size_t s = 0; s < side_index_.size(); ++s) {
      if (static_cast<int>(s) == side) continue;
      side_index_[s].query(grown(my_box, reach), ids);
      for (int i : ids) {
        if (!eligible(i)) continue;
        if (best >= 0 && box_gap(my_box, index_box_[static_cast<std::size_t>(i)]) >
                             best_mm * (1 + 1e-9) + 1e-6) {
          continue;  // strictly farther, even after rounding to inches
        }
        double mm = 0;
        const double k = key(i, &mm);
        if (k < best_key || (k == best_key && i < best)) {
          best_key = k;
          best_mm = mm;
          best = i;
        }
      }
    }
    // Past the table's span the square covers every unit on it.
    if ((best >= 0 && best_mm <= reach * (1 - 1e-9)) || reach > span) {
      if (gap_mm) *gap_mm = best >= 0 ? best_mm : std::numeric_limits<double>::infinity();
      if (best >= 0) hint = best;
      return best;
    }
  }
}

// Ties compare the gap in inches, as the scan did.
int Battle1805::nearest_enemy(int unit, bool active_only) const {
  const Rect& me = rect_of(unit);
  return nearest_of_other_side(
      unit, active_only,
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
      unit, true,
      [&](int i, double* mm) {
        *mm = distance(me, rect_of(i));
        return *mm;
      },
      gap);
}

}  // namespace smoothbore::fast_1805
