// Every stand on the table filed by centre in a grid (issue 9), shared by the proximity
// queries: the movement checks (movement_detail.h Mover) and the fire, charge and march
// queries take it instead of copying and filing every other stand each time.
//
// Two ways to keep it current. A battle (FdBattle) tracks it: every place that moves a
// stand, changes a unit's stands or takes a unit off the table calls `touch(unit)`, and
// `get` refiles only the units touched since (a live index: O(stands of the unit) per move,
// where a rebuild after every move made a turn grow as n²); the units of a UnitTrial under
// way count as touched. A state that does not track (a bare FdState in a test, a copy)
// keeps the old way: `get` compares the state with the snapshot it was built from (a cheap
// walk, no allocation) and rebuilds it when a stand moved, appeared or left. Either way a
// snapshot handed out stays as it was while held (a tracked one is copied before it is
// refiled).
//
// While the commanders give their orders nothing moves but the look-ahead of a UnitTrial
// (unit_trial.h), so the battle freezes the cache for that stretch (`freeze`): a UnitIndex
// of the footprints is built once (and, untracked, the snapshot is handed out without the
// walk). A trial moves only its own unit: the frozen snapshot still answers a Mover of
// that unit (which ignores its own stands), and the frozen footprints still answer for
// the other sides; anything else falls back to the checked snapshot or to a scan.
#pragma once

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "core/force/force.h"
#include "core/geometry/nearest.h"
#include "core/geometry/rect_frame.h"
#include "core/table/live_point_grid.h"
#include "core/table/spatial_index.h"
#include "rules/fire_and_discipline/unit_index.h"

namespace smoothbore::fire_and_discipline {

struct StandEntry {
  int unit = -1;
  int stand = -1;  // its index in the unit's stands
  int side = -1;
  Rect rect;
  double radius = 0;  // half the diagonal, mm
  RectFrame frame;    // of rect: its axes and corners, for exact tests without sines

  // Whether `rect` is `r`, bit for bit (`frame` is then RectFrame(r)).
  bool files(const Rect& r) const {
    return rect.centre == r.centre && rect.facing == r.facing && rect.width == r.width &&
           rect.depth == r.depth;
  }
};

struct StandSnapshot {
  // By slot: a fresh snapshot lists them unit by unit, stand by stand (the scan's order);
  // a refiled one reuses freed slots, so sort by `scan_less` for the scan's order. A free
  // slot has unit -1 and is in no query's answer.
  std::vector<StandEntry> stands;
  LivePointGrid grid;  // the centres of the used slots, by slot
  // Per side, the centres of that side's used slots, by slot (laid out as `grid`): the
  // nearest-enemy searches look only at the other sides' stands, where `grid` made them
  // walk every stand of their own side around them too (a turn of n stands grew as n²).
  std::vector<LivePointGrid> side_grids;
  double max_radius = 0;  // at least every filed stand's radius (an upper bound only)
  // Per side, that side's units filed by the box of their stands here (issue 9 round 10),
  // refiled with the unit: the nearest-enemy-stand searches below visit units, nearest
  // first, and measure only the stands of units whose box may hold a nearer one, where
  // looking ever wider around a rectangle in the side grids visited every enemy stand of
  // the widest box (about 1,800 per FD-52 check at 10,000 stands a side).
  std::vector<SpatialIndex> unit_grids;
  std::vector<Box> unit_boxes;  // per unit, the box of its filed stands

