// rules/battle.h's place_free over a spatial index's candidates (issue 9): the rule sets
// with an index ask it for the units whose boxes meet the footprint's (every unit that may
// overlap it) and test only those, in the index's (ascending) order.
#pragma once

#include <cstddef>
#include <vector>

#include "core/force/force.h"
#include "core/geometry/shapes.h"
#include "core/table/table.h"
#include "rules/battle.h"

namespace smoothbore {

// As place_free(table, force, unit, r, ignore): on the table and overlapping no unit on the
// table among `candidates` but `unit` and `ignore`, each at `footprint(o)` (a rule set's kept
// footprint of unit o; the overload without it takes Unit::footprint()).
template <typename Footprint>
bool place_free(const Table& table, const Force& force, int unit, const Rect& r, int ignore,
                const std::vector<int>& candidates, Footprint footprint) {
  if (!table.contains(r)) return false;
  for (int o : candidates) {
    if (o == unit || o == ignore || !force.units[static_cast<std::size_t>(o)].on_table()) continue;
    if (overlaps(r, footprint(o), 0.01)) return false;
  }
  return true;
}

inline bool place_free(const Table& table, const Force& force, int unit, const Rect& r, int ignore,
                       const std::vector<int>& candidates) {
  return place_free(table, force, unit, r, ignore, candidates, [&force](int o) {
    return force.units[static_cast<std::size_t>(o)].footprint();
  });
}

}  // namespace smoothbore
