// Casualties of Fire and Discipline on the battle state (000.md §10, FD-18, FD-20): hits
// remove castings and mark shatter boxes (crew and gun components for artillery), a unit
// with every box marked shatters, and the testing stand(s) of a unit. Morale effects are in
// casualties_morale.cc.
#include "rules/fire_and_discipline/casualties.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties_detail.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {

using namespace casualties_detail;  // NOLINT: the casualty internals

namespace {

// The live stand of `u` other than `from` nearest to stand `from` (ties: first), or -1.
int nearest_other_stand(const Unit& u, int from, bool need_castings) {
  int best = -1;
  double best_d = 1e18;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    const Stand& st = u.stands[i];
    if (static_cast<int>(i) == from || !live(st) || (need_castings && st.castings <= 0)) continue;
    const double d = distance(u.stands[z(from)].rect, st.rect);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

bool any_live_stand(const Unit& u) { return std::any_of(u.stands.begin(), u.stands.end(), live); }

void mark_boxes(UnitState& st, int n) {
  st.boxes_marked = std::min(st.shatter_boxes, st.boxes_marked + n);
}

void check_shatter(FdState& s, int unit, EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  const UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  if (st.shattered()) {
    if (s.options.shattered_retire) {
      if (has_marker(u.markers, "shattered")) return;
      set_marker(u.markers, Marker{"shattered", 1, -1, s.turn});
      touch_unit(s, unit);
      emit(s, log, EventKind::kStatus, unit, u.id + " is shattered and retires (§5.11, FD-58)",
           {{"shattered", Value(true)}});
    } else {
      u.status = UnitStatus::kRemoved;
      touch_stands(s, unit);
      emit(s, log, EventKind::kRemoved, unit, u.id + " is shattered and removed (§5.11)",
           {{"shattered", Value(true)}});
    }
    return;
  }
  if (u.arm != Arm::kArtillery && !any_live_stand(u)) {
    u.status = UnitStatus::kRemoved;
    touch_stands(s, unit);
    emit(s, log, EventKind::kRemoved, unit, u.id + " has lost every stand (FD-20)",
         {{"destroyed", Value(true)}});
  }
}

void apply_crew_hits(FdState& s, int unit, int stand, int hits, EventLog& log,
                     std::string_view cause) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  int gun =
      stand >= 0 && z(stand) < u.stands.size() && u.stands[z(stand)].castings > 0 ? stand : -1;
  for (std::size_t i = 0; gun < 0 && i < u.stands.size(); ++i) {
    if (live(u.stands[i]) && u.stands[i].castings > 0) gun = static_cast<int>(i);
  }
  const int lost = std::min(hits, st.crew);
  st.crew -= lost;
  if (gun >= 0) u.stands[z(gun)].castings = std::max(0, u.stands[z(gun)].castings - lost);
  mark_boxes(st, hits);  // FD-18: a crew hit marks a box
  touch_unit(s, unit);
  if (!counted_quietly(log, EventKind::kStatus)) {
    emit(s, log, EventKind::kStatus, unit,
         u.id + ": " + std::to_string(hits) + " crew hit(s) from " + std::string(cause) +
             " (FD-18), crew left " + std::to_string(st.crew),
         {{"hits", num(hits)},
          {"crew", num(st.crew)},
          {"boxes_marked", num(st.boxes_marked)},
          {"cause", Value(std::string(cause))}});
  }
  check_shatter(s, unit, log);
}

}  // namespace