  // Calls `visit(k)` for the slot k of every stand that may lie within `reach` mm of `r`,
  // edge to edge (and perhaps others), in no set order.
  template <typename Visit>
  void around(const Rect& r, double reach, Visit visit) const;
  // The same for a rectangle framed as `fr`, looking in the box of its corners rather than
  // the square about its half-diagonal: a kill zone or a view hundreds of yards long then
  // visits the strip it covers, not the square it could turn in (issue 9 round 16).
  template <typename Visit>
  void around(const RectFrame& fr, double reach, Visit visit) const {
    const Box b = bounds(fr);
    const double h = (max_radius + std::max(reach, 0.0)) * (1 + 1e-9) + 1e-3;
    grid.visit(b.min - Vec2{h, h}, b.max + Vec2{h, h}, visit);
  }
  // The same for the stands of the sides other than `side` only (and perhaps no others).
  template <typename Visit>
  void around_enemies(const Rect& r, int side, double reach, Visit visit) const;
  // Calls `visit(entry)` for every stand filed, in no set order.
  template <typename Visit>
  void each(Visit visit) const {
    for (const StandEntry& e : stands) {
      if (e.unit >= 0) visit(e);
    }
  }
  // The scan's order of two slots: unit, then stand.
  bool scan_less(int a, int b) const {
    const StandEntry& x = stands[static_cast<std::size_t>(a)];
    const StandEntry& y = stands[static_cast<std::size_t>(b)];
    return x.unit != y.unit ? x.unit < y.unit : x.stand < y.stand;
  }
  // Sorts slots into the scan's order.
  void sort_scan(std::vector<int>& ks) const {
    std::sort(ks.begin(), ks.end(), [&](int a, int b) { return scan_less(a, b); });
  }
  // Every stand filed, in the scan's order (the tracking checks compare snapshots by it).
  std::vector<StandEntry> in_scan_order() const;
  // The least edge-to-edge distance from `r` (framed as `fr`) to a stand of a unit of a
  // side other than `side` that `accept(unit)` takes, infinity when none: the least of the
  // distances a scan of every such stand measures, bit for bit. Units are asked (perhaps
  // more than once) only when their box may hold a nearer stand.
  template <typename Accept>
  double nearest_enemy_stand(const RectFrame& fr, int side, Accept accept) const;
  // Whether a stand of a unit of a side other than `side` that `accept(unit)` takes lies
  // within `limit` mm of `fr` (distance <= limit); stops at the first.
  template <typename Accept>
  bool enemy_stand_within(const RectFrame& fr, int side, double limit, Accept accept) const;
  // Whether `r` overlaps (core overlaps, `tolerance`) a stand of a unit other than `unit`.
  bool overlaps_other(const Rect& r, int unit, double tolerance) const;
  // Whether a stand of a side other than `side` lies within `limit` mm of `r`, edge to
  // edge (distance <= limit).
  bool enemy_within(const Rect& r, int side, double limit) const;

  // A fresh snapshot of `force`.
  static std::shared_ptr<StandSnapshot> build(const Force& force);
  // Checks (SB_CHECK) that every unit with slots is filed in its side's unit grid, and only
  // there, by the box of its stands (the tracking checks and tests call it).
  void check_unit_grids() const;
  // Whether unit `unit`'s slots hold its stands on the table now.
  bool holds(const Force& force, int unit) const;
  // Refiles unit `unit` from `force`.
  void refile(const Force& force, int unit);

 private:
  // Half the side of the box about `r`'s centre that `around` visits: padded far above
  // rounding, every stand within `reach` of `r` has its centre in it.
  double box_half(const Rect& r, double reach) const {
    return (half_diagonal(r) + max_radius + std::max(reach, 0.0)) * (1 + 1e-9) + 1e-3;
  }
  // Files slot `k` (its entry set) in `grid` and its side's grid; takes it out of both.
  void file_slot(int k);
  void unfile_slot(int k);
  // The box of the stands in slot `first` and the slots after it in its unit's list.
  Box stand_box(int first) const;
  // Files unit `unit` (its slots listed) in its side's unit grid by the box of its stands,
  // or takes it out when it has none.
  void file_unit(int unit);
  // Calls `visit(unit)` for units of the sides other than `side` in the unit grids around
  // `box`, nearest cells first, while `more(bound)` (every unit not yet visited lies more
  // than `bound` mm from `box`) holds; once false for a bound, `more` must be false for
  // every larger one. Issue 9 round 22: SpatialIndex::around_pruned, which walks each
  // ring's side from the cells facing `box` outward and stops a way at the first refusal
  // (around() met a ring row by row, so a search across the field measured unit after
  // unit, each nearer than the last).
  template <typename Visit, typename More>
  void around_enemy_units(const Box& box, int side, Visit visit, More more) const {
    for (std::size_t sd = 0; sd < unit_grids.size(); ++sd) {
      if (static_cast<int>(sd) != side) unit_grids[sd].around_pruned(box, visit, more);
    }
  }
  // Rounding allowance (mm) when comparing a box gap with a computed distance.
  static constexpr double kSlackMm = 1e-3;

