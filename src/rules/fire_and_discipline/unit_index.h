// The units' footprints filed side by side (issue 9), for the proximity questions of a
// state that does not change while the commanders give their orders: the nearest enemy,
// the nearest enemy ahead (FD-52), the targets a charge could reach, the enemy within the
// guns' range. Each query is the same as the scan of every unit it replaces: a unit is
// skipped only when the gap between the bounding boxes (no more than the edge-to-edge
// distance to any of its stands) shows it cannot count.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "core/force/force.h"
#include "core/geometry/rect_frame.h"
#include "core/table/spatial_index.h"

namespace smoothbore::fire_and_discipline {

class UnitIndex {
 public:
  // Every unit of `force` (on the table or not) filed by its footprint under its side.
  void build(const Force& force);

  // The footprint as Unit::footprint() gave it when built.
  const Rect& footprint(int u) const { return footprints_[static_cast<std::size_t>(u)]; }
  // Its frame (distance(Rect, Rect) bit for bit, the axes worked out once per build).
  const RectFrame& frame(int u) const { return frames_[static_cast<std::size_t>(u)]; }
  // Its box (footprint(u).bounds()).
  const Box& box(int u) const { return boxes_[static_cast<std::size_t>(u)]; }
  int sides() const { return static_cast<int>(by_side_.size()); }
  // The frames of unit u's stands on the table (not removed), in the stands' order, framed
  // from `force` the first time they are asked for after a build and kept (issue 9 round 22:
  // the nearest-enemy-ahead search framed each stand it measured, query after query). Ask
  // only while u's stands are as built (no trial of its unit under way); a span is good
  // until the next call.
  std::span<const RectFrame> stand_frames(const Force& force, int u) const;

  // Units of `side` whose footprint's box lies within `reach` mm of `box`, ascending, into
  // `out` (appended).
  void near(int side, const Box& box, double reach, std::vector<int>& out) const;

  // The unit of a side other than `side` that `accept(i)` takes with the least `dist(i)`,
  // ties to the lower index; -1 when none. `dist(i)` must be no less than the gap between
  // `box` and unit i's footprint box (say, an edge-to-edge distance from a rectangle
  // inside `box` to one inside the footprint). `*best` gets the least distance (infinity
  // when none). Issue 9 round 22: the walk is SpatialIndex::around_pruned, nearest cells of
  // each ring first, so the first units met are about the nearest and the box gaps pass over
  // the rest (around() met a ring's cells row by row, and a search across the field measured
  // some 17 units, each nearer than the last); the answer is the least whatever the order.
  template <typename Accept, typename Dist>
  int nearest_other(int side, const Box& box, Accept accept, Dist dist, double* best) const;

  // nearest_other for two kinds of unit in one walk, the `narrow` ones among the `wide`
  // (narrow(i) is asked only where wide(i) holds, and must imply it): `*wide_found`,
  // `*wide_best` get nearest_other(side, box, wide, dist, ...)'s answers and `*narrow_found`,
  // `*narrow_best` those for `narrow`, the same bit for bit (each the least distance, ties to
  // the lower index; the walk goes as far as the narrow search, whose least is the larger).
  template <typename Wide, typename Narrow, typename Dist>
  void nearest_other_both(int side, const Box& box, Wide wide, Narrow narrow, Dist dist,
                          int* wide_found, double* wide_best, int* narrow_found,
                          double* narrow_best) const;

  // Whether `accept(i)` holds for some unit i of a side other than `side` whose footprint's
  // box lies within `reach` mm of `box` (units farther are not asked), nearest cells first,
  // stopping at the first (round 22: around_pruned, as nearest_other).
  template <typename Accept>
  bool any_other_within(int side, const Box& box, double reach, Accept accept) const;

 private:
  // Rounding allowance (mm) when comparing a box gap with a computed distance.
  static constexpr double kSlackMm = 1e-3;
  std::vector<Rect> footprints_;
  std::vector<RectFrame> frames_;
  std::vector<Box> boxes_;
  std::vector<SpatialIndex> by_side_;
  // stand_frames: per unit, where its frames start in stand_frames_ (-1: not yet framed)
  // and how many.
  mutable std::vector<int> frames_at_;
  mutable std::vector<int> frames_count_;
  mutable std::vector<RectFrame> stand_frames_;
};

template <typename Accept, typename Dist>
int UnitIndex::nearest_other(int side, const Box& box, Accept accept, Dist dist,
                             double* best) const {
  double least = std::numeric_limits<double>::infinity();
  int found = -1;
  for (int sd = 0; sd < sides(); ++sd) {
    if (sd == side) continue;
    by_side_[static_cast<std::size_t>(sd)].around_pruned(
        box,
        [&](int i) {
          if (box_gap(box, boxes_[static_cast<std::size_t>(i)]) > least + kSlackMm) return;
          if (!accept(i)) return;
          const double d = dist(i);
          if (d < least || (d == least && i < found)) {
            least = d;
            found = i;
          }
        },
        [&](double bound) { return bound <= least + kSlackMm; });
  }
  if (best) *best = least;
  return found;
}

template <typename Wide, typename Narrow, typename Dist>
void UnitIndex::nearest_other_both(int side, const Box& box, Wide wide, Narrow narrow, Dist dist,
                                   int* wide_found, double* wide_best, int* narrow_found,
                                   double* narrow_best) const {
  double wide_least = std::numeric_limits<double>::infinity();
  double narrow_least = wide_least;
  int wide_at = -1, narrow_at = -1;
  for (int sd = 0; sd < sides(); ++sd) {
    if (sd == side) continue;
    by_side_[static_cast<std::size_t>(sd)].around_pruned(
        box,
        [&](int i) {
          if (box_gap(box, boxes_[static_cast<std::size_t>(i)]) > narrow_least + kSlackMm) return;
          if (!wide(i)) return;
          const double d = dist(i);
          if (d < wide_least || (d == wide_least && i < wide_at)) {
            wide_least = d;
            wide_at = i;
          }
          if (!narrow(i)) return;
          if (d < narrow_least || (d == narrow_least && i < narrow_at)) {
            narrow_least = d;
            narrow_at = i;
          }
        },
        [&](double bound) { return bound <= narrow_least + kSlackMm; });
  }
  *wide_found = wide_at;
  *wide_best = wide_least;
  *narrow_found = narrow_at;
  *narrow_best = narrow_least;
}

template <typename Accept>
bool UnitIndex::any_other_within(int side, const Box& box, double reach, Accept accept) const {
  bool found = false;
  for (int sd = 0; sd < sides() && !found; ++sd) {
    if (sd == side) continue;
    by_side_[static_cast<std::size_t>(sd)].around_pruned(
        box,
        [&](int i) {
          if (found || box_gap(box, boxes_[static_cast<std::size_t>(i)]) > reach + kSlackMm) return;
          found = accept(i);
        },
        [&](double bound) { return !found && bound <= reach + kSlackMm; });
  }
  return found;
}

}  // namespace smoothbore::fire_and_discipline
