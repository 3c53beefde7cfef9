#include "rules/elan_drill/proximity.h"

#include <algorithm>

#include "core/geometry/nearest.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {

namespace {

// Cell size of the centre grid: about a musket's long range (PointGrid grows it when the
// units are sparse).
constexpr double kCellMm = 8.0 * kMm;
// Slack on the centre-distance bound, far above rounding (mm).
constexpr double kSlackMm = 1.0;

}  // namespace

void UnitSnapshot::build(const Force& force) {
  rects_.clear();
  rects_.reserve(force.units.size());
  std::vector<Vec2> centres;
  centres.reserve(force.units.size());
  max_half_ = 0;
  for (const Unit& u : force.units) {
    rects_.push_back(u.footprint());
    centres.push_back(rects_.back().centre);
    max_half_ = std::max(max_half_, half_diagonal(rects_.back()));
  }
  grid_.build(centres, kCellMm);
  memo_.assign(rects_.size(), -2);
  ready_ = true;
}

void UnitSnapshot::clear() {
  ready_ = false;
  rects_.clear();
  memo_.clear();
}

std::vector<int> UnitSnapshot::near(Vec2 p, double reach_mm) const {
  // A footprint within reach of p has its centre within reach + its half diagonal.
  const double h = reach_mm + max_half_ + kSlackMm;
  std::vector<int> out;
  grid_.visit({p.x - h, p.y - h}, {p.x + h, p.y + h}, [&](int id) { out.push_back(id); });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> UnitSnapshot::near(const Rect& r, double reach_mm) const {
  return near(r.centre, reach_mm + half_diagonal(r));
}

// --- BattleED's proximity queries ---

std::vector<int> BattleED::units_near(int unit, double reach_in) const {
  if (snap_.ready()) return snap_.near(snap_.footprint(unit), reach_in * kMm);
  std::vector<int> all(force_.units.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return all;
}

double BattleED::fire_reach_in(int unit) const {
  const Unit& u = force_.units[unit];
  if (u.arm == Arm::kArtillery) return max_range_in(unit);
  const std::string weapon = u.attribute_string("weapon", "musket");
  return weapon == "none" ? 0 : row("fire.weapons", weapon).number("long");
}

Rect BattleED::footprint_of(int unit) const {
  return snap_.ready() ? snap_.footprint(unit) : force_.units[unit].footprint();
}

double BattleED::gap_in(int a, int b) const {
  if (snap_.ready()) return distance(snap_.footprint(a), snap_.footprint(b)) / kMm;
  return distance(force_.units[a].footprint(), force_.units[b].footprint()) / kMm;
}

int BattleED::nearest_enemy(int unit) const {
  const int side = force_.units[unit].side;
  auto enemy = [&](int o) { return force_.units[o].side != side && active(o); };
  if (!snap_.ready()) {
    int best = -1;
    double d = 1e18;
    for (std::size_t i = 0; i < force_.units.size(); ++i) {
      const int o = static_cast<int>(i);
      if (!enemy(o)) continue;
      const double g = gap_in(unit, o);
      if (g < d) {
        d = g;
        best = o;
      }
    }
    return best;
  }
  int& memo = snap_.nearest_memo(unit);
  if (memo != -2) return memo;
  // Rings of doubling reach: once the best found lies within the reach searched, no unit
  // outside it (farther than the reach) can be nearer or tie.
  const Rect& me = snap_.footprint(unit);
  for (double reach = 8.0 * kMm;; reach *= 2) {
    const std::vector<int> near = snap_.near(me, reach);
    int best = -1;
    double d = 1e18;
    double best_mm = 0;
    for (int o : near) {
      if (!enemy(o)) continue;
      const double mm = distance(me, snap_.footprint(o));
      const double g = mm / kMm;
      if (g < d) {
        d = g;
        best = o;
        best_mm = mm;
      }
    }
    if ((best >= 0 && best_mm <= reach) || near.size() == snap_.size()) return memo = best;
  }
}

int BattleED::nearest_active_enemy(int unit, double* gap) const {
  // The doctrine's nearest enemy in mm (sim/commander.cc compares mm, not inches).
  const int side = force_.units[unit].side;
  const Rect me = footprint_of(unit);
  int best = -1;
  double d = std::numeric_limits<double>::infinity();
  for (double reach = 8.0 * kMm;; reach *= 2) {
    const std::vector<int> near = snap_.ready() ? snap_.near(me, reach) : units_near(unit, 0);
    for (int o : near) {
      if (force_.units[o].side == side || force_.units[o].status != UnitStatus::kActive) continue;
      const double mm = distance(me, footprint_of(o));
      if (mm < d) {
        d = mm;
        best = o;
      }
    }
    if ((best >= 0 && d <= reach) || near.size() == force_.units.size()) break;
    best = -1;
    d = std::numeric_limits<double>::infinity();
  }
  if (gap != nullptr) *gap = d;
  return best;
}

int BattleED::contact_friend(int unit, int target) const {
  if (gap_in(unit, target) <= kContactIn) return -1;
  const int side = force_.units[unit].side;
  for (int o : units_near(target, kContactIn)) {
    if (o != unit && force_.units[o].side == side && active(o) && gap_in(target, o) <= kContactIn) {
      return o;
    }
  }
  return -1;
}

}  // namespace smoothbore::elan_drill