  // Per unit its first slot, and per slot the unit's next (-1: none), stand by stand.
  std::vector<int> first_of_unit_;
  std::vector<int> next_of_slot_;
  std::vector<int> free_;       // free slots
  std::vector<int> unit_side_;  // per unit, the side whose unit grid files it (-1: none)
  double unit_cell_ = 150;      // the unit grids' cell, mm
};

template <typename Visit>
void StandSnapshot::around(const Rect& r, double reach, Visit visit) const {
  const double h = box_half(r, reach);
  grid.visit(r.centre - Vec2{h, h}, r.centre + Vec2{h, h}, visit);
}

template <typename Visit>
void StandSnapshot::around_enemies(const Rect& r, int side, double reach, Visit visit) const {
  const double h = box_half(r, reach);
  for (std::size_t sd = 0; sd < side_grids.size(); ++sd) {
    if (static_cast<int>(sd) != side) {
      side_grids[sd].visit(r.centre - Vec2{h, h}, r.centre + Vec2{h, h}, visit);
    }
  }
}

template <typename Accept>
double StandSnapshot::nearest_enemy_stand(const RectFrame& fr, int side, Accept accept) const {
  const Box box = bounds(fr);
  double least = std::numeric_limits<double>::infinity();
  around_enemy_units(
      box, side,
      [&](int u) {
        if (box_gap(box, unit_boxes[static_cast<std::size_t>(u)]) > least + kSlackMm) return;
        if (!accept(u)) return;
        // Round 21: the stands whose bound passes are measured afterwards, least bound first
        // (up to kHeld of them; any more at once), stopping at the first bound beyond the
        // least distance (the least is the same whatever the order).
        constexpr int kHeld = 16;
        double held_bound[kHeld];
        const StandEntry* held_entry[kHeld];
        int held = 0;
        for (int k = first_of_unit_[static_cast<std::size_t>(u)]; k >= 0;
             k = next_of_slot_[static_cast<std::size_t>(k)]) {
          const StandEntry& e = stands[static_cast<std::size_t>(k)];
          // Only stands whose bound allows a nearer one (less rounding): every point of the
          // stand lies within its half-diagonal of its centre (round 19: measured from the
          // footprint `fr` itself, not its centre less its half-diagonal).
          const double bound = distance(fr, e.rect.centre) - e.radius;
          if (bound > least * (1 + 1e-9) + 1e-6) continue;
          if (held == kHeld) {
            least = std::min(least, distance(fr, e.frame));
            continue;
          }
          int i = held++;  // kept in ascending order of bound
          for (; i > 0 && held_bound[i - 1] > bound; --i) {
            held_bound[i] = held_bound[i - 1];
            held_entry[i] = held_entry[i - 1];
          }
          held_bound[i] = bound;
          held_entry[i] = &e;
        }
        for (int i = 0; i < held && held_bound[i] <= least * (1 + 1e-9) + 1e-6; ++i) {
          least = std::min(least, distance(fr, held_entry[i]->frame));
        }
      },
      [&](double bound) { return bound <= least + kSlackMm; });
  return least;
}

template <typename Accept>
bool StandSnapshot::enemy_stand_within(const RectFrame& fr, int side, double limit,
                                       Accept accept) const {
  const Box box = bounds(fr);
  // A stand whose bound (as nearest_enemy_stand's) lies beyond the limit (less rounding) is
  // not within; round 19: one whose centre lies within it (less rounding) is.
  const double cut = limit * (1 + 1e-9) + 1e-6;
  const double surely = limit * (1 - 1e-9) - 1e-6;
  bool found = false;
  around_enemy_units(
      box, side,
      [&](int u) {
        if (found || box_gap(box, unit_boxes[static_cast<std::size_t>(u)]) > limit + kSlackMm ||
            !accept(u)) {
          return;
        }
        for (int k = first_of_unit_[static_cast<std::size_t>(u)]; k >= 0 && !found;
             k = next_of_slot_[static_cast<std::size_t>(k)]) {
          const StandEntry& e = stands[static_cast<std::size_t>(k)];
          const double to_centre = distance(fr, e.rect.centre);
          if (to_centre - e.radius > cut) continue;
          found = to_centre < surely || distance(fr, e.frame) <= limit;
        }
      },
      [&](double bound) { return !found && bound <= limit + kSlackMm; });
  return found;
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
    nearest_.clear();
    odds_.clear();
    tracked_ = false;
    touched_.clear();
    is_touched_.clear();
    return *this;
  }
  // From now on every change of a unit's stands or place on the table is told by
  // `touch(unit)` (see the header comment), and `get` trusts that.
  void track() { tracked_ = true; }
  // Unit `unit`'s stands moved, changed, appeared or left (or its unit left the table).
  void touch(int unit) const {
    if (!tracked_ || unit < 0) return;
    const std::size_t u = static_cast<std::size_t>(unit);
    if (is_touched_.size() <= u) is_touched_.resize(u + 1, 0);
    if (is_touched_[u] == 0) {
      is_touched_[u] = 1;
      touched_.push_back(unit);
    }
  }
  // Tests: while set, a tracked `get` checks its answer against a fresh snapshot (so a
  // change that was not touched fails the check).
  static void check_tracking(bool on);
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
  // Unit `unit`'s footprint: the one filed when frozen while it still holds (frozen_units
  // of its side), else Unit::footprint(); the same rectangle, bit for bit (compared under
  // check_tracking). Issue 9 round 12: the commanders' moves ask for it many times a unit.
  Rect footprint(const Force& force, int unit) const;
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
  // The nearest enemy units of one unit while frozen (FdBattle::nearest_enemy and
  // nearest_active_enemy, both asked of each unit as its orders are given): found in one
  // walk and kept, for the state outside trials is the state frozen.
  struct NearestMemo {
    int in_play = -1;  // nearest_enemy
    int active = -1;   // nearest_active_enemy and its gap (mm)
    double active_gap = 0;
    bool set = false;
  };
  // Unit `unit`'s memo while frozen (cleared by freeze and thaw); nullptr when not frozen
  // or while a trial is under way (the unit tried may have moved or changed).
  NearestMemo* nearest_memo(int unit) const {
    if (!units_ || unit < 0 || trials_ != 0) return nullptr;
    if (nearest_.size() <= static_cast<std::size_t>(unit))
      nearest_.resize(static_cast<std::size_t>(unit) + 1);
    return &nearest_[static_cast<std::size_t>(unit)];
  }
  // What the charge odds (fd_doctrine.cc) ask of one unit as the state stands, while
  // frozen: the chance it fails a morale test with no fresh hits, and whether it has a
  // volley target now. Every commander's charge toward or by the unit asks them again, and
  // outside trials the state is the state frozen.
  struct OddsMemo {
    std::optional<double> fails;
    std::optional<bool> volley;
  };
  // Unit `unit`'s memo while frozen (cleared by freeze and thaw); nullptr when not frozen
  // or while a trial is under way.
  OddsMemo* odds_memo(int unit) const {
    if (!units_ || unit < 0 || trials_ != 0) return nullptr;
    if (odds_.size() <= static_cast<std::size_t>(unit))
      odds_.resize(static_cast<std::size_t>(unit) + 1);
    return &odds_[static_cast<std::size_t>(unit)];
  }
  // UnitTrial's notes: a trial of `unit` (of `side`) begins, ends.
  void begin_trial(int unit, int side) const {
    trial_units_.push_back(unit);
    if (trials_++ == 0) {
      trial_unit_ = unit;
      trial_side_ = side;
    } else if (unit != trial_unit_) {
      trial_unit_ = trial_side_ = -2;  // nested trials of two units: trust neither
    }
  }
  void end_trial() const {
    touch(trial_units_.back());  // put back as it was
    trial_units_.pop_back();
    if (--trials_ == 0) trial_unit_ = trial_side_ = -1;
  }

 private:
  mutable std::shared_ptr<StandSnapshot> snapshot_;
  std::shared_ptr<StandSnapshot> frozen_;
  std::shared_ptr<UnitIndex> units_;
  mutable std::vector<AheadMemo> ahead_;
  mutable std::vector<NearestMemo> nearest_;
  mutable std::vector<OddsMemo> odds_;
  mutable int trials_ = 0;
  mutable std::vector<int> trial_units_;  // of the trials under way, innermost last
  bool tracked_ = false;
  mutable std::vector<int> touched_;      // units touched since the last get
  mutable std::vector<char> is_touched_;  // per unit: listed in touched_
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
