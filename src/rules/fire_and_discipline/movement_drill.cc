// Drill short of a move (000.md §3, §4.6, §6.6, FD-05, FD-07): tactical shifts, formation
// changes and unlimbering, prolonge, a change of direction, and the open-order leash.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/check.h"
#include "core/geometry/rect_frame.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"

namespace smoothbore::fire_and_discipline {

using namespace movement_detail;  // NOLINT: the movement internals

namespace {

// tactical_shift_mm; with `first_step_only` only whether it has a value: its sweep goes no
// farther than the first step (kStepYd), which decides that when a step is at least
// kMinMoveMm (the sweep tests that step as the whole sweep does, and once it passes the
// whole sweep goes at least as far: the end tests are for limbered guns only, which do not
// shift), and a blocked first step is bisected only until it is known whether the unit
// gets kMinMoveMm. `shared`: a Mover of the unit kept for other offsets of the same state
// (made here when empty), else one of its own.
std::optional<double> shift_run(const FdState& s, int unit, Vec2 offset, bool first_step_only,
                                std::optional<Mover>* shared = nullptr) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (!u.on_table() || st.halted(s.turn) || disordered(s, unit)) return std::nullopt;
  // The artillery TACTICAL column is prolonge (R-000-5).
  if (wheeled_kind(u)) return std::nullopt;
  // "trained" (FD-07)
  if (st.rating < s.options.tactical_shift_min_rating) return std::nullopt;
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);
  const double len = offset.length();
  if (!r || len <= kEps || len > s.mm(*r) + kEps) return std::nullopt;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  // Lateral or backward only.
  if (offset.dot(s.stands_on_table.footprint(s.force, unit).forward()) > 1e-3) return std::nullopt;
  std::optional<Mover> own;
  std::optional<Mover>& kept = shared != nullptr ? *shared : own;
  if (!kept) kept.emplace(s, unit, rects_of(u, idx));  // the stands' rects its own (round 18)
  const Mover& mover = *kept;
  const std::vector<Rect>& base = mover.base();
  const Vec2 dir = offset * (1.0 / len);
  const bool first = first_step_only && s.mm(kStepYd) >= kMinMoveMm;
  // The first step's terrain reach is the reach along that stretch of the line alone
  // (issue 9 round 17): along a prefix of the line a point pays the same costs and crossings
  // as along the whole, so it gets as far, cut at the prefix (up to rounding, far under
  // kMinMoveMm); the terrain of the rest of the shift is not walked.
  double reach =
      unit_reach(s, unit, base, dir, first ? std::min(len, s.mm(kStepYd)) : len, s.mm(*r));
  if (first) reach = std::min(reach, s.mm(kStepYd));
  std::string why;
  const double t = mover.sweep(dir, reach, &why, first ? kMinMoveMm : -1);
  if (t < kMinMoveMm) return std::nullopt;
  return t;
}

}  // namespace

std::optional<double> tactical_shift_mm(const FdState& s, int unit, Vec2 offset) {
  return shift_run(s, unit, offset, false);
}

bool tactical_shift_possible(const FdState& s, int unit, Vec2 offset) {
  const bool possible = shift_run(s, unit, offset, true).has_value();
  if (shortcut_checks()) {
    SB_CHECK(possible == shift_run(s, unit, offset, false).has_value(),
             "a shift's first step decided otherwise than its whole sweep");
  }
  return possible;
}

std::vector<Vec2> possible_shifts(const FdState& s, int unit, const std::vector<Vec2>& wanted,
                                  double apart) {
  std::vector<Vec2> out;
  std::optional<Mover> mover;  // one for every offset (issue 9 round 18)
  for (const Vec2 off : wanted) {
    bool seen = false;
    for (const Vec2 o : out) seen = seen || distance(o, off) < apart;
    if (seen) continue;
    const bool possible = shift_run(s, unit, off, true, &mover).has_value();
    if (shortcut_checks()) {
      SB_CHECK(possible == shift_run(s, unit, off, false).has_value(),
               "a shift's first step decided otherwise than its whole sweep");
    }
    if (possible) out.push_back(off);
  }
  return out;
}

bool tactical_shift(FdState& s, int unit, Vec2 offset, EventLog& log) {
  const std::optional<double> shift = tactical_shift_mm(s, unit, offset);
  if (!shift) return false;
  const double t = *shift;
  Unit& u = unit_at(s, unit);
  const std::vector<int> idx = live_stands(u);
  const Vec2 dir = offset * (1.0 / offset.length());
  apply(u, idx, transform(rects_of(u, idx), dir * t));
  touch_stands(s, unit);
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} makes a tactical shift of {:.1f} yd, keeping its facing (§4.6, FD-07)", u.id,
                   s.yd(t)),
       {{"distance_yd", Value(s.yd(t))}, {"rate", Value(std::string("tactical"))}});
  return true;
}

