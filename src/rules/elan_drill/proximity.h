// Proximity for the elan-drill battle (issue 9): while no unit moves (the command step's
// orders and the leaders' step), a snapshot of every unit's footprint and a bucket grid of
// their centres answer "which units may lie within R of this one" and "the nearest enemy"
// by visiting only nearby cells. Outside that scope every query scans all units, as
// before. Candidates come back in ascending unit order and are then tested with the same
// exact distances, so the answers (and event logs) are those of the full scan.
// Internal to src/rules/elan_drill.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/force/force.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "core/table/point_grid.h"
#include "core/table/spatial_index.h"

namespace smoothbore::elan_drill {

// gap_lower_bound (core/geometry/separation.h) of two frames, on their axes as kept: at
// most distance(a, b), up to rounding. Their shadows on the line of centres, so a gap
// above rounding parts the footprints (and overlaps() finds an axis that parts them).
double centre_line_gap(const RectFrame& a, const RectFrame& b);
// The widest gap along the four axes of the two frames (separating axes): at most
// distance(a, b), up to rounding, and that distance itself for two footprints facing the
// same way that overlap side to side (a screen before its line, lines facing each other).
double axes_gap(const RectFrame& a, const RectFrame& b);

// Whether a point `across` mm beside a unit's frontage and `along` mm ahead of it (both
// finite and positive) lies within `arc_deg` of its front: atan2(across, along) in degrees
// <= arc_deg, the fire arc's test (D12-11, D12-12). For arcs of 1 to 89 degrees the ratio
// across / along is first compared with the arc's tangent, 1e-9 of it either side (far
// above the rounding of atan2, the degrees and the product): only between those bounds is
// the angle worked out (issue 9: an atan2 of some 140 instructions for every target the
// orders and the reactive fire weigh).
class ArcBound {
 public:
  ArcBound() = default;
  explicit ArcBound(double arc_deg);
  bool within(double across, double along) const {
    if (bounded_) {
      if (across <= along * below_) return true;
      if (across >= along * above_) return false;
    }
    return within_exact(across, along, arc_deg_);
  }
  // The angle worked out (the test the bounds stand in for).
  static bool within_exact(double across, double along, double arc_deg);

 private:
  double arc_deg_ = 0;
  bool bounded_ = false;
  double below_ = 0, above_ = 0;  // the tangent less and plus 1e-9 of itself
};

class UnitSnapshot {
 public:
  // Files every unit of `force` (whatever its status; callers filter).
  void build(const Force& force);
  void clear();
  bool ready() const { return ready_; }
  std::size_t size() const { return rects_.size(); }
  const Rect& footprint(int unit) const { return rects_[static_cast<std::size_t>(unit)]; }
  // Ascending ids of the units whose footprint may lie within `reach_mm` of `r`, edge to
  // edge: every unit that does is listed (a superset; the caller measures).
  // Into `out` (cleared first; issue 9: a new vector per call).
  void near(const Rect& r, double reach_mm, std::vector<int>& out) const;
  // Same, around a point.
  void near(Vec2 p, double reach_mm, std::vector<int>& out) const;
  // Same, in no particular order, into `out` (cleared first).
  void near_unordered(Vec2 p, double reach_mm, std::vector<int>& out) const;
  // Calls `visit(id)` for each unit near_unordered lists, in its order, without the list
  // (issue 9: formation_fits keeps a few of them, each read again from the list before).
  template <typename Visit>
  void visit_near(Vec2 p, double reach_mm, Visit visit) const {
    for (const Bucket& b : all_) {
      b.grid.visit_disc(p, reach_mm + b.max_half + kNearSlackMm,
                        [&](int k) { visit(b.ids[static_cast<std::size_t>(k)]); });
    }
  }
  // Same, among the units of sides other than `side` only.
  std::vector<int> near_enemies(int side, const Rect& r, double reach_mm) const;
  // Same, in no particular order, into `out` (cleared first).
  void near_enemies_unordered(int side, const Rect& r, double reach_mm,
                              std::vector<int>& out) const;
  // How many units of `side` are filed.
  std::size_t side_count(int side) const {
    return side >= 0 && side < static_cast<int>(sizes_.size())
               ? sizes_[static_cast<std::size_t>(side)]
               : 0;
  }
  // A filed footprint's half diagonal (mm).
  double half(int unit) const { return halves_[static_cast<std::size_t>(unit)]; }
  // A unit's nearest active enemies, kept with the snapshot (BattleED::frozen_nearest),
  // and into the next one when no footprint (bit for bit) or active status changed:
  // by inches (nearest_enemy) and by mm (nearest_active_enemy), which may differ only when
  // two distances round to the same inches; -2: not yet known.
  struct Nearest {
    int by_in = -2;
    int by_mm = -1;
    double mm = 0;  // by_mm's distance (infinity: none)
  };
  Nearest& nearest_memo(int unit) const { return memo_[static_cast<std::size_t>(unit)]; }
  // The enemy last found nearest to a unit of `side` (-1: none yet), valid with the
  // snapshot: its distance bounds the next search's, a neighbour's most often.
  int& nearest_hint(int side) const { return hints_[static_cast<std::size_t>(side)]; }
  // The enemy last found nearest to `unit` by inches (-1: none yet), kept through every
  // snapshot of the battle: still active, its distance bounds the next search's, most
  // often tighter than a neighbour's (units move a little a turn).
  int& last_nearest(int unit) const { return last_[static_cast<std::size_t>(unit)]; }
  // The battalion last found for a screen `unit` (BattleED::screened_unit; -1: none yet)
  // and the last for a screen of `side`, kept through every snapshot of the battle: still
  // accepted, its distance bounds the next search's.
  int& last_screened(int unit) const { return screened_[static_cast<std::size_t>(unit)]; }
  int& screened_hint(int side) const { return screened_hints_[static_cast<std::size_t>(side)]; }
  // Memo of the enemies a unit may fire at (BattleED::fire_targets; `known`: kept before),
  // valid with the snapshot.
  std::vector<int>* targets_memo(int unit, bool* known) const {
    auto [it, added] = targets_memo_.try_emplace(unit);
    *known = !added;
    return &it->second;
  }
  // Memo of the lowest active unit of `side` touching `target` (BattleED::contact_friend;
  // -2: not yet known), valid with the snapshot: the footprints, sides and statuses it
  // reads do not change while it stands.
  int& contact_memo(int side, int target) const {
    const auto key = static_cast<std::uint64_t>(side) << 32 | static_cast<std::uint32_t>(target);
    return contact_memo_.try_emplace(key, -2).first->second;
  }

