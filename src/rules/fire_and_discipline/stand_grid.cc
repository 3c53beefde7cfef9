#include "rules/fire_and_discipline/stand_grid.h"

#include <algorithm>
#include <cstddef>

#include "core/geometry/nearest.h"

namespace smoothbore::fire_and_discipline {

namespace {

bool same(const Rect& a, const Rect& b) {
  return a.centre == b.centre && a.facing == b.facing && a.width == b.width && a.depth == b.depth;
}

// Whether `snap` lists exactly the stands of `force` on the table now, where they are.
bool current(const StandSnapshot& snap, const Force& force) {
  std::size_t k = 0;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Unit& unit = force.units[u];
    if (!unit.on_table()) continue;
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      if (k >= snap.stands.size()) return false;
      const StandEntry& e = snap.stands[k++];
      if (e.unit != static_cast<int>(u) || e.stand != static_cast<int>(&st - unit.stands.data()) ||
          e.side != unit.side || !same(e.rect, st.rect)) {
        return false;
      }
    }
  }
  return k == snap.stands.size();
}

}  // namespace

std::shared_ptr<const StandSnapshot> StandCache::get(const Force& force, int asking) const {
  if (frozen_ && (trials_ == 0 || trial_unit_ == asking)) return frozen_;
  if (snapshot_ && current(*snapshot_, force)) return snapshot_;
  auto snap = std::make_shared<StandSnapshot>();
  std::vector<Vec2> centres;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Unit& unit = force.units[u];
    if (!unit.on_table()) continue;
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      const int k = static_cast<int>(&st - unit.stands.data());
      snap->stands.push_back({static_cast<int>(u), k, unit.side, st.rect, half_diagonal(st.rect)});
      snap->max_radius = std::max(snap->max_radius, snap->stands.back().radius);
      centres.push_back(st.rect.centre);
    }
  }
  // Cells about two stands wide: a movement check looks a stand's reach around a stand.
  snap->grid.build(centres, 4 * snap->max_radius);
  snapshot_ = snap;
  return snapshot_;
}

bool StandSnapshot::overlaps_other(const Rect& r, int unit, double tolerance) const {
  bool found = false;
  around(r, 0, [&](int k) {
    const StandEntry& o = stands[static_cast<std::size_t>(k)];
    found = found || (o.unit != unit && overlaps(r, o.rect, tolerance));
  });
  return found;
}

bool StandSnapshot::enemy_within(const Rect& r, int side, double limit) const {
  bool found = false;
  around(r, limit, [&](int k) {
    const StandEntry& o = stands[static_cast<std::size_t>(k)];
    found = found || (o.side != side && distance(r, o.rect) <= limit);
  });
  return found;
}

void StandCache::freeze(const Force& force) {
  thaw();
  get(force);
  frozen_ = snapshot_;
  units_ = std::make_shared<UnitIndex>();
  units_->build(force);
}

void StandCache::thaw() {
  frozen_.reset();
  units_.reset();
  ahead_.clear();
}

}  // namespace smoothbore::fire_and_discipline
