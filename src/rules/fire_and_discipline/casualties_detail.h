// Internals shared by the casualty files (not part of the public API): the event a
// casualty or morale effect logs, live stands, a unit's centre and facing, and the stand
// nearest a point.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "core/events/event.h"
#include "core/geometry/shapes.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline::casualties_detail {

inline std::size_t z(int i) { return static_cast<std::size_t>(i); }

inline Value num(int v) { return Value(std::int64_t{v}); }

inline void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
                 Fields data = {}) {
  if (counted_quietly(log, kind)) return;
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  const Unit& u = s.force.units[z(unit)];
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

inline bool live(const Stand& st) { return !st.removed; }

inline Vec2 unit_centre(const Unit& u) { return u.footprint().centre; }

inline double unit_facing(const Unit& u) {
  for (const Stand& st : u.stands) {
    if (live(st)) return st.rect.facing;
  }
  return u.stands.empty() ? 0.0 : u.stands.front().rect.facing;
}

// The live stand of `u` nearest `p`, or -1.
inline int stand_nearest(const Unit& u, Vec2 p) {
  int best = -1;
  double best_d = 1e18;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (!live(u.stands[i])) continue;
    const double d = distance(u.stands[i].rect, p);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace smoothbore::fire_and_discipline::casualties_detail