std::optional<std::vector<Stand>> formation_stands(const FdState& s, int unit,
                                                   const std::string& formation) {
  const Unit& u = unit_at(s, unit);
  if (!u.on_table() || s.units[z(unit)].halted(s.turn) || formation == u.formation) {
    return std::nullopt;
  }
  bool allowed = false;
  if (u.arm == Arm::kFoot) {
    allowed = formation == "line" || formation == "column" || formation == "open-order";
  } else if (u.arm == Arm::kCavalry) {
    allowed = formation == "line" || formation == "column" ||
              (formation == "open-order" && u.type == "dragoons");
  } else if (u.arm == Arm::kArtillery) {
    allowed = u.formation == "limbered" && formation == "unlimbered";  // for good (§3.4)
  }
  if (!allowed) return std::nullopt;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  if (u.arm == Arm::kFoot && formation == "open-order") {  // half-stands only (§3.12)
    const double half_max = 0.5 * (kStandWidthYd + kHalfStandWidthYd) * kLayoutMmPerYard;
    for (int i : idx) {
      if (u.stands[z(i)].rect.width > half_max) return std::nullopt;
    }
  }
  const Rect pivot = u.stands[z(idx.front())].rect;
  Unit copy = u;
  copy.formation = formation;
  std::vector<Stand> ns = ruleset().layout(copy, pivot.centre, pivot.facing);
  if (ns.empty()) return std::nullopt;
  const Vec2 shift = pivot.centre - ns.front().rect.centre;
  const std::shared_ptr<const StandSnapshot> others = s.stands_on_table.get(s.force, unit);
  for (Stand& st : ns) {
    st.rect.centre = st.rect.centre + shift;
    if (!s.table().contains(st.rect)) return std::nullopt;
    if (others->overlaps_other(st.rect, unit, 0.01)) return std::nullopt;
  }
  return ns;
}

bool change_formation(FdState& s, int unit, const std::string& formation, EventLog& log) {
  std::optional<std::vector<Stand>> placed = formation_stands(s, unit, formation);
  if (!placed) return false;
  std::vector<Stand> ns = std::move(*placed);
  Unit& u = unit_at(s, unit);
  const std::string from = u.formation;
  u.stands = std::move(ns);
  u.formation = formation;
  touch_stands(s, unit);
  Fields data = {{"from", Value(from)}, {"to", Value(formation)}};
  if (s.options.formation_change == "half-field") {
    data.emplace_back("movement_left_yd", Value(rate_yd(s, unit, Rate::kField).value_or(0) / 2));
  } else {
    data.emplace_back("movement_left_yd", Value(0.0));
  }
  emit(s, log, EventKind::kFormation, unit,
       fmt::format("{} changes formation from {} to {}", u.id, from, formation), std::move(data));
  return true;
}

std::optional<std::vector<Rect>> prolonge_plan(const FdState& s, int unit, double yd) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || u.formation != "unlimbered" || !u.on_table()) return std::nullopt;
  // FD-19: a crew away from its guns has nothing to prolonge.
  if (st.halted(s.turn) || st.crew <= 0 || st.captured || st.guns_abandoned) return std::nullopt;
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);  // R-000-5
  if (!r || std::fabs(yd) <= kEps || std::fabs(yd) > *r + kEps) return std::nullopt;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  const std::vector<Rect> base = rects_of(u, idx);
  const Vec2 dir = u.footprint().forward() * (yd > 0 ? 1.0 : -1.0);
  const double want = s.mm(std::fabs(yd));
  const double reach = unit_reach(s, unit, base, dir, want, s.mm(*r));
  const Mover m(s, unit, base);
  std::string why;
  const double t = m.sweep(dir, reach, &why, -1, kMinMoveMm);  // under it: no prolonge
  if (t < kMinMoveMm) return std::nullopt;
  std::vector<Rect> end = transform(base, dir * t);
  // §6.66: not to end nearer an enemy within 100 yd. Only when one is that near (asked of
  // the stands around, the same as after < limit) are both distances needed.
  if (m.enemy_within(end, s.mm(kProlongeEnemyYd) - kEps)) {
    const double before = m.enemy_distance(base);
    const double after = m.enemy_distance(end);
    if (after < before - kEps) return std::nullopt;
  }
  return end;
}