 private:
  // The centres of some units in a grid: the unit id of each point, and the largest half
  // diagonal among them (a footprint within R of a point has its centre within R + that).
  struct Bucket {
    PointGrid grid;
    std::vector<int> ids;
    double max_half = 0;
  };
  // Units are filed by size (issue 9): those whose half diagonal is at most kSmallHalfMm
  // apart from the larger (a skirmish line's is 12", a battalion's about 3"), so a query
  // around a point grows its box by each class's largest half diagonal, not by the widest
  // unit on the table (which at 10,000 stands a side put several times the candidates in
  // every nearest-enemy ring and place_ok).
  static constexpr double kSmallHalfMm = 4.0 * kMmPerInch;
  // Slack on the centres' bound of near_unordered and visit_near, far above rounding (mm).
  static constexpr double kNearSlackMm = 1.0;
  friend class SideFootprints;
  using Buckets = std::array<Bucket, 2>;  // small, large
  // Files `units` (ascending ids, rects_ and halves_ filled) into `b` by their sizes.
  void file(Buckets& b, const std::vector<int>& units) const;
  std::vector<Rect> rects_;
  Buckets all_;                     // every unit
  std::vector<Buckets> side_;       // by side: that side's units
  std::vector<std::size_t> sizes_;  // by side: how many
  std::vector<double> halves_;      // by unit
  bool ready_ = false;
  std::vector<char> active_;  // by unit: status kActive (what the nearest memo reads)
  mutable std::vector<Nearest> memo_;
  mutable std::vector<int> hints_;           // by side
  mutable std::vector<int> last_;            // by unit
  mutable std::vector<int> screened_;        // by unit
  mutable std::vector<int> screened_hints_;  // by side
  mutable std::unordered_map<std::uint64_t, int> contact_memo_;
  mutable std::unordered_map<int, std::vector<int>> targets_memo_;
};

// The centres of one side's units, filed in two grids by size as UnitSnapshot's, for
// queries while none of their footprints changes (issue 9: the reactive fire of a
// 10,000-stand turn asked the live index, every unit of both sides, for the acting side's
// units within each defender's range).
class SideFootprints {
 public:
  // Files the units of `side` with their footprints now.
  void build(const Force& force, int side);
  // Ascending ids of the filed units whose footprint as filed may lie within `reach_mm` of
  // `p`: every one that does is listed (a superset; the caller measures). Into `out`
  // (cleared first).
  void near(Vec2 p, double reach_mm, std::vector<int>& out) const;

 private:
  struct Bucket {
    PointGrid grid;
    std::vector<int> ids;
    std::vector<Vec2> centres;
    double max_half = 0;
  };
  std::array<Bucket, 2> buckets_;  // small, large (UnitSnapshot::kSmallHalfMm)
};

// The units' footprints kept valid while units move (issue 9): built for the movement,
// fire and close-action phases, and every footprint change re-files its unit
// (BattleED::refile). Queries return ascending ids, a superset that callers then test
// exactly as the full scans did, so the answers (and event logs) are unchanged.
class LiveIndex {
 public:
  // Files every unit's footprint; when the index was built before for as many units, only
  // those whose footprint changed since (bit for bit) are filed again.
  void build(const Force& force);
  // Not ready until the next build(), which starts from the footprints filed now.
  void clear();
  bool ready() const { return ready_; }
  void refile(int unit, const Rect& r);
  // Ascending ids of every unit (whatever its status) whose footprint may lie within
  // `reach_mm` of `box` (its bounding box does), into `out` (cleared first).
  void near(const Box& box, double reach_mm, std::vector<int>& out) const;
  // The first unit whose filed footprint is not its footprint now (-1: none; tests).
  int stale(const Force& force) const;

 private:
  SpatialIndex index_{8.0 * kMmPerInch};
  std::vector<Rect> rects_;  // as filed, by unit
  bool ready_ = false;
};

}  // namespace smoothbore::elan_drill
