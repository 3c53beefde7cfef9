// Every stand on the table filed by centre in a grid (issue 9), shared by the proximity
// queries of one unchanged state: the movement checks (movement_detail.h Mover) take it
// instead of copying and filing every other stand each time. It is not kept up to date
// by the many places that move stands; instead `StandCache::get` compares the state with
// the snapshot it was built from (a cheap walk, no allocation) and rebuilds it only when a
// stand moved, appeared or left. A snapshot handed out stays valid (shared) while a newer
// one replaces it.
//
// While the commanders give their orders nothing moves but the look-ahead of a UnitTrial
// (unit_trial.h), so the battle freezes the cache for that stretch (`freeze`): the
// snapshot and a UnitIndex of the footprints are built once and handed out without the
// walk. A trial moves only its own unit: the frozen snapshot still answers a Mover of
// that unit (which ignores its own stands), and the frozen footprints still answer for
// the other sides; anything else falls back to the checked snapshot or to a scan.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "core/force/force.h"
#include "core/geometry/nearest.h"
#include "core/table/point_grid.h"
#include "rules/fire_and_discipline/unit_index.h"

namespace smoothbore::fire_and_discipline {

struct StandEntry {
  int unit = -1;
  int stand = -1;  // its index in the unit's stands
  int side = -1;
  Rect rect;
  double radius = 0;  // half the diagonal, mm
};

struct StandSnapshot {
  std::vector<StandEntry> stands;  // unit by unit, stand by stand (the scan's order)
  PointGrid grid;                  // their centres, by index into `stands`
  double max_radius = 0;

  // Calls `visit(k)` for the index k of every stand that may lie within `reach` mm of `r`,
  // edge to edge (and perhaps others), in no set order.
  template <typename Visit>
  void around(const Rect& r, double reach, Visit visit) const;
  // Whether `r` overlaps (core overlaps, `tolerance`) a stand of a unit other than `unit`.
  bool overlaps_other(const Rect& r, int unit, double tolerance) const;
  // Whether a stand of a side other than `side` lies within `limit` mm of `r`, edge to
  // edge (distance <= limit).
  bool enemy_within(const Rect& r, int side, double limit) const;
};

template <typename Visit>
void StandSnapshot::around(const Rect& r, double reach, Visit visit) const {
  // Padded far above rounding: every such stand's centre lies in the box.
  const double h = (half_diagonal(r) + max_radius + std::max(reach, 0.0)) * (1 + 1e-9) + 1e-3;
  grid.visit(r.centre - Vec2{h, h}, r.centre + Vec2{h, h}, visit);
}

class StandCache {
 public:
  StandCache() = default;
  // A copy of a state starts with no snapshot of its own, and not frozen.
  StandCache(const StandCache&) {}
  StandCache& operator=(const StandCache&) {
    snapshot_.reset();
    frozen_.reset();
    units_.reset();
    ahead_.clear();
    return *this;
  }
  // The snapshot of the stands of `force` on the table now (not removed, unit on table),
  // as far as a question about unit `asking` goes: while frozen and no trial of another
  // unit is under way, the frozen one (it may hold the stands of `asking` itself where they
  // stood when frozen).
  std::shared_ptr<const StandSnapshot> get(const Force& force, int asking = -1) const;

  // Freeze on `force` as it is now (until Thaw); nothing but unit trials may change it.
  void freeze(const Force& force);
  void thaw();
  // The footprints filed when frozen, if they still hold for every unit of `side` (no
  // trial of a unit of that side under way, and no nested trials of two units, whose sides
  // are not kept); else nullptr.
  const UnitIndex* frozen_units(int side) const {
    const bool holds = trials_ == 0 || (trial_side_ >= 0 && trial_side_ != side);
    return units_ && holds ? units_.get() : nullptr;
  }
  // The footprints filed when frozen, if they still hold for every side but `side` (of
  // `sides`): the enemies of a unit of `side`; else nullptr.
  const UnitIndex* frozen_enemies(int side, int sides) const {
    for (int sd = 0; sd < sides; ++sd) {
      if (sd != side && frozen_units(sd) == nullptr) return nullptr;
    }
    return units_.get();
  }
  // FD-52's distance from a unit's front to the nearest enemy ahead, remembered while
  // frozen (command.cc): `from` the footprint asked about, `enemy` the unit found (-1: none).
  struct AheadMemo {
    Rect from;
    double distance = 0;  // mm
    int enemy = -1;
    bool set = false;
  };
  // Unit `unit`'s memo while frozen (cleared by freeze and thaw); nullptr when not frozen
  // or while trials of two units are nested (either may have moved an enemy of `unit`).
  AheadMemo* ahead_memo(int unit) const {
    if (!units_ || unit < 0 || trial_unit_ == -2) return nullptr;
    if (ahead_.size() <= static_cast<std::size_t>(unit))
      ahead_.resize(static_cast<std::size_t>(unit) + 1);
    return &ahead_[static_cast<std::size_t>(unit)];
  }
  // UnitTrial's notes: a trial of `unit` (of `side`) begins, ends.
  void begin_trial(int unit, int side) const {
    if (trials_++ == 0) {
      trial_unit_ = unit;
      trial_side_ = side;
    } else if (unit != trial_unit_) {
      trial_unit_ = trial_side_ = -2;  // nested trials of two units: trust neither
    }
  }
  void end_trial() const {
    if (--trials_ == 0) trial_unit_ = trial_side_ = -1;
  }

 private:
  mutable std::shared_ptr<StandSnapshot> snapshot_;
  std::shared_ptr<StandSnapshot> frozen_;
  std::shared_ptr<UnitIndex> units_;
  mutable std::vector<AheadMemo> ahead_;
  mutable int trials_ = 0;
  mutable int trial_unit_ = -1, trial_side_ = -1;
};

// Freezes `cache` on `force` for the life of the guard.
class FrozenStands {
 public:
  FrozenStands(StandCache& cache, const Force& force) : cache_(cache) { cache_.freeze(force); }
  FrozenStands(const FrozenStands&) = delete;
  FrozenStands& operator=(const FrozenStands&) = delete;
  ~FrozenStands() { cache_.thaw(); }

 private:
  StandCache& cache_;
};

}  // namespace smoothbore::fire_and_discipline
