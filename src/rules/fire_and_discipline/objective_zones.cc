#include "rules/fire_and_discipline/objective_zones.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>

#include "core/check.h"
#include "core/geometry/rect_points.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/stand_grid.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr int kFeatureSamples = 9;  // lines across a gun corridor (as kill_zone.cc)
constexpr double kEpsMm = 1e-6;

std::size_t z(int i) { return static_cast<std::size_t>(i); }

const Objective& objective_at(const FdState& s, int o) { return s.scenario->objectives[z(o)]; }

bool live(const Stand& st) { return !st.removed && st.castings > 0; }

// A unit whose stands hold ground: on the table and not surrendered.
bool present(const FdState& s, int u) {
  return s.force.units[z(u)].on_table() && !s.units[z(u)].surrendered;
}

const Rect& rect_of(const FdState& s, StandRef r) {
  return s.force.units[z(r.unit)].stands[z(r.stand)].rect;
}

// The first parameter t in [0, 1] at which `seg` is inside the circle, or -1.
double circle_entry(const Segment& seg, Vec2 c, double r) {
  const Vec2 d = seg.b - seg.a;
  const Vec2 f = seg.a - c;
  if (f.dot(f) <= r * r) return 0;
  const double a = d.dot(d);
  const double b = 2 * f.dot(d);
  const double k = f.dot(f) - r * r;
  const double disc = b * b - 4 * a * k;
  if (a <= 0 || disc < 0) return -1;
  const double t = (-b - std::sqrt(disc)) / (2 * a);
  return t >= 0 && t <= 1 ? t : -1;
}

// 5 points along a front edge (corners, quarter points, centre), as core line_of_sight.
std::array<Vec2, 5> front_points(const Rect& r) {
  const Segment e = r.front_edge();
  std::array<Vec2, 5> out;
  for (std::size_t i = 0; i < 5; ++i) {
    out[i] = e.a + (e.b - e.a) * (static_cast<double>(i) / 4.0);
  }
  return out;
}
}  // namespace

std::vector<int> zones(const FdState& s) {
  std::vector<int> out;
  if (s.scenario == nullptr) return out;
  for (std::size_t o = 0; o < s.scenario->objectives.size(); ++o) {
    if (s.scenario->objectives[o].capacity > 0) out.push_back(static_cast<int>(o));
  }
  return out;
}

bool is_zone(const FdState& s, int objective) {
  return s.scenario != nullptr && objective >= 0 && z(objective) < s.scenario->objectives.size() &&
         objective_at(s, objective).capacity > 0;
}

bool in_zone(const FdState& s, int objective, Vec2 p) {
  const Objective& o = objective_at(s, objective);
  // A point farther than the limit along either axis is farther in all (sqrt(x*x + y*y) is
  // at least |x| in floating point); 1 mm more keeps the answer the exact one's.
  const double limit = o.radius + kEpsMm;
  if (std::fabs(p.x - o.position.x) > limit + 1.0 || std::fabs(p.y - o.position.y) > limit + 1.0) {
    return false;
  }
  return distance(p, o.position) <= limit;
}

namespace {

// The first zone (`zones` order) holding `c`, or -1; without listing the zones.
int zone_holding(const FdState& s, Vec2 c) {
  if (s.scenario == nullptr) return -1;
  const std::vector<Objective>& all = s.scenario->objectives;
  for (std::size_t o = 0; o < all.size(); ++o) {
    if (all[o].capacity > 0 && in_zone(s, static_cast<int>(o), c)) return static_cast<int>(o);
  }
  return -1;
}

}  // namespace

int zone_at(const FdState& s, StandRef r) { return zone_holding(s, rect_of(s, r).centre); }