void apply_hits(FdState& s, int unit, int stand, int hits, EventLog& log, std::string_view cause) {
  if (hits <= 0 || unit < 0 || z(unit) >= s.force.units.size()) return;
  Unit& u = s.force.units[z(unit)];
  if (!u.on_table()) return;
  if (u.arm == Arm::kArtillery) {
    apply_crew_hits(s, unit, stand, hits, log, cause);
    return;
  }
  UnitState& st = s.units[z(unit)];
  const bool lost_overflow = s.options.overflow_hits == "lost";
  int target = stand >= 0 && z(stand) < u.stands.size() && live(u.stands[z(stand)]) ? stand : -1;
  if (target < 0 && stand >= 0 && z(stand) < u.stands.size() && !lost_overflow) {
    target = nearest_other_stand(u, stand, true);
  }
  int on_castings = 0;
  for (int h = 0; h < hits; ++h) {
    mark_boxes(st, 1);
    touch_unit(s, unit);
    if (target >= 0 && u.stands[z(target)].castings <= 0) {
      target = lost_overflow ? -1 : nearest_other_stand(u, target, true);
    }
    if (target < 0) continue;
    Stand& t = u.stands[z(target)];
    --t.castings;
    ++on_castings;
    touch_unit(s, unit);
    if (t.castings <= 0) {
      t.castings = 0;
      t.removed = true;
      touch_stands(s, unit);
      emit(s, log, EventKind::kStatus, unit,
           u.id + " stand " + std::to_string(target) + " has lost its last casting (FD-20)",
           {{"stand", num(target)}, {"stand_removed", Value(true)}});
    }
  }
  if (!counted_quietly(log, EventKind::kStatus)) {
    emit(s, log, EventKind::kStatus, unit,
         u.id + ": " + std::to_string(hits) + " hit(s) from " + std::string(cause) +
             ", castings removed " + std::to_string(on_castings) + ", boxes " +
             std::to_string(st.boxes_marked) + "/" + std::to_string(st.shatter_boxes) + " (FD-20)",
         {{"hits", num(hits)},
          {"stand", num(stand)},
          {"castings_removed", num(on_castings)},
          {"boxes_marked", num(st.boxes_marked)},
          {"shatter_boxes", num(st.shatter_boxes)},
          {"cause", Value(std::string(cause))}});
  }
  check_shatter(s, unit, log);
}

void apply_gun_component_hit(FdState& s, int unit, GunHitComponent c, EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  const bool boxes = s.options.artillery_boxes == "all";
  switch (c) {
    case GunHitComponent::kCrew:
      apply_hits(s, unit, -1, 1, log, "crew hit");
      return;
    case GunHitComponent::kGun:
      st.gun_hits = std::min(2, st.gun_hits + 1);
      if (boxes) mark_boxes(st, 1);
      touch_unit(s, unit);
      if (st.gun_hits >= 2) {
        u.status = UnitStatus::kRemoved;
        touch_stands(s, unit);
        emit(s, log, EventKind::kRemoved, unit, u.id + ": guns destroyed, section removed (§6.8)",
             {{"gun_hits", num(st.gun_hits)}});
        return;
      }
      emit(s, log, EventKind::kStatus, unit, u.id + ": gun hit, firepower halved (§6.8)",
           {{"gun_hits", num(st.gun_hits)}});
      break;
    case GunHitComponent::kLimber:
      st.limber_hits = std::min(4, st.limber_hits + 1);
      if (boxes) mark_boxes(st, 1);
      touch_unit(s, unit);
      emit(s, log, EventKind::kStatus, unit,
           u.id + ": limber hit, movement " + std::to_string(4 - st.limber_hits) + "/4" +
               (st.limber_hits >= 4 ? ", immobile (§6.8)" : " (§6.8)"),
           {{"limber_hits", num(st.limber_hits)}});
      break;
  }
  check_shatter(s, unit, log);
}

int testing_stand(const FdState& s, int unit, const std::vector<int>& stands_hit_counts) {
  const Unit& u = s.force.units[z(unit)];
  int best = -1;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    const int hits = i < stands_hit_counts.size() ? stands_hit_counts[i] : 0;
    if (!live(u.stands[i]) || hits <= 0) continue;
    if (best < 0) {
      best = static_cast<int>(i);
      continue;
    }
    const int best_hits = stands_hit_counts[z(best)];
    if (hits > best_hits ||
        (hits == best_hits && u.stands[i].castings < u.stands[z(best)].castings)) {
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) return best;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (live(u.stands[i]) && (best < 0 || u.stands[i].castings < u.stands[z(best)].castings)) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

std::vector<int> testing_stands(const FdState& s, int unit,
                                const std::vector<int>& stands_hit_counts) {
  std::vector<int> out;
  if (s.options.morale_tests == "per-stand") {
    const Unit& u = s.force.units[z(unit)];
    for (std::size_t i = 0; i < u.stands.size() && i < stands_hit_counts.size(); ++i) {
      if (live(u.stands[i]) && stands_hit_counts[i] > 0) out.push_back(static_cast<int>(i));
    }
  }
  if (out.empty()) {
    const int one = testing_stand(s, unit, stands_hit_counts);
    if (one >= 0) out.push_back(one);
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
