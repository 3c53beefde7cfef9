#include "rules/fire_and_discipline/marches.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

#include "core/check.h"
#include "core/events/event.h"
#include "core/geometry/nearest.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/stands_trial.h"
#include "rules/fire_and_discipline/unit_trial.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kAlongRoadDeg = 1.0;  // facing this close to the road's bearing: no wheel
constexpr double kMinYd = 1.0;         // shorter marches and shifts are not offered

std::size_t z(int i) { return static_cast<std::size_t>(i); }

// The direction along the stretch of road nearest `p` that is closest to bearing `facing`,
// if that stretch runs within kAlongRoadDeg of it.
std::optional<Vec2> road_direction(const Table& table, Vec2 p, double facing) {
  double best = std::numeric_limits<double>::infinity();
  std::optional<Vec2> out;
  for (const LinearFeature& f : table.linears()) {
    if (f.cls != TerrainClass::kRoad) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      const Vec2 a = f.path[i];
      const Vec2 d = f.path[i + 1] - a;
      const double len = d.length();
      if (len <= 0) continue;
      const Vec2 u = d * (1.0 / len);
      const double t = std::clamp((p - a).dot(u), 0.0, len);
      const double gap = distance(p, a + u * t);
      if (gap >= best) continue;
      best = gap;
      out.reset();
      for (const Vec2 dir : {u, u * -1.0}) {
        const double off = std::fabs(normalize_bearing(bearing_of(dir) - facing + 180.0) - 180.0);
        if (off <= kAlongRoadDeg) out = dir;
      }
    }
  }
  return out;
}

bool may_shift(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  if (u.arm != Arm::kFoot && u.arm != Arm::kCavalry) return false;  // guns prolonge (R-000-5)
  if (u.formation == "open-order") return false;
  return s.units[z(unit)].rating >= s.options.tactical_shift_min_rating;  // FD-07
}

}  // namespace

std::optional<RoadMarch> road_march_plan(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  if (!u.on_table()) return std::nullopt;
  const std::optional<double> rate = rate_yd(s, unit, Rate::kRoad);
  if (!rate || *rate <= 0) return std::nullopt;
  const Rect fp = s.stands_on_table.footprint(s.force, unit);
  const std::optional<Vec2> dir = road_direction(s.table(), fp.centre, fp.facing);
  if (!dir) return std::nullopt;
  auto end_at = [&](double mm) {
    Rect to = fp;
    to.centre = fp.centre + *dir * mm;
    return to;
  };
  // The road test (FD-08) only gets harder the farther the column goes toward the enemy,
  // and the road is a straight stretch: the largest distance that passes, by bisection.
  double lo = 0, hi = s.mm(*rate);
  if (!road_allowed(s, unit, fp, end_at(s.mm(kMinYd)))) return std::nullopt;
  if (road_allowed(s, unit, fp, end_at(hi))) {
    lo = hi;
  } else {
    lo = s.mm(kMinYd);
    for (int k = 0; k < 40; ++k) {
      const double mid = (lo + hi) / 2;
      (road_allowed(s, unit, fp, end_at(mid)) ? lo : hi) = mid;
    }
  }
  return RoadMarch{fp.centre + *dir * lo, s.yd(lo)};
}

bool road_march_after_column(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  if (u.formation != "line" || (u.arm != Arm::kFoot && u.arm != Arm::kCavalry)) return false;
  // The march needs the column's footprint centre on a road (road_allowed): a column that
  // would not stand there, or could not form, needs no trial (round 21: every line was
  // formed into column and its road march planned, every turn).
  {
    std::optional<std::vector<Stand>> column = formation_stands(s, unit, "column");
    if (!column) return false;
    Unit shape;
    shape.stands = std::move(*column);
    if (!s.table().terrain_at(shape.footprint().centre).has(TerrainClass::kRoad)) return false;
  }
  UnitTrial trial(s, unit);
  EventLog scratch(/*quiet=*/true);
  if (!change_formation(trial.state(), unit, "column", scratch)) return false;
  return road_march_plan(s, unit).has_value();
}

std::vector<Vec2> shift_offsets(const FdState& s, int unit) {
  std::vector<Vec2> out;
  const Unit& u = s.force.units[z(unit)];
  if (!u.on_table() || !may_shift(s, unit)) return out;
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);
  if (!r || *r < kMinYd) return out;
  const Rect fp = s.stands_on_table.footprint(s.force, unit);
  std::vector<Vec2> wanted = {fp.right() * -s.mm(*r), fp.right() * s.mm(*r),
                              fp.forward() * -s.mm(*r)};
  // The lateral step that centres the kill zone on the nearest enemy stand ahead within
  // musket range (§7.2: the zone cannot be angled, so the firer steps across instead).
  if (const std::optional<double> range = musket_range_yd(s, unit)) {
    const Rect kz = unit_kill_zone(s, unit, *range);
    double nearest = std::numeric_limits<double>::infinity();
    std::optional<double> lateral;
    // Only the enemy stands around the footprint can lie within range (stand_grid.h), taken
    // in the order of a scan of every unit, stand by stand: the first nearest is found.
    const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
    std::vector<int> ks;
    snap->around(fp, s.mm(*range), [&](int k) {
      if (snap->stands[z(k)].side != u.side) ks.push_back(k);
    });
    snap->sort_scan(ks);
    for (const int k : ks) {
      const StandEntry& e = snap->stands[z(k)];
      const Stand& st = s.force.units[z(e.unit)].stands[z(e.stand)];
      if (st.removed || (st.rect.centre - fp.centre).dot(fp.forward()) <= 0) continue;
      const double d = distance(fp, st.rect);
      if (d > s.mm(*range) || d >= nearest) continue;
      nearest = d;
      lateral = (st.rect.centre - kz.centre).dot(fp.right());
    }
    if (lateral && std::fabs(*lateral) >= s.mm(kMinYd) && std::fabs(*lateral) <= s.mm(*r)) {
      wanted.push_back(fp.right() * *lateral);
    }
  }
  return possible_shifts(s, unit, wanted, s.mm(kMinYd));
}