std::vector<StandRef> occupants(const FdState& s, int objective) {
  std::vector<std::pair<double, StandRef>> in;
  if (!is_zone(s, objective)) return {};
  const Objective& o = objective_at(s, objective);
  in.reserve(16);  // a zone holds a few stands (one allocation, not one per doubling)
  // The stands whose centres lie in the box about the circle (in_zone's own bound, 1 mm
  // more), from the stand snapshot's grid (every stand on the table, not removed), in the
  // scan's order, unit by unit (issue 9 round 23: every stand of the battle was scanned).
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force);
  const double h = o.radius + kEpsMm + 2.0;
  thread_local std::vector<int> slots;
  slots.clear();
  snap->grid.visit(o.position - Vec2{h, h}, o.position + Vec2{h, h},
                   [&](int k) { slots.push_back(k); });
  snap->sort_scan(slots);
  for (const int k : slots) {
    const StandEntry& e = snap->stands[z(k)];
    if (!present(s, e.unit)) continue;
    const Stand& st = s.force.units[z(e.unit)].stands[z(e.stand)];
    if (!live(st) || !in_zone(s, objective, st.rect.centre)) continue;
    in.push_back({distance(st.rect.centre, o.position), StandRef{e.unit, e.stand}});
  }
  if (shortcut_checks()) {
    // The scan of every stand the grid stands for: the same stands in the same order.
    std::size_t next = 0;
    for (std::size_t u = 0; u < s.force.units.size(); ++u) {
      if (!present(s, static_cast<int>(u))) continue;
      const Unit& unit = s.force.units[u];
      for (std::size_t k = 0; k < unit.stands.size(); ++k) {
        const Stand& st = unit.stands[k];
        if (!live(st) || !in_zone(s, objective, st.rect.centre)) continue;
        const StandRef ref{static_cast<int>(u), static_cast<int>(k)};
        SB_CHECK(next < in.size() && in[next].second == ref,
                 "a zone's occupants from the stand grid are not the scan's");
        ++next;
      }
    }
    SB_CHECK(next == in.size(), "a zone's occupants from the stand grid are not the scan's");
  }
  // Nearest the centre first; ties by unit then stand (the insertion order).
  std::stable_sort(in.begin(), in.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first - kEpsMm; });
  // The side whose stand is nearest the centre holds the walls; enemy stands pressing in
  // at the rim (chargers in contact with the occupants) are not occupants.
  std::vector<StandRef> out;
  if (in.empty()) return out;
  out.reserve(std::min(in.size(), static_cast<std::size_t>(o.capacity)));
  const int side = s.force.units[z(in.front().second.unit)].side;
  for (const auto& [d, ref] : in) {
    if (static_cast<int>(out.size()) >= o.capacity) break;
    if (s.force.units[z(ref.unit)].side == side) out.push_back(ref);
  }
  return out;
}

namespace {

bool listed(const std::vector<StandRef>& refs, StandRef r) {
  return std::find(refs.begin(), refs.end(), r) != refs.end();
}

}  // namespace

int occupied_zone(const FdState& s, StandRef r) {
  const int o = zone_at(s, r);
  return o >= 0 && listed(occupants(s, o), r) ? o : -1;
}

bool occupies_zone(const FdState& s, int unit, int* zone) {
  // occupied_zone of each stand in turn, a zone's occupants listed once for all of them.
  const Unit& u = s.force.units[z(unit)];
  int listed_zone = -1;
  std::vector<StandRef> occ;
  for (std::size_t k = 0; k < u.stands.size(); ++k) {
    const StandRef r{unit, static_cast<int>(k)};
    const int o = zone_at(s, r);
    if (o < 0) continue;
    if (o != listed_zone) {
      occ = occupants(s, o);
      listed_zone = o;
    }
    if (listed(occ, r)) {
      if (zone != nullptr) *zone = o;
      return true;
    }
  }
  return false;
}

StandRef zone_hit_stand(const FdState& s, StandRef target, Vec2 from) {
  // occupied_zone, its occupants listed once.
  const int o = zone_at(s, target);
  if (o < 0) return target;
  const std::vector<StandRef> occ = occupants(s, o);
  if (!listed(occ, target)) return target;
  const int side = s.force.units[z(target.unit)].side;
  StandRef best = target;
  double best_d = distance(rect_of(s, target), from);
  for (StandRef r : occ) {
    if (s.force.units[z(r.unit)].side != side) continue;
    const double d = distance(rect_of(s, r), from);
    if (d < best_d - kEpsMm) {
      best_d = d;
      best = r;
    }
  }
  return best;
}

ZoneCover zone_cover(const FdState& s, StandRef r) {
  if (!s.options.objective_protective) return ZoneCover::kNone;
  const int o = occupied_zone(s, r);
  if (o < 0) return ZoneCover::kNone;
  return objective_at(s, o).fortified ? ZoneCover::kEarthworks : ZoneCover::kProtective;
}

bool building_cover(const FdState& s, StandRef r) {
  if (!s.table().terrain_at(rect_of(s, r).centre).has(TerrainClass::kBuilding)) return false;
  return !s.options.objective_protective || zone_at(s, r) < 0;
}

bool protective_position(const FdState& s, StandRef r) {
  const TerrainAt at = s.table().terrain_at(rect_of(s, r).centre);
  if (at.has(TerrainClass::kProtective) || at.has(TerrainClass::kEarthworks)) return true;
  return building_cover(s, r) || zone_cover(s, r) != ZoneCover::kNone;
}

