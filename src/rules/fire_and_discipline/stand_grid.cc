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
      if (e.unit != static_cast<int>(u) || e.side != unit.side || !same(e.rect, st.rect)) {
        return false;
      }
    }
  }
  return k == snap.stands.size();
}

}  // namespace

std::shared_ptr<const StandSnapshot> StandCache::get(const Force& force) const {
  if (snapshot_ && current(*snapshot_, force)) return snapshot_;
  auto snap = std::make_shared<StandSnapshot>();
  std::vector<Vec2> centres;
  for (std::size_t u = 0; u < force.units.size(); ++u) {
    const Unit& unit = force.units[u];
    if (!unit.on_table()) continue;
    for (const Stand& st : unit.stands) {
      if (st.removed) continue;
      snap->stands.push_back({static_cast<int>(u), unit.side, st.rect, half_diagonal(st.rect)});
      snap->max_radius = std::max(snap->max_radius, snap->stands.back().radius);
      centres.push_back(st.rect.centre);
    }
  }
  // Cells about two stands wide: a movement check looks a stand's reach around a stand.
  snap->grid.build(centres, 4 * snap->max_radius);
  snapshot_ = snap;
  return snapshot_;
}

}  // namespace smoothbore::fire_and_discipline