bool prolonge(FdState& s, int unit, double yd, EventLog& log) {
  const std::optional<std::vector<Rect>> end = prolonge_plan(s, unit, yd);
  if (!end) return false;
  Unit& u = unit_at(s, unit);
  const std::vector<int> idx = live_stands(u);
  const double t = distance(u.stands[z(idx.front())].rect.centre, end->front().centre);
  apply(u, idx, *end);
  touch_stands(s, unit);
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} moves {:.1f} yd by prolonge", u.id, s.yd(t) * (yd > 0 ? 1 : -1)),
       {{"distance_yd", Value(s.yd(t))}, {"rate", Value(std::string("prolonge"))}});
  return true;
}

std::optional<std::vector<Rect>> change_direction_plan(const FdState& s, int unit, double facing) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || u.formation != "unlimbered" || !u.on_table()) return std::nullopt;
  if (st.crew <= 0 || st.captured || st.guns_abandoned) return std::nullopt;  // FD-19
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  const Rect fp = u.footprint();
  double turn = normalize_bearing(facing - fp.facing);
  if (turn > 180) turn -= 360;
  if (std::fabs(turn) < 1.0) return std::nullopt;
  std::vector<Rect> end = transform(rects_of(u, idx), {}, fp.centre, turn);
  const std::shared_ptr<const StandSnapshot> others = s.stands_on_table.get(s.force, unit);
  for (const Rect& r : end) {
    if (!s.table().contains(r)) return std::nullopt;
    if (others->overlaps_other(r, unit, 0.01)) return std::nullopt;
  }
  return end;
}

bool change_direction(FdState& s, int unit, double facing, EventLog& log) {
  const std::optional<std::vector<Rect>> end = change_direction_plan(s, unit, facing);
  if (!end) return false;
  Unit& u = unit_at(s, unit);
  const double from = u.footprint().facing;
  apply(u, live_stands(u), *end);
  touch_stands(s, unit);
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} changes its direction of fire from {:.0f}° to {:.0f}° instead of firing "
                   "(§6.4c)",
                   u.id, from, normalize_bearing(facing)),
       {{"from_deg", Value(from)}, {"to_deg", Value(normalize_bearing(facing))}});
  return true;
}

void leash(FdState& s, int unit, EventLog& log) {
  if (s.options.leash_recovery == "none") return;
  Unit& u = unit_at(s, unit);
  if (!open_order(u) || !u.on_table()) return;
  const double cap = s.mm(rate_yd(s, unit, Rate::kSkirmish).value_or(80));
  const double leash_mm = s.mm(kLeashYd);
  for (int i : live_stands(u)) {
    Rect& me = u.stands[z(i)].rect;
    // Frames: distance(Rect, Rect) bit for bit, the stand's axes worked out once.
    const RectFrame me_frame(me);
    const Rect* nearest = nullptr;
    double best = kImpassable;
    for (std::size_t k = 0; k < s.force.units.size(); ++k) {
      const Unit& o = s.force.units[k];
      const bool same = static_cast<int>(k) == unit;
      if (!o.on_table() || o.side != u.side) continue;
      if (!same && (u.command < 0 || o.command != u.command)) continue;
      for (std::size_t j = 0; j < o.stands.size(); ++j) {
        if (o.stands[j].removed || (same && static_cast<int>(j) == i)) continue;
        // A stand surely farther than the nearest so far cannot be it (apart.h).
        if (surely_beyond(me, o.stands[j].rect, best)) continue;
        const double d = distance(me_frame, RectFrame(o.stands[j].rect));
        if (d < best) {
          best = d;
          nearest = &o.stands[j].rect;
        }
      }
    }
    if (nearest == nullptr || best <= leash_mm + kEps) continue;
    const RectFrame target(*nearest);
    const Vec2 dir = (target.rect.centre - me.centre).normalized();
    auto moved = [&](double t) { return me_frame.moved_to(me.centre + dir * t); };
    double lo = 0, hi = cap;
    if (distance(moved(cap), target) > leash_mm) {
      lo = cap;
    } else {
      for (int k = 0; k < 40; ++k) {
        const double mid = (lo + hi) / 2;
        (distance(moved(mid), target) > leash_mm ? lo : hi) = mid;
      }
      lo = hi;
    }
    me = moved(lo).rect;
    touch_stands(s, unit);
    emit(s, log, EventKind::kMove, unit,
         fmt::format("{} stand {} closes {:.1f} yd toward its command (50 yd leash)", u.id, i,
                     s.yd(lo)),
         {{"distance_yd", Value(s.yd(lo))}, {"stand", Value(std::int64_t{i})}});
  }
}

}  // namespace smoothbore::fire_and_discipline