double zone_see_into(const FdState& s, int firer_unit, StandRef target) {
  if (!s.options.objective_protective) return 0;
  bool in = zone_at(s, target) >= 0;
  const Unit& u = s.force.units[z(firer_unit)];
  for (std::size_t k = 0; k < u.stands.size() && !in; ++k) {
    in = !u.stands[k].removed && zone_at(s, {firer_unit, static_cast<int>(k)}) >= 0;
  }
  return in ? std::numeric_limits<double>::infinity() : 0.0;
}

bool zone_hides(const FdState& s, int firer_unit, const Rect& observer, StandRef target) {
  if (!s.options.objective_protective) return false;
  const Rect& t = rect_of(s, target);
  const Unit& firer = s.force.units[z(firer_unit)];
  std::vector<int> between;
  for (int o : zones(s)) {
    if (in_zone(s, o, observer.centre) || in_zone(s, o, t.centre)) continue;
    const bool firer_in =
        std::any_of(firer.stands.begin(), firer.stands.end(),
                    [&](const Stand& st) { return !st.removed && in_zone(s, o, st.rect.centre); });
    if (!firer_in) between.push_back(o);
  }
  if (between.empty()) return false;
  for (Vec2 a : front_points(observer)) {
    for (Vec2 b : nine_points(t)) {
      bool blocked = false;
      for (int o : between) {
        const Objective& obj = objective_at(s, o);
        blocked =
            blocked || point_segment_distance(obj.position, Segment{a, b}) < obj.radius - kEpsMm;
      }
      if (!blocked) return false;  // one clear line: not hidden (§7.24)
    }
  }
  return true;
}

std::vector<ZoneEntry> zone_entries(const FdState& s, const Rect& gun, double range_mm) {
  std::vector<ZoneEntry> out;
  const Segment e = gun.front_edge();
  for (int o : zones(s)) {
    const Objective& obj = objective_at(s, o);
    if (in_zone(s, o, gun.centre)) continue;
    double best = std::numeric_limits<double>::infinity();
    for (int k = 0; k < kFeatureSamples; ++k) {
      const double f = static_cast<double>(k) / (kFeatureSamples - 1);
      const Vec2 p = e.a + (e.b - e.a) * f;
      const double t = circle_entry({p, p + gun.forward() * range_mm}, obj.position, obj.radius);
      if (t >= 0) best = std::min(best, t * range_mm);
    }
    if (std::isfinite(best)) out.push_back({o, best});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ZoneEntry& a, const ZoneEntry& b) { return a.d_mm < b.d_mm; });
  return out;
}

bool may_charge_objective(const FdState& s, int charger) {
  const Unit& u = s.force.units[z(charger)];
  return u.arm == Arm::kFoot || u.arm == Arm::kCavalry;  // close order or open order (§8.12)
}

std::vector<int> objective_holders(const FdState& s) {
  std::vector<int> out;
  if (s.scenario == nullptr) return out;
  const std::vector<Objective>& objectives = s.scenario->objectives;
  const std::size_t sides = s.force.sides.size();
  std::vector<char> there(objectives.size() * sides, 0);  // [objective * sides + side]
  // The objectives that are not zones: one footprint per unit for all of them (a scan of
  // every unit per objective and per side made the FD-60 points of `run --log` cost more
  // than the battle, issue 9).
  const bool plain = std::any_of(objectives.begin(), objectives.end(),
                                 [](const Objective& o) { return o.capacity <= 0; });
  for (std::size_t u = 0; plain && u < s.force.units.size(); ++u) {
    const Unit& unit = s.force.units[u];
    if (unit.status != UnitStatus::kActive || s.units[u].surrendered) continue;
    const Rect fp = unit.footprint();
    for (std::size_t o = 0; o < objectives.size(); ++o) {
      if (objectives[o].capacity > 0) continue;
      if (distance(fp, objectives[o].position) <= objectives[o].radius) {
        there[o * sides + z(unit.side)] = 1;
      }
    }
  }
  for (std::size_t o = 0; o < objectives.size(); ++o) {
    if (objectives[o].capacity > 0) {
      for (StandRef r : occupants(s, static_cast<int>(o))) {
        there[o * sides + z(s.force.units[z(r.unit)].side)] = 1;
      }
    }
    int holder = -1;
    int holding = 0;
    for (std::size_t side = 0; side < sides; ++side) {
      if (!there[o * sides + side]) continue;
      holder = static_cast<int>(side);
      ++holding;
    }
    out.push_back(holding == 1 ? holder : -1);  // two sides there: contested
  }
  return out;
}

int objective_holder(const FdState& s, int objective) { return objective_holders(s)[z(objective)]; }

}  // namespace smoothbore::fire_and_discipline