double expected_volley_now(const FdState& s, int unit) {
  const std::vector<MusketTarget> targets = volley_targets(s, unit);
  const std::optional<MusketTarget> t = choose_volley_target(s, unit, targets);
  return t ? expected_volley_hits(musketry_situation(s, unit, *t)) : 0.0;
}

namespace {

// The expected volley after the shift `offset` whose run is `t` (tactical_shift_mm). The
// shift is made on the state itself and undone after (the same stands, moved the same way
// tactical_shift moves them), rather than on a copy of every unit (unit_trial.h).
double volley_after_run(const FdState& s, int unit, Vec2 offset, std::optional<double> t) {
  if (!t) return 0.0;
  StandsTrial trial(s, unit);
  const Vec2 delta = offset * (1.0 / offset.length()) * *t;
  for (Stand& st : trial.stands()) {
    if (!st.removed) st.rect.centre = st.rect.centre + delta;
  }
  return expected_volley_now(s, unit);
}

// Whether the volley of `unit` after any shift of at most `shift_mm` surely hits nothing
// (expected_volley_after_shift's bounds, below).
bool no_volley_after_shift(const FdState& s, int unit, double shift_mm) {
  // A target of the volley after the shift lies within musket range of the moved front rank
  // (at most the offset from where the footprint is now): with no enemy stand within that
  // of the footprint (padded far above rounding) there is none, and no shift to work out.
  const Unit& u = s.force.units[z(unit)];
  const std::optional<double> range = musket_range_yd(s, unit);
  if (!range || !u.on_table()) return false;
  const double reach = s.mm(*range) + shift_mm + 1.0;
  const std::shared_ptr<const StandSnapshot> snap = s.stands_on_table.get(s.force, unit);
  if (!snap->enemy_within(s.stands_on_table.footprint(s.force, unit), u.side, reach)) return true;
  // Round 21: a formed unit's targets overlap the kill zone of its moved front rank
  // (kill_zone.h; musketry_targets extends it 1 mm), which is the zone now moved by at
  // most the offset's length (the shift translates the stands, keeping their facing; up to
  // rounding far under the 1 mm more): with no enemy stand within that of the zone now,
  // there is none, and no shift to sweep (most shifts the doctrine weighs, their unit
  // having nothing in its zone, had enemies beside or behind it, not ahead).
  if (!is_skirmisher(s, unit)) {
    const Rect kz = unit_kill_zone(s, unit, *range);
    if (kz.width > 0 && !snap->enemy_within(kz, u.side, shift_mm + 2.0)) return true;
  }
  return false;
}

}  // namespace

double expected_volley_after_shift(const FdState& s, int unit, Vec2 offset) {
  return expected_volley_after_shift(s, unit, offset,
                                     [&] { return tactical_shift_mm(s, unit, offset); });
}

double expected_volley_after_shift(const FdState& s, int unit, Vec2 offset,
                                   const std::function<std::optional<double>()>& run) {
  if (no_volley_after_shift(s, unit, offset.length())) {
    if (shortcut_checks()) {
      SB_CHECK(expected_volley_after_shift_worked(s, unit, offset) == 0.0,
               "a shift far from the enemy, or with none near its kill zone, found a volley");
    }
    return 0.0;
  }
  return volley_after_run(s, unit, offset, run());
}

bool shifts_may_find_volley(const FdState& s, int unit) {
  // Every offset shift_offsets gives is one tactical_shift_mm accepts, no longer than the
  // TACTICAL rate (up to the sweep's kEps, and the rounding of an offset taken back from a
  // destination: both far under the 1e-3 mm more).
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);
  if (!r || !no_volley_after_shift(s, unit, s.mm(*r) + 1e-3)) return true;
  if (shortcut_checks()) {
    const Vec2 centre = s.stands_on_table.footprint(s.force, unit).centre;
    for (const Vec2 off : shift_offsets(s, unit)) {
      SB_CHECK(expected_volley_after_shift(s, unit, (centre + off) - centre) == 0.0,
               "a unit judged to have no shift with a volley has one");
    }
  }
  return false;
}

double expected_volley_after_shift_worked(const FdState& s, int unit, Vec2 offset) {
  return volley_after_run(s, unit, offset, tactical_shift_mm(s, unit, offset));
}

}  // namespace smoothbore::fire_and_discipline
