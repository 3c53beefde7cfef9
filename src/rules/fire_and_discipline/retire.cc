#include "rules/fire_and_discipline/retire.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/orders.h"

namespace smoothbore::fire_and_discipline {

namespace {

constexpr double kEdgeYd = 1;       // a stand this close to the edge has reached it
constexpr double kContactMm = 0.5;  // stands this close touch
constexpr double kFarMm = 1e12;     // farther than any table
constexpr std::array<double, 5> kDeflections = {0, 30, -30, 60, -60};  // degrees

std::size_t z(int i) { return static_cast<std::size_t>(i); }

std::string name_of(const Unit& u) { return u.name.empty() ? u.id : u.name; }

void note(const FdState& s, EventLog& log, EventKind kind, int unit, const char* phase,
          std::string text, Fields data = {}) {
  if (counted_quietly(log, kind)) return;
  const Unit& u = s.force.units[z(unit)];
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = phase;
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

Edge home_of(const FdState& s, int unit) {
  return s.force.sides[z(s.force.units[z(unit)].side)].home_edge;
}

// Distance (mm) from the nearest live stand of `stands` (unit `unit`'s) to its home edge.
double to_edge(const FdState& s, int unit, const std::vector<Stand>& stands) {
  const Edge home = home_of(s, unit);
  double best = kFarMm;
  for (const Stand& st : stands) {
    if (st.removed) continue;
    for (Vec2 c : st.rect.corners()) best = std::min(best, edge_distance(s.table(), home, c));
  }
  return best;
}
double to_edge(const FdState& s, int unit) {
  return to_edge(s, unit, s.force.units[z(unit)].stands);
}

// The rate of a retire from `fp` along `dir`: Road where the road test passes, else Field.
Rate retire_rate(const FdState& s, int unit, const Rect& fp, Vec2 dir) {
  const std::optional<double> road = rate_yd(s, unit, Rate::kRoad);
  if (!road) return Rate::kField;
  Rect end = fp;
  end.centre = fp.centre + dir * s.mm(*road);
  return road_allowed(s, unit, fp, end) ? Rate::kRoad : Rate::kField;
}

}  // namespace

bool retiring(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  return u.on_table() && !s.units[z(unit)].surrendered && has_marker(u.markers, "shattered");
}

void retire_move(FdState& s, int unit, EventLog& log) {
  if (!retiring(s, unit)) return;
  Unit& u = s.force.units[z(unit)];
  const Edge home = home_of(s, unit);
  const std::string edge(edge_name(home));
  auto off = [&] {
    u.status = UnitStatus::kOffTable;
    touch_stands(s, unit);
    note(s, log, EventKind::kRemoved, unit, "VI movement",
         fmt::format("{}, shattered, retires off the table at the {} edge (§5.11, FD-58)",
                     name_of(u), edge),
         {{"shattered", Value(true)}, {"retired", Value(true)}});
  };
  if (to_edge(s, unit) <= s.mm(kEdgeYd)) {
    off();
    return;
  }
  note(s, log, EventKind::kMove, unit, "VI movement",
       fmt::format("{}, shattered, retires toward the {} edge (§5.11, FD-58)", name_of(u), edge));
  const Rect fp = u.footprint();
  const double facing = fp.facing;  // no wheel
  const double toward = edge_bearing(home);
  const double far = s.table().width() + s.table().height();  // beyond any edge
  // Try the straight path, then the deflections, as plans; make the best for real.
  double best_edge = kFarMm;
  double best_deg = 0;
  for (double deg : kDeflections) {
    const Vec2 dir = bearing_vector(toward + deg);
    const MovePlan plan =
        plan_move(s, unit, fp.centre + dir * far, facing, retire_rate(s, unit, fp, dir),
                  std::numeric_limits<double>::infinity(), PlanDetail::kSilent);
    const MoveResult& r = plan.result;
    std::vector<Stand> moved = u.stands;
    for (std::size_t i = 0; i < plan.stands.size(); ++i) {
      moved[z(plan.stands[i])].rect = plan.rects[i];
    }
    const double d = to_edge(s, unit, moved);
    if (d < best_edge - 1e-6) {
      best_edge = d;
      best_deg = deg;
    }
    // The straight retire is taken unless friends or terrain stopped it short.
    if (deg == 0 && (r.stopped_by.empty() || r.stopped_by == "allowance" ||
                     r.stopped_by == "table" || r.stopped_by == "halted")) {
      break;
    }
  }
  const Vec2 dir = bearing_vector(toward + best_deg);
  const MoveResult r =
      move_unit(s, unit, fp.centre + dir * far, facing, retire_rate(s, unit, fp, dir), log);
  if (r.stopped_by == "table" || to_edge(s, unit) <= s.mm(kEdgeYd)) off();
}

std::vector<int> surrender_contacted(FdState& s, EventLog& log) {
  std::vector<int> out;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int unit = static_cast<int>(i);
    if (!retiring(s, unit)) continue;
    Unit& u = s.force.units[i];
    int by = -1;
    for (std::size_t e = 0; e < s.force.units.size() && by < 0; ++e) {
      const Unit& enemy = s.force.units[e];
      if (enemy.side == u.side || !enemy.on_table() || s.units[e].surrendered) continue;
      for (const Stand& a : u.stands) {
        for (const Stand& b : enemy.stands) {
          if (!a.removed && !b.removed && distance(a.rect, b.rect) <= kContactMm) {
            by = static_cast<int>(e);
          }
        }
      }
    }
    if (by < 0) continue;
    s.units[i].surrendered = true;
    s.units[i].engaged_with.clear();
    u.status = UnitStatus::kRemoved;
    touch_stands(s, unit);  // and what unit_report shows
    note(s, log, EventKind::kRemoved, unit, "VII melee",
         fmt::format("{}, shattered and retiring, is contacted by {} and surrenders (FD-58)",
                     name_of(u), name_of(s.force.units[z(by)])),
         {{"surrendered", Value(true)}});
    surrender_guns(s, unit, log, s.force.units[z(by)].side);  // FD-64
    out.push_back(unit);
  }
  // Their opponents are no longer engaged with them.
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const auto erased = std::erase_if(s.units[i].engaged_with, [&](int o) {
      return std::find(out.begin(), out.end(), o) != out.end();
    });
    if (erased > 0) touch_unit(s, static_cast<int>(i));
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
